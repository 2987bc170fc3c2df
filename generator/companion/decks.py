"""Decks at the table: plain decks, decks whose cards carry numbers, and decks of units.

A deck's draw pile is an unordered list (kept sorted): drawing picks one card at random from it,
which is the same as drawing the top of a shuffled deck but never writes the future order into
the log. A deck reshuffles its discard when the pile runs out (adding the cards that join at the
first reshuffle) and ends the game when a card that ends it is drawn; a deck with ``positions``
reads one of a drawn card's numbers. Players' hands (who may draw from a deck, hand limits shared
by decks, opening deals and cards put back) are :mod:`.hands`. A deck with ``modes`` holds each player's unit cards
and plays a turn in one of the game's modes, each finding the next card in one of three ways
(random, queue, choose), with reserved cards per player per turn (their steps:
:mod:`generator.companion.activation`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from ..locale import _
from .errtext import TableError
from .rng import Source

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import DeckState, Outcome

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import DeckSpec


def card_id(instance: str) -> str:
    """The card id of a card copy (``id#2`` -> ``id``)."""
    return instance.split("#", 1)[0]


def _instances(card: dict[str, object]) -> list[str]:
    """The copies of a card in a deck: its id, or ``id#1``, ``id#2`` ... for several."""
    qty, cid = card.get("qty", 1), str(card["id"])
    count = qty if isinstance(qty, int) else 1  # a whole number: checked when the deck loads
    return [cid if count == 1 else f"{cid}#{i + 1}" for i in range(count)]


def initial(deck: DeckSpec, cards: list[dict[str, object]]) -> DeckState:
    """State at the start: pile, discard, cards set aside until the first reshuffle."""
    pile: list[str] = []
    aside: list[str] = []
    for card in cards:
        names = _instances(card)
        if card["id"] in deck.join_at_reshuffle:
            aside.extend(names)
        elif card["id"] in deck.leave_out or card.get("kind") in deck.leave_out:
            continue
        else:
            pile.extend(names)
    state: DeckState = {
        "pile": sorted(pile),
        "discard": [],
        "aside": sorted(aside),
        "out": [],
        "reshuffles": 0,
        "over": False,
        "hands": {},
    }
    if deck.modes:
        # printed unit cards with an owner (one roster per army) are in play from the start
        owners = {i: str(c["owner"]) for c in cards if c.get("owner") for i in _instances(c)}
        state.update(
            {
                "pile": [],
                "owners": owners,
                "mode": None,
                "queues": {},
                "reserve": {},
                "reserved_this_turn": [],
                "last": None,
                "removed": [],
            }
        )
    return state


def draw(deck: DeckSpec, state: DeckState, source: Source) -> Outcome:
    """Pick one card from the pile (reshuffling the discard first when the pile is empty)."""
    if state["over"]:
        raise TableError(_("the game is over: a card that ends it was drawn"))
    reshuffle = False
    size = len(state["pile"])
    if size == 0:
        if not deck.reshuffle or not (state["discard"] or state["aside"]):
            raise TableError(_("the deck is empty"))
        reshuffle = True
        size = len(state["discard"]) + (len(state["aside"]) if state["reshuffles"] == 0 else 0)
    index = source.below(size)
    return {"index": index, "reshuffle": reshuffle}


def take(pile: list[str], index: int) -> str:
    """The card at ``index`` of ``pile``, taken out; a logged index past the pile's end is a
    ValueError that says so (the log was written for another pile)."""
    if not 0 <= index < len(pile):
        raise ValueError(
            _("the log draws card {index} of a pile of {count}").format(
                index=index, count=len(pile)
            )
        )
    return pile.pop(index)


def apply_draw(
    deck: DeckSpec,
    state: DeckState,
    out: Outcome,
    cards: dict[str, dict[str, object]],
    to: Literal["out", "discard"],
) -> dict[str, Any]:
    """Move the drawn card to ``to`` (discard or out, i.e. a hand); report what it does."""
    if out["reshuffle"]:
        joined = state["aside"] if state["reshuffles"] == 0 else []
        state["pile"] = sorted(state["discard"] + joined)
        state["discard"] = []
        if joined:
            state["aside"] = []
        state["reshuffles"] += 1
    card = take(state["pile"], out["index"])
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
    deck: DeckSpec, fx: dict[str, Any], cards: dict[str, dict[str, object]], position: int
) -> dict[str, object]:
    """Read the number at ``position`` (1-based) of the card just drawn."""
    numbers = cards.get(card_id(fx["card"]), {}).get("numbers")
    if isinstance(numbers, list) and numbers:
        fx["number"] = numbers[position - 1]
    fx["position"] = position
    return fx


def check_position(deck: DeckSpec, position: int) -> None:
    """Refuse a position outside the deck's numbered positions (any, when its cards carry none)."""
    if deck.positions is None:
        raise TableError(_("the cards of this deck carry no numbers"))
    if not 1 <= position <= deck.positions:
        raise TableError(_("position must be 1..{limit}"), limit=deck.positions)


def name_key(cards: dict[str, dict[str, object]], instance: str) -> str:
    """A card's name independent of language (the English name, else the id)."""
    name = cards.get(card_id(instance), {}).get("name")
    if isinstance(name, dict):
        name = name.get("en") or next(iter(name.values()), None)
    return str(name or card_id(instance))


def all_names(cards: dict[str, dict[str, object]], instance: str) -> set[str]:
    """Every way a card may be named: its id, instance and its name in each language."""
    name = cards.get(card_id(instance), {}).get("name")
    names = {card_id(instance), instance}
    if isinstance(name, dict):
        names |= {str(v) for v in name.values() if v}
    elif name:
        names.add(str(name))
    return {n.casefold() for n in names}


def to_hand(
    state: DeckState, cards: dict[str, dict[str, object]], player: str, instance: str
) -> int:
    """Put a drawn card in a player's hand; its number among same-named cards there (1, 2, ...)."""
    hand = state.setdefault("hands", {}).setdefault(player, [])
    key = name_key(cards, instance)
    used = {n for inst, n in hand if name_key(cards, inst) == key}
    n = next(k for k in range(1, len(hand) + 2) if k not in used)
    hand.append([instance, n])
    return n


def find_in_hands(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> tuple[str, int]:
    """(player, index in hand) of the card shown as ``shown`` ("Army", "Army (2)" or an id)."""
    hands = state.get("hands", {})
    base, n_wanted = shown.strip(), 1
    if base.endswith(")") and " (" in base:
        head, _open, tail = base[:-1].rpartition(" (")
        if tail.isdigit():
            base, n_wanted = head, int(tail)
    want = base.casefold()
    found: list[tuple[str, int]] = []
    for who, hand in hands.items():
        if player is not None and who != player:
            continue
        for k, (inst, n) in enumerate(hand):
            if want in all_names(cards, inst) and (n == n_wanted or want == inst.casefold()):
                found.append((who, k))
    if not found:
        if player is not None:
            raise TableError(_("{card!r} is not in {player}'s hand"), card=shown, player=player)
        raise TableError(_("{card!r} is not in anyone's hand"), card=shown)
    owners = sorted({who for who, _card in found})
    if len(owners) > 1:
        raise TableError(
            _("{card!r} is in more than one hand ({known}): say whose with --player"),
            card=shown,
            known=", ".join(owners),
        )
    return found[0]


def take_from_hand(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> str:
    """A card out of the hand that holds it (and out of play); returns the card instance."""
    who, k = find_in_hands(state, cards, shown, player)
    instance, _number = state["hands"][who].pop(k)
    if instance in state["out"]:
        state["out"].remove(instance)
    return str(instance)


def discard(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> str:
    """A card from a hand goes to the discard pile; returns the card instance."""
    instance = take_from_hand(state, cards, shown, player)
    state["discard"].append(instance)
    return instance


def reset(state: DeckState) -> None:
    """Gather every card back into the pile (a plain deck's new day)."""
    laid = [c for cards in (state.get("play") or {}).values() for c in cards]
    state["pile"] = sorted(state["pile"] + state["discard"] + state["out"] + laid)
    state["discard"], state["out"], state["hands"] = [], [], {}
    if "play" in state:
        state["play"] = {}


# A deck with an ``owner`` is drawn by that player alone (a side's own story deck). A hand of
# ``table.yaml``'s ``hands:`` counts the cards a player holds from several decks against one
# limit: past it the player is told to discard down (``over: discard``) or the draw is refused
# (``over: refuse``). An opening deal (``deal:``) puts back each card of a kind the rules redraw
# (``deal_redraw``) and deals another in its place, in one event, so the log replays it exactly.


# ---------------------------------------------------------------- activation decks


def unit_name(instance: str) -> str:
    """The shown name of a unit card (identical names are told apart by ``#2``, ``#3`` inside)."""
    return instance.split("#", 1)[0]


def act_add(state: DeckState, player: str, units: list[str]) -> list[str]:
    """Add unit cards (identical names allowed, within and across players); their instances."""
    added = []
    for unit in units:
        if "#" in unit or not unit.strip():
            raise TableError(_("{unit!r}: a unit name may not be empty or contain '#'"), unit=unit)
        instance, k = unit, 1
        while instance in state["owners"]:
            k += 1
            instance = f"{unit}#{k}"
        state["owners"][instance] = player
        added.append(instance)
    return added


def act_turn(
    state: DeckState,
    mode: str,
    way: str,
    order: dict[str, list[str]],
    names: Callable[[str, str], bool] | None = None,
    who: Callable[[str], str] = str,
) -> None:
    """Start a turn in ``mode``, whose cards are found the ``way`` it says: random mixes every
    card into one pile; queue keeps each player's order (a unit given by any name ``names``
    accepts for it, else as added); choose leaves each player's cards in hand. ``who`` names
    a player in a message."""
    live = [u for u in state["owners"] if u not in state["removed"]]
    state["mode"] = mode
    state["reserve"] = {}
    state["reserved_this_turn"] = []
    state["last"] = None
    state.pop("pending", None)
    state.pop("pending_by", None)
    state.pop("next", None)
    state["pile"] = sorted(live) if way == "random" else []
    state["discard"] = []
    state["queues"] = {}
    if way == "queue":
        for player in sorted(set(state["owners"].values())):
            own = [u for u in live if state["owners"][u] == player]
            wanted: list[str] = []
            for name in order.get(player) or []:
                match = [
                    u
                    for u in own
                    if (names(u, name) if names else unit_name(u) == name) and u not in wanted
                ]
                if not match:
                    raise TableError(
                        _("{player} has no unit {unit!r} left to order"),
                        player=who(player),
                        unit=name,
                    )
                wanted.append(match[0])
            state["queues"][player] = wanted + [u for u in own if u not in wanted]
    elif way == "choose":
        state["queues"] = {
            p: sorted(u for u in live if state["owners"][u] == p)
            for p in set(state["owners"].values())
        }


def act_reserve(
    state: DeckState,
    way: str,
    player: str,
    per_turn: int,
    who: Callable[[str], str] = str,
    mode_name: str = "",
) -> str:
    """The card the player may put in reserve now (checks the per-turn limit); ``who`` names a
    player in a message, ``mode_name`` is the turn's mode as the players read it."""
    if per_turn == 0:
        raise TableError(_("the cards of this deck are never put in reserve"))
    if state["reserved_this_turn"].count(player) >= per_turn:
        raise TableError(
            _("{player} has already reserved a card this turn (at most {limit})"),
            player=who(player),
            limit=per_turn,
        )
    if way == "random":
        last = state["last"]
        if not last or state["owners"].get(last) != player:
            raise TableError(
                _("in {mode} only the card just drawn, if it is your own, can be reserved"),
                mode=mode_name,
            )
        return str(last)
    queue = state["queues"].get(player) or []
    if way != "queue" or not queue:
        raise TableError(_("{player} has no card to reserve"), player=who(player))
    return str(queue[0])
