"""The print pipeline's front door for builds: every game, all or nothing, unchanged ones skipped.

``pnp build`` makes one call here (:func:`build_games`) and prints the report in the words of
:func:`.summary.summary_lines`; ``pnp watch`` and the exports build through the same functions.
A build stages every file until every game has succeeded (:class:`.stage.Staging`): on any
error nothing is replaced and the report holds no rows. Checking without building is :func:`.check.check_games` (``pnp check``), previews
:func:`.game.preview_game`.

A game whose files, options and templates are unchanged since its last build, and rule sheets
whose sources are, are answered from their state files (:mod:`.cache`) without loading content,
fonts or the renderer: this module imports only light modules at its top and the modules that
load and draw where a game needs them. These are the pipeline's only deferred imports.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

from ..errors import ContentError
from ..text.localtext import LANGS
from .cache import RULES_STATE_FILE, STATE_VERSION, read_state, rules_key, unchanged, up_to_date
from .gcpause import paused
from .options import BuildOptions, BuildReport, ComponentResult, Progress, skipped_row
from .stage import Staging, staged
from .summary import summary_lines as summary_lines  # the words of the report, for pnp build

# a per-game progress callback factory: given a game's name, a reporter of (what, done, total)
GameProgress = Callable[[str], Progress | None]


def build_game(
    path: Path,
    options: BuildOptions | None = None,
    progress: Progress | None = None,
    staging: Staging | None = None,
) -> list[ComponentResult]:
    """Build every component of the game at ``path`` into ``options.out_dir/<game>/``.

    When the game's files, the templates, the code and the options are those of the last
    successful build and its files are untouched, nothing is loaded and the previous summary
    rows come back marked as skipped. With ``staging`` the files wait for its owner's commit;
    without, they replace the previous ones when this game has been built completely.
    """
    options = options or BuildOptions()
    key, rows = up_to_date(path, options) if options.components is None else (None, None)
    if rows is not None:
        results = [skipped_row(path.name, options.out_dir / path.name, r) for r in rows]
        if all(r is not None for r in results):
            if progress:
                progress(f"{path.name} unchanged", 1, 1)
            return [r for r in results if r is not None]
    return _check_and_build(path, options, progress, staging, key)


def _check_and_build(
    path: Path,
    options: BuildOptions,
    progress: Progress | None = None,
    staging: Staging | None = None,
    key: str | None = None,
    *,
    write: bool = True,
) -> list[ComponentResult]:
    """Load, check and (if ``write``) draw a game: the heavy half of the pipeline."""
    from . import check, game  # deferred: ~0.5 s; an unchanged game never loads them

    checked = check.check_game(path, options)
    return game.build_checked(checked, options, progress, staging, key) if write else []


def build_games(
    paths: Iterable[Path],
    options: BuildOptions,
    *,
    rules: bool = True,
    progress: GameProgress | None = None,
) -> BuildReport:
    """Build every game, all or nothing: on any error no file is replaced.

    After the first failing game the others are only checked, so every problem is reported at
    once. A failed build's report holds no rows, since nothing it made was kept.
    """
    report = BuildReport()
    staging = Staging(options.out_dir)
    try:
        for path in paths:
            try:
                with paused():  # one game at a time: its cycles go soon after it
                    if report.failures:  # nothing will be written: only look for more problems
                        _check_and_build(path, options, write=False)
                        continue
                    tell = progress(path.name) if progress else None
                    report.results.extend(build_game(path, options, tell, staging))
                    if rules and (path / "rules").is_dir():
                        report.results.extend(build_rules_cached(path, options, staging))
            except ContentError as exc:
                report.failures.extend(exc.lines())
        if report.failures:
            staging.discard()
            report.results = []
        else:
            staging.commit()
    except BaseException:
        staging.discard()
        raise
    return report


def build_rules_cached(
    path: Path, options: BuildOptions, staging: Staging | None = None
) -> list[ComponentResult]:
    """Build a game's rule sheets unless their sources, options and the code are unchanged."""
    out = options.out_dir / path.name
    state_path = out / RULES_STATE_FILE
    langs = list(options.langs) if options.langs else list(LANGS)
    key = rules_key(path, langs, options.paper)
    previous = read_state(state_path)
    names = previous.get("outputs")
    if (
        not options.force
        and previous.get("hash") == key
        and isinstance(names, list)
        and unchanged(out, previous.get("files"))
        and set(names) == set(previous["files"])
    ):
        return [_rules_row(path.name, out / n, 0.0, skipped=True) for n in names]
    from .rules import build_rules  # deferred: ~0.8 s (fonts, renderer); unchanged sheets skip it

    with staged(options.out_dir, staging) as stage:
        started = time.perf_counter()
        written = build_rules(path, stage.folder(out), langs, (), options.paper or "A4")
        took = (time.perf_counter() - started) / max(1, len(written))
        rows = []
        for p in written:
            stage.adopt(p, out / p.name)
            rows.append(_rules_row(path.name, p, took, final=out / p.name))
        data = {"version": STATE_VERSION, "hash": key, "outputs": sorted(p.name for p in written)}
        stage.state(state_path, data, [out / p.name for p in written])
    return rows


def _rules_row(
    game: str, path: Path, seconds: float, skipped: bool = False, final: Path | None = None
) -> ComponentResult:
    """A summary row for the rule sheet at ``path`` (to be moved to ``final``)."""
    stem, _, rest = path.name.partition(".")
    pages = 0
    if not skipped:
        import pypdfium2  # deferred: ~85 ms; only a sheet just written is counted

        doc = pypdfium2.PdfDocument(str(path))
        pages = len(doc)
        doc.close()
    return ComponentResult(
        game,
        stem,
        rest.removesuffix(".pdf"),
        final or path,
        0,
        0,
        pages,
        path.stat().st_size,
        seconds,
        skipped=skipped,
        packing="rule sheet",
    )
