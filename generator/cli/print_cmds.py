"""``pnp build``, ``check``, ``schema``, ``preview`` and ``icons``: the print side's commands.

Each command parses its options, calls one library function (``generator.pipeline.game``,
``generator.pipeline.schemas``, ``generator.render.preview``) and prints the result.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import click

from ..errors import ContentError, PnpError, UsageError
from ..layout.units import parse_length
from ..locale import _
from ..text.localtext import LANGS
from .build_opts import PaperChoice
from .clicklang import speaks
from .echo import echo


def _content_dir(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path:
    """The folder of games by the one rule (:func:`generator.content.folders.content_dir`)."""
    from ..content.folders import content_dir

    return content_dir(value)


CONTENT_OPT = click.option(
    "--content",
    "content_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    show_default="content",
    callback=_content_dir,
    help="Folder holding one folder per game.",
)
OUT_OPT = click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Where build results go.",
)
DRAFT_HELP = (
    "A draft: an image that is missing prints as a placeholder naming the item and the file "
    "(a print shop's preflight refuses it) instead of stopping the build."
)


def _games(content_dir: Path, names: tuple[str, ...]) -> list[Path]:
    from ..content.folders import find_games, game_dir

    if names:
        return [game_dir(content_dir, n) for n in names]
    found = find_games(content_dir)
    if not found:
        said = _("no games found in {folder} (a game is a folder with a game.yaml)")
        raise UsageError(said.format(folder=content_dir))
    return found


def _length(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    if value is None:
        return None
    try:
        result = parse_length(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    assert isinstance(result, float)
    return result


@click.command()
@click.argument("games", nargs=-1)
@CONTENT_OPT
@speaks
def check(games: tuple[str, ...], content_dir: Path) -> None:
    """Validate GAMES (all games when none named) without building anything.

    Every problem is printed as FILE:LINE:COL: KEY: MESSAGE; the exit status is 1 when any is found.
    """
    from ..pipeline.check import check_games

    failures: list[str] = []
    for found in check_games(_games(content_dir, games)):
        failures.extend(found.problems)
        if not found.components and found.problems:
            continue  # the game did not load: its problems say why
        said = (
            _("ok: {game} ({components} components, {items} items)")
            if not found.problems
            else _("problems: {game} ({components} components, {items} items)")
        )
        echo(said.format(game=found.game, components=found.components, items=found.items))
        for w in found.warnings:
            echo(_("warning: {message}").format(message=w), err=True)
    if failures:
        raise ContentError.from_lines(failures)


@click.command()
@click.argument("games", nargs=-1)
@CONTENT_OPT
@OUT_OPT
@click.option(
    "--paper",
    type=PaperChoice(),
    help="Override every component's paper.",
)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short", "fold", "none"]),
    help="Backs: long-edge flip, short-edge flip, gutter-fold on one page, or no backs.",
)
@click.option("--bleed", callback=_length, help="Bleed around each item, e.g. 3mm or 0.125in.")
@click.option(
    "--packing",
    type=click.Choice(["auto", "bleed", "butted"]),
    help="Own bleed per item, shared cut lines, or densest.",
)
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANGS),
    help="Only these languages.",
)
@click.option(
    "--proof", is_flag=True, help="Draw trim (red), bleed (blue) and safe-zone (green) guides."
)
@click.option("--force", is_flag=True, help="Rebuild even when nothing changed.")
@click.option("--no-rules", is_flag=True, help="Skip the rule sheets.")
@click.option("--draft", is_flag=True, help=DRAFT_HELP)
@click.option(
    "--tuck-box",
    is_flag=True,
    help="Also a tuck box for each deck of cards, sized from its cards and their stock.",
)
@click.option(
    "--stock",
    default="300gsm",
    show_default=True,
    help="The card stock a tuck box is sized for (its thickness per card): 250gsm, 300gsm, "
    "330gsm or 350gsm.",
)
def build(
    games: tuple[str, ...],
    content_dir: Path,
    out_dir: Path,
    paper: str | None,
    duplex: str | None,
    bleed: float | None,
    packing: str | None,
    langs: tuple[str, ...],
    proof: bool,
    force: bool,
    no_rules: bool,
    draft: bool,
    tuck_box: bool,
    stock: str,
) -> None:
    """Build print-and-play PDFs for GAMES (all games when none named) into OUT/<game>/.

    Nothing is replaced unless every game builds: on any error the previous files stay as
    they were. A game whose files, options and templates are unchanged is not rebuilt.
    """
    from ..pipeline.options import BuildOptions
    from ..pipeline.run import build_games, summary_lines

    options = BuildOptions(
        out_dir=out_dir,
        paper=paper,
        duplex=duplex,
        bleed=bleed,
        packing=packing,
        proof=proof,
        force=force,
        langs=langs or None,
        draft=draft,
        tuck_box=tuck_box,
        stock=stock,
    )
    started = time.perf_counter()
    paths = _games(content_dir, games)
    with _progress() as progress:
        report = build_games(paths, options, rules=not no_rules, progress=progress)
    for line in summary_lines(report.results, time.perf_counter() - started):
        echo(line)
    for r in report.results:
        for w in r.warnings:
            where = f"{r.game}/{r.component}: {w}"
            echo(_("warning: {message}").format(message=where), err=True)
    if not report.ok:  # the problems are counted; the closing line is not one of them
        echo(_("nothing was written: every previous output is unchanged"), err=True)
        raise ContentError.from_lines(report.failures)


@contextlib.contextmanager
def _progress() -> Iterator[Callable[[str], Callable[[str, int, int], None] | None]]:
    """A per-game progress callback factory: a bar on a terminal, nothing otherwise."""
    if not sys.stderr.isatty():
        yield lambda name: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:

        def per_game(name: str) -> Callable[[str, int, int], None]:
            task = bar.add_task(name, total=None)

            def report(what: str, done: int, total: int) -> None:
                bar.update(task, description=what, completed=done, total=total)

            return report

        yield per_game


@click.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("schema"),
    show_default=True,
    help="Folder for the schema files.",
)
@speaks
def schema(out_dir: Path) -> None:
    """Write JSON Schemas for game.yaml, item files, layouts, table and rule files.

    Point your editor's YAML support at them (for example a `# yaml-language-server: $schema=...`
    comment at the top of a file) for completion and checking as you type.
    """
    from ..pipeline.schemas import write_schemas

    for path in write_schemas(out_dir):
        echo(str(path))


@click.command()
@click.argument("game")
@click.argument("component", required=False)
@click.argument("item", required=False)
@CONTENT_OPT
@OUT_OPT
@click.option("--lang", default="en", type=click.Choice(LANGS), show_default=True)
@click.option(
    "--dpi",
    default=150,
    type=click.IntRange(30, 600),
    show_default=True,
    help="Resolution of the PNGs.",
)
@click.option("--proof", is_flag=True, help="Draw trim, bleed and safe-zone guides.")
def preview(
    game: str,
    component: str | None,
    item: str | None,
    content_dir: Path,
    out_dir: Path,
    lang: str,
    dpi: int,
    proof: bool,
) -> None:
    """Write PNGs of GAME's items (one COMPONENT, one ITEM) and a contact sheet to OUT/<game>/preview/."""
    from ..pipeline.game import preview_game

    path = _games(content_dir, (game,))[0]
    for made in preview_game(
        path, out_dir, component=component, item=item, lang=lang, dpi=dpi, proof=proof
    ):
        said = _("{component}: {count} PNGs in {folder}")
        echo(said.format(component=made.component, count=made.count, folder=made.folder))


@click.command()
@click.argument("game", required=False)
@CONTENT_OPT
@speaks
def icons(game: str | None, content_dir: Path) -> None:
    """List the icon names usable as :name: in text and in icon boxes.

    With GAME, the game's own SVG icons (its icons/ folder) are listed too.
    """
    from ..content.folders import game_dir
    from ..pipeline.check import icon_names

    echo(" ".join(icon_names(game_dir(content_dir, game) if game else None)))


__all__ = ["build", "check", "icons", "preview", "schema", "PnpError"]
