"""Checking a saved session: the fair-mode replay.

:func:`verify` re-runs every random draw of a seeded or fair log from the seed and compares it
with the logged outcome.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..dice.parse import DiceError
from ..errors import PnpError, UsageError
from ..locale import _
from . import session
from .engine import OPS, Table, game_of
from .errtext import TableError
from .rng import commitment, fair_source, seed_key
from .statecheck import copied


def verify(path: Path, secret_hex: str | None = None) -> dict[str, Any]:
    """Replay a seeded or fair log; report the first outcome the seed does not give."""
    return check(path, secret_hex)[0]


def _problem(seq: int, kind: str, cause: PnpError) -> tuple[dict[str, Any], PnpError]:
    return {"ok": False, "seq": seq, "type": kind, "problem": str(cause)}, cause


def check(path: Path, secret_hex: str | None = None) -> tuple[dict[str, Any], PnpError | None]:
    """:func:`verify`'s report, and the error that tells its problem (for other languages).

    A log damaged in a way the reader's checks let through is a located error, not a crash.
    """
    try:
        return _check(path, secret_hex)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise session.SessionError(
            _(
                "{path}: the log is damaged and cannot be verified ({detail}); "
                "the log was left as it is"
            ).format(path=path, detail=f"{type(exc).__name__}: {exc}")
        ) from None


def _check(path: Path, secret_hex: str | None) -> tuple[dict[str, Any], PnpError | None]:
    table = Table(path)
    table.log = session.read(table.path, repair=False)
    header = table.log.header
    if header["rng"] == "system":
        raise TableError(
            _(
                "this session used operating-system entropy; only --seed and --fair sessions can be verified"
            )
        )
    if header["rng"] == "seeded":
        key = seed_key(header["seed"])
    else:
        revealed = [e["args"]["secret"] for e in table.log.events if e["type"] == "reveal"]
        hex_ = secret_hex or (revealed[-1] if revealed else None)
        if hex_ is None:
            raise TableError(
                _("the seed has not been revealed; run `pnp session reveal` or pass --secret HEX")
            )
        try:
            key = bytes.fromhex(hex_)
        except ValueError:
            raise TableError(_("--secret must be hexadecimal")) from None
        if commitment(key) != header["commit"]:
            return _problem(
                0, "session", TableError(_("the revealed seed does not match the commitment"))
            )
    table.game = game_of(header, path)
    table.state, table.effective = copied(header["initial"]), []
    expected_ctr = 0
    checked = 0
    after_reveal = False
    for event in table.log.events:
        kind = event["type"]
        after_reveal = after_reveal or kind == "reveal"
        if kind in OPS and OPS[kind][2] and after_reveal and header["rng"] == "fair":
            return _problem(
                event["seq"],
                kind,
                TableError(_("a draw made after the seed was revealed cannot be fair")),
            )
        if kind in OPS and OPS[kind][2]:
            ctr = event.get("ctr")
            if not ctr or ctr[0] != expected_ctr:
                said = (
                    _("counter {ctr} does not continue from {expected}")
                    if ctr
                    else _("the event has no counter; it should continue from {expected}")
                )
                return _problem(
                    event["seq"], kind, TableError(said, ctr=ctr, expected=expected_ctr)
                )
            source = fair_source(key, ctr[0], header.get("stream", 1))
            try:
                again = OPS[kind][0](table, event.get("args", {}), source)
            except (UsageError, DiceError) as exc:
                return _problem(event["seq"], kind, exc)
            if again != event.get("out") or source.counter != ctr[1]:
                found = {"logged": event.get("out"), "expected": again}
                return {"ok": False, "seq": event["seq"], "type": kind, **found}, None
            expected_ctr = ctr[1]
            checked += 1
        table.apply_logged(event)
    return {"ok": True, "checked": checked}, None
