"""``pnp play GAME``: an interactive table prompt with history and completion.

Each line is an ordinary ``pnp`` command without the ``pnp`` (``roll 2d6``, ``fate draw``);
a game's roll is named bare (``roll combat``), ``help`` lists the game's own rolls, bags, decks,
tracks and scores, ``help pnp`` the whole command list; errors are printed and the prompt goes on. With a terminal the prompt uses prompt_toolkit
(history kept in the data directory, tab completion of commands, games' rolls, bags and
decks); without one it reads commands from standard input, which makes it scriptable.
"""

from __future__ import annotations

import shlex
import sys
from typing import Any

from ..companion import ask_game
from ..locale import _, current_language

# commands the prompt does not hand its session: `session ...` names its own file, and a score
# is worked out from the game alone
SESSIONLESS = (("session",), ("score", "calc"))


def _run_line(line: str, session_path: str, lang: str | None, game: Any = None) -> bool:
    """Run one command line; False when the user asked to leave."""
    import click

    from ..errors import PnpError, printable, report
    from .app import cli

    lg = current_language()
    try:
        argv = shlex.split(line)
    except ValueError:
        said = _("the line has a quotation mark that is not closed")
        click.echo(_("Error: {message}").format(message=said), err=True)
        return True
    if not argv:
        return True
    if argv[0] in ("quit", "exit"):
        return False
    if argv[0] == "help" and game is not None and argv[1:] != ["pnp"]:
        for text in ask_game.game_help(game):
            click.echo(printable(text))
        return True
    if argv[0] == "help":
        for text in ask_game.pnp_help():
            click.echo(text)
        return True
    if game is not None:
        argv = ask_game.bare_roll(argv, game)
    if not any(argv[: len(p)] == list(p) for p in SESSIONLESS) and "--session" not in argv:
        argv += ["--session", session_path]
    if "--lang" not in argv:
        argv += ["--lang", lg]
    from .clicklang import speaking

    with speaking(argv):
        try:
            cli.main(args=argv, prog_name="pnp", standalone_mode=False)
        except PnpError as exc:
            for text in report(exc):
                click.echo(text, err=True)
        except click.exceptions.Exit:
            pass
        except click.ClickException as exc:
            exc.show()
        except SystemExit:
            pass
    return True


def run_prompt(game_name: str, session_path: str | None, lang: str | None) -> None:
    """Open (or start) a session for the game and read commands until end of input."""
    import click

    game, path, banner = ask_game.prompt_session(game_name, session_path)
    click.echo(banner)
    with ask_game.typed_bare():  # commands are typed without "pnp" at this prompt
        _read_lines(game, path, lang)


def _read_lines(game: Any, path: str, lang: str | None) -> None:
    """Run each line from standard input, or from the interactive prompt with a terminal."""
    if not sys.stdin.isatty():
        for line in sys.stdin:
            if not _run_line(line.strip(), path, lang, game):
                break
        return
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import FileHistory

    prompt: PromptSession[str] = PromptSession(
        history=FileHistory(ask_game.history_file()),
        completer=WordCompleter(ask_game.words(game), sentence=True),
    )
    while True:
        try:
            line = prompt.prompt(f"{game.id}> ")
        except (EOFError, KeyboardInterrupt):
            break
        if not _run_line(line, path, lang, game):
            break
