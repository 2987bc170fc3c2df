"""The models of ``content/<game>/table.yaml``: dice, rolls, bags, tracks, decks (scores: table_scoring).

Every field is documented; ``pnp schema`` exports them. Loading and cross-checking is in
:mod:`generator.content.table`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .table_scoring import Scoring
from .types import LocalText, Model, Slug


class _Fact(Model):
    source: str | None = Field(
        None, description="Where this fact comes from (seed file, rule book and page)."
    )
    estimate: bool = Field(
        False, description="True when the value is not known from a source; users may correct it."
    )


class FaceSpec(Model):
    """One face of a labelled die."""

    id: Slug = Field(description="Face id; also the glossary term looked up for its name.")
    name: LocalText | None = Field(
        None, description="Shown name when the glossary has no term for the id."
    )
    value: int = Field(
        0, ge=-1000, le=1000, description="Number the face adds to a total (0 for pure symbols)."
    )
    count: int = Field(1, ge=1, le=100, description="How many faces of the die carry this symbol.")


class DieSpec(_Fact):
    """A die: numbered (``sides``) or with labelled faces (``faces``)."""

    name: LocalText | None = Field(
        None, description="Shown name when the glossary has no term for the die's id."
    )
    term: str | None = Field(
        None, description="Glossary term id for the name, when it differs from the die's id."
    )
    sides: int | None = Field(
        None,
        ge=1,
        le=1000,
        description="Numbered die with faces 1..sides (or 0..sides-1, see first).",
    )
    first: Literal[0, 1] = Field(
        1, description="Number printed on the lowest face: 0 for a d10 marked 0..9."
    )
    zero_is: int | None = Field(
        None,
        ge=1,
        le=1000,
        description="Value a face printed 0 counts as (10 where a game reads 0 as 10).",
    )
    faces: list[FaceSpec] | None = Field(
        None, description="Labelled faces, in any order; each counted `count` times."
    )

    @model_validator(mode="after")
    def _one_kind(self) -> DieSpec:
        if (self.sides is None) == (self.faces is None):
            raise ValueError("give either sides (a numbered die) or faces (a labelled die)")
        return self


class ParamSpec(Model):
    """A number a named roll takes from the command line (``--strength 4``)."""

    kind: Literal["number", "icons"] = Field(
        "number", description="number: a whole number; icons: a digit string such as 33445."
    )
    default: int | str | None = Field(
        0, description="Value when the option is not given; null: the option must be given."
    )
    min: int = Field(0, description="Smallest allowed value.")
    max: int = Field(999, description="Largest allowed value.")
    clamp: bool = Field(
        False,
        description="Lower a larger value to max instead of refusing it (the game's dice cap).",
    )
    help: LocalText | None = Field(None, description="What the number means.")


class RollSpec(_Fact):
    """A named roll: a dice expression with {param} placeholders."""

    name: LocalText | None = Field(None, description="Shown name.")
    expr: str = Field(
        description="Dice notation; {name} is replaced by a parameter; [die] names a die of this game."
    )
    params: dict[Slug, ParamSpec] = Field(
        default_factory=dict, description="Parameters the expression uses."
    )
    note: LocalText | None = Field(None, description="A reminder printed with the result.")


class TileSpec(Model):
    """One kind of tile in a bag."""

    id: Slug = Field(description="Tile id.")
    value: int = Field(
        ge=0, le=100, description="Steps the tile advances the bag's track when it resolves."
    )
    qty: int = Field(1, ge=1, le=100, description="How many such tiles.")
    symbol: bool = Field(
        False,
        description="The tile shows the special symbol (a fate card is drawn when it resolves).",
    )
    special: bool = Field(
        False, description="Drawing it stops the drawing at once (the blue and red tiles)."
    )
    in_bag: bool = Field(
        True, description="False for tiles kept aside until an event adds them (see enters_with)."
    )
    enters_with: LocalText | None = Field(
        None, description="What puts a set-aside tile into the bag."
    )
    name: LocalText | None = Field(None, description="Shown name, for special tiles.")


class BagSpec(_Fact):
    """A bag of tiles drawn without replacement, with the draw-and-hold rule."""

    name: LocalText | None = Field(None, description="Shown name.")
    term: str | None = Field(None, description="Glossary term id for the name.")
    tiles: list[TileSpec] = Field(description="Every tile kind.")
    max_draws: int = Field(
        3, ge=1, le=20, description="Most tiles one phase may draw (N = activated generals)."
    )
    hold_back: bool = Field(
        True, description="Draw-and-hold: only the last tile drawn resolves; the others go back."
    )
    track: Slug | None = Field(None, description="Track advanced by the resolved tile's value.")
    symbol_note: LocalText | None = Field(
        None, description="Printed when a resolved tile shows the symbol."
    )


class MarkSpec(Model):
    """A step of a track where something happens."""

    at: int = Field(description="The step.")
    id: Slug = Field(description="Id (a glossary term: the character who becomes ready).")
    name: LocalText | None = Field(None, description="Shown name when the glossary lacks the id.")
    estimate: bool = Field(False, description="True when the step is not known from a source.")


class Threshold(Model):
    """A step where the game ends: checked on the step a move asks for, before clamping."""

    at: int = Field(description="The step compared with.")
    when: Literal["at-or-above", "at-or-below", "above", "below"] = Field(
        description="at-or-above: reaching `at` or more; above: asking for more than `at` (a day past the last)."
    )
    note: LocalText = Field(description="What happens: who wins or loses.")


class TrackSpec(_Fact):
    """A numbered track (fate track, day clock)."""

    name: LocalText | None = Field(None, description="Shown name.")
    term: str | None = Field(None, description="Glossary term id for the name.")
    start: int = Field(0, description="Starting step.")
    end: int = Field(
        description="Last step (below start for a track that counts down); see end_note."
    )
    marks: list[MarkSpec] = Field(
        default_factory=list, description="Steps that announce something (a character is ready)."
    )
    end_note: LocalText | None = Field(None, description="What reaching the last step means.")
    low: int | None = Field(None, description="Lowest step (default: the lower of start and end).")
    high: int | None = Field(
        None, description="Highest step (default: the higher of start and end)."
    )
    game_over: list[Threshold] = Field(
        default_factory=list, description="Steps that end the game; later moves are refused."
    )


class CardSpec(Model):
    """A card written in table.yaml itself (decks that are not printed from an item file)."""

    id: Slug = Field(description="Card id.")
    qty: int = Field(1, ge=1, le=100, description="Copies.")
    name: LocalText | None = Field(None, description="Shown name.")
    kind: str | None = Field(None, description="Card kind, for rules that name a kind.")
    text: LocalText | None = Field(None, description="What the card says, shown when drawn.")
    owner: str | None = Field(
        None, description="Player or side the card belongs to (activation decks)."
    )


class ShowField(Model):
    """An item field told beside a printed card's name when it is drawn (e.g. a patrol's route)."""

    field: str = Field(description="The item field: a value, or a list of values.")
    names: str | None = Field(
        None,
        description="A mapping under the item file's defaults that gives each value's shown "
        "name (e.g. places: {grocer: {en: Grocer, ...}}); without it values are told as written.",
    )
    label: LocalText | None = Field(None, description="Shown before the values.")


class CardsFrom(Model):
    """A deck whose cards are a printed component's items (the same cards the PDF prints)."""

    component: Slug = Field(description="The component's id in game.yaml.")
    name: str = Field("name", description="The item field holding the card's shown name.")
    owner: str | None = Field(
        None,
        description="Activation decks: the player (or army) these cards belong to; they are in "
        "the deck from the start, and `pnp deck add` adds further units.",
    )
    skip: str | None = Field(
        None,
        description="An item field; items where it is true stay out of the deck (e.g. blank "
        "cards an owner fills in by hand).",
    )
    show: list[ShowField] = Field(
        default_factory=list, max_length=8, description="Fields told when a card is drawn."
    )


class DeckSpec(_Fact):
    """A deck: a card-number generator, an activation deck, or a plain deck."""

    kind: Literal["number", "activation", "plain"] = Field(
        description="number: read the number at a chosen position; activation: unit cards per player; plain: draw and show."
    )
    name: LocalText | None = Field(None, description="Shown name.")
    cards: str | list[CardSpec] = Field(
        default_factory=list,
        description="An item file of the game (printed cards) or the cards themselves.",
    )
    cards_from: CardsFrom | list[CardsFrom] | None = Field(
        None,
        description="Take the cards from a printed component of game.yaml instead (a list: "
        "several components, e.g. one roster per army).",
    )
    empty_ends_game: LocalText | None = Field(
        None, description="When set, the deck running out ends the game; what that means."
    )
    ends_game_note: LocalText | None = Field(
        None, description="What drawing a card of ends_game means (who wins)."
    )
    leave_out: list[str] = Field(
        default_factory=list, description="Card kinds or ids kept out of the deck (capitals)."
    )
    join_at_reshuffle: list[str] = Field(
        default_factory=list, description="Card ids shuffled in at the first reshuffle."
    )
    ends_game: list[str] = Field(
        default_factory=list, description="Card ids whose drawing ends the game."
    )
    must_play: list[str] = Field(
        default_factory=list,
        description="Card kinds that act as soon as they are drawn into a hand.",
    )

    @property
    def printed(self) -> list[CardsFrom]:
        """The printed components the deck takes its cards from (none, one or several)."""
        if self.cards_from is None:
            return []
        return self.cards_from if isinstance(self.cards_from, list) else [self.cards_from]

    positions: int = Field(
        4, ge=1, le=10, description="number decks: how many numbers each card carries."
    )
    reshuffle: bool = Field(
        True, description="Shuffle the discards into a new deck when it runs out."
    )
    modes: list[Literal["barbarian", "marauder", "sequence"]] = Field(
        default_factory=list,
        description="activation decks: the modes offered (choose / one mixed deck / each in order).",
    )
    reserve_per_turn: int = Field(
        1, ge=0, le=5, description="activation decks: cards a player may reserve each turn."
    )
    hand_size: int | None = Field(
        None, ge=1, le=100, description="Most cards a player's hand may hold (none: no limit)."
    )


class TableSpec(Model):
    """``content/<game>/table.yaml``: what the table companion knows about one game."""

    source: str | list[str] | None = Field(
        None, description="Where the facts in this file come from."
    )
    estimate_note: str | None = Field(None, description="Why and where values are estimates.")
    sides: list[Slug] = Field(
        default_factory=list, description="The sides or players the game names (glossary terms)."
    )
    dice: dict[Slug, DieSpec] = Field(
        default_factory=dict, description="Dice by id; use as [id] in expressions."
    )
    rolls: dict[Slug, RollSpec] = Field(
        default_factory=dict, description="Named rolls: `pnp roll GAME:ROLL --param N`."
    )
    bags: dict[Slug, BagSpec] = Field(default_factory=dict, description="Bags of tiles.")
    tracks: dict[Slug, TrackSpec] = Field(default_factory=dict, description="Tracks and clocks.")
    decks: dict[Slug, DeckSpec] = Field(default_factory=dict, description="Decks.")
    scoring: dict[Slug, Scoring] = Field(default_factory=dict, description="Score calculators.")
