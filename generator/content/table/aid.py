"""How a named roll asks for its odds on the player aid: the rows, the fixed options, the columns.

A roll of ``table.yaml`` with ``aid:`` gets a small table of its exact odds on the game's player
aid, worked out at build time (:mod:`generator.rules.odds_aid`): one row per value of one of its
options, a column per "at least N".
"""

from typing import Annotated

from msgspec import Meta, field

from ..types import LocalText, Model, Slug, doc


class AidOdds(Model, frozen=True, kw_only=True):
    """The table of a roll's exact odds printed on the player aid."""

    rows: Annotated[
        Slug | None, doc("The option whose values make the rows (none: one row, the defaults).")
    ] = None
    values: Annotated[
        Annotated[list[int | str], Meta(max_length=8)],
        doc("The option's values, one row each (default: from its min to its max, at most 8)."),
    ] = field(default_factory=list)
    label: Annotated[
        LocalText | None, doc("The heading of the rows' column (default: the option's name).")
    ] = None
    params: Annotated[dict[Slug, int | str], doc("Fixed values for the roll's other options.")] = (
        field(default_factory=dict)
    )
    at_least: Annotated[
        Annotated[list[Annotated[int, Meta(ge=-1000, le=1000)]], Meta(min_length=1, max_length=6)]
        | None,
        doc("The totals whose chance of 'at least' makes the columns (default 1 up to 5)."),
    ] = None
