"""Zones of the table: where every card and tile is, who owns it and who may see it.

Every card and tile of a session is in one zone: a deck's draw pile, a player's hand, a reserve,
in play on the table, a discard pile, a bag, set aside, or out of the game. A zone has an owner
(a player or side, or nobody: the table's) and a visibility: ``everyone``; ``owner`` (its owner
alone; everyone else sees how many); ``nobody`` (how many, never which). :func:`zones` reads
them off a session's state, the one place that decides what is secret, so every way out of the
table (:mod:`generator.companion.views`) keeps the same secrets.

The moves of a plain deck's cards between its zones are here too: laying a card from a hand on
the table (in play), and taking a card out of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..locale import _
from .decks import all_names, card_id, find_in_hands
from .errtext import TableError
from .game import TableGame

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import BagState, DeckState, TableState

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import DeckSpec

EVERYONE = "everyone"
OWNER = "owner"
NOBODY = "nobody"


class Zone(NamedTuple):
    """One zone: its kind, the deck or bag it belongs to, its owner, its visibility and cards."""

    kind: str  # pile, hand, reserve, queue, play, discard, aside, removed, drawn, bag, held, used
    holder: str  # the deck's or bag's id
    owner: str | None
    visibility: str
    cards: tuple[str, ...]

    def seen_by(self, viewer: str | None) -> bool:
        """Whether ``viewer`` (a player, None for the table) may see which cards are here."""
        if self.visibility == EVERYONE:
            return True
        return self.visibility == OWNER and viewer is not None and viewer == self.owner


def way_of(spec: DeckSpec | None, deck: DeckState) -> str | None:
    """How an activation deck's current mode finds its next card (None: no turn, or plain)."""
    mode = deck.get("mode")
    if spec is None or not getattr(spec, "modes", None) or mode is None:
        return None
    found = spec.modes.get(mode)
    return None if found is None else str(found)


def pending(deck: DeckState) -> tuple[str, str] | None:
    """(card, drawer) of an activation card drawn from a mixed pile that its drawer may still put
    in reserve: secret to the drawer until it is reserved or played."""
    card, drawer = deck.get("pending"), deck.get("pending_by")
    if isinstance(card, str) and isinstance(drawer, str):
        return card, drawer
    return None


def deck_zones(did: str, spec: DeckSpec | None, deck: DeckState) -> list[Zone]:
    """The zones of one deck's state."""
    found = [Zone("pile", did, None, NOBODY, tuple(deck.get("pile", [])))]
    held = pending(deck)
    discard = [c for c in deck.get("discard", []) if held is None or c != held[0]]
    found.append(Zone("discard", did, None, EVERYONE, tuple(discard)))
    if held is not None:
        found.append(Zone("drawn", did, held[1], OWNER, (held[0],)))
    found.append(Zone("aside", did, None, EVERYONE, tuple(deck.get("aside", []))))
    found.append(Zone("removed", did, None, EVERYONE, tuple(deck.get("removed", []))))
    for player, hand in sorted((deck.get("hands") or {}).items()):
        found.append(Zone("hand", did, player, OWNER, tuple(str(c[0]) for c in hand)))
    for player, cards in sorted((deck.get("play") or {}).items()):
        found.append(Zone("play", did, player, EVERYONE, tuple(cards)))
    for player, cards in sorted((deck.get("reserve") or {}).items()):
        found.append(Zone("reserve", did, player, OWNER, tuple(cards)))
    secret_order = way_of(spec, deck) == "queue"
    for player, cards in sorted((deck.get("queues") or {}).items()):
        seen = OWNER if secret_order else EVERYONE
        found.append(Zone("queue", did, player, seen, tuple(cards)))
    return found


def bag_zones(bid: str, bag: BagState) -> list[Zone]:
    """The zones of one bag's state: tiles in the bag, set aside, held back, used."""
    phase = bag.get("phase")
    drawn = tuple(phase["drawn"]) if phase else ()
    return [
        Zone("bag", bid, None, NOBODY, tuple(bag.get("pool", []))),
        Zone("aside", bid, None, EVERYONE, tuple(bag.get("aside", []))),
        Zone("held", bid, None, EVERYONE, tuple(bag.get("held", [])) + drawn),
        Zone("used", bid, None, EVERYONE, tuple(bag.get("used", []))),
    ]


def zones(game: TableGame, state: TableState) -> list[Zone]:
    """Every zone of the session's state, decks then bags."""
    found: list[Zone] = []
    for did, deck in state.get("decks", {}).items():
        found += deck_zones(did, game.spec.decks.get(did), deck)
    for bid, bag in state.get("bags", {}).items():
        found += bag_zones(bid, bag)
    return found


def secret_from(game: TableGame, state: TableState, viewer: str | None) -> set[str]:
    """The cards ``viewer`` may not see: those in a zone only another player (or nobody) sees.

    A hidden draw pile's cards are left out: they are no one's secret, only unknown."""
    hidden: set[str] = set()
    for zone in zones(game, state):
        if zone.visibility == OWNER and not zone.seen_by(viewer):
            hidden.update(zone.cards)
    return hidden


# ---------------------------------------------------------------- moves of a plain deck


def _in_play(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> tuple[str, int] | None:
    """(player, index) of the card shown as ``shown`` in play on the table, or None."""
    want = shown.strip().casefold()
    for who, laid in sorted((state.get("play") or {}).items()):
        if player is not None and who != player:
            continue
        for k, instance in enumerate(laid):
            if want in all_names(cards, instance):
                return who, k
    return None


def lay(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> dict[str, object]:
    """A card from a player's hand goes on the table, in play in front of that player."""
    who, k = find_in_hands(state, cards, shown, player)
    instance, _n = state["hands"][who].pop(k)
    if instance in state.get("out", []):
        state["out"].remove(instance)
    state.setdefault("play", {}).setdefault(who, []).append(instance)
    return {"card": instance, "player": who}


def take_out(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> dict[str, object]:
    """A card in play (else in a hand) leaves the game: it is never shuffled back."""
    found = _in_play(state, cards, shown, player)
    if found is not None:
        who, k = found
        instance = state["play"][who].pop(k)
        was = "play"
    else:
        try:
            who, k = find_in_hands(state, cards, shown, player)
        except TableError:
            raise TableError(_("{card!r} is neither in play nor in a hand"), card=shown) from None
        instance, _n = state["hands"][who].pop(k)
        if instance in state.get("out", []):
            state["out"].remove(instance)
        was = "hand"
    state.setdefault("removed", []).append(instance)
    return {"card": instance, "player": who, "from": was}


def from_play_to_discard(
    state: DeckState, cards: dict[str, dict[str, object]], shown: str, player: str | None
) -> str | None:
    """A card in play goes to the discard pile (the card instance), or None if none is named."""
    found = _in_play(state, cards, shown, player)
    if found is None:
        return None
    who, k = found
    instance = str(state["play"][who].pop(k))
    state["discard"].append(instance)
    return instance


def card_kind(cards: dict[str, dict[str, object]], instance: str) -> object:
    """The kind a card's data gives (None when it names none)."""
    return cards.get(card_id(instance), {}).get("kind")
