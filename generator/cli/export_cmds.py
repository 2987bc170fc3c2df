"""``pnp export`` (``tts``, ``print``) and ``pnp preflight``: a game for other tools and shops.

Each command parses its options, calls one library function (``generator.export``) and
prints what was written or found. ``export`` and ``preflight`` speak the language their
``--lang`` names (the language of the files too).
"""

from __future__ import annotations

from pathlib import Path

import click

from ..locale import _, ngettext
from ..text.localtext import LANGS
from .clicklang import speaks
from .echo import echo
from .print_cmds import CONTENT_OPT, DRAFT_HELP, OUT_OPT, _games


@click.group()
@speaks
def export() -> None:
    """Export a game for other tools."""


@export.command()
@click.argument("game")
@CONTENT_OPT
@OUT_OPT
@click.option("--lang", default="en", type=click.Choice(LANGS), show_default=True)
@click.option(
    "--url-base",
    help="Web address the images will be uploaded to (e.g. https://example.org/game/); "
    "without it the JSON names the images by file:/// paths on this computer.",
)
@click.option(
    "--dpi",
    default=200,
    type=click.IntRange(50, 600),
    show_default=True,
    help="Resolution of the images; deck sheets hold fewer cards to keep it within 4096 px.",
)
def tts(
    game: str, content_dir: Path, out_dir: Path, lang: str, url_base: str | None, dpi: int
) -> None:
    """Write GAME for Tabletop Simulator into OUT/<game>/tts/: deck sheets, token and board
    images, and <game>.json to copy into Tabletop Simulator's Saved Objects folder."""
    from ..export.tts import TtsOptions, export_tts

    path = _games(content_dir, (game,))[0]
    result = export_tts(path, TtsOptions(out_dir=out_dir, lang=lang, url_base=url_base, dpi=dpi))
    for component, kind, pieces in result.objects:
        echo(
            _("{component}: {kind} of {pieces}").format(
                component=component, kind=kind, pieces=pieces
            )
        )
    for note in result.skipped:
        echo(_("skipped: {note}").format(note=note), err=True)
    for note in result.warnings:
        echo(_("warning: {note}").format(note=note), err=True)
    said = _("{count} images and {saved_object}")
    echo(said.format(count=len(result.images), saved_object=result.saved_object))


@export.command(name="print")
@click.argument("game")
@CONTENT_OPT
@OUT_OPT
@click.option(
    "--vendor",
    required=True,
    type=click.Choice(["tgc", "mpc", "drivethrucards", "pdfx"]),
    help="The print shop: tgc (The Game Crafter) and mpc (MakePlayingCards) take one PNG per "
    "face; drivethrucards and pdfx take PDF/X-1a in CMYK.",
)
@click.option("--lang", default="en", type=click.Choice(LANGS), show_default=True)
@click.option(
    "--force",
    is_flag=True,
    help="Write the files even when the preflight finds what a print shop would reject.",
)
@click.option("--draft", is_flag=True, help=DRAFT_HELP)
def print_(
    game: str, content_dir: Path, out_dir: Path, vendor: str, lang: str, force: bool, draft: bool
) -> None:
    """Write GAME's cards, tokens and tiles as a print shop wants them, into
    OUT/<game>/print/<vendor>/<lang>/, after checking the files as the shop would (pnp
    preflight); exits 1 and writes nothing when a problem is found, unless --force."""
    from ..export.preflight import side_name
    from ..export.printshop import PrintOptions, export_print

    path = _games(content_dir, (game,))[0]
    options = PrintOptions(vendor=vendor, out_dir=out_dir, lang=lang, force=force, draft=draft)
    result = export_print(path, options)
    for component, copies, (w, h) in result.components:
        echo(
            ngettext(
                "{component}: {count} piece, faces {width} x {height} px",
                "{component}: {count} pieces, faces {width} x {height} px",
                copies,
            ).format(component=component, count=copies, width=w, height=h)
        )
    for note in result.skipped:
        echo(_("left out: {note}").format(note=note), err=True)
    for f in result.report.findings if result.report is not None else []:
        said = _("{component} {item} ({side}) {check}: {message}").format(
            component=f.component, item=f.item, side=side_name(f.side), check=f.check,
            message=f.message,
        )  # fmt: skip
        echo(_("warning: {note}").format(note=said), err=True)
    count = len(result.files)
    echo(
        ngettext("{count} file in {folder}", "{count} files in {folder}", count).format(
            count=count, folder=result.folder
        )
    )


@click.command()
@click.argument("game")
@CONTENT_OPT
@click.option(
    "--vendor",
    type=click.Choice(["tgc", "mpc", "drivethrucards", "pdfx"]),
    help="Check against this print shop's bleed, safe zone and ink limit.",
)
@click.option("--lang", default="en", type=click.Choice(LANGS), show_default=True)
def preflight(game: str, content_dir: Path, vendor: str | None, lang: str) -> None:
    """Report, per component, what a print shop would reject in GAME: fonts not embedded,
    text under 6 pt, text or icons outside the safe zone, images under 300 dpi, too much ink,
    missing bleed. Exits 1 when anything fails."""
    from ..export.preflight import preflight as run
    from ..export.preflight import side_name

    path = _games(content_dir, (game,))[0]
    report = run(path, vendor, lang)
    for component, faces in report.faces.items():
        found = [f for f in report.findings if f.component == component]
        echo(
            ngettext(
                "{component}: {count} problem in {faces} faces",
                "{component}: {count} problems in {faces} faces",
                len(found),
            ).format(component=component, count=len(found), faces=faces)
        )
        for f in found:
            side = side_name(f.side)
            echo(f"  {f.item} ({side}) {f.check}: {f.message}")
    if not report.ok:
        raise SystemExit(1)
