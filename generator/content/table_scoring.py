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

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .types import LocalText, Model, Slug


class _Fact(Model):
    source: str | None = Field(
        None, description="Where this fact comes from (seed file, rule book and page)."
    )
    estimate: bool = Field(
        False, description="True when the value is not known from a source; users may correct it."
    )


class Place(Model):
    """A place that scores when held."""

    id: Slug = Field(description="Place id (a glossary term).")
    points: int = Field(ge=0, le=100, description="Points while held.")
    name: LocalText | None = Field(None, description="Shown name when the glossary lacks the id.")


class InstantWin(Model):
    """An instant victory of the other side, shown as a reminder with the score."""

    text: LocalText = Field(description="What wins at once.")
    points_below: int | None = Field(
        None,
        ge=0,
        le=1000,
        description="Only possible while the scoring side holds fewer points than this.",
    )


class ControlScoring(_Fact):
    """Points for held places (victory points by control)."""

    kind: Literal["control"]
    side: str = Field(description="The side that scores (a glossary term).")
    places: list[Place] = Field(description="Places and their points.")
    win_at: int = Field(description="Points that win, checked at the end of a turn.")
    instant_place: Slug | None = Field(
        None, description="Holding this place with win_at points wins at once."
    )
    instant_wins: list[InstantWin] = Field(
        default_factory=list, description="The other side's instant victories."
    )


class SumScoring(_Fact):
    """A score that adds named counts, hand limits and a combat hit number."""

    kind: Literal["sum"]
    parts: list[Slug] = Field(description="Names of the numbers added for each player.")
    hand_limit: dict[Slug, int] = Field(
        default_factory=dict, description="Hand size each holding adds (a lookup table)."
    )
    hit_base: int | None = Field(
        None, description="Combat: base hit number, plus the difference in combat values."
    )
    always_hit: int | None = Field(None, description="Combat: a draw this low always hits.")
    always_miss: int | None = Field(None, description="Combat: a draw this high always misses.")
    draw_reads: dict[int, int] = Field(
        default_factory=dict,
        description="Lookup table for a printed draw (0 reads 10); applied before the checks.",
    )
    draw_min: int = Field(1, description="Smallest draw after reading.")
    draw_max: int = Field(10, description="Largest draw after reading.")


class TieStep(Model):
    """One step of a tie-break list: compare two numbers, rank names, or name the winner."""

    name: str = Field(description="What the step decides by, shown with the result.")
    mine: str | None = Field(None, description="compare: the option with my number.")
    theirs: str | None = Field(None, description="compare: the option with the other number.")
    better: Literal["higher", "lower"] = Field("higher", description="compare: which wins.")
    default: int | None = Field(None, description="compare: value when the options are left out.")
    order: list[Slug] | None = Field(
        None, description="order: names ranked first to last; the earlier one wins."
    )
    option: str | None = Field(
        None, description="order: the option naming mine and theirs (A,B; case ignored)."
    )
    winner: str | None = Field(None, description="The result when every step before tied.")

    @model_validator(mode="after")
    def _one_kind(self) -> TieStep:
        kinds = [self.mine is not None, self.order is not None, self.winner is not None]
        if sum(kinds) != 1:
            raise ValueError("a step gives one of: mine and theirs, order and option, or winner")
        if self.mine is not None and self.theirs is None:
            raise ValueError("a compare step needs theirs as well as mine")
        if self.order is not None and self.option is None:
            raise ValueError("an order step needs the option that names the two")
        return self


class ArmyScoring(_Fact):
    """Victory by destroying a share of the enemy's army points."""

    kind: Literal["army"]
    share: float = Field(0.5, gt=0, le=1, description="Share of the enemy's points to destroy.")
    tie: LocalText = Field(description="How a tie is broken, in words (shown with a tie).")
    tie_break: list[TieStep] = Field(
        default_factory=list, description="When both sides reach the share: steps in order."
    )
    order_base: int = Field(1, description="An order costs the points on the unit plus this.")
    points_step: int = Field(
        10, description="Army limits are multiples of this; command points = limit / step."
    )


class RatioRow(Model):
    """One row of a ratio table (attack / defence)."""

    above: float = Field(description="The row applies when attack > above x defence.")
    result: LocalText = Field(description="What happens.")


class TerritoryScoring(_Fact):
    """A combat result by ratio, and the end-of-game comparison by a tie-break list."""

    kind: Literal["territory"]
    tie_break: list[TieStep] = Field(description="Steps in order; the first that differs wins.")
    lower: LocalText = Field(description="Result when attack < defence.")
    equal: LocalText = Field(description="Result when attack = defence.")
    ratios: list[RatioRow] = Field(description="Rows for attack > defence, by rising ratio.")


Scoring = Annotated[
    ControlScoring | SumScoring | ArmyScoring | TerritoryScoring, Field(discriminator="kind")
]
