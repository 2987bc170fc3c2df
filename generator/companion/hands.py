"""Players' hands at the table: who may draw from a deck, hand limits, opening deals, returns.

A deck with an ``owner`` is drawn by that player alone (a side's own story deck). A hand of
``table.yaml``'s ``hands:`` counts the cards a player holds from several decks against one limit:
past it the player is told to discard down (``over: discard``) or the draw is refused
(``over: refuse``). An opening deal (``deal:``) puts back each card of a kind the rules redraw
(``deal_redraw``) and deals another in its place, in one event, so the log replays it exactly.
A card returned from a hand goes back into the deck's draw pile.
"""

from __future__ import annotations

import copy

from ..locale import N_
from . import decks
from .errtext import TableError
from .rng import Source

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .engine import Table


# the most cards one deal may look at (redrawn cards included) before giving up
MAX_DEAL_DRAWS = 1000


def drawer(spec: Any, args: dict[str, Any]) -> str | None:
    """Who draws: the named player, else the deck's one owner; refuses another player."""
    owner = getattr(spec, "owner", None)
    player = args.get("player") or owner
    if owner is not None and player != owner:
        raise TableError(
            N_("only {owner} draws from the {deck}"), owner=owner, deck=spec.name or args["deck"]
        )
    return player


def groups_of(game: Any, deck_id: str) -> list[tuple[str, Any]]:
    """The hands (id, spec) that count this deck's cards."""
    return [(hid, h) for hid, h in (getattr(game.spec, "hands", None) or {}).items()
            if deck_id in h.decks]  # fmt: skip


def held(state: dict[str, Any], hand: Any, player: str) -> int:
    """Cards a player holds in a hand, from every deck it counts."""
    return sum(len(state["decks"][d].get("hands", {}).get(player, [])) for d in hand.decks)


def check_room(game: Any, state: dict[str, Any], deck_id: str, player: str) -> None:
    """Refuse a draw into a hand whose limit refuses draws past it."""
    for _, hand in groups_of(game, deck_id):
        count = held(state, hand, player)
        if hand.over == "refuse" and count >= hand.limit:
            raise TableError("deck.hand_full", player=player, held=count, limit=hand.limit)


def over_limit(game: Any, state: dict[str, Any], deck_id: str, player: str) -> dict[str, Any]:
    """The first hand the player now holds too many cards in: {hand, held, limit}, or {}."""
    for hid, hand in groups_of(game, deck_id):
        count = held(state, hand, player)
        if count > hand.limit:
            return {"hand": hid, "held": count, "limit": hand.limit}
    return {}


def missing(state: dict[str, Any], deck_id: str, player: str, limit: int) -> tuple[int, int]:
    """(cards to draw to bring the player's hand from this deck up to ``limit``, cards held)."""
    decks_state = state.get("decks", {})
    if deck_id not in decks_state:
        raise TableError(N_("there is no deck {deck} in this game"), deck=deck_id)
    held = len(decks_state[deck_id].get("hands", {}).get(player, []))
    return max(0, limit - held), held


def _redrawn(spec: Any, card: dict[str, Any], instance: str) -> bool:
    redraw = getattr(spec, "deal_redraw", None) or []
    return decks.card_id(instance) in redraw or card.get("kind") in redraw


def deal(
    t: Table, spec: Any, state: dict[str, Any], args: dict[str, Any], source: Source
) -> dict[str, Any]:
    """Draw step of an opening deal: the draws, a card the rules redraw going back each time."""
    cards = t.game.cards[args["deck"]]  # type: ignore[union-attr]
    trial = copy.deepcopy(state)
    draws: list[dict[str, Any]] = []
    dealt = 0
    while dealt < spec.deal:
        if len(draws) >= MAX_DEAL_DRAWS:
            raise TableError(N_("the {deck} cannot deal a full hand"), deck=args["deck"])
        out = decks.draw(spec, trial, source)
        draws.append(out)
        dealt += _deal_one(spec, trial, out, cards)[1]
    return {"draws": draws}


def _deal_one(
    spec: Any, state: dict[str, Any], out: dict[str, Any], cards: dict[str, Any]
) -> tuple[str, bool]:
    """Apply one draw of a deal: the card, and whether it stays (False: back into the deck)."""
    fx = decks.apply_draw(spec, state, out, cards, "out")
    instance = str(fx["card"])
    if _redrawn(spec, cards.get(decks.card_id(instance), {}), instance):
        state["out"].remove(instance)
        state["pile"] = sorted(state["pile"] + [instance])
        return instance, False
    return instance, True


def apply_deal(t: Table, spec: Any, state: dict[str, Any], args: dict[str, Any],
               out: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    """Apply a logged deal: the cards go to the player's hand, redrawn ones back to the deck."""
    cards = t.game.cards[args["deck"]]  # type: ignore[union-attr]
    kept: list[list[Any]] = []
    returned: list[str] = []
    for draw in out["draws"]:
        instance, stays = _deal_one(spec, state, draw, cards)
        if stays:
            kept.append([instance, decks.to_hand(state, cards, args["player"], instance)])
        else:
            returned.append(instance)
    return {"player": args["player"], "cards": kept, "returned": returned}


def give_back(state: dict[str, Any], cards: dict[str, Any], shown: str, player: str | None) -> str:
    """A card from a hand goes back into the draw pile; returns the card instance."""
    who, k = decks.find_in_hands(state, cards, shown, player)
    instance, _ = state["hands"][who].pop(k)
    if instance in state["out"]:
        state["out"].remove(instance)
    state["pile"] = sorted(state["pile"] + [instance])
    return str(instance)
