"""The fields an event of the log may have, and the check every event passes when the log is read
and before one is written (types, bounds, known event types).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..locale import N_, _
from .session_base import MAX_NUMBER

EVENT_TYPES = {
    "roll", "fate.draw", "fate.stop", "fate.add", "deck.draw", "deck.discard", "deck.reset",
    "act.add", "act.turn", "act.draw", "act.reserve", "act.play", "act.remove", "track.move",
    "pad.add", "reveal", "migrate", "undo", "deck.deal", "deck.return", "turn.next",
    "turn.first",
}  # fmt: skip


def _whole(lo: int | None = None, hi: int | None = None) -> Callable[[object], bool]:
    def check(v: object) -> bool:
        return (
            isinstance(v, int)
            and not isinstance(v, bool)
            and abs(v) <= MAX_NUMBER
            and (lo is None or v >= lo)
            and (hi is None or v <= hi)
        )

    return check


def _text(v: object) -> bool:
    return isinstance(v, str) and 0 < len(v) <= 1000


def _texts(v: object) -> bool:
    return isinstance(v, list) and len(v) <= 1000 and all(_text(x) for x in v)


def _flag(v: object) -> bool:
    return isinstance(v, bool)


_BOUNDS = {"low": -MAX_NUMBER, "high": MAX_NUMBER}


# the fields an event may carry in ``args`` and ``out``, each with the values it may take (a
# check, and its wording with the values that fill it); a field not listed is left to the step
# that applies it
FIELDS: dict[str, tuple[Callable[[object], bool], str, dict[str, int]]] = {
    "index": (_whole(0), N_("a whole number from 0"), {}),
    "limit": (_whole(0), N_("a whole number from 0"), {}),
    "target": (_whole(1), N_("the number of an earlier event"), {}),
    "points": (_whole(), N_("a whole number from {low} to {high}"), _BOUNDS),
    "by": (_whole(), N_("a whole number from {low} to {high}"), _BOUNDS),
    "to": (_whole(), N_("a whole number from {low} to {high}"), _BOUNDS),
    "round": (
        _whole(1, 10_000),
        N_("a whole number from {low} to {high}"),
        {"low": 1, "high": 10_000},
    ),
    "count": (_whole(1, 100), N_("a whole number from {low} to {high}"), {"low": 1, "high": 100}),
    "generals": (_whole(0, 20), N_("a whole number from {low} to {high}"), {"low": 0, "high": 20}),
    "position": (_whole(), N_("a whole number from {low} to {high}"), _BOUNDS),
    "reshuffle": (_flag, N_("true or false"), {}),
    "resolve": (_flag, N_("true or false"), {}),
    "deck": (_text, N_("a name"), {}),
    "bag": (_text, N_("a name"), {}),
    "track": (_text, N_("a name"), {}),
    "tile": (_text, N_("a name"), {}),
    "unit": (_text, N_("a name"), {}),
    "expr": (_text, N_("a dice expression"), {}),
    "secret": (lambda v: isinstance(v, str) and len(v) <= 256, N_("a hexadecimal seed"), {}),
    "units": (_texts, N_("a list of names"), {}),
    "cards": (_texts, N_("a list of names"), {}),
}


# fields that may be left empty (null) where the command was given without them
OPTIONAL = {"player", "round", "generals", "position", "by", "to", "bag", "count"}


def event_problem(rec: dict[str, Any]) -> str | None:
    """What is wrong with an event's shape or the values of its fields, or None."""
    if rec.get("type") not in EVENT_TYPES:
        return _("unknown type {type!r}").format(type=rec.get("type"))
    args, out = rec.get("args", {}), rec.get("out", {})
    if not isinstance(args, dict) or not isinstance(out, dict):
        return _("args and out must be objects")
    ctr = rec.get("ctr")
    if ctr is not None and not (
        isinstance(ctr, list)
        and len(ctr) == 2
        and all(_whole(0)(c) for c in ctr)
        and ctr[0] <= ctr[1]
    ):
        return _("ctr must be two whole numbers")
    for where, fields in (("args", args), ("out", out)):
        for name, value in fields.items():
            if value is None and name in OPTIONAL:
                continue
            if name == "player" and (value is None or value == "" or _text(value)):
                continue
            rule = FIELDS.get(name)
            if rule is not None and not rule[0](value):
                wanted = _(rule[1]).format(**rule[2])
                return _("{field} must be {wanted}").format(field=f"{where}.{name}", wanted=wanted)
    if rec.get("type") == "undo" and not (
        _whole(1)(args.get("target")) and args["target"] < rec.get("seq", 0)
    ):
        return _("{field} must be {wanted}").format(
            field="args.target", wanted=_("the number of an earlier event")
        )
    return None
