"""Shared pieces of the table commands: common options, output, extra options, the session table.

Every table command takes ``--session``, ``--json``, ``--lang`` and ``--data-dir`` (the folder
of sessions; ``PNP_DATA_DIR`` otherwise); :func:`act` records one event
and prints it in the chosen language, :func:`show` prints any other answer of the table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..errors import UsageError, printable, printable_json
from ..locale import _
from .clicklang import lang_option

if TYPE_CHECKING:
    from ..companion.answer import Answer

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
            said = _("unexpected argument {arg!r}; options look like --name VALUE")
            raise UsageError(said.format(arg=arg))
        name, eq, value = arg[2:].partition("=")
        if not eq and i + 1 < len(args) and not args[i + 1].startswith("--"):
            value = args[i + 1]
            i += 1
        out[name] = value
        i += 1
    return out


def show(answer: Answer, as_json: bool) -> None:
    """Print an answer: its notices on standard error, then its data or its lines."""
    for line in answer.notices:
        click.echo(printable(line), err=True)
    out(as_json, answer.data, answer.lines)


def act(
    verb: str,
    opts: dict[str, Any],
    keys: dict[str, str] | None = None,
    optional: tuple[str, ...] = (),
) -> None:
    """Take one action at the table with a :func:`move` command's options and print its events
    (one JSON object per event with ``--json``). ``keys`` renames options to the action's
    argument names; an ``optional`` argument left empty is not passed at all."""
    from ..companion import ask_session

    force = opts.pop("force", False)
    session_path, as_json, lang = opts.pop("session_path"), opts.pop("as_json"), opts.pop("lang")
    args = {(keys or {}).get(k, k): v for k, v in opts.items()}
    for key in optional:
        if not args.get(key):
            args.pop(key, None)
    answer = ask_session.act(session_path, verb, args, lang, force=force)
    if as_json:
        for line in answer.notices:
            click.echo(printable(line), err=True)
        for event in answer.data["events"]:
            out(True, event, [])
    else:
        show(answer, False)
