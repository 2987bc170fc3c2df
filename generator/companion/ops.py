"""The table's operations: one *draw* step and one *apply* step per event type.

A draw step asks the random source for outcomes (the only place randomness enters) and refuses
what the rules do not allow; an apply step changes the state from the logged outcomes alone, so
replaying the log rebuilds the state. :data:`OPS` maps each event type to its two steps. The
game-over rules (a track's threshold, a card that ends the game, a deck that runs out) put an
``over`` entry in the state; later draws and moves are refused with what ended the game.

The steps are kept by subject: the fate bags' in :mod:`.ops_bags`, the plain decks' in
:mod:`.ops_decks`, the activating units' in :mod:`.ops_units`, what they share in
:mod:`.ops_base`; rolls, tracks, the score pad, the turn (and who plays first in a round) and
migrations are here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..locale import _
from . import pad, rules
from .dice_roll import roll
from .errtext import TableError
from .game import TableGame, round_order, turn_begun
from .ops_bags import (
    apply_fate_add,
    apply_fate_draw,
    apply_fate_stop,
    only_bag,
    op_fate_add,
    op_fate_draw,
    op_fate_stop,
)
from .ops_base import (
    Apply,
    Op,
    Table,
    _g,
    _named,
    _not_over,
    _track_over,
    apply_nothing,
    op_plain,
    over_note,
)
from .ops_decks import (
    apply_deck_deal,
    apply_deck_discard,
    apply_deck_draw,
    apply_deck_reset,
    apply_deck_return,
    op_deck_deal,
    op_deck_draw,
)
from .ops_units import (
    apply_act_add,
    apply_act_draw,
    apply_act_play,
    apply_act_remove,
    apply_act_reserve,
    apply_act_turn,
    op_act_draw,
    op_act_remove,
)
from .rng import Source
from .tracks import move_track

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import EventArgs, Outcome, TurnState

__all__ = ["OPS", "Apply", "Op", "Table", "only_bag", "over_note"]


def op_roll(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of a dice roll: roll the expression and return its totals, dice and text."""

    result = roll(args["expr"], source, _g(t).faces if t.game else None)
    data = result.to_json()
    return {k: data[k] for k in ("total", "dice", "rolls", "labels", "text")}


def apply_turn_next(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply moving to the next phase of the turn (the first phase of the next turn after the last)."""
    turn = getattr(_g(t).spec, "turn", None)
    if not turn:
        raise TableError(_("{game} has no turn order to follow"), game=_g(t).names())
    now = t.state.setdefault("turn", {"n": 1, "phase": 0})
    seats = max(1, len(_players(t))) if _g(t).in_rounds() else 1
    if now["phase"] + 1 < len(turn):
        now["phase"] += 1
    elif now.get("seat", 0) + 1 < seats:  # the next player's turn in the same round
        now["phase"], now["seat"] = 0, now.get("seat", 0) + 1
    else:
        now["n"], now["phase"] = now["n"] + 1, 0
        if seats > 1:
            now["seat"] = 0
        clock = getattr(_g(t).spec, "turn_track", None)
        if clock:  # the new turn moves its track on, with the track's marks and game over
            moved = apply_track(t, {"track": clock, "by": 1}, out)
            return {"n": now["n"], "phase": now["phase"], "moved": moved, **_seat(t, now)}
    return {"n": now["n"], "phase": now["phase"], **_seat(t, now)}


def _seat(t: Table, now: TurnState) -> dict[str, object]:
    """Whose turn it is, where each player takes the whole turn in order (nothing otherwise)."""
    if not _g(t).in_rounds():
        return {}
    return {"seat": now.get("seat", 0), "player": _g(t).whose_turn(now, _players(t))}


def _players(t: Table) -> list[str]:
    """The players the session was started with, in the order they were named."""
    return list(t.log.header.get("players") or []) if t.log is not None else []


def op_turn_first(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Check a first player: a player of a session played in rounds."""
    game = _g(t)
    if not game.in_rounds() or not getattr(game.spec, "turn", None):
        raise TableError(_("{game} is not played in rounds"), game=game.names())
    players = _players(t)
    if args.get("player") not in players:
        raise TableError(
            _("{player} is not a player of this session (players: {players})"),
            player=str(args.get("player")),
            players=", ".join(players) or "-",
        )
    now: Mapping[str, Any] = t.state.get("turn") or {}
    if turn_begun(now):
        raise TableError(
            _(
                "play has begun: each round still goes {order}; undo back to the first turn to "
                "choose the first player again"
            ),
            order=", ".join(round_order(players, int(now.get("first", 0)))),
        )
    return {}


def apply_turn_first(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a first player: the round order starts with them (whose turn it is follows)."""
    players = _players(t)
    now = t.state.setdefault("turn", {"n": 1, "phase": 0})
    now["first"] = players.index(str(args["player"]))
    order = round_order(players, now["first"])
    return {"order": order, "n": now["n"], "phase": now["phase"], **_seat(t, now)}


def op_track(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of a track move: refuse once the game is over."""
    _not_over(t)
    return {}


def apply_track(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a track move (by a step or to a value); return the move, with any game-over rule it hit."""

    things = {k: (spec.term or k, spec.name) for k, spec in _g(t).spec.tracks.items()}
    tid = _named(t, args, "track", things, _("{game} has no track {name!r} (tracks: {known})"))
    tracks = _g(t).spec.tracks
    if getattr(tracks[tid], "per_player", False):
        if not args.get("player"):
            raise TableError(_("each player has a marker on this track: say whose with --player"))
        own = t.state.setdefault("player_tracks", {}).setdefault(tid, {})
        return {**rules.move_own(tracks[tid], own, str(args["player"]), args.get("by"),
                                 args.get("to")), "track": tid}  # fmt: skip
    move = move_track(tracks[tid], t.state["tracks"], tid, args.get("by"), args.get("to"), tracks)
    _track_over(t, move)
    for then in move.get("then", []):
        _track_over(t, then)
    return move


def apply_pad(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply points to a player's score pad; return the pad entry."""

    return pad.pad_add(t.state, args["player"], args["points"], args.get("round"))


def apply_migrate(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a migration: rebuild the table's game from the logged record."""

    t.game = TableGame.from_record(_g(t).id, _g(t).root, args["record"])
    return {}


# event type -> (draw step, apply step, uses randomness)
OPS: dict[str, tuple[Op, Apply, bool]] = {
    "roll": (op_roll, apply_nothing, True),
    "fate.draw": (op_fate_draw, apply_fate_draw, True),
    "fate.stop": (op_fate_stop, apply_fate_stop, False),
    "fate.add": (op_fate_add, apply_fate_add, False),
    "deck.draw": (op_deck_draw, apply_deck_draw, True),
    "deck.discard": (op_plain, apply_deck_discard, False),
    "deck.reset": (op_plain, apply_deck_reset, False),
    "deck.deal": (op_deck_deal, apply_deck_deal, True),
    "deck.return": (op_plain, apply_deck_return, False),
    "act.add": (op_plain, apply_act_add, False),
    "act.turn": (op_plain, apply_act_turn, False),
    "act.draw": (op_act_draw, apply_act_draw, True),
    "act.reserve": (op_plain, apply_act_reserve, False),
    "act.play": (op_plain, apply_act_play, False),
    "act.remove": (op_act_remove, apply_act_remove, False),
    "turn.next": (op_plain, apply_turn_next, False),
    "turn.first": (op_turn_first, apply_turn_first, False),
    "track.move": (op_track, apply_track, False),
    "pad.add": (op_plain, apply_pad, False),
    "reveal": (op_plain, apply_nothing, False),
    "migrate": (op_plain, apply_migrate, False),
}
