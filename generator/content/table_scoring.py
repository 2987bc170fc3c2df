"""Score calculators of ``table.yaml`` (``scoring:``), built from a few generic blocks.

Every calculator is one of four kinds, each made of documented building blocks so a game's
scoring needs data, not code:

* ``control``: points for held places (a lookup table), a threshold that wins at the end of a
  turn, an instant-win place, and the other side's instant wins with an optional points condition;
* ``sum``: named counts added up, a lookup table of hand sizes, and a hit number (base plus a
  difference) with a draw read through a lookup table and the always-hit / always-miss ends;
* ``army``: victory at a share of the enemy's points, order costs, and a tie-break list;
* ``territory``: a combat result read from a ratio table, and the end-of-game comparison by a
  tie-break list.

A tie-break list (``tie_break``) is read in order: each ``compare`` step compares two numbers
given on the command line (higher or lower wins); an ``order`` step ranks names given in one option
(earlier wins, case ignored); a ``winner`` step names the result when every step before it tied.
"""

from typing import Annotated, Literal

from msgspec import Meta, field

from ..locale import _
from .types import LocalText, Model, Slug, Tagged, doc


class Fact(Model, frozen=True, kw_only=True):
    """Where a value of table.yaml comes from, and whether it is an estimate."""

    source: Annotated[
        str | None, doc("Where this fact comes from (seed file, rule book and page).")
    ] = None
    estimate: Annotated[
        bool, doc("True when the value is not known from a source; users may correct it.")
    ] = False


class Place(Model, frozen=True, kw_only=True):
    """A place that scores when held."""

    id: Annotated[Slug, doc("Place id (a glossary term).")]
    points: Annotated[Annotated[int, Meta(ge=0, le=100)], doc("Points while held.")]
    name: Annotated[LocalText | None, doc("Shown name when the glossary lacks the id.")] = None


class InstantWin(Model, frozen=True, kw_only=True):
    """An instant victory of the other side, shown as a reminder with the score."""

    text: Annotated[LocalText, doc("What wins at once.")]
    points_below: Annotated[
        Annotated[int, Meta(ge=0, le=1000)] | None,
        doc("Only possible while the scoring side holds fewer points than this."),
    ] = None


class ControlScoring(Fact, Tagged, tag="control", frozen=True, kw_only=True):
    """Points for held places (victory points by control)."""

    side: Annotated[str, doc("The side that scores (a glossary term).")]
    places: Annotated[list[Place], doc("Places and their points.")]
    win_at: Annotated[int, doc("Points that win, checked at the end of a turn.")]
    instant_place: Annotated[
        Slug | None, doc("Holding this place with win_at points wins at once.")
    ] = None
    instant_wins: Annotated[list[InstantWin], doc("The other side's instant victories.")] = field(
        default_factory=list
    )


class SumScoring(Fact, Tagged, tag="sum", frozen=True, kw_only=True):
    """A score that adds named counts, hand limits and a combat hit number."""

    parts: Annotated[list[Slug], doc("Names of the numbers added for each player.")]
    hand_limit: Annotated[dict[Slug, int], doc("Hand size each holding adds (a lookup table).")] = (
        field(default_factory=dict)
    )
    hit_base: Annotated[
        int | None, doc("Combat: base hit number, plus the difference in combat values.")
    ] = None
    always_hit: Annotated[int | None, doc("Combat: a draw this low always hits.")] = None
    always_miss: Annotated[int | None, doc("Combat: a draw this high always misses.")] = None
    draw_reads: Annotated[
        dict[Annotated[str, Meta(pattern=r"^-?[0-9]+$")], int],
        doc(
            "Lookup table for a printed draw (0 reads 10); applied before the checks. "
            "Keys are whole numbers (YAML mapping keys, read as text)."
        ),
    ] = field(default_factory=dict)
    draw_min: Annotated[int, doc("Smallest draw after reading.")] = 1
    draw_max: Annotated[int, doc("Largest draw after reading.")] = 10


class TieStep(Model, frozen=True, kw_only=True):
    """One step of a tie-break list: compare two numbers, rank names, or name the winner."""

    name: Annotated[LocalText, doc("What the step decides by, shown with the result.")]
    mine: Annotated[str | None, doc("compare: the option with my number.")] = None
    theirs: Annotated[str | None, doc("compare: the option with the other number.")] = None
    better: Annotated[Literal["higher", "lower"], doc("compare: which wins.")] = "higher"
    default: Annotated[int | None, doc("compare: value when the options are left out.")] = None
    order: Annotated[
        list[Slug] | None, doc("order: names ranked first to last; the earlier one wins.")
    ] = None
    option: Annotated[
        str | None, doc("order: the option naming mine and theirs (A,B; case ignored).")
    ] = None
    names: Annotated[
        dict[Slug, LocalText] | None,
        doc("order: the shown name of each ranked id, when the glossary has no term for it."),
    ] = None
    winner: Annotated[LocalText | None, doc("The result when every step before tied.")] = None

    def __post_init__(self) -> None:
        kinds = [self.mine is not None, self.order is not None, self.winner is not None]
        if sum(kinds) != 1:
            raise ValueError(_("a step gives one of: mine and theirs, order and option, or winner"))
        if self.mine is not None and self.theirs is None:
            raise ValueError(_("a compare step needs theirs as well as mine"))
        if self.order is not None and self.option is None:
            raise ValueError(_("an order step needs the option that names the two"))


class ArmyScoring(Fact, Tagged, tag="army", frozen=True, kw_only=True):
    """Victory by destroying a share of the enemy's army points."""

    share: Annotated[
        Annotated[float, Meta(gt=0, le=1)], doc("Share of the enemy's points to destroy.")
    ] = 0.5
    tie: Annotated[LocalText, doc("How a tie is broken, in words (shown with a tie).")]
    tie_break: Annotated[list[TieStep], doc("When both sides reach the share: steps in order.")] = (
        field(default_factory=list)
    )
    order_base: Annotated[int, doc("An order costs the points on the unit plus this.")] = 1
    points_step: Annotated[
        int, doc("Army limits are multiples of this; command points = limit / step.")
    ] = 10


class RatioRow(Model, frozen=True, kw_only=True):
    """One row of a ratio table (attack / defence)."""

    above: Annotated[float, doc("The row applies when attack > above x defence.")]
    result: Annotated[LocalText, doc("What happens.")]


class CombatTable(Model, frozen=True, kw_only=True):
    """The results of one kind of combat, read from attack against defence."""

    name: Annotated[LocalText | None, doc("Shown name of the kind of combat.")] = None
    lower: Annotated[LocalText, doc("Result when attack < defence.")]
    equal: Annotated[LocalText, doc("Result when attack = defence.")]
    ratios: Annotated[
        list[RatioRow], doc("Rows for attack > defence, by rising ratio (the last that applies).")
    ]


class TerritoryScoring(Fact, Tagged, tag="territory", frozen=True, kw_only=True):
    """A combat result by ratio, and the end-of-game comparison by a tie-break list."""

    tie_break: Annotated[list[TieStep], doc("Steps in order; the first that differs wins.")]
    lower: Annotated[
        LocalText | None, doc("Result when attack < defence (one kind of combat only).")
    ] = None
    equal: Annotated[
        LocalText | None, doc("Result when attack = defence (one kind of combat only).")
    ] = None
    ratios: Annotated[
        list[RatioRow], doc("Rows for attack > defence, by rising ratio (one kind only).")
    ] = field(default_factory=list)
    combats: Annotated[
        dict[Slug, CombatTable],
        doc(
            "Several kinds of combat, each read from its own table; `--combat KIND` chooses "
            "one (instead of lower, equal and ratios)."
        ),
    ] = field(default_factory=dict)

    def __post_init__(self) -> None:
        single = self.lower is not None and self.equal is not None and bool(self.ratios)
        if single == bool(self.combats):
            raise ValueError("give either lower, equal and ratios, or combats (one table a kind)")


Scoring = ControlScoring | SumScoring | ArmyScoring | TerritoryScoring
