"""The models of ``content/<game>/table.yaml``: dice, rolls, bags, tracks, decks (scores: table_scoring).

Every field is documented; ``pnp schema`` exports them. Loading and cross-checking is in
:mod:`generator.content.table`.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta, field

from ...locale import N_, _
from ..types import LocalText, Model, Slug, doc
from .aid import AidOdds
from .scoring import Fact, ParamSpec, ScoreSpec

# the moves a player makes at the table, as a phase's ``allows`` names them (``roll:ID`` names
# one of the game's rolls)
MOVES = (
    "fate.draw", "fate.stop", "fate.add", "deck.draw", "deck.number", "deck.deal", "deck.return",
    "deck.discard", "deck.reset", "deck.add", "deck.turn", "deck.activate", "deck.reserve",
    "deck.play", "deck.remove", "track.move", "score.add",
)  # fmt: skip


class FaceSpec(Model, frozen=True, kw_only=True):
    """One face of a labelled die."""

    id: Annotated[Slug, doc("Face id; also the glossary term looked up for its name.")]
    name: Annotated[
        LocalText | None, doc("Shown name when the glossary has no term for the id.")
    ] = None
    value: Annotated[
        Annotated[int, Meta(ge=-1000, le=1000)],
        doc("Number the face adds to a total (0 for pure symbols)."),
    ] = 0
    count: Annotated[
        Annotated[int, Meta(ge=1, le=100)], doc("How many faces of the die carry this symbol.")
    ] = 1


class DieSpec(Fact, frozen=True, kw_only=True):
    """A die: numbered (``sides``) or with labelled faces (``faces``)."""

    name: Annotated[
        LocalText | None, doc("Shown name when the glossary has no term for the die's id.")
    ] = None
    term: Annotated[
        str | None, doc("Glossary term id for the name, when it differs from the die's id.")
    ] = None
    sides: Annotated[
        Annotated[int, Meta(ge=1, le=1000)] | None,
        doc("Numbered die with faces 1..sides (or 0..sides-1, see first)."),
    ] = None
    first: Annotated[
        Literal[0, 1], doc("Number printed on the lowest face: 0 for a d10 marked 0..9.")
    ] = 1
    zero_is: Annotated[
        Annotated[int, Meta(ge=1, le=1000)] | None,
        doc("Value a face printed 0 counts as (10 where a game reads 0 as 10)."),
    ] = None
    faces: Annotated[
        list[FaceSpec] | None, doc("Labelled faces, in any order; each counted `count` times.")
    ] = None

    def __post_init__(self) -> None:
        if (self.sides is None) == (self.faces is None):
            raise ValueError(_("give either sides (a numbered die) or faces (a labelled die)"))


class SumLimit(Model, frozen=True, kw_only=True):
    """A cap on several of a roll's parameters together (white and black dice: at most 5)."""

    params: Annotated[
        Annotated[list[Slug], Meta(min_length=2, max_length=8)], doc("The parameters added up.")
    ]
    max: Annotated[Annotated[int, Meta(ge=0, le=1000)], doc("The most they may come to together.")]


class RollSpec(Fact, frozen=True, kw_only=True):
    """A named roll: a dice expression with {param} placeholders."""

    name: Annotated[LocalText | None, doc("Shown name.")] = None
    expr: Annotated[
        str,
        doc("Dice notation; {name} is replaced by a parameter; [die] names a die of this game."),
    ]
    params: Annotated[dict[Slug, ParamSpec], doc("Parameters the expression uses.")] = field(
        default_factory=dict
    )
    note: Annotated[LocalText | None, doc("A reminder printed with the result.")] = None
    each: Annotated[
        Annotated[list[LocalText], Meta(max_length=8)],
        doc(
            "A contest: each of these (players, sides) rolls the expression; the highest total "
            "wins, and a tie for the highest is rolled again by everyone (a first-player roll)."
        ),
    ] = field(default_factory=list)
    result: Annotated[
        LocalText | None,
        doc(
            "What the total counts, as a whole phrase with {total} (e.g. '{total} hits'), "
            "printed after the dice."
        ),
    ] = None
    limits: Annotated[
        Annotated[list[SumLimit], Meta(max_length=8)],
        doc("Caps on parameters taken together; a roll past one is refused."),
    ] = field(default_factory=list)
    aid: Annotated[
        AidOdds | None, doc("A small table of this roll's exact odds on the player aid.")
    ] = None


class TileSpec(Model, frozen=True, kw_only=True):
    """One kind of tile in a bag."""

    id: Annotated[Slug, doc("Tile id.")]
    value: Annotated[
        Annotated[int, Meta(ge=0, le=100)],
        doc("Steps the tile advances the bag's track when it resolves."),
    ]
    qty: Annotated[Annotated[int, Meta(ge=1, le=100)], doc("How many such tiles.")] = 1
    symbol: Annotated[
        bool, doc("The tile shows the special symbol (a fate card is drawn when it resolves).")
    ] = False
    special: Annotated[
        bool, doc("Drawing it stops the drawing at once (the blue and red tiles).")
    ] = False
    in_bag: Annotated[
        bool, doc("False for tiles kept aside until an event adds them (see enters_with).")
    ] = True
    enters_with: Annotated[LocalText | None, doc("What puts a set-aside tile into the bag.")] = None
    name: Annotated[LocalText | None, doc("Shown name, for special tiles.")] = None


class BagSpec(Fact, frozen=True, kw_only=True):
    """A bag of tiles drawn without replacement, with the draw-and-hold rule."""

    name: Annotated[LocalText | None, doc("Shown name.")] = None
    term: Annotated[str | None, doc("Glossary term id for the name.")] = None
    tiles: Annotated[list[TileSpec], doc("Every tile kind.")]
    max_draws: Annotated[
        Annotated[int, Meta(ge=1, le=20)],
        doc("Most tiles one turn's drawing may take."),
    ] = 3
    hold_back: Annotated[
        bool, doc("Draw-and-hold: only the last tile drawn resolves; the others go back.")
    ] = True
    track: Annotated[Slug | None, doc("Track advanced by the resolved tile's value.")] = None
    symbol_note: Annotated[
        LocalText | None, doc("Printed when a resolved tile shows the symbol.")
    ] = None
    per_turn: Annotated[
        bool,
        doc(
            "One drawing phase per turn: the first draw must say how many tiles may be drawn "
            "(--draws), and after a tile resolves the bag waits for the next turn "
            "(`turn next`)."
        ),
    ] = False


class MarkSpec(Model, frozen=True, kw_only=True):
    """A step of a track where something happens.

    A mark is told once, when the marker reaches or passes its step towards the track's end
    (a character who becomes ready, a day that lowers morale). A mark with ``stay: true`` is a
    step's meaning instead: told each time the marker lands on that step, and shown in
    ``pnp status`` while the marker stands there (how many patrols come out at this morale).
    """

    at: Annotated[int, doc("The step.")]
    id: Annotated[
        Slug | None,
        doc(
            "Id (a glossary term: the character who becomes ready); needed unless the mark "
            "has stay: true."
        ),
    ] = None
    name: Annotated[LocalText | None, doc("Shown name when the glossary lacks the id.")] = None
    estimate: Annotated[bool, doc("True when the step is not known from a source.")] = False
    note: Annotated[
        LocalText | None,
        doc("What happens here, told instead of the default '<name> is ready'."),
    ] = None
    stay: Annotated[
        bool,
        doc(
            "The note tells what the step means while the marker stands on it: told whenever "
            "the marker lands there and shown in status, instead of once when reached or passed."
        ),
    ] = False
    move: Annotated[
        dict[Slug, int],
        doc(
            "Other tracks moved when this mark is reached, each by its steps towards that "
            "track's end (negative: back), e.g. {morale: -1} for a day that lowers morale."
        ),
    ] = field(default_factory=dict)


class Threshold(Model, frozen=True, kw_only=True):
    """A step where the game ends: checked on the step a move asks for, before clamping."""

    at: Annotated[int, doc("The step compared with.")]
    when: Annotated[
        Literal["at-or-above", "at-or-below"],
        doc(
            "at-or-above: a move asking for `at` or more; at-or-below: for `at` or less (a day "
            "past the last is `at: LAST + 1`)."
        ),
    ]
    note: Annotated[LocalText, doc("What happens: who wins or loses.")]


class TrackSpec(Fact, frozen=True, kw_only=True):
    """A numbered track (fate track, day clock)."""

    retired: ClassVar[dict[str, str]] = {
        "steps": N_("a step's meaning is now a mark with stay: true (at, note, stay)")
    }

    name: Annotated[LocalText | None, doc("Shown name.")] = None
    term: Annotated[str | None, doc("Glossary term id for the name.")] = None
    start: Annotated[int, doc("Starting step.")] = 0
    end: Annotated[int, doc("Last step (below start for a track that counts down); see end_note.")]
    marks: Annotated[
        list[MarkSpec],
        doc("Steps that announce something (a character is ready) or mean something (stay)."),
    ] = field(default_factory=list)
    end_note: Annotated[LocalText | None, doc("What reaching the last step means.")] = None
    low: Annotated[int | None, doc("Lowest step (default: the lower of start and end).")] = None
    high: Annotated[int | None, doc("Highest step (default: the higher of start and end).")] = None
    game_over: Annotated[
        list[Threshold], doc("Steps that end the game; later moves are refused.")
    ] = field(default_factory=list)
    tells: Annotated[
        list[Slug],
        doc(
            "Other tracks whose step meaning (their stay marks) is told after this one moves "
            "(the day clock tells the day's patrols from the morale track)."
        ),
    ] = field(default_factory=list)
    per_player: Annotated[
        bool,
        doc(
            "Each player keeps a marker of their own on this track (command points, a hand "
            "limit), starting at start and moved with `--player NAME`; shown in that player's view."
        ),
    ] = False


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


class PhaseSpec(Model, frozen=True, kw_only=True):
    """One step of a turn, in order."""

    id: Annotated[Slug, doc("Phase id.")]
    name: Annotated[LocalText, doc("Shown name.")]
    does: Annotated[
        LocalText | None, doc("What the players do in this phase, and which commands help.")
    ] = None
    allows: Annotated[
        Annotated[list[str], Meta(max_length=40)],
        doc(
            "Moves made in this phase only: table verbs (fate.draw, deck.draw, deck.number, "
            "deck.deal, deck.activate ...) and named rolls (roll:combat). A move some phase "
            "lists is refused in the others, naming the phase that allows it (--force "
            "overrules); a move no phase lists is allowed in any."
        ),
    ] = field(default_factory=list)


class TableSpec(Model, frozen=True, kw_only=True):
    """``content/<game>/table.yaml``: what the table companion knows about one game."""

    format: Annotated[int, doc("The file's format (none: the first); see `pnp migrate`.")] = 1
    source: Annotated[str | list[str] | None, doc("Where the facts in this file come from.")] = None
    estimate_note: Annotated[str | None, doc("Why and where values are estimates.")] = None
    sides: Annotated[list[Slug], doc("The sides or players the game names (glossary terms).")] = (
        field(default_factory=list)
    )
    dice: Annotated[dict[Slug, DieSpec], doc("Dice by id; use as [id] in expressions.")] = field(
        default_factory=dict
    )
    rolls: Annotated[dict[Slug, RollSpec], doc("Named rolls: `pnp roll GAME:ROLL --param N`.")] = (
        field(default_factory=dict)
    )
    bags: Annotated[dict[Slug, BagSpec], doc("Bags of tiles.")] = field(default_factory=dict)
    tracks: Annotated[dict[Slug, TrackSpec], doc("Tracks and clocks.")] = field(
        default_factory=dict
    )
    decks: Annotated[dict[Slug, DeckSpec], doc("Decks.")] = field(default_factory=dict)
    scoring: Annotated[dict[Slug, ScoreSpec], doc("Scores worked out at the table.")] = field(
        default_factory=dict
    )
    hands: Annotated[
        dict[Slug, HandSpec],
        doc("Hands shared by several decks, each with a limit (cards held, whichever deck)."),
    ] = field(default_factory=dict)
    turn: Annotated[
        Annotated[list[PhaseSpec], Meta(max_length=20)],
        doc("The phases of one turn in the order they are played; `pnp turn next` walks them."),
    ] = field(default_factory=list)
    turn_counts: Annotated[
        Literal["turns", "rounds"],
        doc(
            "What the turn counter counts. turns: the whole table plays each phase together, "
            "one count per pass through the phases. rounds: each player of the session, in the "
            "order they were named, plays every phase in their own turn; the counter counts "
            "rounds (every player once) and says whose turn it is."
        ),
    ] = "turns"
    turn_track: Annotated[
        Slug | None,
        doc(
            "A track the turn moves on by one each time a new turn (or round) begins, with its "
            "marks and game-over rules (a day track where one day is one turn)."
        ),
    ] = None
