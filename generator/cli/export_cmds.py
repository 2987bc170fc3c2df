"""``pnp export``: write a game in another tool's format (``pnp export tts GAME``).

Each subcommand parses its options, calls one library function (``generator.export``) and
prints what was written.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..content.localtext import LANGS
from .echo import echo
from .print_cmds import CONTENT_OPT, OUT_OPT, _games


@click.group()
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
    help="Resolution of the images; deck sheets are lowered to stay within 4096 px.",
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
        echo(f"{component}: {kind} of {pieces}")
    for note in result.skipped:
        echo(f"skipped: {note}", err=True)
    echo(f"{len(result.images)} images and {result.saved_object}")
