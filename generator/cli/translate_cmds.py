"""``pnp translate``: a game's texts as gettext catalogues (export, import, status) and its glossary.

Each command parses its options, calls one function of :mod:`generator.translate` and prints
the result.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..content.folders import find_games, game_dir
from ..errors import PnpError
from ..locale import N_, _, ngettext
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
    from collections import Counter

    from ..atomic import write_text
    from ..translate.catalogue import game_texts
    from ..translate.po import po_text

    texts = game_texts(game_dir(content_dir, game), lang)
    target = out or Path(f"{texts.game}.{lang}.po")
    write_text(target, po_text(texts, target))
    count = Counter(e.state for e in texts.entries)
    echo(
        _(
            "{file}: {total} entries ({translated} translated, {fuzzy} fuzzy, {missing} missing)"
        ).format(
            file=target,
            total=len(texts.entries),
            translated=count["translated"],
            fuzzy=count["fuzzy"],
            missing=count["missing"],
        )
    )


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
    for r in result.refused:
        echo(f"{file}:{r.line}: {r.ctx}: {r.message}", err=True)
    for path in result.files:
        echo(_("written: {file}").format(file=path))
    echo(
        _(
            "{written} translations written, {stamped} confirmed, {refused} refused, {fuzzy} left fuzzy"
        ).format(
            written=result.written,
            stamped=result.stamped,
            refused=len(result.refused),
            fuzzy=result.fuzzy_left,
        )
    )
    if result.refused:
        raise TranslationIncomplete(
            ngettext(
                "{count} entry was refused; the others were imported",
                "{count} entries were refused; the others were imported",
                len(result.refused),
            ).format(count=len(result.refused))
        )


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
    from ..translate.status import translation_status

    folders = [game_dir(content_dir, game)] if game else find_games(content_dir)
    rows = translation_status(folders, [lang] if lang else None)
    counts: tuple[str, ...] = (N_("translated"), N_("fuzzy"), N_("missing"), N_("blank slots"))
    counts += (N_("written"), N_("edition"), N_("converted"))
    head = (_("game"), _("language"), *(_(c) for c in counts))
    table = [head] + [
        (r.game, r.lang, str(r.translated), str(r.fuzzy), str(r.missing), str(r.slots_missing))
        + (str(r.written), str(r.edition), str(r.converted))
        for r in rows
    ]
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    for row in table:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [c.rjust(w) for c, w in zip(row[2:], widths[2:], strict=True)]
        echo("  ".join(cells).rstrip())
    if strict and not all(r.complete for r in rows):
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
    from ..atomic import write_text
    from ..translate.terms import glossary_export

    folder = game_dir(content_dir, game)
    target = out or Path(f"{folder.name}.glossary.{fmt}")
    write_text(target, glossary_export(folder, fmt))
    echo(_("written: {file}").format(file=target))
