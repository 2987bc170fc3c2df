"""The roll's one entry: roll a dice expression or a game's named roll, recorded when a session
is on (:func:`roll`).

Deciding what to roll and whether to record it happens here: ``2d6`` with no session (or with
``--seed``/``--no-session``) rolls with the dice modules alone; a roll naming a game
(``GAME:ROLL``, ``d[GAME:DIE]``) or made while a session is on goes through
:mod:`generator.companion.rolling`, which loads the game. This module imports only the light
dice side, so ``pnp roll 2d6`` starts quickly.
"""

from __future__ import annotations

from ..locale import _
from .answer import Answer
from .dice_roll import content_die, is_named
from .dice_roll import roll as roll_dice
from .errtext import TableError
from .paths import current_session, data_dir, has_current_session
from .rng import SystemSource, seeded

__all__ = ["Answer", "data_dir", "roll"]


def roll(
    expr: str,
    params: dict[str, str],
    seed: int | None = None,
    no_session: bool = False,
    session_path: str | None = None,
) -> Answer:
    """Roll ``expr`` (a dice expression or a game's named roll, with its ``params``), recorded
    in the session (``session_path``, else the current one) unless ``no_session`` or ``seed``."""
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
        data = roll_dice(expr, seeded(seed) if seed is not None else SystemSource()).to_json()
        return Answer(data, [data["text"]], lost)
    # deferred: the game's side (content models, msgspec, the session store) costs some tens of
    # milliseconds at start-up, which a plain ``pnp roll 2d6`` never needs
    from .rolling import roll_with_content

    data, lines, said = roll_with_content(
        expr, game_name, named, params, seed, use_session, session_path
    )
    return Answer(data, lines, [*lost, *said])
