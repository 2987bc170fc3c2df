"""A session's snapshot: the state after an event, written atomically beside the log, trusted only
while the log's bytes, the state's hash in the log and the random counter agree with it.
"""

from __future__ import annotations

import json
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zlib import crc32

from ..content.files import read_regular
from .session_base import MAX_LOG_BYTES, _dump, atomic_write

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import TableState


def snapshot_path(path: Path) -> Path:
    """The snapshot file kept beside a session file."""
    return path.with_name(path.name + ".snap")


def write_snapshot(
    path: Path,
    seq: int,
    state: TableState,
    effective: list[int],
    log_bytes: bytes,
    ctr: int,
    migrated: bool,
) -> None:
    """Save the state after event ``seq``, the last line of ``log_bytes`` (atomic).

    It keeps the length and CRC-32 of the log's bytes up to that event, the random counter then,
    and whether the game was migrated; a crash leaves the old snapshot or none. (A CRC: any check
    value kept beside the log only notices an edit, and SHA-256 of a long log cost more.)
    Keys are sorted, ``effective`` before ``state`` and ``state`` last, as the reader needs.
    """
    snap = {
        "seq": seq,
        "size": len(log_bytes),
        "crc32": crc32(log_bytes),
        "ctr": ctr,
        "migrated": migrated,
        "state": state,
        "effective": effective,
    }
    atomic_write(snapshot_path(path), _dump(snap))


def _usable_snapshot(path: Path, raw: bytes) -> dict[str, Any] | None:
    """The snapshot if the log still begins with the bytes it was taken on, else None; its state
    is read from the very text whose hash the log holds, so the check dumps nothing again."""

    try:
        text = read_regular(snapshot_path(path), MAX_LOG_BYTES).decode("utf-8")
        at_e, at_m = text.index('"effective":'), text.index(',"migrated":')
        at_s = text.index(',"state":', at_m)
        held = f'{{"effective":{text[at_e + 12 : at_m]},"state":{text[at_s + 9 : -1]}}}'
        snap = {**json.loads(text[:at_e] + text[at_m + 1 : at_s] + "}"), **json.loads(held)}
        seq, size, ctr, state = int(snap["seq"]), int(snap["size"]), int(snap["ctr"]), snap["state"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    if snap.get("migrated") is not False or seq <= 0 or not 0 < size <= len(raw) or ctr < 0:
        return None
    if raw[size - 1 : size] != b"\n" or not isinstance(state, dict) or text[-1:] != "}":
        return None
    if crc32(memoryview(raw)[:size]) != snap.get("crc32"):  # an older snapshot has none:
        return None  # the log is read whole until the next snapshot replaces it
    try:
        event = json.loads(raw[raw.rfind(b"\n", 0, size - 1) + 1 : size - 1])
        if event.get("seq") != seq or event.get("snap") != sha256(held.encode()).hexdigest():
            return None  # the log says what the state was; an edited snapshot is not trusted
    except (ValueError, TypeError, AttributeError):
        return None
    if ctr != _counter_before(raw, size):
        return None  # the random counter too is the log's, not the snapshot's word
    return snap


def _counter_before(raw: bytes, size: int) -> int:
    """The random counter after the last event in ``raw[:size]`` that used one (0 if none;
    -1 when that event is unreadable)."""
    end = size
    while end > 0:
        start = raw.rfind(b"\n", 0, end - 1) + 1
        if start == 0:
            return 0  # the header: no event used the counter
        line = raw[start : end - 1]
        if b'"ctr":' in line:
            try:
                ctr = json.loads(line).get("ctr")
                return int(ctr[1])
            except (ValueError, TypeError, AttributeError, IndexError, KeyError):
                return -1
        end = start
    return 0


def state_hash(state: TableState, effective: list[int]) -> str:
    """The hash the log keeps of the state a snapshot saves (so the snapshot can be checked)."""
    return sha256(_dump({"state": state, "effective": effective}).encode()).hexdigest()
