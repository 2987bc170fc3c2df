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
from ..locale import N_, _

# command name -> (module, attribute, one-line help shown in `pnp --help`)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "build": ("generator.cli.print_cmds", "build", N_("Build print-and-play PDFs for games.")),
    "check": (
        "generator.cli.print_cmds",
        "check",
        N_("Validate game content; report every problem."),
    ),
    "schema": (
        "generator.cli.print_cmds",
        "schema",
        N_("Write JSON Schemas for editor completion."),
    ),
    "preview": (
        "generator.cli.print_cmds",
        "preview",
        N_("Write PNG previews of items and a contact sheet."),
    ),
    "icons": (
        "generator.cli.print_cmds",
        "icons",
        N_("List the icon names usable in layouts and text."),
    ),
    "rules": ("generator.cli.rules_cmds", "rules", N_("Build and check translated rule sheets.")),
    "export": ("generator.cli.export_cmds", "export", N_("Export a game for Tabletop Simulator.")),
    "new": ("generator.cli.edit_cmds", "new", N_("Create a working game folder from a starter.")),
    "watch": ("generator.cli.edit_cmds", "watch", N_("Rebuild PDFs and previews on each edit.")),
    "roll": (
        "generator.cli.table_cmds",
        "roll",
        N_("Roll dice: 2d6, 4d6kh3, 6d6>=5, GAME:ROLL."),
    ),
    "session": (
        "generator.cli.table_cmds",
        "session",
        N_("Start, reveal and verify table sessions."),
    ),
    "fate": (
        "generator.cli.table_cmds",
        "fate",
        N_("Draw from a game's bag of tiles (fate pool)."),
    ),
    "deck": ("generator.cli.table_cmds", "deck", N_("Draw from a game's decks.")),
    "score": ("generator.cli.table_cmds", "score", N_("Keep and compute scores.")),
    "undo": ("generator.cli.table_cmds", "undo", N_("Undo the last event of the session.")),
    "log": ("generator.cli.table_cmds", "log", N_("Show the session's event log.")),
    "status": ("generator.cli.table_cmds", "status", N_("Show the session's state.")),
    "play": (
        "generator.cli.table_cmds",
        "play",
        N_("Interactive table prompt with history and completion."),
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
        module_name, attr, _help = entry
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return None
            raise
        return getattr(module, attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands with their short help, without importing them."""
        rows = [(name, _(COMMANDS[name][2])) for name in self.list_commands(ctx)]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


def _version(ctx: click.Context, value: bool) -> None:
    """``pnp --version``: the version in the run's language, then exit."""
    if value and not ctx.resilient_parsing:
        click.echo(_("{prog}, version {version}").format(prog="pnp", version=__version__))
        ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=lambda ctx, param, value: _version(ctx, value),
    help=N_("Show the version and exit."),
)
@click.option(
    "--lang",
    default=None,
    expose_value=False,
    help=N_("Language of the messages: en, zh-Hant or zh-Hans (default: the locale)."),
)
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


def run(argv: list[str] | None = None) -> Any:
    """Run the click group in the table's language (:mod:`generator.cli.clicklang`)."""
    from .clicklang import speaking

    with speaking(sys.argv[1:] if argv is None else list(argv)):
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
        click.echo(_("Aborted."), err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo(_("Interrupted."), err=True)
        sys.exit(130)
    except OSError as exc:
        if exc.errno not in _IO_ERRORS:
            _internal(exc)
        # the machine refused (disk full, read-only, no permission): say what and where
        why = exc.strerror or str(exc)
        said = _("{path}: {why}").format(path=exc.filename, why=why) if exc.filename else why
        click.echo(_("Error: {message}").format(message=said), err=True)
        click.echo(
            _("Each file is replaced only once written whole: the earlier ones are unchanged."),
            err=True,
        )
        sys.exit(74)  # EX_IOERR
    except Exception as exc:  # a bug, not bad input: say so briefly unless asked for details
        _internal(exc)


def _internal(exc: BaseException) -> None:
    """Report a bug briefly (or raise it with PNP_DEBUG=1) and exit 70."""
    import os

    if os.environ.get("PNP_DEBUG"):
        raise exc
    what = f"{type(exc).__name__}: {exc}"
    said = _("internal error: {what} (run with PNP_DEBUG=1 for details)").format(what=what)
    click.echo(_("Error: {message}").format(message=said), err=True)
    sys.exit(70)
