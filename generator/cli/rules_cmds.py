"""``pnp rules``: check, report coverage of, stamp and build translated rule sheets.

Each command parses its options, calls one library function of :mod:`generator.rules`, and
prints the result. Problems are printed as ``file:line:col: key.path: message``; the command
exits non-zero when there are errors (or, with ``--strict``, warnings).
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from ..content.folders import game_dir
from ..errors import IssueCollector, PnpError
from ..locale import ngettext
from ..rules.source import TRANSLATED
from ..text.localtext import LANGS
from .build_opts import PaperChoice
from .clicklang import speaks
from .echo import echo
from .print_cmds import CONTENT_OPT

LANG_CHOICES = [*LANGS, "all"]


class ChecksFailed(PnpError):
    """``pnp rules check`` found problems (already printed, one per line)."""


@click.group()
@speaks
def rules() -> None:
    """Build and check translated rule sheets and player aids."""


@rules.command()
@click.argument("game", required=False)
@click.option("--strict", is_flag=True, help="Fail on warnings too (missing or stale sections).")
@CONTENT_OPT
@speaks
def check(game: str | None, strict: bool, content_dir: Path) -> None:
    """Check glossary use, translation structure, missing and stale sections, typesetting.

    Without GAME, checks every game under --content that has rule sheets.
    """
    from ..pipeline.typecheck import check_rule_sheets

    checked = check_rule_sheets(content_dir, game, strict=strict)
    for one in checked:
        for line in one.lines():
            echo(line)
        echo(one.summary(), err=True)
    if (failure := checked.failure()) is not None:
        raise ChecksFailed(failure)


@rules.command()
@CONTENT_OPT
@speaks
def status(content_dir: Path) -> None:
    """Coverage per game and language: hand-written, derived, missing, stale."""
    from ..rules.report import status_table

    echo(status_table(content_dir))


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
@CONTENT_OPT
def build(
    game: str,
    langs: tuple[str, ...],
    bilingual: tuple[str, ...],
    paper: str,
    strict: bool,
    aid_size: str,
    out: Path,
    content_dir: Path,
) -> None:
    """Write OUT/<game>/rules.<lang>.pdf (and rules.en+<lang>.pdf, aids.<lang>.pdf).

    A stale translated section is named in a warning and marked on the sheet; --strict
    refuses to build it.
    """
    from ..pipeline.rules import StaleSections, build_rules
    from ..rules.report import issue_line

    folder = game_dir(content_dir, game)
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
            echo(issue_line(issue), err=True)
        raise PnpError(exc.summary()) from None
    elapsed = time.perf_counter() - started
    for issue in report.issues:
        echo(issue_line(issue), err=True)
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
@CONTENT_OPT
def stamp(game: str, langs: tuple[str, ...], content_dir: Path) -> None:
    """Record that each translated section matches the current English (source_hash), and
    each other translated text too (stamps.yaml)."""
    from ..translate.workflow import stamp_game

    stamped = stamp_game(game_dir(content_dir, game), list(langs) or None)
    for line in stamped.section_lines():
        echo(line)
    echo(stamped.sections_summary(), err=True)
    for line in stamped.text_lines():
        echo(line)
    echo(stamped.texts_summary(), err=True)
