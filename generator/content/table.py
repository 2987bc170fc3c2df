"""The table companion's data: ``content/<game>/table.yaml`` (dice, rolls, bags, tracks, decks, scoring).

One file per game says everything the companion knows about it, so a new game needs data, not
code. Models here hang off the one project schema (same :class:`Model` base, every field
documented); :func:`load_table` validates a game's file, checks its cross-references (a bag's
track, a roll's expression, a deck's card file) and raises one ContentError listing every problem.
Names shown at the table come from the game's glossary (``rules/glossary.yaml``) by id, then from
the ``name`` given here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from ..errors import ContentError, Issue, IssueCollector, Location
from .schema import ItemsFile
from .types import LocalText, Model, Slug
from .validate import key_path, suggest, validate
from .yamlload import Loaded, load_yaml


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
    default: int | str = Field(0, description="Value when the option is not given.")
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


class DeckSpec(_Fact):
    """A deck: a card-number generator, an activation deck, or a plain deck."""

    kind: Literal["number", "activation", "plain"] = Field(
        description="number: read the number at a chosen position; activation: unit cards per player; plain: draw and show."
    )
    name: LocalText | None = Field(None, description="Shown name.")
    cards: str | list[CardSpec] = Field(
        description="An item file of the game (printed cards) or the cards themselves."
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
        1, ge=0, le=5, description="activation decks: cards a player may hold in reserve each turn."
    )


class Place(Model):
    """A place that scores when held."""

    id: Slug = Field(description="Place id (a glossary term).")
    points: int = Field(ge=0, le=100, description="Points while held.")
    name: LocalText | None = Field(None, description="Shown name when the glossary lacks the id.")


class ControlScoring(_Fact):
    """Points for held places (The Battle of Five Armies' victory points)."""

    kind: Literal["control"]
    side: str = Field(description="The side that scores (a glossary term).")
    places: list[Place] = Field(description="Places and their points.")
    win_at: int = Field(description="Points that win at the end of a turn.")
    instant_place: Slug | None = Field(
        None, description="Holding this place with win_at points wins at once."
    )
    instant_wins: list[LocalText] = Field(
        default_factory=list, description="The other side's instant victories, as reminders."
    )


class SumScoring(_Fact):
    """A score that adds named counts (Barons of Fyn: lands + population + combat)."""

    kind: Literal["sum"]
    parts: list[Slug] = Field(description="Names of the numbers added for each player.")
    hand_limit: dict[Slug, int] = Field(
        default_factory=dict, description="Hand size each holding adds (capital 5, city 2, ...)."
    )
    hit_base: int | None = Field(
        None, description="Combat: base hit number, plus the difference in combat values."
    )
    always_hit: int | None = Field(None, description="Combat: a draw this low always hits.")
    always_miss: int | None = Field(None, description="Combat: a draw this high always misses.")


class ArmyScoring(_Fact):
    """Victory by destroying a share of the enemy's army points (Pocket Battles)."""

    kind: Literal["army"]
    share: float = Field(0.5, gt=0, le=1, description="Share of the enemy's points to destroy.")
    tie: LocalText = Field(description="How a tie is broken.")
    order_base: int = Field(1, description="An order costs the points on the unit plus this.")
    points_step: int = Field(
        10, description="Army limits are multiples of this; command points = limit / step."
    )


class RatioRow(Model):
    """One row of a combat table by attack / defence ratio."""

    above: float = Field(
        description="The row applies when attack > above x defence (0 for 'greater')."
    )
    result: LocalText = Field(description="What happens.")


class TerritoryScoring(_Fact):
    """Squares held in the enemy half, ties by fewer depleted units, then a fixed order (Manoeuvre)."""

    kind: Literal["territory"]
    order: list[Slug] = Field(description="Tie-break order, first wins.")
    lower: LocalText = Field(description="Result when attack < defence.")
    equal: LocalText = Field(description="Result when attack = defence.")
    ratios: list[RatioRow] = Field(description="Rows for attack > defence, by rising ratio.")


Scoring = Annotated[
    ControlScoring | SumScoring | ArmyScoring | TerritoryScoring, Field(discriminator="kind")
]


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


def table_path(game_root: Path) -> Path:
    """The table file named by game.yaml's ``table:`` key (default table.yaml)."""
    name = "table.yaml"
    game_file = game_root / "game.yaml"
    if game_file.is_file():
        data = load_yaml(game_file).data
        if isinstance(data, dict) and isinstance(data.get("table"), str):
            name = data["table"]
    return game_root / name


def load_table(game_root: Path) -> TableSpec:
    """Load and check ``content/<game>/table.yaml``; raise ContentError listing every problem."""
    from .loader import resolve_inside

    root = Path(game_root)
    path = table_path(root)
    try:
        path = resolve_inside(root, str(path.relative_to(root)))
    except ValueError as exc:
        raise ContentError([Issue(Location(str(root / "game.yaml")), "table", str(exc))]) from None
    if not path.is_file():
        raise ContentError(
            [
                Issue(
                    Location(str(root / "game.yaml")), "table", f"file {path.name!r} does not exist"
                )
            ]
        )
    loaded = load_yaml(path)
    issues = IssueCollector()
    spec = validate(TableSpec, loaded, issues)
    if spec is not None:
        _cross_check(spec, loaded, root, issues)
    issues.raise_if_errors()
    assert spec is not None
    return spec


def _cross_check(spec: TableSpec, loaded: Loaded, root: Path, issues: IssueCollector) -> None:
    def add(path: tuple[Any, ...], message: str) -> None:
        issues.add(loaded.marks.locate(path), key_path(path), message)

    for bid, bag in spec.bags.items():
        if bag.track is not None and bag.track not in spec.tracks:
            add(("bags", bid, "track"), f"no track {bag.track!r}{suggest(bag.track, spec.tracks)}")
        seen: set[str] = set()
        for n, tile in enumerate(bag.tiles):
            if tile.id in seen:
                add(("bags", bid, "tiles", n, "id"), f"tile id {tile.id!r} is used twice")
            seen.add(tile.id)
    for tid, track in spec.tracks.items():
        if track.end == track.start:
            add(("tracks", tid, "end"), f"end {track.end} is the same step as start")
        low, high = sorted((track.start, track.end))
        for n, mark in enumerate(track.marks):
            if not low <= mark.at <= high:
                add(
                    ("tracks", tid, "marks", n, "at"),
                    f"step {mark.at} is off the track ({track.start}..{track.end})",
                )
    for rid, roll in spec.rolls.items():
        _check_roll(rid, roll, spec, add)
    for did, deck in spec.decks.items():
        if isinstance(deck.cards, str):
            _check_card_file(root, did, deck, loaded, issues)


def _check_roll(rid: str, roll: RollSpec, spec: TableSpec, add: Any) -> None:
    from ..companion.dice_parse import DiceError, parse

    values = {name: p.default for name, p in roll.params.items()}
    try:
        text = roll.expr.format(**values)
    except (KeyError, IndexError, ValueError) as exc:
        add(("rolls", rid, "expr"), f"placeholder {exc} is not one of the roll's params")
        return
    try:
        expr = parse(text)
    except DiceError as exc:
        add(("rolls", rid, "expr"), f"{exc.message} (column {exc.col} of {text!r})")
        return
    for _, term in expr.terms:
        die = getattr(term, "die", None)
        if die is not None and die.split(":")[-1] not in spec.dice:
            add(("rolls", rid, "expr"), f"no die {die!r} in this file{suggest(die, spec.dice)}")


def _check_card_file(
    root: Path, did: str, deck: DeckSpec, loaded: Loaded, issues: IssueCollector
) -> None:
    from .loader import resolve_inside

    where = loaded.marks.locate(("decks", did, "cards"))
    key = key_path(("decks", did, "cards"))
    try:
        path = resolve_inside(root, str(deck.cards))
    except ValueError as exc:
        issues.add(where, key, str(exc))
        return
    if not path.is_file():
        issues.add(where, key, f"file {deck.cards!r} does not exist")
        return
    try:
        cards = load_items(path)
    except ContentError as exc:
        issues.issues.extend(exc.issues)
        return
    if deck.kind == "number":
        for item in cards.items:
            extra = item.model_extra or {}
            numbers = extra.get("numbers")
            if numbers is None:
                continue
            ok = (
                isinstance(numbers, list)
                and len(numbers) == deck.positions
                and all(
                    isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10 for v in numbers
                )
            )
            if not ok:
                issues.add(
                    Location(str(path)),
                    f"items.{item.id}.numbers",
                    f"expected {deck.positions} whole numbers 1..10",
                )


def load_items(path: Path) -> ItemsFile:
    """An item file validated with the print schema (the same file the PDF is built from)."""
    from . import tabular

    loaded = tabular.load_table(path) if tabular.is_table(path) else load_yaml(path)
    issues = IssueCollector()
    spec = validate(ItemsFile, loaded, issues)
    issues.raise_if_errors()
    assert spec is not None
    return spec
