"""The steps of an activation deck (Rag'narok): add units, start a turn, draw, reserve, play, remove.

Called by :mod:`generator.companion.ops` with the deck's spec and state (loaded only when an
activation deck is played, so a plain roll or draw never imports it). Who acts next
is told with each card: in marauder mode the owner of a revealed card is the active player and
the player after him draws next; in sequence mode the player after the one who acted. A reserved
card is secret to its owner (told to everyone as "a card"); it is chosen instead of revealing in
sequence mode and, in marauder mode, only from one's own card just drawn by oneself. A unit
removed as destroyed never activates again, from the deck or from a reserve; a new turn does not
start over a reserve still to be played.
"""

from __future__ import annotations

from typing import Any

from ..locale import N_
from . import decks
from .errtext import TableError
from .rng import Source


def players(state: dict[str, Any]) -> list[str]:
    """The deck's players, in the order they take turns."""
    return sorted(set(state["owners"].values()))


def has_more(state: dict[str, Any], player: str) -> bool:
    """Whether a player still has a card to reveal or a reserve to play this turn."""
    if state["reserve"].get(player):
        return True
    if state["mode"] == "marauder":
        return any(state["owners"].get(u) == player for u in state["pile"])
    return bool(state["queues"].get(player))


def after(state: dict[str, Any], player: str | None) -> str | None:
    """Who acts after ``player``: marauder: the next player draws; else the next with cards left."""
    order = players(state)
    if player not in order:
        return None
    if state["mode"] == "marauder":
        if not state["pile"] and not any(state["reserve"].values()):
            return None
        return order[(order.index(player) + 1) % len(order)]
    k = order.index(player)
    for step in range(1, len(order) + 1):
        other = order[(k + step) % len(order)]
        if has_more(state, other):
            return other
    return None


def add(state: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """Add a player's units to the deck; the units added."""
    return {"added": decks.act_add(state, args["player"], args["units"])}


def turn(spec: Any, state: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """Start a turn in one of the deck's modes; refused while a reserve is still to be played."""
    if args["mode"] not in spec.modes:
        raise TableError("act.mode", known=", ".join(spec.modes))
    waiting = sorted(p for p, cards in (state.get("reserve") or {}).items() if cards)
    if waiting and state.get("mode") is not None:
        raise TableError(
            N_("{players} must still play the reserved card before the turn ends"),
            players=", ".join(waiting),
        )
    decks.act_turn(state, args["mode"], args.get("order") or {})
    return {}


def draw(state: dict[str, Any], args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step: pick a random card (marauder) or check the player's queue (sequence)."""
    mode = state["mode"]
    if mode is None:
        raise TableError("act.no_turn")
    if mode == "marauder":
        if not state["pile"]:
            waiting = sorted(p for p, cards in state["reserve"].items() if cards)
            if waiting:
                raise TableError(
                    N_("the deck is empty: {players} must now play the reserved card"),
                    players=", ".join(waiting),
                )
            raise TableError("act.empty")
        return {"index": source.below(len(state["pile"]))}
    if mode == "sequence":
        player = args.get("player")
        if not player:
            raise TableError("act.whose")
        if player not in state["queues"]:
            raise TableError("act.no_player", player=player, known=", ".join(state["queues"]))
        if not state["queues"][player]:
            reserve = state["reserve"].get(player) or []
            raise TableError(
                "act.none_left" if not reserve else "act.none_left_reserve", player=player
            )
        return {}
    raise TableError("act.barbarian")


def apply_draw(
    spec: Any, state: dict[str, Any], args: dict[str, Any], out: dict[str, Any]
) -> dict[str, Any]:
    """Apply a logged draw; the card, its owner, whether it may be reserved and who acts next."""
    if state["mode"] == "marauder":
        card = decks.take(state["pile"], out["index"])
    else:
        card = state["queues"][args["player"]].pop(0)
    owner = state["owners"].get(card)
    drawer = args.get("player")
    state["last"] = card
    if drawer:
        state["drawn_by"] = drawer
    else:
        state.pop("drawn_by", None)
    state["discard"].append(card)
    removed = card in state["removed"]
    may_reserve = (
        state["mode"] == "marauder"
        and not removed
        and owner is not None
        and drawer in (None, owner)
        and state["reserved_this_turn"].count(owner) < spec.reserve_per_turn
    )
    fx = {"card": card, "owner": owner, "removed": removed, "may_reserve": may_reserve}
    if drawer:
        fx["drawer"] = drawer
    fx["next"] = after(state, owner if not removed else drawer or owner)
    return fx


def reserve(spec: Any, state: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """Put a card in reserve (face down); its owner, the card and who is next."""
    player = args["player"]
    drawer = state.get("drawn_by")
    if state["mode"] == "marauder" and drawer and drawer != player:
        raise TableError(N_("{player} may reserve only a card {player} drew"),
                         player=player)  # fmt: skip
    if state["mode"] == "sequence" and state.get("last") and drawer == player:
        others = [p for p in players(state) if p != player and has_more(state, p)]
        if others:
            raise TableError(
                N_("{player} revealed a card this go: a reserve is chosen instead of revealing"),
                player=player,
            )
    card = decks.act_reserve(state, player, spec.reserve_per_turn)
    if state["mode"] == "marauder":
        state["discard"].remove(card)
    else:
        state["queues"][player].pop(0)
    state["reserve"].setdefault(player, []).append(card)
    state["reserved_this_turn"].append(player)
    state["last"] = None
    state.pop("drawn_by", None)
    return {"owner": player, "card": card, "next": after(state, player)}


def _is_unit(cards: dict[str, Any], instance: str, named: str) -> bool:
    """Whether a player's words name this unit card: as added, or a printed card's id or name."""
    if named in (instance, decks.unit_name(instance)):
        return True
    return decks.card_id(instance) in cards and named.casefold() in decks.all_names(cards, instance)


def play(state: dict[str, Any], args: dict[str, Any], cards: dict[str, Any]) -> dict[str, Any]:
    """A player plays a unit from hand (barbarian) or reserve; the card played."""
    player, card = args["player"], args.get("card")
    if state["mode"] == "barbarian" and card:
        hand = state["queues"].get(player) or []
        match = [u for u in hand if _is_unit(cards, u, card)]
        if not match:
            raise TableError("act.no_card", player=player, card=card)
        card = match[0]
        hand.remove(card)
    else:
        reserve = state["reserve"].get(player) or []
        if not reserve:
            raise TableError("act.no_reserve", player=player)
        card = reserve.pop(0)
    state["discard"].append(card)
    state["last"] = None
    state.pop("drawn_by", None)
    removed = card in state["removed"]
    return {
        "card": card,
        "owner": player,
        "removed": removed,
        "may_reserve": False,
        "next": after(state, player),
    }


def remove(state: dict[str, Any], args: dict[str, Any], cards: dict[str, Any]) -> dict[str, Any]:
    """Remove a destroyed unit from the deck and any reserve; the card removed."""
    unit = args["unit"]
    live = [u for u in state["owners"] if u not in state["removed"]]
    match = [u for u in live if _is_unit(cards, u, unit)]
    if args.get("player"):
        match = [u for u in match if state["owners"][u] == args["player"]]
    if not match:
        raise TableError("act.no_unit", unit=unit)
    if len({state["owners"][u] for u in match}) > 1:
        raise TableError("act.shared_unit", unit=unit)
    card = match[0]
    state["removed"].append(card)
    if card in state["pile"]:
        state["pile"].remove(card)
    reserved = False
    for held in state["reserve"].values():
        if card in held:
            held.remove(card)
            reserved = True
    fx: dict[str, Any] = {"card": card}
    if reserved:
        fx["from_reserve"] = True
    return fx
