"""The score pad: points written per player and round, their totals and the grid ``pnp score pad`` shows.

Kept apart from the score evaluator (:mod:`.scores`) so a status or a pad entry loads no formula
machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import TableState


def pad_add(state: TableState, player: str, points: int, round_no: int | None) -> dict[str, object]:
    """Record points on the score pad; a new round starts when a player scores twice in one."""
    pad = state.setdefault("pad", {"rows": []})
    if round_no is None:
        rows = pad["rows"]
        current = max((r[0] for r in rows), default=1)
        round_no = current + 1 if any(r[0] == current and r[1] == player for r in rows) else current
    pad["rows"].append([round_no, player, points])
    return {
        "player": player,
        "points": points,
        "round": round_no,
        "total": pad_totals(state).get(player, 0),
    }


def pad_totals(state: TableState) -> dict[str, int]:
    """Each player's total on the score pad."""
    totals: dict[str, int] = {}
    for _round, player, points in state.get("pad", {}).get("rows", []):
        totals[player] = totals.get(player, 0) + points
    return totals


def pad_table(state: TableState, players: list[str]) -> dict[str, Any]:
    """The score pad as a grid: players, rounds, points per player and round, and totals."""
    rows = state.get("pad", {}).get("rows", [])
    names = list(players) + sorted({r[1] for r in rows} - set(players))
    rounds = sorted({r[0] for r in rows})
    grid = {p: {str(r): 0 for r in rounds} for p in names}
    for round_no, player, points in rows:
        grid[player][str(round_no)] += points
    return {
        "players": names,
        "rounds": rounds,
        "grid": grid,
        "totals": {p: sum(grid[p].values()) for p in names},
    }
