"""``pnp translate``: a game's texts as gettext catalogues (export, import, status) and its glossary.

Each command parses its options, calls one function of :mod:`generator.translate` and prints
the result.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..content.folders import game_dir
from ..errors import PnpError
from ..locale import _
from ..rules.source import TRANSLATED
from .echo import echo
from .print_cmds import CONTENT_OPT


class TranslationIncomplete(PnpError):
    """``--strict`` and something is fuzzy or missing, or an import refused entries."""


@click.group(help=_("Translate a game's texts with gettext catalogues (Poedit, Weblate, Crowdin)."))
def translate() -> None:
    """Translate a game's texts with gettext catalogues (Poedit, Weblate, Crowdin)."""


@translate.command(help=_("Write every translatable text of GAME into one PO catalogue."))
@click.argument("game")
@click.option(
    "--lang",
    required=True,
    type=click.Choice(list(TRANSLATED)),
    help=_("Language of the catalogue."),
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help=_("File to write (default: <game>.<lang>.po in the current folder)."),
)
@CONTENT_OPT
def export(game: str, lang: str, out: Path | None, content_dir: Path) -> None:
    """Write every translatable text of GAME into one PO catalogue."""
    from ..translate.workflow import export_catalogue

    echo(export_catalogue(game_dir(content_dir, game), lang, out).summary())


@translate.command(
    name="import",
    help=_("Write the translations of a PO catalogue back into the game's YAML files."),
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--accept-fuzzy", is_flag=True, help=_("Also take entries marked fuzzy."))
@CONTENT_OPT
def import_(file: Path, accept_fuzzy: bool, content_dir: Path) -> None:
    """Write the translations of a PO catalogue back into the game's YAML files."""
    from ..translate.importer import import_catalogue

    result = import_catalogue(file, content_dir, accept_fuzzy)
    for line in result.refused_lines(file):
        echo(line, err=True)
    for line in result.written_lines():
        echo(line)
    echo(result.summary())
    if (failure := result.failure()) is not None:
        raise TranslationIncomplete(failure)


@translate.command(
    help=_(
        "Show per game and language how many texts are translated, fuzzy and missing, and "
        "how many are written for the script, an official edition's text, or converted."
    )
)
@click.argument("game", required=False)
@click.option("--lang", type=click.Choice(list(TRANSLATED)), help=_("One language only."))
@click.option("--strict", is_flag=True, help=_("Exit non-zero when anything is fuzzy or missing."))
@CONTENT_OPT
def status(game: str | None, lang: str | None, strict: bool, content_dir: Path) -> None:
    """Show per game and language how many texts are translated, fuzzy and missing, and how
    many are written for the script, an official edition's text, or converted."""
    from ..translate.workflow import status_report

    report = status_report(content_dir, game, lang)
    echo(report.table())
    if strict and not report.complete:
        raise TranslationIncomplete(_("some texts are fuzzy or missing"))


@translate.command(help=_("Write GAME's glossary for translation tools' term checks."))
@click.argument("game")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["tbx", "csv"]),
    default="tbx",
    show_default=True,
    help=_("TBX for translation tools, or CSV."),
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help=_("File to write (default: <game>.glossary.tbx or .csv in the current folder)."),
)
@CONTENT_OPT
def glossary(game: str, fmt: str, out: Path | None, content_dir: Path) -> None:
    """Write GAME's glossary for translation tools' term checks."""
    from ..translate.workflow import write_glossary

    written = write_glossary(game_dir(content_dir, game), fmt, out)
    echo(_("written: {file}").format(file=written))
