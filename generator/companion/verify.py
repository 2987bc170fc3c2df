"""Checking a saved session: the fair-mode replay and the pieces a content edit would lose.

:func:`verify` re-runs every random draw of a seeded or fair log from the seed and compares it
with the logged outcome; :func:`missing_pieces` lists what of a session's state a new version
of the game's content no longer has (so a migration can be refused).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from ..errors import UsageError
from . import session
from .dice_parse import DiceError
from .engine import OPS, Table, game_of
from .game import TableGame
from .rng import commitment, fair_source, seed_key


def missing_pieces(state: dict[str, Any], game: TableGame) -> list[str]:
    """Tiles, cards and tracks of ``state`` that ``game`` does not have."""
    from .bag import tile_kind
    from .decks import card_id

    missing: list[str] = []
    for bid, bag in state.get("bags", {}).items():
        spec = game.spec.bags.get(bid)
        kinds = {t.id for t in spec.tiles} if spec is not None else set()
        held = [*bag["pool"], *bag["aside"], *bag["held"], *bag["used"]]
        missing += sorted({f"{bid}: {tile_kind(t)}" for t in held if tile_kind(t) not in kinds})
    for did, deck in state.get("decks", {}).items():
        if did not in game.spec.decks:
            missing.append(f"deck {did}")
        elif "owners" not in deck:
            cards = game.cards.get(did, {})
            held = [*deck["pile"], *deck["discard"], *deck["out"], *deck["aside"]]
            missing += sorted({f"{did}: {card_id(c)}" for c in held if card_id(c) not in cards})
    missing += [f"track {t}" for t in state.get("tracks", {}) if t not in game.spec.tracks]
    return missing


def verify(path: Path, secret_hex: str | None = None) -> dict[str, Any]:
    """Replay a seeded or fair log; report the first outcome the seed does not give."""
    table = Table(path)
    table.log = session.read(path, repair=False)
    header = table.log.header
    if header["rng"] == "system":
        raise UsageError(
            "this session used operating-system entropy; only --seed and --fair sessions can be verified"
        )
    if header["rng"] == "seeded":
        key = seed_key(header["seed"])
    else:
        revealed = [e["args"]["secret"] for e in table.log.events if e["type"] == "reveal"]
        hex_ = secret_hex or (revealed[-1] if revealed else None)
        if hex_ is None:
            raise UsageError(
                "the seed has not been revealed; run `pnp session reveal` or pass --secret HEX"
            )
        try:
            key = bytes.fromhex(hex_)
        except ValueError:
            raise UsageError("--secret must be hexadecimal") from None
        if commitment(key) != header["commit"]:
            return {
                "ok": False,
                "seq": 0,
                "type": "session",
                "problem": "the revealed seed does not match the commitment",
            }
    table.game = game_of(header, path)
    table.state, table.effective = copy.deepcopy(header["initial"]), []
    expected_ctr = 0
    checked = 0
    for event in table.log.events:
        kind = event["type"]
        if kind in OPS and OPS[kind][2]:
            ctr = event.get("ctr")
            if not ctr or ctr[0] != expected_ctr:
                return {
                    "ok": False,
                    "seq": event["seq"],
                    "type": kind,
                    "problem": f"counter {ctr} does not continue from {expected_ctr}",
                }
            source = fair_source(key, ctr[0], header.get("stream", 1))
            try:
                again = OPS[kind][0](table, event.get("args", {}), source)
            except (UsageError, DiceError) as exc:
                return {"ok": False, "seq": event["seq"], "type": kind, "problem": str(exc)}
            if again != event.get("out") or source.counter != ctr[1]:
                return {
                    "ok": False,
                    "seq": event["seq"],
                    "type": kind,
                    "logged": event.get("out"),
                    "expected": again,
                }
            expected_ctr = ctr[1]
            checked += 1
        table.apply_logged(event)
    return {"ok": True, "checked": checked}
