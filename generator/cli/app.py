"""The ``pnp`` click group, whose subcommands are imported only when invoked.

Commands are thin: parse options, call one library function, print its result. Every
:class:`~generator.errors.PnpError` is printed without a traceback and sets the exit code.
Loading subcommands lazily keeps the companion's start-up free of the PDF stack.
"""

from __future__ import annotations

import errno
import importlib
import sys
from typing import Any

import click

from .. import __version__
from ..errors import PnpError, report
from ..locale import use_language

# command name -> (module, attribute, one-line help shown in `pnp --help`)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "build": ("generator.cli.print_cmds", "build", "Build print-and-play PDFs for games."),
    "check": ("generator.cli.print_cmds", "check", "Validate game content; report every problem."),
    "schema": ("generator.cli.print_cmds", "schema", "Write JSON Schemas for editor completion."),
    "preview": (
        "generator.cli.print_cmds",
        "preview",
        "Write PNG previews of items and a contact sheet.",
    ),
    "icons": (
        "generator.cli.print_cmds",
        "icons",
        "List the icon names usable in layouts and text.",
    ),
    "rules": ("generator.cli.rules_cmds", "rules", "Build and check translated rule sheets."),
    "export": ("generator.cli.export_cmds", "export", "Export a game for Tabletop Simulator."),
    "new": ("generator.cli.edit_cmds", "new", "Create a working game folder from a starter."),
    "watch": ("generator.cli.edit_cmds", "watch", "Rebuild PDFs and previews on each edit."),
    "roll": (
        "generator.cli.table_cmds",
        "roll",
        "Roll dice: 2d6, 4d6kh3, 6d6>=5, GAME:ROLL.",
    ),
    "odds": (
        "generator.cli.table_cmds",
        "odds",
        "Exact odds of a roll or a draw: table, histogram, mean.",
    ),
    "session": ("generator.cli.table_cmds", "session", "Start, reveal and verify table sessions."),
    "fate": ("generator.cli.table_cmds", "fate", "Draw from a game's bag of tiles (fate pool)."),
    "deck": ("generator.cli.table_cmds", "deck", "Draw from a game's decks."),
    "score": ("generator.cli.table_cmds", "score", "Keep and compute scores."),
    "undo": ("generator.cli.table_cmds", "undo", "Undo the last event of the session."),
    "log": ("generator.cli.table_cmds", "log", "Show the session's event log."),
    "status": ("generator.cli.table_cmds", "status", "Show the session's state."),
    "play": (
        "generator.cli.table_cmds",
        "play",
        "Interactive table prompt with history and completion.",
    ),
}


class LazyGroup(click.Group):
    """A group that imports a subcommand's module only when that subcommand runs."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The names of every command, sorted."""
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of this name, imported only now; None for an unknown name."""
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module_name, attr, _ = entry
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return None
            raise
        return getattr(module, attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands with their short help, without importing them."""
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli() -> None:
    """Print-and-play PDFs, rule sheets and a table companion for board and war games.

    \b
    pnp build                  build every game under content/ into output/
    pnp check GAME             validate a game's YAML and say where each problem is
    pnp roll 3d6               roll dice (see `pnp roll --help` for the notation)
    """


# errno values that mean the machine refused a file operation, not a bug of ours
_IO_ERRORS = {
    getattr(errno, name)
    for name in ("ENOSPC", "EDQUOT", "EFBIG", "EROFS", "EACCES", "EPERM", "EIO", "EMFILE", "ENFILE")
    if hasattr(errno, name)
}


_lang = "en"  # the language of this run (clicklang.chosen)


def _say(key: str, **values: str) -> str:
    """The run's own last words (``run.<key>`` of the error catalogue) in its language."""
    from ..companion.errcatalogue import ERRORS

    words = ERRORS[f"run.{key}"]
    return words.get(_lang, words["en"]).format(**values)


def run(argv: list[str] | None = None) -> Any:
    """Run the click group in the table's language (:mod:`generator.cli.clicklang`)."""
    global _lang
    from .clicklang import speaking

    with speaking(sys.argv[1:] if argv is None else list(argv), cli) as lang:
        _lang = lang
        use_language(lang)
        return _run(argv)


def _run(argv: list[str] | None) -> Any:
    """Run the click group; render project errors without a traceback."""
    try:
        return cli.main(args=argv, prog_name="pnp", standalone_mode=False)
    except PnpError as exc:
        for line in report(exc):
            click.echo(line, err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo(_say("aborted"), err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo(_say("interrupted"), err=True)
        sys.exit(130)
    except OSError as exc:
        if exc.errno not in _IO_ERRORS:
            _internal(exc)
        # the machine refused (disk full, read-only, no permission): say what and where
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"{_say('error')}{where}{exc.strerror or exc}", err=True)
        click.echo(_say("kept"), err=True)
        sys.exit(74)  # EX_IOERR
    except Exception as exc:  # a bug, not bad input: say so briefly unless asked for details
        _internal(exc)


def _internal(exc: BaseException) -> None:
    """Report a bug briefly (or raise it with PNP_DEBUG=1) and exit 70."""
    import os

    if os.environ.get("PNP_DEBUG"):
        raise exc
    what = f"{type(exc).__name__}: {exc}"
    click.echo(f"{_say('error')}{_say('internal', what=what)}", err=True)
    sys.exit(70)
