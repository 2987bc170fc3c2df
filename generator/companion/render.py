"""Turning events and state into sentences in the players' language.

One function per event type, chosen from a table; game terms go through :class:`Terms` so the
glossary's wording is used where it has the term. The sentences are kept by subject: bags and
tracks in :mod:`.render_bags`, decks and units in :mod:`.render_decks`, the names they use in
:mod:`.render_names`; rolls, turns, the score pad, undo, reveal and migration are here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ..locale import N_, _
from .game import TableGame, round_order
from .i18n import Terms, event_name, message, pick, said
from .render_bags import _track_lines, fate_add, fate_draw, fate_stop, track_move
from .render_decks import (
    act_add,
    act_card,
    act_remove,
    act_reserve,
    act_turn,
    deck_deal,
    deck_discard,
    deck_draw,
    deck_reset,
    deck_return,
)
from .render_names import (
    _bag_name,
    _card_name,
    _deck_name,
    _listing,
    _unit,
    die_name,
    named_dice,
)

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import Event, TurnState

# the names the table's other views use, importable from here as before
__all__ = [
    "RENDER",
    "_bag_name",
    "_card_name",
    "_deck_name",
    "_listing",
    "_unit",
    "die_name",
    "event_lines",
    "named_dice",
    "phase_lines",
    "turn_now_lines",
]


def turn_next(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for the next phase of the turn: which turn and phase, and what the players do."""
    fx = e["fx"]
    moved = _track_lines(game, terms, fx["moved"]) if fx.get("moved") else []
    return [*moved, *phase_lines(game, terms, fx["n"], fx["phase"], fx.get("player"))]


def phase_lines(
    game: TableGame, terms: Terms, n: int, k: int, player: str | None = None
) -> list[str]:
    """A phase of the game's turn in words: its number (the round and whose turn it is, where
    each player takes the whole turn in order) and name, then what is done in it."""
    phases = game.spec.turn
    phase = phases[k]
    where = dict(n=n, k=k + 1, total=len(phases), phase=pick(phase.name, terms.lang))
    if not game.in_rounds():
        head = said(terms.lang, N_("Turn {n}, phase {k} of {total}: {phase}."), **where)
    elif player:
        head = said(
            terms.lang,
            N_("Round {n}, {player}'s turn, phase {k} of {total}: {phase}."),
            player=terms.name(player),
            **where,
        )
    else:
        head = said(terms.lang, N_("Round {n}, phase {k} of {total}: {phase}."), **where)
    lines = [head]
    does = pick(phase.does, terms.lang)
    if does:
        lines.append(f"  {does}")
    return lines


def turn_now_lines(
    game: TableGame, terms: Terms, now: TurnState, players: list[str] | tuple[str, ...]
) -> list[str]:
    """The phase the table is in now (``now`` as the state keeps it), naming whose turn it is
    where each player takes the whole turn in order."""
    first = now.get("first")
    player = game.whose_turn(now, players)
    lines = phase_lines(game, terms, int(now["n"]), int(now["phase"]), player)
    if first is not None and game.in_rounds() and players:
        lines.append(_first_line(terms, round_order(players, int(first))))
    return lines


def _first_line(terms: Terms, order: list[str]) -> str:
    """The round order set by a first-player roll, its winner first."""
    return said(
        terms.lang,
        N_("{player} won the first-player roll: each round goes {order}."),
        player=terms.name(order[0]),
        order=_listing([terms.name(p) for p in order], terms.lang),
    )


def turn_first(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a first player set: the round order and whose turn it is now."""
    fx = e["fx"]
    now = phase_lines(game, terms, fx["n"], fx["phase"], fx.get("player"))
    return [_first_line(terms, list(fx["order"])), *now]


def pad_add(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for points written on the score pad."""
    fx = {**e["fx"], "player": terms.name(e["fx"]["player"]), "points": f"{e['fx']['points']:+d}"}
    return [message(_("{player} {points} (round {round}); total {total}."), **fx)]


def roll(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a dice roll, with the game's dice named."""
    return [named_dice(game, terms, e["out"]["text"], e["out"].get("labels") or [])]


def undo(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for an undone event."""
    target = e["fx"]["undone"]
    kind = event_name(str(target["type"]))
    return [message(_("Undid event {seq} ({type})."), seq=target["seq"], type=kind)]


def reveal(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a revealed session secret."""
    return [message(_("Secret seed: {secret}"), secret=e["args"]["secret"])]


def migrate(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a session moved to the game's current version."""
    return [
        message(
            _("The session now uses the current content of {game}."), game=game.name(terms.lang)
        )
    ]


RENDER: dict[str, Callable[[TableGame, Terms, Event], list[str]]] = {
    "roll": roll,
    "fate.draw": fate_draw,
    "fate.stop": fate_stop,
    "fate.add": fate_add,
    "deck.draw": deck_draw,
    "deck.discard": deck_discard,
    "deck.reset": deck_reset,
    "deck.deal": deck_deal,
    "deck.return": deck_return,
    "turn.next": turn_next,
    "turn.first": turn_first,
    "act.add": act_add,
    "act.turn": act_turn,
    "act.remove": act_remove,
    "act.draw": act_card,
    "act.play": act_card,
    "act.reserve": act_reserve,
    "track.move": track_move,
    "pad.add": pad_add,
    "undo": undo,
    "reveal": reveal,
    "migrate": migrate,
}


def event_lines(game: TableGame, terms: Terms, event: dict[str, Any]) -> list[str]:
    """An event in sentences in the terms' language; unknown types are shown raw."""
    fn = RENDER.get(event["type"])
    # the log's events are checked (session_events) before they are written and when read
    lines = (
        fn(game, terms, cast("Event", event))
        if fn
        else [f"{event['type']} {event.get('args', {})}"]
    )
    if (event.get("args") or {}).get("force"):
        lines.append(
            said(terms.lang, N_("(made with --force: a house rule overruled the game's rules)"))
        )
    return lines
