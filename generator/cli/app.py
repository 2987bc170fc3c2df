"""The ``pnp`` click group, whose subcommands are imported only when invoked.

Commands are thin: parse options, call one library function, print its result. Every
:class:`~generator.errors.PnpError` is printed without a traceback and sets the exit code.
Loading subcommands lazily keeps the companion's start-up free of the PDF stack.
"""

from __future__ import annotations

import errno
import gc
import importlib
import sys
from typing import Any, NoReturn

import click

from .. import __version__
from ..errors import PnpError, report
from ..locale import N_, _, use_language

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
    "translate": (
        "generator.cli.translate_cmds",
        "translate",
        N_("Translate a game's texts with gettext catalogues."),
    ),
    "export": (
        "generator.cli.export_cmds",
        "export",
        N_("Export a game for Tabletop Simulator or a print shop."),
    ),
    "preflight": (
        "generator.cli.export_cmds",
        "preflight",
        N_("Check a game's files as a print shop would."),
    ),
    "new": ("generator.cli.edit_cmds", "new", N_("Create a working game folder from a starter.")),
    "watch": ("generator.cli.edit_cmds", "watch", N_("Rebuild PDFs and previews on each edit.")),
    "migrate": (
        "generator.cli.edit_cmds",
        "migrate",
        N_("Rewrite a game written for an earlier pnp in the current format."),
    ),
    "roll": (
        "generator.cli.table_cmds",
        "roll",
        N_("Roll dice: 2d6, 4d6kh3, 6d6>=5, GAME:ROLL."),
    ),
    "odds": (
        "generator.cli.table_cmds",
        "odds",
        N_("Exact odds of a roll or a draw: table, histogram, mean."),
    ),
    "session": (
        "generator.cli.table_cmds",
        "session",
        N_("Start, reveal and verify table sessions."),
    ),
    "fate": (
        "generator.cli.table_play_cmds",
        "fate",
        N_("Draw from a game's bag of tiles (fate pool)."),
    ),
    "deck": ("generator.cli.table_play_cmds", "deck", N_("Draw from a game's decks.")),
    "score": ("generator.cli.table_play_cmds", "score", N_("Keep and compute scores.")),
    "undo": ("generator.cli.table_cmds", "undo", N_("Undo the last event of the session.")),
    "log": ("generator.cli.table_cmds", "log", N_("Show the session's event log.")),
    "status": ("generator.cli.table_cmds", "status", N_("Show the session's state.")),
    "turn": ("generator.cli.table_play_cmds", "turn", N_("Follow a game's turn phase by phase.")),
    "serve": (
        "generator.cli.web_cmds",
        "serve",
        N_("Serve the session as a web page: one view per player."),
    ),
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
        finally:
            loaded()
        return getattr(module, attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands with their short help, without importing them."""
        rows = [(name, _(COMMANDS[name][2])) for name in self.list_commands(ctx)]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


def loaded() -> None:
    """The command line is loaded: the cycle collector, off while it loaded (see
    :func:`generator.cli.entry`), runs again for the command's own work. What the imports made
    goes to the collector's oldest generation first (``gc.freeze`` then ``gc.unfreeze`` move
    objects without walking them), so the next young collection does not walk it all."""
    if not gc.isenabled():
        gc.freeze()
        gc.unfreeze()
        gc.enable()


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
    callback=lambda ctx, param, value: _speak(ctx, param, value),
    help=N_("Language of the messages: en, zh-Hant or zh-Hans (default: the locale)."),
)
def cli() -> None:
    """Print-and-play PDFs, rule sheets and a table companion for board and war games.

    \b
    pnp build                  build every game under content/ into output/
    pnp check GAME             validate a game's YAML and say where each problem is
    pnp roll 3d6               roll dice (see `pnp roll --help` for the notation)
    """


def _speak(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``pnp --lang LANG COMMAND``: refuse a language we do not speak, as a command's does."""
    from .clicklang import speak

    return speak(ctx, param, value)


# errno values that mean the machine refused a file operation, not a bug of ours
_IO_ERRORS = {
    getattr(errno, name)
    for name in (
        *("ENOSPC", "EDQUOT", "EFBIG", "EROFS", "EACCES", "EPERM", "EIO", "EMFILE", "ENFILE"),
        *("ENOTDIR", "EISDIR", "EEXIST", "ENAMETOOLONG", "ELOOP", "EBUSY", "ETXTBSY"),
    )
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
    except (KeyboardInterrupt, Exception) as exc:
        fail(exc, argv)


def fail(
    exc: BaseException, argv: list[str] | None = None, *, detect_language: bool = False
) -> NoReturn:
    """End the run after an error that is not the project's own, with a message and an exit
    code (README, "Exit codes"): 130 interrupted, 74 the machine refused a file operation,
    70 a bug (a report file is written, and its place told)."""
    if detect_language:  # called before the click group chose the run's language
        use_language(_language_of(sys.argv[1:] if argv is None else argv))
    if isinstance(exc, KeyboardInterrupt):
        click.echo(_("Interrupted."), err=True)
        sys.exit(130)
    if isinstance(exc, OSError) and exc.errno in _IO_ERRORS:
        # the machine refused (disk full, read-only, no permission): say what and where
        why = exc.strerror or str(exc)
        said = _("{path}: {why}").format(path=exc.filename, why=why) if exc.filename else why
        click.echo(_("Error: {message}").format(message=said), err=True)
        click.echo(
            _("Each file is replaced only once written whole: the earlier ones are unchanged."),
            err=True,
        )
        sys.exit(74)  # EX_IOERR
    _internal(exc, sys.argv[1:] if argv is None else argv)


def _language_of(argv: list[str]) -> str:
    """The language a command line asks for (``--lang``, else the environment's)."""
    from .clicklang import chosen

    return chosen(argv)


def _internal(exc: BaseException, argv: list[str]) -> NoReturn:
    """Report a bug briefly (or raise it with PNP_DEBUG=1), write a report file, exit 70."""
    import os

    if os.environ.get("PNP_DEBUG"):
        raise exc
    from ..errors import printable

    what = printable(f"{type(exc).__name__}: {exc}")[:500]
    said = _("internal error: {what} (run with PNP_DEBUG=1 for details)").format(what=what)
    click.echo(_("Error: {message}").format(message=said), err=True)
    report = _crash_report(exc, argv)
    if report is not None:
        said = _(
            "A report of what happened was written to {path}; please send it with your bug report."
        )
        click.echo(said.format(path=report), err=True)
    sys.exit(70)


def _crash_report(exc: BaseException, argv: list[str]) -> str | None:
    """Write what is known about an unexpected error to a file; its path, or None."""
    import os
    import platform
    import tempfile
    import time
    import traceback

    from ..companion.ask_roll import data_dir

    text = (
        f"pnp {__version__}, Python {platform.python_version()} on {platform.platform()}\n"
        f"command: pnp {' '.join(argv)}\n\n" + "".join(traceback.format_exception(exc))
    )
    name = f"pnp-error-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    for folder in (os.path.join(data_dir(), "errors"), tempfile.gettempdir()):
        try:
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, name)
            with open(path, "x", encoding="utf-8", errors="replace") as fh:
                fh.write(text)
            return path
        except (OSError, ValueError):
            continue
    return None
