"""Numbered tracks: the fate track, a day clock, morale. Moving a marker announces what it passes.

A track's state is its step (an int in the session state). Moving clamps at the track's ends; the
outcome lists every mark reached or passed on the way (a character becomes ready at or past his
step) and whether the last step was reached. Tracks may count down (morale from 6 to 0).
"""

from __future__ import annotations

from typing import Any


def initial(track: Any) -> int:
    return int(track.start)


def move_track(
    track: Any, steps: dict[str, int], tid: str, by: int | None = None, to: int | None = None
) -> dict[str, Any]:
    """Move track ``tid`` by ``by`` steps (towards its end) or to ``to``; update ``steps``."""
    low, high = sorted((track.start, track.end))
    direction = 1 if track.end > track.start else -1
    old = steps[tid]
    new = old + direction * by if to is None and by is not None else (to if to is not None else old)
    new = max(low, min(high, new))
    steps[tid] = new
    ahead = (lambda at: old < at <= new) if direction > 0 else (lambda at: new <= at < old)
    reached = [m.id for m in track.marks if ahead(m.at)]
    return {
        "track": tid,
        "from": old,
        "to": new,
        "marks": reached,
        "end": new == track.end and old != track.end,
    }


def ready(track: Any, step: int) -> list[str]:
    """Marks at or behind the marker (characters that are ready)."""
    if track.end > track.start:
        return [m.id for m in track.marks if m.at <= step]
    return [m.id for m in track.marks if m.at >= step]
