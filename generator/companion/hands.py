"""Players' hands of cards: who draws from a deck, the hand limits shared by decks (refused or told
to discard down), opening deals with cards redrawn, and cards given back to the pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..locale import _
from .decks import apply_draw, card_id, draw, take_from_hand, to_hand
from .errtext import TableError
from .game import TableGame
from .rng import Source
from .rules import held, limit_of
from .statecheck import copied

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import DeckState, EventArgs, Outcome, TableState

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import DeckSpec

# the most cards one deal may look at (redrawn cards included) before giving up
MAX_DEAL_DRAWS = 1000


def drawer(spec: DeckSpec, args: EventArgs) -> str | None:
    """Who draws: the named player, else the deck's one owner; refuses another player."""
    owner = getattr(spec, "owner", None)
    player = args.get("player") or owner
    if owner is not None and player != owner:
        raise TableError(
            _("only {owner} draws from the {deck}"), owner=owner, deck=spec.name or args["deck"]
        )
    return player


def groups_of(game: TableGame, deck_id: str) -> list[tuple[str, Any]]:
    """The hands (id, spec) that count this deck's cards."""
    return [(hid, h) for hid, h in (getattr(game.spec, "hands", None) or {}).items()
            if deck_id in h.decks]  # fmt: skip


def check_room(game: TableGame, state: TableState, deck_id: str, player: str) -> None:
    """Refuse a draw into a hand whose limit refuses draws past it."""
    for _hid, hand in groups_of(game, deck_id):
        count, limit = held(state, hand, player), limit_of(game, state, hand, player)
        if hand.over == "refuse" and count >= limit:
            raise TableError(
                _("{player}'s hand is full; its limit is {limit}"), player=player, limit=limit
            )


def over_limit(game: TableGame, state: TableState, deck_id: str, player: str) -> dict[str, object]:
    """The first hand the player now holds too many cards in: {hand, held, limit}, or {}."""
    for hid, hand in groups_of(game, deck_id):
        count, limit = held(state, hand, player), limit_of(game, state, hand, player)
        if count > limit:
            return {"hand": hid, "held": count, "limit": limit}
    return {}


def missing(state: TableState, deck_id: str, player: str, limit: int) -> tuple[int, int]:
    """(cards to draw to bring the player's hand from this deck up to ``limit``, cards held)."""
    decks_state = state.get("decks", {})
    if deck_id not in decks_state:
        raise TableError(_("there is no deck {deck} in this game"), deck=deck_id)
    held = len(decks_state[deck_id].get("hands", {}).get(player, []))
    return max(0, limit - held), held


def _redrawn(spec: DeckSpec, card: dict[str, object], instance: str) -> bool:
    redraw = getattr(spec, "deal_redraw", None) or []
    return card_id(instance) in redraw or card.get("kind") in redraw


def deal(
    spec: DeckSpec, state: DeckState, cards: dict[str, dict[str, object]], source: Source
) -> dict[str, object]:
    """Draw step of an opening deal: the draws, a card the rules redraw going back each time."""
    trial = copied(state)
    draws: list[Outcome] = []
    dealt = 0
    if spec.deal is None:  # refused before: the deck has no opening deal
        raise TypeError("no opening deal")
    while dealt < spec.deal:
        if len(draws) >= MAX_DEAL_DRAWS:
            raise TableError(_("the {deck} cannot deal a full hand"), deck=spec.name or "deck")
        out = draw(spec, trial, source)
        draws.append(out)
        dealt += _deal_one(spec, trial, out, cards)[1]
    return {"draws": draws}


def _deal_one(
    spec: DeckSpec, state: DeckState, out: Outcome, cards: dict[str, dict[str, object]]
) -> tuple[str, bool]:
    """Apply one draw of a deal: the card, and whether it stays (False: back into the deck)."""
    fx = apply_draw(spec, state, out, cards, "out")
    instance = str(fx["card"])
    if _redrawn(spec, cards.get(card_id(instance), {}), instance):
        state["out"].remove(instance)
        state["pile"] = sorted(state["pile"] + [instance])
        return instance, False
    return instance, True


def apply_deal(
    spec: DeckSpec,
    state: DeckState,
    cards: dict[str, dict[str, object]],
    player: str,
    out: Outcome,
) -> dict[str, object]:
    """Apply a logged deal: the cards go to the player's hand, redrawn ones back to the deck."""
    kept: list[list[Any]] = []
    returned: list[str] = []
    for step in out["draws"]:
        instance, stays = _deal_one(spec, state, step, cards)
        if stays:
            kept.append([instance, to_hand(state, cards, player, instance)])
        else:
            returned.append(instance)
    return {"player": player, "cards": kept, "returned": returned}


def give_back(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> str:
    """A card from a hand goes back into the draw pile; returns the card instance."""
    instance = take_from_hand(state, cards, shown, player)
    state["pile"] = sorted(state["pile"] + [instance])
    return instance
