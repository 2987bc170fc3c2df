"""Numbered tracks: the fate track, a day clock, morale. Moving a marker announces what it passes.

A track's state is its step (an int in the session state). ``--by N`` adds N to the step (a
negative N lowers it, whichever way the track counts); ``--to N`` puts the marker on step N. The
marker stays within the track's lowest and highest step. The outcome lists every mark reached or
passed towards the track's end (a character becomes ready at or past his step), whether the end
was reached, and the first of the track's ``game_over`` thresholds the asked-for step meets
(checked before clamping, so asking for a day past the last one ends the game). A mark with
``stay`` is a step's meaning instead: never reached or passed, told while the marker stands on
its step (:func:`step_note`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import MarkSpec, TrackSpec
    from ..content.types import Lang

_TESTS = {
    "at-or-above": lambda step, at: step >= at,
    "at-or-below": lambda step, at: step <= at,
}


def initial(track: TrackSpec) -> int:
    """A track's value at the start of a game."""
    return int(track.start)


def bounds(track: TrackSpec) -> tuple[int, int]:
    """A track's lowest and highest values: its own limits, else its start and end."""
    low, high = sorted((track.start, track.end))
    return (
        own_low if (own_low := getattr(track, "low", None)) is not None else low,
        own_high if (own_high := getattr(track, "high", None)) is not None else high,
    )


def move_track(
    track: TrackSpec,
    steps: dict[str, int],
    tid: str,
    by: int | None = None,
    to: int | None = None,
    tracks: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Move track ``tid`` by ``by`` steps or to step ``to``; update ``steps``.

    With ``tracks`` (every track of the game), a mark reached that moves another track moves
    it too (``then``: those moves, one level deep), and the tracks this one ``tells`` are read.
    """
    low, high = bounds(track)
    direction = 1 if track.end > track.start else -1
    old = steps[tid]
    asked = old + by if to is None and by is not None else (to if to is not None else old)
    new = max(low, min(high, asked))
    steps[tid] = new
    ahead = (lambda at: old < at <= new) if direction > 0 else (lambda at: new <= at < old)
    reached = [m.id for m in _once(track) if ahead(m.at)]
    over = None
    for n, rule in enumerate(getattr(track, "game_over", []) or []):
        if asked != old and _TESTS[rule.when](asked, rule.at):
            over = n
            break
    out = {
        "track": tid,
        "from": old,
        "to": new,
        "asked": asked,
        "marks": reached,
        "end": new == track.end and old != track.end,
        "game_over": over,
    }
    if tracks is None:
        return out
    then = []
    for mark in _once(track):
        if mark.id in reached:
            for other, by in (mark.move or {}).items():
                if other in tracks:
                    then.append(move_track(tracks[other], steps, other, by=by))
    if then:
        out["then"] = then
    told = [t for t in getattr(track, "tells", []) if t in tracks]
    if told:
        out["tells"] = {t: steps[t] for t in told}
    return out


def _once(track: TrackSpec) -> list[MarkSpec]:
    """The marks told once, when reached or passed (not the stay marks)."""
    return [m for m in track.marks if not getattr(m, "stay", False)]


def step_note(track: TrackSpec, step: int) -> str | dict[Lang, str] | None:
    """What the step means while the marker stands on it (a stay mark's note), or None."""
    return next((m.note for m in track.marks if m.at == step and getattr(m, "stay", False)), None)


def ready(track: TrackSpec, step: int) -> list[str | None]:
    """Marks at or behind the marker (characters that are ready)."""
    if track.end > track.start:
        return [m.id for m in _once(track) if m.at <= step]
    return [m.id for m in _once(track) if m.at >= step]
