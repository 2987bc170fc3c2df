"""The deck and hand models of ``content/<game>/table.yaml``: cards written in the file, cards
read from item files, decks (shuffled, numbered, activation) and the hands they are held in.

Every field is documented; ``pnp schema`` exports them. :mod:`.models` holds the rest of the
table and the whole file's :class:`~.models.TableSpec`.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta, field

from ...locale import N_
from ..types import LocalText, Model, Slug, doc
from .scoring import Fact


class CardSpec(Model, frozen=True, kw_only=True):
    """A card written in table.yaml itself (decks that are not printed from an item file)."""

    id: Annotated[Slug, doc("Card id.")]
    qty: Annotated[Annotated[int, Meta(ge=1, le=100)], doc("Copies.")] = 1
    name: Annotated[LocalText | None, doc("Shown name.")] = None
    kind: Annotated[str | None, doc("Card kind, for rules that name a kind.")] = None
    text: Annotated[LocalText | None, doc("What the card says, shown when drawn.")] = None
    owner: Annotated[str | None, doc("Player or side the card belongs to (decks with modes).")] = (
        None
    )


class ShowField(Model, frozen=True, kw_only=True):
    """An item field told beside a printed card's name when it is drawn (e.g. a patrol's route)."""

    field: Annotated[str, doc("The item field: a value, or a list of values.")]
    names: Annotated[
        str | None,
        doc(
            "A mapping under the item file's defaults that gives each value's shown name (e.g. "
            "places: {grocer: {en: Grocer, ...}}); without it values are told as written."
        ),
    ] = None
    label: Annotated[LocalText | None, doc("Shown before the values.")] = None


class CardsFrom(Model, frozen=True, kw_only=True):
    """A deck whose cards are a printed component's items (the same cards the PDF prints)."""

    component: Annotated[Slug, doc("The component's id in game.yaml.")]
    name: Annotated[
        str | list[str],
        doc("The item field holding the card's shown name (a list: the first one an item has)."),
    ] = "name"
    where: Annotated[
        dict[str, str],
        doc(
            "Only the items whose fields have these values (e.g. deck_nation: france: one "
            "nation's cards of a component printing every nation's)."
        ),
    ] = field(default_factory=dict)
    owner: Annotated[
        str | None,
        doc(
            "Decks with modes: the player (or army) these cards belong to; they are in the deck "
            "from the start, and `pnp deck add` adds further units."
        ),
    ] = None
    skip: Annotated[
        str | None,
        doc(
            "An item field; items where it is true stay out of the deck (e.g. blank cards an "
            "owner fills in by hand)."
        ),
    ] = None
    show: Annotated[
        Annotated[list[ShowField], Meta(max_length=8)], doc("Fields told when a card is drawn.")
    ] = field(default_factory=list)


class DeckSpec(Fact, frozen=True, kw_only=True):
    """A deck of cards, drawn at random.

    What a deck does follows from its fields: a deck with ``positions`` reads numbers off its
    cards (a card-number generator); a deck with ``modes`` holds units that activate, each card
    owned by a player; any other deck is drawn and shown, into a hand or onto the discard pile.
    """

    # keys of the former format, told how they are now written when a file still has them
    retired: ClassVar[dict[str, str]] = {
        "kind": N_(
            "decks have no kind any more: give positions for cards that carry numbers, modes "
            "for unit cards that activate, neither for a plain deck"
        ),
        "hand_size": N_(
            "hand_size is now a hand of the file's hands: block (decks, limit, over: refuse)"
        ),
    }

    name: Annotated[LocalText | None, doc("Shown name.")] = None
    cards: Annotated[
        str | list[CardSpec],
        doc("An item file of the game (printed cards) or the cards themselves."),
    ] = field(default_factory=list)
    cards_from: Annotated[
        CardsFrom | list[CardsFrom] | None,
        doc(
            "Take the cards from a printed component of game.yaml instead (a list: several "
            "components, e.g. one roster per army)."
        ),
    ] = None
    empty_ends_game: Annotated[
        LocalText | None, doc("When set, the deck running out ends the game; what that means.")
    ] = None
    ends_game_note: Annotated[
        LocalText | None, doc("What drawing a card of ends_game means (who wins).")
    ] = None
    leave_out: Annotated[list[str], doc("Card kinds or ids kept out of the deck (capitals).")] = (
        field(default_factory=list)
    )
    join_at_reshuffle: Annotated[list[str], doc("Card ids shuffled in at the first reshuffle.")] = (
        field(default_factory=list)
    )
    ends_game: Annotated[list[str], doc("Card ids whose drawing ends the game.")] = field(
        default_factory=list
    )
    must_play: Annotated[
        list[str], doc("Card kinds that act as soon as they are drawn into a hand.")
    ] = field(default_factory=list)

    @property
    def printed(self) -> list[CardsFrom]:
        """The printed components the deck takes its cards from (none, one or several)."""
        if self.cards_from is None:
            return []
        return self.cards_from if isinstance(self.cards_from, list) else [self.cards_from]

    positions: Annotated[
        Annotated[int, Meta(ge=1, le=10)] | None,
        doc(
            "How many numbers each card carries (its field numbers): a draw may read the one at "
            "a chosen position (`pnp deck number`). None: the cards carry no numbers."
        ),
    ] = None
    reshuffle: Annotated[bool, doc("Shuffle the discards into a new deck when it runs out.")] = True
    modes: Annotated[
        dict[Slug, Literal["random", "queue", "choose"]],
        doc(
            "Unit cards that activate, each owned by a player: the game's modes of play by id "
            "(a glossary term for the shown name), each saying how the next card is found. "
            "random: every owner's cards in one mixed pile, a card drawn at random, its owner "
            "acts; queue: each owner arranges their own cards in a secret order and reveals the "
            "next; choose: the acting owner picks any of their own cards."
        ),
    ] = field(default_factory=dict)
    reserve_per_turn: Annotated[
        Annotated[int, Meta(ge=0, le=5)],
        doc("Decks with modes: cards a player may reserve each turn."),
    ] = 1
    owner: Annotated[
        str | None,
        doc("The one player (or side) who draws from this deck, e.g. a side's own story deck."),
    ] = None
    claimed: Annotated[
        bool,
        doc(
            "Each player plays from one such deck of their own (a nation's deck): the first "
            "player to draw or be dealt from it owns it; no one else draws from it, and its "
            "owner draws from no other claimed deck."
        ),
    ] = False
    deal: Annotated[
        Annotated[int, Meta(ge=1, le=100)] | None,
        doc("Cards in an opening hand, dealt with `pnp deck deal DECK --player NAME`."),
    ] = None
    deal_redraw: Annotated[
        list[str],
        doc(
            "Card kinds or ids that go back into the deck when dealt into an opening hand, "
            "another card being dealt in their place."
        ),
    ] = field(default_factory=list)
    all_run_out: Annotated[
        LocalText | None,
        doc(
            "When set, the game's end comes once at least two decks with this field have been "
            "drawn from and every one of them has run out at least once (each player's own "
            "deck); what that means."
        ),
    ] = None


class HandSpec(Model, frozen=True, kw_only=True):
    """A player's hand made of cards from one or more decks, with a limit."""

    decks: Annotated[list[Slug], doc("The decks whose cards count towards this hand.")]
    limit: Annotated[
        Annotated[int, Meta(ge=0, le=100)] | Slug,
        doc(
            "Most cards the hand may hold; or a per-player track whose marker is each player's "
            "own limit (it grows with what they hold)."
        ),
    ]
    over: Annotated[
        Literal["discard", "refuse"],
        doc(
            "discard: a draw past the limit is made, then the player is told to discard down to "
            "it; refuse: a draw that would pass the limit is refused."
        ),
    ] = "discard"
    name: Annotated[LocalText | None, doc("Shown name of the hand.")] = None
    source: Annotated[str | None, doc("Where the limit comes from.")] = None
