"""Decks at the table: the card-number generator, plain decks and activation decks.

A deck's draw pile is an unordered list (kept sorted): drawing picks one card at random from it,
which is the same as drawing the top of a shuffled deck but never writes the future order into
the log. ``number`` decks (Barons of Fyn) read one of a card's numbers and discard it, reshuffle
the discard when the pile runs out (adding the cards that join at the first reshuffle), and end
the game when a card that ends it is drawn. ``activation`` decks (Rag'narok) hold each player's
unit cards and follow one of three modes, with one reserved card per player per turn.
"""

from __future__ import annotations

from typing import Any

from ..errors import UsageError
from .rng import Source


def card_id(instance: str) -> str:
    return instance.split("#", 1)[0]


def initial(deck: Any, cards: list[dict[str, Any]]) -> dict[str, Any]:
    """State at the start: pile, discard, cards set aside until the first reshuffle."""
    pile: list[str] = []
    aside: list[str] = []
    for card in cards:
        names = [
            card["id"] if card.get("qty", 1) == 1 else f"{card['id']}#{i + 1}"
            for i in range(card.get("qty", 1))
        ]
        if card["id"] in deck.join_at_reshuffle:
            aside.extend(names)
        elif card["id"] in deck.leave_out or card.get("kind") in deck.leave_out:
            continue
        else:
            pile.extend(names)
    state: dict[str, Any] = {
        "pile": sorted(pile),
        "discard": [],
        "aside": sorted(aside),
        "out": [],
        "reshuffles": 0,
        "over": False,
    }
    if deck.kind == "activation":
        state.update(
            {
                "owners": {},
                "mode": None,
                "queues": {},
                "reserve": {},
                "reserved_this_turn": [],
                "last": None,
                "removed": [],
            }
        )
    return state


def draw(deck: Any, state: dict[str, Any], source: Source) -> dict[str, Any]:
    """Pick one card from the pile (reshuffling the discard first when the pile is empty)."""
    if state["over"]:
        raise UsageError("the game is over: a card that ends it was drawn")
    reshuffle = False
    size = len(state["pile"])
    if size == 0:
        if not deck.reshuffle or not (state["discard"] or state["aside"]):
            raise UsageError("the deck is empty")
        reshuffle = True
        size = len(state["discard"]) + (len(state["aside"]) if state["reshuffles"] == 0 else 0)
    index = source.below(size)
    return {"index": index, "reshuffle": reshuffle}


def apply_draw(
    deck: Any, state: dict[str, Any], out: dict[str, Any], cards: dict[str, dict[str, Any]], to: str
) -> dict[str, Any]:
    """Move the drawn card to ``to`` (discard or out, i.e. a hand); report what it does."""
    if out["reshuffle"]:
        joined = state["aside"] if state["reshuffles"] == 0 else []
        state["pile"] = sorted(state["discard"] + joined)
        state["discard"] = []
        if joined:
            state["aside"] = []
        state["reshuffles"] += 1
    card = state["pile"].pop(out["index"])
    state[to].append(card)
    data = cards.get(card_id(card), {})
    fx: dict[str, Any] = {"card": card, "reshuffled": out["reshuffle"], "kind": data.get("kind")}
    if card_id(card) in deck.ends_game:
        state["over"] = True
        fx["ends_game"] = True
    if data.get("kind") in deck.must_play:
        fx["must_play"] = True
    return fx


def number(
    deck: Any, fx: dict[str, Any], cards: dict[str, dict[str, Any]], position: int
) -> dict[str, Any]:
    """Read the number at ``position`` (1-based) of the card just drawn."""
    numbers = cards.get(card_id(fx["card"]), {}).get("numbers")
    if numbers:
        fx["number"] = numbers[position - 1]
    fx["position"] = position
    return fx


def check_position(deck: Any, position: int) -> None:
    if not 1 <= position <= deck.positions:
        raise UsageError(f"position must be 1..{deck.positions}")


def discard(state: dict[str, Any], card: str) -> None:
    """A card from a hand goes to the discard pile."""
    for instance in state["out"]:
        if instance == card or card_id(instance) == card:
            state["out"].remove(instance)
            state["discard"].append(instance)
            return
    raise UsageError(f"{card!r} is not in anyone's hand")


def reset(state: dict[str, Any]) -> None:
    """Gather every card back into the pile (a plain deck's new day)."""
    state["pile"] = sorted(state["pile"] + state["discard"] + state["out"])
    state["discard"], state["out"] = [], []


# ---------------------------------------------------------------- activation decks


def act_add(state: dict[str, Any], player: str, units: list[str]) -> None:
    for unit in units:
        if unit in state["owners"]:
            raise UsageError(f"{unit!r} already belongs to {state['owners'][unit]}")
        state["owners"][unit] = player


def act_turn(state: dict[str, Any], mode: str, order: dict[str, list[str]]) -> None:
    """Start a turn in ``mode``: marauder mixes every card into one pile; sequence keeps each player's order."""
    live = [u for u in state["owners"] if u not in state["removed"]]
    state["mode"] = mode
    state["reserve"] = {}
    state["reserved_this_turn"] = []
    state["last"] = None
    state["pile"] = sorted(live) if mode == "marauder" else []
    state["discard"] = []
    state["queues"] = {}
    if mode == "sequence":
        for player in sorted(set(state["owners"].values())):
            own = [u for u in live if state["owners"][u] == player]
            wanted = order.get(player) or own
            unknown = [u for u in wanted if u not in own]
            if unknown:
                raise UsageError(f"{player} has no unit {unknown[0]!r}")
            state["queues"][player] = wanted + [u for u in own if u not in wanted]
    elif mode == "barbarian":
        state["queues"] = {
            p: sorted(u for u in live if state["owners"][u] == p)
            for p in set(state["owners"].values())
        }


def act_reserve(state: dict[str, Any], player: str) -> str:
    """The card the player may put in reserve now (checks the once-per-turn rule)."""
    if player in state["reserved_this_turn"]:
        raise UsageError(f"{player} has already reserved a card this turn")
    if state["mode"] == "marauder":
        last = state["last"]
        if not last or state["owners"].get(last) != player:
            raise UsageError(
                "in marauder mode only the card just drawn, if it is your own, can be reserved"
            )
        return last
    queue = state["queues"].get(player) or []
    if state["mode"] != "sequence" or not queue:
        raise UsageError(f"{player} has no card to reserve")
    return queue[0]
