"""The fate bags' operations: drawing tiles (draw-and-hold, per-turn drawing), stopping to resolve,
and putting a set-aside special tile into the bag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..locale import _
from . import bag as bags
from .errtext import TableError
from .game import TableGame
from .i18n import TYPED
from .names import listing, shown, terms_for
from .ops_base import (
    Table,
    _g,
    _named,
    _not_over,
    _track_over,
)
from .rng import Source

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import BagState, EventArgs, Outcome

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import BagSpec


def only_bag(game: TableGame, typed: str | None) -> str:
    """``typed``, or when no bag is named the game's only bag; a TableError when it has several
    (or none) to choose from."""
    if typed is not None:
        return typed
    bags = list(game.spec.bags)
    if len(bags) == 1:
        return bags[0]

    things = {b: (spec.term or b, spec.name) for b, spec in game.spec.bags.items()}
    raise TableError(
        _("{game} has {count} bags; say which with --bag ({known})"),
        game=game.names(),
        count=len(bags),
        known=listing(terms_for(game), things),
    )


def _bag(t: Table, args: EventArgs) -> tuple[BagSpec, BagState]:
    """The spec and state of the bag the args name (the game's only bag when they name none)."""
    specs = _g(t).spec.bags
    args["bag"] = only_bag(_g(t), args.get("bag"))
    things = {b: (spec.term or b, spec.name) for b, spec in specs.items()}
    bag_id = _named(t, args, "bag", things, _("{game} has no bag {name!r} (bags: {known})"))
    return specs[bag_id], t.state["bags"][bag_id]


def op_fate_draw(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of a fate-bag draw: refuse once the game is over, else pick tiles from the bag."""

    _not_over(t)
    spec, state = _bag(t, args)
    if getattr(spec, "per_turn", False):
        turn = t.state.get("turn", {}).get("n", 1)
        if state.get("done") == turn and not args.get("force"):
            raise TableError(
                _("this bag has had its drawing for turn {turn}; `{pnp}turn next` moves on"),
                turn=turn,
                pnp=TYPED["pnp"],
            )
        if state["phase"] is None and args.get("generals") is None:
            raise TableError(
                _("say how many tiles may be drawn this turn: `{pnp}fate draw --draws N`"),
                pnp=TYPED["pnp"],
            )
    return bags.draw(spec, state, source, args.get("generals"))


def _bag_done(t: Table, spec: BagSpec, state: BagState) -> None:
    """A per-turn bag has had its drawing for this turn."""
    if getattr(spec, "per_turn", False):
        state["done"] = t.state.get("turn", {}).get("n", 1)


def apply_fate_draw(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a logged fate-bag draw to the bag and tracks; return what it resolved, if anything."""

    spec, state = _bag(t, args)
    bags.apply_draw(spec, _g(t).spec.tracks, state, out, t.state)
    resolved = state.pop("last", None) if out["resolve"] else None
    fx: dict[str, object] = {"resolved": resolved} if out["resolve"] else {}
    if out["resolve"]:
        _bag_done(t, spec, state)
    if resolved and "track" in resolved:
        _track_over(t, resolved["track"])
    return fx


def op_fate_stop(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of stopping a fate-bag turn."""

    return bags.stop(_bag(t, args)[1])


def apply_fate_stop(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a stop: resolve the tiles drawn this turn and return the outcome."""

    spec, state = _bag(t, args)
    resolved = bags.resolve(spec, _g(t).spec.tracks, state, t.state)
    _bag_done(t, spec, state)
    if "track" in resolved:
        _track_over(t, resolved["track"])
    return {"resolved": resolved}


def op_fate_add(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of putting a set-aside special tile into a fate bag; refuses a kind not set aside."""

    spec, state = _bag(t, args)
    things = {tile.id: (tile.id, tile.name) for tile in spec.tiles}
    kind = _named(t, args, "tile", things, _("no tile {name!r} in this bag (tiles: {known})"))
    waiting = {k: things[k] for k in sorted({bags.tile_kind(x) for x in state["aside"]})}
    if kind not in waiting:
        terms = terms_for(_g(t), t.cache)
        raise TableError(
            _("no tile {tile!r} waiting to enter the bag{help}"),
            tile=shown(terms, kind, things),
            help=listing(terms, waiting) if waiting else "",
        )
    return bags.add_special(spec, state, kind)


def apply_fate_add(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a logged special-tile addition to the bag."""

    bags.apply_add(_bag(t, args)[1], out)
    return {}
