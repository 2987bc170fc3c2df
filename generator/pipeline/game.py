"""The print build: the library entry point behind ``pnp build`` and ``pnp check``.

``check_game`` and ``plan`` (:mod:`generator.pipeline.check`, re-exported here) validate a game and
impose its components without drawing. ``build_game`` first hashes the game's inputs (:mod:`generator.pipeline.cache`)
and returns at once when nothing changed; otherwise it imposes and renders each component per
language into ``output/<game>/``, every file staged until the whole build has succeeded
(:mod:`generator.pipeline.stage`). The content and drawing modules are imported only when a
build needs them, so an unchanged build never loads them.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..text.localtext import LANGS
from .cache import (
    RULES_STATE_FILE,
    STATE_FILE,
    STATE_VERSION,
    game_key,
    read_state,
    rules_key,
    unchanged,
    up_to_date,
)
from .check import BuildOptions, Checked, build_languages, check_game, plan, selected
from .stage import Staging, staged

if TYPE_CHECKING:
    from ..content.loader import Component
    from ..faces.expand import Copy

Progress = Callable[[str, int, int], None]


@dataclass
class ComponentResult:
    """One PDF written (or skipped as unchanged)."""

    game: str
    component: str
    lang: str
    path: Path
    items: int
    copies: int
    pages: int
    bytes: int
    seconds: float
    skipped: bool = False
    packing: str = ""
    warnings: list[str] = field(default_factory=list)


def _signature(copies: list[Copy]) -> str:
    h = hashlib.sha256()
    for cp in copies:
        for face in (cp.front, cp.back):
            if face is None:
                continue
            for b in face.boxes:
                h.update(repr((b.text, b.fill, b.icon, str(b.image))).encode())
    return h.hexdigest()


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
        results = [_skipped_row(path.name, options.out_dir / path.name, r) for r in rows]
        if all(r is not None for r in results):
            if progress:
                progress(f"{path.name} unchanged", 1, 1)
            return [r for r in results if r is not None]
    return build_checked(check_game(path, options), options, progress, staging, key)


def _skipped_row(game: str, folder: Path, row: Any) -> ComponentResult | None:
    """A summary row of the previous build, read back from the state file."""
    try:
        return ComponentResult(
            game,
            str(row["component"]),
            str(row["lang"]),
            folder / str(row["file"]),
            int(row["items"]),
            int(row["copies"]),
            0,
            int(row["bytes"]),
            0.0,
            skipped=True,
            packing=str(row.get("packing", "")),
        )
    except (KeyError, TypeError, ValueError):
        return None


def build_checked(
    checked: Checked,
    options: BuildOptions,
    progress: Progress | None = None,
    staging: Staging | None = None,
    key: str | None = None,
) -> list[ComponentResult]:
    """Build the components of an already checked game (those ``options.components`` names)."""
    from ..render.fonts import use_game_fonts

    game = checked.game
    use_game_fonts(game.root, dict(game.spec.fonts))
    out = options.out_dir / game.root.name  # the folder's name: known before anything is read
    state_path = out / STATE_FILE
    state = read_state(state_path)
    done_before = state.get("components")
    components: dict[str, Any] = dict(done_before) if isinstance(done_before, dict) else {}
    if key is None:
        key = game_key(game.root, options)
    results: list[ComponentResult] = []
    progressed = _Progress(progress, sum(len(v) for v in checked.copies.values()))
    with staged(options.out_dir, staging) as stage:
        for component in selected(game, options):
            langs = build_languages(game, component, options)
            if not langs:
                continue  # the component is not printed in the languages asked for
            ckey = hashlib.sha256(f"{key}:{component.id}".encode()).hexdigest() if key else None
            entry = _build_component(
                checked, component, langs, options, stage, out, ckey, components, progressed
            )
            results.extend(entry)
        if results and checked.warnings:  # what the check found that prints, but wrongly
            results[0].warnings.extend(str(w) for w in checked.warnings)
        outputs = sorted({r.path for r in results})
        data: dict[str, Any] = {
            "version": STATE_VERSION,
            "root": str(Path(game.root).resolve()),
            "components": components,
        }
        if options.components is None and key is not None:
            data["key"] = key
            data["rows"] = [_row_state(r) for r in results]
        stage.state(state_path, data, outputs)
    return results


@dataclass
class _Progress:
    report: Progress | None
    total: int
    done: int = 0

    def __call__(self, what: str, copies: int) -> None:
        self.done += copies
        if self.report:
            self.report(what, self.done, self.total)


def _row_state(r: ComponentResult) -> dict[str, Any]:
    return {
        "component": r.component,
        "lang": r.lang,
        "file": r.path.name,
        "items": r.items,
        "copies": r.copies,
        "bytes": r.bytes,
        "packing": r.packing,
    }


def _build_component(
    checked: Checked,
    component: Component,
    langs: list[str],
    options: BuildOptions,
    stage: Staging,
    out: Path,
    key: str | None,
    components: dict[str, Any],
    progress: _Progress,
) -> list[ComponentResult]:
    """One component's PDFs (one per group of languages printing the same text), staged."""
    from ..faces.expand import languages, trim_size
    from ..layout.impose import Imposition
    from ..render.sheet import SheetMeta, write_sheets

    game = checked.game
    # building only some of its languages: name each file by its language, keep the others
    partial = len(langs) < len(languages(game, component))
    groups: dict[str, list[str]] = {}
    for lang in langs:  # languages whose faces print the same text share one PDF
        sig = _signature(checked.copies[(component.id, lang)]) if len(langs) > 1 else ""
        groups.setdefault(sig, []).append(lang)
    single = len(groups) == 1 and not partial
    targets = {
        (langs_[0] if not single else "all"): out
        / (f"{component.id}.pdf" if single else f"{component.id}.{langs_[0]}.pdf")
        for langs_ in groups.values()
    }
    previous = components.get(component.id)
    if (
        not options.force
        and key is not None
        and isinstance(previous, dict)
        and previous.get("hash") == key
        and _same_sizes(targets.values(), previous.get("sizes"))
    ):
        rows = []
        for lang, target in targets.items():
            n = len(checked.copies[(component.id, langs[0] if lang == "all" else lang)])
            row = {"component": component.id, "lang": lang, "file": target.name, "items": 0}
            row.update(copies=n, bytes=target.stat().st_size, packing="")
            skipped = _skipped_row(game.id, out, row | {"items": len(component.items)})
            assert skipped is not None
            rows.append(skipped)
        progress(f"{game.id}/{component.id} unchanged", sum(r.copies for r in rows))
        return rows
    imp, sheet = plan(game, component, options)
    results: list[ComponentResult] = []
    for langs_ in groups.values():
        lang = langs_[0]
        target = targets["all" if single else lang]
        copies = checked.copies[(component.id, lang)]
        started = time.perf_counter()
        words = SheetMeta(
            _local(game.spec.title, lang),
            _local(component.spec.title, lang),
            lang,
            () if single else tuple(langs_),
        )
        write_to = stage.target(target)
        try:
            if not isinstance(imp, Imposition):  # a board's tiling
                from ..render.board import write_board

                result = write_board(
                    write_to,
                    copies,
                    imp,
                    words,
                    bleed=sheet.bleed,
                    crop_marks=sheet.crop_marks,
                    proof=options.proof,
                    assembly=component.spec.board.assembly,
                )
            else:
                size = component.spec.size
                result = write_sheets(
                    write_to,
                    copies,
                    imp,
                    words,
                    trim=trim_size(component),
                    bleed=sheet.bleed,
                    crop_marks=sheet.crop_marks,
                    proof=options.proof,
                    cut=component.spec.cut,
                    radius=0.0 if size is None or isinstance(size, str) else size.radius,
                )
        except OSError as exc:  # the system refused: name the file it was writing
            if exc.filename is None:
                exc.filename = str(target)
            raise
        results.append(
            ComponentResult(
                game.id,
                component.id,
                "all" if single else "+".join(langs_),
                target,
                len(component.items),
                len(copies),
                result.pages,
                result.bytes,
                time.perf_counter() - started,
                packing=imp.describe(),
                warnings=[f"{w.layout} box {w.box}: {w.message}" for w in result.warnings],
            )
        )
        progress(f"{game.id}/{component.id} ({lang})", len(copies))
    if not partial:
        keep = set(targets.values())
        for p in out.glob(f"{component.id}.*pdf"):  # files of an earlier build not made now
            if p not in keep and (p.name == f"{component.id}.pdf" or p.name.count(".") == 2):
                stage.remove(p)
    components[component.id] = {
        "hash": key,
        "outputs": sorted(p.name for p in targets.values()),
        "sizes": {r.path.name: r.bytes for r in results},
    }
    return results


def _same_sizes(paths: Iterable[Path], sizes: Any) -> bool:
    """Whether each file exists with the size the build that wrote it recorded."""
    if not isinstance(sizes, dict):
        return False
    for p in paths:
        try:
            if p.stat().st_size != sizes.get(p.name):
                return False
        except OSError:
            return False
    return True


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
    from .rules import build_rules

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
        import pypdfium2

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


def _local(value: object, lang: str) -> str:
    from ..faces.expand import localize

    out = localize(value, lang)
    return str(out)


__all__ = [
    "BuildOptions",
    "Checked",
    "build_languages",
    "ComponentResult",
    "build_checked",
    "build_rules_cached",
    "build_game",
    "check_game",
    "plan",
    "selected",
]
