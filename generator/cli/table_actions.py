"""What the table commands do, apart from parsing: one function per command.

Each function opens the session (or the game), does one thing through :mod:`generator.companion`
and returns what to print: the JSON object, the lines in the chosen language, and notices for
standard error (a repaired log, edited content). The click commands parse the command line and
print the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..companion.errtext import TableError
from ..locale import _, current_language

if TYPE_CHECKING:
    Result = tuple[dict[str, Any], list[str], list[str]]


def table_of(session_path: str | None) -> Any:
    """The table of a session file, or of the current session."""
    from ..companion.engine import Table, resolve_session

    return Table(resolve_session(session_path))


def terms_of(table: Any, lang: str | None) -> Any:
    """The glossary terms of the table's game in a language (default: the locale's)."""
    from ..companion.i18n import Terms

    return Terms(table.game.root if table.game else None, current_language(), table.cache)


def notices(table: Any, lang: str) -> list[str]:
    """A repaired log tail and edited content, told for standard error."""
    from ..companion.i18n import message

    said = []
    if table.log is not None and table.log.repaired:
        said.append(message(_("Repaired the log: {what}."), what=table.log.repaired))
    if table.game is not None and table.game.changed:
        said.append(
            message(
                _(
                    "The content of {game} has changed since this session started; it goes on with the pieces recorded then. `pnp session migrate` moves it to the content as it is now."
                ),
                game=table.game.name(lang),
            )
        )
    return said


def run_event(
    session_path: str | None,
    verb: str,
    args: dict[str, Any],
    lang: str | None,
    player: str | None = None,
    force: bool = False,
) -> Result:
    """Take one action at the session's table and tell its events as the table sees them."""
    from ..companion.table import Action, Table

    table = Table.open(session_path)
    done = table.act(Action(verb, args, player=player, force=force))
    lines = [line for event in done.events for line in table.say(event, lang)]
    shown = done.events[0] if len(done.events) == 1 else {"events": done.events}
    return shown, lines, done.notices


def status(session_path: str | None, lang: str | None, player: str | None = None) -> Result:
    """The session as ``player`` (default: the table) may see it: its view, and in words."""
    from ..companion.table import Table

    table = Table.open(session_path)
    shown = table.view(player)
    lines = table.status(player, lang)
    return shown, lines, table.notices()


def roll(
    expr: str,
    params: dict[str, str],
    seed: int | None,
    no_session: bool,
    session_path: str | None,
    lang: str | None,
) -> Result:
    """Roll ``expr`` (a dice expression or a game's named roll), recorded when a session is on."""
    from ..companion.dice_roll import content_die, is_named
    from ..companion.paths import current_session, has_current_session

    game_name, _colon, named = expr.partition(":") if is_named(expr) else ("", "", "")
    needs_game = bool(game_name) or content_die(expr) is not None
    use_session = (
        not no_session and seed is None and (session_path is not None or has_current_session())
    )
    lost: list[str] = []  # the current session's log is gone: the roll is made, not recorded
    if not no_session and seed is None and session_path is None and not use_session:
        gone = current_session()
        if gone is not None:
            gone_said = _(
                "the current session's log {path} is missing: this roll was not recorded "
                "(start one with `pnp session new GAME`)"
            )
            lost.append(gone_said.format(path=gone))
    if not needs_game and not use_session:
        if params:
            raise TableError(
                _("--{param}: only a game's named roll takes options"), param=next(iter(params))
            )
        from ..companion.dice_roll import roll as do_roll
        from ..companion.rng import SystemSource, seeded

        data = do_roll(expr, seeded(seed) if seed is not None else SystemSource()).to_json()
        return data, [data["text"]], lost
    from ..companion.rolling import roll_with_content

    data, lines, said = roll_with_content(
        expr, game_name, named, params, seed, use_session, session_path
    )
    return data, lines, [*lost, *said]
