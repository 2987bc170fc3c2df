"""Shared pieces of the table commands: common options, output, extra options, the session table.

Every table command takes ``--session``, ``--json``, ``--lang`` and ``--data-dir`` (the folder
of sessions; ``PNP_DATA_DIR`` otherwise); :func:`run` records one event
and prints it in the chosen language.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from ..errors import printable, printable_json
from ..locale import _
from .clicklang import lang_option

EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}


def common(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Add the options every table command shares (--lang, --json, --data-dir, --session)."""
    fn = lang_option(fn)
    fn = click.option("--json", "as_json", is_flag=True, help="Print one JSON object for scripts.")(
        fn
    )
    fn = click.option(
        "--data-dir",
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_set_data_dir,
        help="Folder of sessions, history and the current-session pointer "
        "(default: $PNP_DATA_DIR, else the user's data folder).",
    )(fn)
    return click.option(
        "--session",
        "session_path",
        default=None,
        help="Session file (default: the current session).",
    )(fn)


def move(fn: Callable[..., Any]) -> Callable[..., Any]:
    """:func:`common` and ``--force``: a move the game's turn, phase or hand rules refuse is
    made anyway (a house rule); the log keeps that it was forced."""
    fn = click.option(
        "--force",
        is_flag=True,
        help="Make the move even where the game's turn, phase or hand rules refuse it (a house rule).",
    )(fn)
    return common(fn)


def group_lang(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A hidden ``--lang`` on a group: ``pnp deck --lang zh-Hant --help`` speaks it (see
    :mod:`generator.cli.clicklang`), and the group's commands take it as their default."""
    return click.option(
        "--lang",
        default=None,
        hidden=True,
        expose_value=False,
        is_eager=True,
        callback=_pass_lang,
    )(fn)


def _pass_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value:
        ctx.default_map = {name: {"lang": value} for name in getattr(ctx.command, "commands", {})}


def _set_data_dir(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--data-dir DIR`` stands for ``PNP_DATA_DIR=DIR`` for this command."""
    if value:
        import os

        os.environ["PNP_DATA_DIR"] = value


def out(as_json: bool, obj: dict[str, Any], lines: list[str]) -> None:
    """Print ``obj`` as one JSON line, or ``lines`` as text."""
    if as_json:
        click.echo(printable_json(json.dumps(obj, ensure_ascii=False, sort_keys=True)))
    else:
        for line in lines:
            click.echo(printable(line))


def extra(args: list[str]) -> dict[str, str]:
    """``--strength 4 --target=6 --end-of-turn`` -> {"strength": "4", "target": "6", "end-of-turn": ""}."""
    out: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) < 3:
            from ..companion.errtext import TableError

            raise TableError(
                _("unexpected argument {arg!r}; options look like --name VALUE"), arg=arg
            )
        name, eq, value = arg[2:].partition("=")
        if not eq and i + 1 < len(args) and not args[i + 1].startswith("--"):
            value = args[i + 1]
            i += 1
        out[name] = value
        i += 1
    return out


def table_of(session_path: str | None) -> Any:
    """The table of a session file, or of the current session."""
    from .table_actions import table_of as open_table

    return open_table(session_path)


def terms_of(table: Any, lang: str | None) -> Any:
    """The glossary terms of the table's game in a language."""
    from .table_actions import terms_of as terms

    return terms(table, lang)


def run(
    session_path: str | None,
    verb: str,
    args: dict[str, Any],
    as_json: bool,
    lang: str | None,
    force: bool = False,
) -> list[dict[str, Any]]:
    """Take one action at the table, print each of its events (as the table sees it; notes to
    stderr) and return the events."""
    from .table_actions import run_event

    shown, lines, said = run_event(session_path, verb, args, lang, force=force)
    for line in said:
        click.echo(printable(line), err=True)
    events = shown["events"] if "events" in shown and "type" not in shown else [shown]
    if as_json:
        for event in events:
            out(True, event, [])
    else:
        out(False, {}, lines)
    return events


def announce(table: Any, lang: str) -> None:
    """Tell the players, on standard error, of a repaired log tail and of edited content."""
    from .table_actions import notices

    for line in notices(table, lang):
        click.echo(printable(line), err=True)
