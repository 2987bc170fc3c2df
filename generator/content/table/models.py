"""The models of ``content/<game>/table.yaml``: dice, rolls, bags, tracks, phases (decks and
hands: :mod:`.decks`; scores: :mod:`.scoring`).

Every field is documented; ``pnp schema`` exports them. Loading and cross-checking is in
:mod:`generator.content.table`.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta, field

from ...locale import N_, _
from ..types import LocalText, Model, Slug, doc
from .aid import AidOdds
from .decks import DeckSpec, HandSpec
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
            "wins, and a tie for the highest is rolled again by everyone (a first-player roll: "
            "in a session played in rounds, a winner who is one of its players plays first in "
            "every round)."
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
