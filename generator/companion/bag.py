"""Bags of tiles drawn without replacement, with The Battle of Five Armies' draw-and-hold rule.

State is plain JSON data so the session log can rebuild it: ``pool`` (tile instances still in
the bag, kept sorted so a draw index means the same tile on replay), ``aside`` (special tiles not
yet in play), ``held`` (tiles drawn this phase and set aside), ``used`` (resolved tiles) and
``phase`` (the open draw: its limit). A phase draws up to ``limit`` tiles one at a time; the
drawer may stop after any; only the last drawn resolves and leaves the game, the others go back;
a special tile ends the drawing at once. The resolved tile's value advances the bag's track.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..locale import _
from .errtext import TableError
from .rng import Source
from .tracks import move_track

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import BagOdds, BagState, Outcome, Resolved, TableState

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import BagSpec, TileSpec, TrackSpec


def tile_kind(instance: str) -> str:
    """``fate-2#3`` -> ``fate-2``."""
    return instance.split("#", 1)[0]


def initial(bag: BagSpec) -> BagState:
    """The bag's state at the start of a game."""
    pool: list[str] = []
    aside: list[str] = []
    for tile in bag.tiles:
        names = [f"{tile.id}#{i + 1}" for i in range(tile.qty)]
        (pool if tile.in_bag else aside).extend(names)
    return {"pool": sorted(pool), "aside": sorted(aside), "held": [], "used": [], "phase": None}


def _tile(bag: BagSpec, instance: str) -> TileSpec:
    kind = tile_kind(instance)
    for tile in bag.tiles:
        if tile.id == kind:
            return tile
    raise TableError(_("no tile {tile!r} in this bag"), tile=kind)


def draw(bag: BagSpec, state: BagState, source: Source, generals: int | None) -> dict[str, object]:
    """Draw one tile (opening a phase if none is open); returns the outcome to log."""
    phase = state["phase"]
    if phase is None:
        limit = max(1, min(generals if generals is not None else 1, bag.max_draws))
    else:
        limit = phase["limit"]
    if not state["pool"]:
        raise TableError(_("the bag is empty"))
    index = source.below(len(state["pool"]))
    tile = state["pool"][index]
    drawn = len(phase["drawn"]) + 1 if phase else 1
    spec = _tile(bag, tile)
    stop = spec.special or drawn >= limit or len(state["pool"]) == 1 or not bag.hold_back
    return {"tile": tile, "index": index, "limit": limit, "draw": drawn, "resolve": stop}


def apply_draw(
    bag: BagSpec,
    tracks: dict[str, TrackSpec],
    state: BagState,
    out: Outcome,
    full: TableState,
) -> None:
    """Take the drawn tile out of the pool; resolve it when the outcome says so."""
    tile = out["tile"]
    state["pool"].remove(tile)
    phase = state["phase"]
    if phase is None:
        phase = state["phase"] = {"limit": out["limit"], "drawn": []}
    if phase["drawn"]:
        state["held"].append(phase["drawn"][-1])
    phase["drawn"].append(tile)
    if out["resolve"]:
        resolve(bag, tracks, state, full)


def stop(state: BagState) -> dict[str, object]:
    """The drawer keeps the last tile drawn."""
    phase = state["phase"]
    if phase is None or not phase["drawn"]:
        raise TableError(_("no fate draw is open; start one with `pnp fate draw --draws N`"))
    return {"tile": phase["drawn"][-1]}


def resolve(
    bag: BagSpec, tracks: dict[str, TrackSpec], state: BagState, full: TableState
) -> Resolved:
    """Resolve the last drawn tile: discard it, return the held ones, advance the track."""
    phase = state["phase"]
    if phase is None:  # nothing drawn this turn: the draw step refuses that before
        raise TypeError("no drawing under way")
    tile = phase["drawn"][-1]
    spec = _tile(bag, tile)
    state["used"].append(tile)
    state["pool"] = sorted(state["pool"] + state["held"])
    returned = state["held"]
    state["held"] = []
    state["phase"] = None
    result: Resolved = {
        "tile": tile,
        "value": spec.value,
        "symbol": spec.symbol,
        "returned": returned,
    }
    if bag.track is not None:
        result["track"] = move_track(tracks[bag.track], full["tracks"], bag.track, spec.value)
    state["last"] = result
    return result


def add_special(bag: BagSpec, state: BagState, kind: str) -> dict[str, object]:
    """Put a set-aside tile (blue, red) into the bag."""
    for instance in state["aside"]:
        if tile_kind(instance) == kind:
            return {"tile": instance}
    known = sorted({tile_kind(t) for t in state["aside"]})
    raise TableError(
        _("no tile {tile!r} waiting to enter the bag{help}"), tile=kind, help=", ".join(known)
    )


def apply_add(state: BagState, out: Outcome) -> None:
    """Apply a logged special-tile addition: move the tile from aside into the bag."""
    state["aside"].remove(out["tile"])
    state["pool"] = sorted(state["pool"] + [out["tile"]])


def odds(bag: BagSpec, state: BagState) -> BagOdds:
    """Chance of each advance for the next tile drawn, from what is left in the bag."""
    pool = state["pool"]
    if not pool:
        return {"tiles": 0, "advance": {}, "symbol": 0.0, "special": 0.0}
    by_value: Counter[int] = Counter()
    symbol = special = 0
    for instance in pool:
        spec = _tile(bag, instance)
        by_value[spec.value] += 1
        symbol += spec.symbol
        special += spec.special
    n = len(pool)
    return {
        "tiles": n,
        "advance": {str(v): c / n for v, c in sorted(by_value.items())},
        "counts": {str(v): c for v, c in sorted(by_value.items())},
        "symbol": symbol / n,
        "special": special / n,
    }
