"""``pnp rules``: check, report coverage of, stamp and build translated rule sheets.

Each command parses its options, calls one library function of :mod:`generator.rules`, and
prints the result. Problems are printed as ``file:line:col: key.path: message``; the command
exits non-zero when there are errors (or, with ``--strict``, warnings).
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from ..content.folders import find_games, game_dir
from ..errors import Issue, IssueCollector, PnpError
from ..locale import NC_, _, ngettext, pgettext
from ..rules.source import TRANSLATED
from ..text.localtext import LANGS
from .build_opts import PaperChoice
from .clicklang import speaks, width
from .echo import echo

LANG_CHOICES = [*LANGS, "all"]


class ChecksFailed(PnpError):
    """``pnp rules check`` found problems (already printed, one per line)."""


def _content_dir(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path:
    """The folder of games by the one rule (:func:`generator.content.folders.content_dir`)."""
    from ..content.folders import content_dir

    return content_dir(value)


def _content_option(f):  # type: ignore[no-untyped-def]
    return click.option(
        "--content",
        "content",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        show_default="content",
        callback=_content_dir,
        help="Folder holding one folder per game.",
    )(f)


def _games_with_rules(content: Path) -> list[Path]:
    from ..rules.source import rules_folder

    out = []
    for g in find_games(content):
        spec, folder = rules_folder(g, IssueCollector())
        if spec is None or folder is not None or spec.rules is not None:
            out.append(g)
    return out


def _issue_line(issue: Issue) -> str:
    """``file:line:col: key.path: message``; warnings say so before the message."""
    if issue.severity == "error":
        return str(issue)
    key = f" {issue.key}:" if issue.key else ""
    return f"{issue.location}:{key} " + _("warning: {message}").format(message=issue.message)


def _errors(n: int) -> str:
    return ngettext("{count} error", "{count} errors", n).format(count=n)


def _warnings(n: int) -> str:
    return ngettext("{count} warning", "{count} warnings", n).format(count=n)


# the coverage table's column headings (said with the "rules status" context)
STATUS_COLUMNS = (
    NC_("rules status", "game"),
    NC_("rules status", "lang"),
    NC_("rules status", "sections"),
    NC_("rules status", "hand"),
    NC_("rules status", "derived"),
    NC_("rules status", "missing"),
    NC_("rules status", "stale"),
    NC_("rules status", "covered"),
)


@click.group()
@speaks
def rules() -> None:
    """Build and check translated rule sheets and player aids."""


@rules.command()
@click.argument("game", required=False)
@click.option("--strict", is_flag=True, help="Fail on warnings too (missing or stale sections).")
@_content_option
@speaks
def check(game: str | None, strict: bool, content: Path) -> None:
    """Check glossary use, translation structure, missing and stale sections, typesetting.

    Without GAME, checks every game under --content that has rule sheets.
    """
    from ..pipeline.typecheck import check_sheets

    games = [game_dir(content, game)] if game else _games_with_rules(content)
    errors = warnings = 0
    for g in games:
        issues = check_sheets(g)
        for issue in issues:
            echo(_issue_line(issue))
        e = sum(1 for i in issues if i.severity == "error")
        w = len(issues) - e
        errors, warnings = errors + e, warnings + w
        said = _("{game}: {errors}, {warnings}")
        echo(said.format(game=g.name, errors=_errors(e), warnings=_warnings(w)), err=True)
    if errors or (strict and warnings):
        if strict:
            said = _("rule sheets have problems: {errors}, {warnings} (--strict)")
        else:
            said = _("rule sheets have problems: {errors}")
        raise ChecksFailed(said.format(errors=_errors(errors), warnings=_warnings(warnings)))


@rules.command()
@_content_option
@speaks
def status(content: Path) -> None:
    """Coverage per game and language: hand-written, derived, missing, stale."""
    from ..pipeline.rules import rules_status

    rows = rules_status(content)
    heads = [pgettext("rules status", h) for h in STATUS_COLUMNS]
    sizes = [max(n, width(h)) for n, h in zip((16, 8, 8, 5, 8, 8, 6, 8), heads, strict=True)]
    head = " ".join(
        h + " " * (n - width(h)) if i < 2 else " " * (n - width(h)) + h
        for i, (h, n) in enumerate(zip(heads, sizes, strict=True))
    )
    echo(head)
    echo("-" * width(head))
    for r in rows:
        pct = f"{100 * r.covered // r.sections}%" if r.sections else "-"
        c = r.counts
        line = (
            f"{r.game:<16} {r.lang:<8} {r.sections:>8} {c.get('hand', 0):>5} "
            f"{c.get('derived', 0):>8} {c.get('missing', 0):>8} {c.get('stale', 0):>6} {pct:>8}"
        )
        if r.problem:
            line += f"  ({r.problem})"
        echo(line)
    if not rows:
        echo(_("no game under {folder} has rule sheets").format(folder=content))


@rules.command()
@click.argument("game")
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANG_CHOICES),
    default=["all"],
    show_default=True,
    help="Languages to build (repeatable).",
)
@click.option(
    "--bilingual",
    "bilingual",
    multiple=True,
    type=click.Choice([*TRANSLATED, "all"]),
    help="Also build English and this translation side by side (rules.en+LANG.pdf).",
)
@click.option("--paper", type=PaperChoice(), default="A4", show_default=True)
@click.option(
    "--strict",
    is_flag=True,
    help="Write nothing when a translated section is stale (instead of printing it marked).",
)
@click.option(
    "--aid-size",
    type=click.Choice(["poker", "tarot"]),
    default="poker",
    show_default=True,
    help="Card size of the player aids (sections marked aid: true).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Output folder; files go to OUT/<game>/.",
)
@_content_option
def build(
    game: str,
    langs: tuple[str, ...],
    bilingual: tuple[str, ...],
    paper: str,
    strict: bool,
    aid_size: str,
    out: Path,
    content: Path,
) -> None:
    """Write OUT/<game>/rules.<lang>.pdf (and rules.en+<lang>.pdf, aids.<lang>.pdf).

    A stale translated section is named in a warning and marked on the sheet; --strict
    refuses to build it.
    """
    from ..pipeline.rules import StaleSections, build_rules

    folder = game_dir(content, game)
    name = folder.name  # output/<game folder>/, where `pnp build` puts the sheets too
    started = time.perf_counter()
    bil = list(TRANSLATED) if "all" in bilingual else list(bilingual)
    report = IssueCollector()
    try:
        written = build_rules(
            folder,
            out / name,
            list(langs),
            bil,
            paper,
            aid_size=aid_size,
            strict=strict,
            report=report,
        )
    except StaleSections as exc:
        for issue in exc.issues:
            echo(_issue_line(issue), err=True)
        raise PnpError(exc.summary()) from None
    elapsed = time.perf_counter() - started
    for issue in report.issues:
        echo(_issue_line(issue), err=True)
    for path in written:
        echo(str(path))
    said = ngettext("{count} file in {seconds} s", "{count} files in {seconds} s", len(written))
    echo(said.format(count=len(written), seconds=f"{elapsed:.2f}"), err=True)


@rules.command()
@click.argument("game")
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(list(TRANSLATED)),
    help="Translations to stamp (default: all).",
)
@_content_option
def stamp(game: str, langs: tuple[str, ...], content: Path) -> None:
    """Record that each translated section matches the current English (source_hash), and
    each other translated text too (stamps.yaml)."""
    from ..rules import stamp_rules
    from ..translate.catalogue import stamp_texts

    folder = game_dir(content, game)
    stamps = stamp_rules(folder, list(langs) or None)
    for s in stamps:
        was = s.old or "-"
        echo(f"{s.lang} {s.section}: {was} -> {s.new}")
    said = ngettext("{count} section stamped", "{count} sections stamped", len(stamps))
    echo(said.format(count=len(stamps)), err=True)
    texts = stamp_texts(folder, list(langs) or None)
    for lang, ctx in texts:
        echo(f"{lang} {ctx}")
    echo(
        ngettext(
            "{count} other text stamped (stamps.yaml)",
            "{count} other texts stamped (stamps.yaml)",
            len(texts),
        ).format(count=len(texts)),
        err=True,
    )
