"""``pnp new`` and ``pnp watch``: the designer's edit loop.

``new`` calls :func:`generator.pipeline.starters.create_game`; ``watch`` calls
:func:`generator.pipeline.watch.watch_game` and prints each round: what changed, what was rebuilt,
where the previews are, and every problem as ``file:line:col: key: message``.
"""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import click

from ..locale import _, ngettext
from ..text.localtext import LANGS
from .clicklang import speaks
from .echo import echo
from .print_cmds import CONTENT_OPT, OUT_OPT, _games


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--from",
    "starter",
    default="cards",
    show_default=True,
    help="Starter: cards, counters, board or blank.",
)
@click.option("--title", help="The game's title (default: made from GAME).")
@CONTENT_OPT
@speaks
def new(game_id: str, starter: str, title: str | None, content_dir: Path) -> None:
    """Create CONTENT/GAME, a working game folder, from a starter.

    The folder has a commented game.yaml, layouts, items, a back, table.yaml and rule sources;
    `pnp check GAME` and `pnp build GAME` accept it as created. An existing folder is never
    overwritten.
    """
    from ..pipeline.starters import create_game

    made = create_game(content_dir, game_id, starter, title)
    said = _("created {path} from the {starter} starter ({count} files)")
    echo(said.format(path=made.path, starter=made.starter, count=len(made.files)))
    said = _("next: pnp watch {game}   (edit the files; PDFs and previews follow)")
    echo(said.format(game=made.id))


@click.command()
@click.argument("game", metavar="GAME")
@CONTENT_OPT
@click.option("--dry-run", is_flag=True, help="Print the changes without writing them.")
@speaks
def migrate(game: str, content_dir: Path, dry_run: bool) -> None:
    """Rewrite CONTENT/GAME's files written in an earlier format in the current one.

    Comments and the order of keys are kept; each change is printed where it was made.
    """
    from ..content.migrate import migrate_game

    root = _games(content_dir, (game,))[0]
    changes = migrate_game(root, write=not dry_run)
    for change in changes:
        echo(str(change))
    if not changes:
        echo(_("{game} is written in the current format; nothing to change").format(game=game))
    elif dry_run:
        said = ngettext(
            "{count} change to make in {game} (nothing written)",
            "{count} changes to make in {game} (nothing written)",
            len(changes),
        )
        echo(said.format(count=len(changes), game=game))
    else:
        said = ngettext(
            "{count} change made in {game}", "{count} changes made in {game}", len(changes)
        )
        echo(said.format(count=len(changes), game=game))


def _stamp() -> str:
    return time.strftime("%H:%M:%S")


def _print_round(done: Any) -> None:
    """One round of the watch loop, as lines on stdout (problems on stderr)."""
    if done.changed:
        names = ", ".join(p.name for p in done.changed[:5])
        if len(done.changed) > 5:
            said = _("{time} changed: {names} and {more} more")
        else:
            said = _("{time} changed: {names}")
        echo(said.format(time=_stamp(), names=names, more=len(done.changed) - 5))
    for r in done.results:
        if r.skipped:
            continue
        said = _("  wrote {path} ({lang}, {pages} pages, {seconds} s)")
        echo(said.format(path=r.path, lang=r.lang, pages=r.pages, seconds=f"{r.seconds:.2f}"))
    contacts = [p for p in done.previews if p.name == "contact.png"]
    for p in contacts:
        echo(_("  preview {path}").format(path=p))
    for w in done.warnings:
        echo(_("warning: {message}").format(message=w), err=True)
    if done.errors:
        for line in done.errors:
            echo(line, err=True)
        said = ngettext(
            "{time} {count} problem; the last good PDFs are left in place, watching for the fix",
            "{time} {count} problems; the last good PDFs are left in place, watching for the fix",
            len(done.errors),
        )
        echo(
            said.format(time=_stamp(), count=len(done.errors)),
            err=True,
        )
        return
    what = ", ".join(done.components + done.checked) or "nothing"
    said = _("{time} ok: {what} ({seconds} s)")
    echo(said.format(time=_stamp(), what=what, seconds=f"{done.seconds:.2f}"))


@click.command()
@click.argument("game", required=False)
@CONTENT_OPT
@OUT_OPT
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANGS),
    help="Only these languages (previews use the first).",
)
@click.option(
    "--dpi",
    default=100,
    type=click.IntRange(30, 600),
    show_default=True,
    help="Resolution of the previews.",
)
@click.option("--no-rules", is_flag=True, help="Leave the rule sheets alone: no check, no build.")
@click.option("--once", is_flag=True, help="Build what is out of date, write previews and exit.")
def watch(
    game: str | None,
    content_dir: Path,
    out_dir: Path,
    langs: tuple[str, ...],
    dpi: int,
    no_rules: bool,
    once: bool,
) -> None:
    """Rebuild GAME's PDFs and previews whenever one of its files changes.

    Only the components a change touches are rebuilt (game.yaml: all; an item file: the
    components printing it; a layout: the components drawing with it), and their previews
    are rewritten in OUT/<game>/preview/<component>/<lang>/contact.png (fronts and backs).
    A broken file is reported with its line and column and the last good PDF stays in place.
    GAME may be left out when CONTENT holds a single game. Ctrl-C stops.
    """
    from ..errors import UsageError
    from ..pipeline.options import BuildOptions
    from ..pipeline.watch import Rebuilder, watch_game

    if game is None:
        found = _games(content_dir, ())
        if len(found) != 1:
            names = ", ".join(p.name for p in found)
            raise UsageError(_("name the game to watch ({games})").format(games=names))
        path = found[0]
    else:
        path = _games(content_dir, (game,))[0]
    options = BuildOptions(out_dir=out_dir, langs=langs or None)
    if once:
        done = Rebuilder(path, options, preview_dpi=dpi, rules=not no_rules).rebuild()
        _print_round(done)
        if done.errors:
            raise SystemExit(1)
        return
    stop = threading.Event()

    def on_interrupt(signum: int, frame: Any) -> None:
        stop.set()  # finish the current round, then leave the loop
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a second Ctrl-C is immediate

    previous = signal.signal(signal.SIGINT, on_interrupt)

    def ready(folders: list[Path]) -> None:
        said = _("watching {folders} (Ctrl-C to stop)")
        echo(said.format(folders=", ".join(str(f) for f in folders)))

    try:
        watch_game(
            path,
            options,
            _print_round,
            stop=stop,
            ready=ready,
            preview_dpi=dpi,
            rules=not no_rules,
        )
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, previous)
    echo(_("stopped watching"))


__all__ = ["new", "watch"]
