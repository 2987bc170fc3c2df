"""Saved sessions: an append-only event log that survives crashes, a snapshot, and a lock.

The log (JSON lines) is the truth: line 1 is the header (game, players, random mode, the fair
commitment, the initial state), every later line one event with its actual outcomes. Each event
is written in one ``write``, flushed and fsynced before anything is printed, so an outcome a user
saw is always on disk. A torn last line (a crash mid-write) is cut off on the next load and
reported; a bad line anywhere else is corruption and is reported with its line number, never
skipped. A snapshot (state after N events, written atomically) spares replaying the whole log;
it is trusted only while the log's bytes up to it have the CRC-32 it recorded, the log line
it ends on holds the hash of its state and the log's random counter agrees with its own; a log
that ends before its snapshot has lost acknowledged events and is refused. Every event's fields
are checked (:data:`FIELDS`) each time the log is read, and before one is written. Files are
read only when they are regular files of bounded size. A lock on the file's real path (and on
the log itself) serialises terminals sharing a session, whatever name each gave it.

This module reads and appends to the log; the lock is :mod:`.session_lock`, the events' check
:mod:`.session_events`, the snapshot :mod:`.session_snapshot`, and what they share (the error,
the limits, the atomic write) :mod:`.session_base`.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from ..content.files import open_regular, read_regular
from ..locale import N_, _
from . import paths
from .rng import STREAMS
from .session_base import MAX_LOG_BYTES, MAX_NUMBER, SessionError, _dump, atomic_write
from .session_events import EVENT_TYPES, FIELDS, _whole, event_problem
from .session_lock import locked
from .session_snapshot import _usable_snapshot, snapshot_path, state_hash, write_snapshot
from .statecheck import state_problem

# the session's whole interface, importable from here: the log (this module), its lock, the
# check of its events and its snapshot
__all__ = [
    "EVENT_TYPES",
    "FIELDS",
    "FORMAT",
    "MAX_LOG_BYTES",
    "MAX_NUMBER",
    "Log",
    "SessionError",
    "append",
    "atomic_write",
    "create",
    "create_new",
    "current_pointer",
    "current_session",
    "data_dir",
    "event_problem",
    "locked",
    "read",
    "read_header",
    "read_recent",
    "set_current",
    "snapshot_path",
    "state_hash",
    "write_snapshot",
]

FORMAT = 1


def data_dir() -> Path:
    """Where sessions live: ``$PNP_DATA_DIR``, else the user's data directory."""
    return Path(paths.data_dir())


def current_pointer() -> Path:
    """The file naming the current session."""
    return Path(paths.current_pointer())


def current_session() -> Path | None:
    """The session chosen by the last ``pnp session new`` (None when there is none)."""
    current = paths.current_session()
    return Path(current) if current else None


def set_current(path: Path) -> None:
    """Make ``path`` the current session."""
    pointer = current_pointer()
    pointer.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(pointer, str(path.resolve()) + "\n")


class Log:
    """A parsed session log: the header, the events, and what loading had to repair.

    A log read whole has every event; one read from a snapshot (:func:`read_recent`) has only
    the events after it, ``base`` events fewer, with the snapshot's state in ``snap``.
    """

    def __init__(
        self,
        path: Path,
        header: dict[str, Any],
        events: list[dict[str, Any]],
        repaired: str | None = None,
        raw: bytes = b"",
        base: int = 0,
        snap: dict[str, Any] | None = None,
    ) -> None:
        self.path = path
        self.header = header
        self.events = events
        self.repaired = repaired
        self.raw = raw  # the file's bytes as read (after a repair)
        self.base = base
        self.snap = snap

    @property
    def size(self) -> int:
        """The log file's size in bytes, as read."""
        return len(self.raw)

    @property
    def count(self) -> int:
        """How many events the log holds, read or not."""
        return self.base + len(self.events)


def create(path: Path, header: dict[str, Any]) -> None:
    """Start a new log at ``path`` (refuses to overwrite one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    header = {"seq": 0, "type": "session", "format": FORMAT, **header}
    try:
        with open(path, "x", encoding="utf-8") as fh:
            fh.write(_dump(header) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
    except FileExistsError:
        raise SessionError(
            _("a session already exists at {path}; choose another --session path").format(path=path)
        ) from None
    for stale in (snapshot_path(path), path.with_name(path.name + ".cache")):
        # left by an earlier log of this name: they describe a game that is gone
        if stale.is_file() and not stale.is_symlink():
            stale.unlink()


def create_new(folder: Path, game_id: str, header: dict[str, Any]) -> Path:
    """Create a new log named after the game and the time; never collides with another."""

    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = folder / (f"{game_id}-{stamp}.jsonl" if n == 1 else f"{game_id}-{stamp}-{n}.jsonl")
        try:
            create(path, header)
            return path
        except SessionError:
            continue
    raise SessionError(_("too many sessions started this second in {path}").format(path=folder))


def _read_log(path: Path) -> bytes:
    """The log's bytes: a regular file (never a pipe or device), at most :data:`MAX_LOG_BYTES`."""

    if not os.path.lexists(path):
        raise SessionError(
            _("no session at {path}; start one with `pnp session new GAME`").format(path=path)
        )
    try:
        return read_regular(path, MAX_LOG_BYTES)
    except ValueError as exc:
        raise SessionError(_("cannot read {path}: {why}").format(path=path, why=exc)) from None


def _read_raw(path: Path, repair: bool) -> tuple[bytes, str | None]:
    """The log's bytes, a torn last line repaired (when ``repair``), and what was repaired."""
    raw = _read_log(path)
    cut = raw.rfind(b"\n") + 1
    tail = raw[cut:]  # the bytes after the last newline: empty unless a write was torn
    if not tail:
        return raw, None
    try:
        json.loads(tail)
    except ValueError:
        if repair:
            with open(path, "r+b") as fh:
                fh.truncate(cut)
                fh.flush()
                os.fsync(fh.fileno())
        return raw[:cut], _(
            "a torn last line ({count} bytes, never acknowledged) was removed"
        ).format(count=len(tail))
    if repair:
        with open(path, "ab") as fh:
            fh.write(b"\n")
            fh.flush()
            os.fsync(fh.fileno())
    return raw + b"\n", _("the last event was complete but unterminated; a newline was added")


def _records(path: Path, lines: list[bytes], first: int) -> list[dict[str, Any]]:
    """Parse event lines (line ``first`` of the file onwards); corruption is a located error."""
    records: list[dict[str, Any]] = []
    for n, line in enumerate(lines, first):
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError):
            raise SessionError(
                _("{path}:{line}: corrupt event (not JSON); the log was left as it is").format(
                    path=path, line=n
                )
            ) from None
        if not isinstance(rec, dict) or rec.get("seq") != n - 1:
            raise SessionError(
                _(
                    "{path}:{line}: corrupt event (expected seq {seq}); the log was left as it is"
                ).format(path=path, line=n, seq=n - 1)
            )
        if n > 1:
            problem = event_problem(rec)
            if problem:
                raise SessionError(
                    _("{path}:{line}: corrupt event ({problem}); the log was left as it is").format(
                        path=path, line=n, problem=problem
                    )
                )
        records.append(rec)
    return records


# a header field of the log that is missing or not of its kind, told by the field's meaning
HEADER_DAMAGED = {
    "game": N_("{path}:1: header: game is missing or damaged"),
    "content": N_("{path}:1: header: content is missing or damaged"),
    "rng": N_("{path}:1: header: rng is missing or damaged"),
    "initial": N_("{path}:1: header: initial is missing or damaged"),
    "seed": N_("{path}:1: header: seed is missing or damaged"),
    "commit": N_("{path}:1: header: commit is missing or damaged"),
    "stream": N_("{path}:1: header: stream is missing or damaged"),
}


def _check_header(path: Path, header: dict[str, Any] | None) -> dict[str, Any]:
    if header is None or header.get("type") != "session":
        raise SessionError(_("{path}:1: not a pnp session log").format(path=path))
    if header.get("format") != FORMAT:
        raise SessionError(
            _("{path}:1: session format {format!r} is not supported").format(
                path=path, format=header.get("format")
            )
        )
    for key, kind in (("game", str), ("content", str), ("rng", str), ("initial", dict)):
        value = header.get(key)
        if not isinstance(value, kind) or (isinstance(value, str) and "\x00" in value):
            raise SessionError(_(HEADER_DAMAGED[key]).format(path=path))
    damaged = state_problem(header["initial"], header.get("pieces"))
    if damaged is not None:
        said = _("{path}:1: header: initial.{key} is damaged; the log was left as it is")
        raise SessionError(said.format(path=path, key=".".join(map(str, damaged))))
    if header["rng"] not in ("system", "seeded", "fair"):
        raise SessionError(
            _("{path}:1: header: rng {rng!r} is not known").format(path=path, rng=header["rng"])
        )
    # each field's message is marked where HEADER_DAMAGED names it
    damaged_field = (
        "seed"
        if header["rng"] == "seeded" and not isinstance(header.get("seed"), int)
        else "commit"
        if header["rng"] == "fair" and not isinstance(header.get("commit"), str)
        else "stream"
        if not _whole(1, 1000)(header.get("stream", 1))
        else None
    )
    if damaged_field is not None:
        raise SessionError(_(HEADER_DAMAGED[damaged_field]).format(path=path))
    if header.get("stream", 1) not in STREAMS:
        said = _("{path}:1: header: random stream {stream} is not one this pnp knows ({known})")
        known = ", ".join(map(str, STREAMS))
        raise SessionError(said.format(path=path, stream=header["stream"], known=known))
    return header


def read(path: Path, *, repair: bool = True) -> Log:
    """Parse the whole log, repairing a torn last line (when ``repair``), refusing corruption."""
    raw, repaired = _read_raw(path, repair)
    return _parse_all(path, raw, repaired)


def _parse_all(path: Path, raw: bytes, repaired: str | None) -> Log:
    lines = raw.split(b"\n")
    lines.pop()  # after the last newline
    records = _records(path, lines, 1)
    header = _check_header(path, records[0] if records else None)
    _check_snapshot_behind(path, len(records) - 1)
    return Log(path, header, records[1:], repaired, raw)


def _check_snapshot_behind(path: Path, count: int) -> None:
    """Refuse a log that holds fewer events than its snapshot recorded: events that were
    acknowledged (printed) have been lost, so the log was cut short or replaced."""

    snap_file = snapshot_path(path)
    try:
        seq = json.loads(read_regular(snap_file, MAX_LOG_BYTES)).get("seq")
    except (ValueError, AttributeError, RecursionError):
        return  # no snapshot, or one that is not used anyway
    if isinstance(seq, int) and not isinstance(seq, bool) and seq > count:
        raise SessionError(
            _(
                "{path}:{line}: the log ends after event {count}, but its snapshot ({snapshot}) "
                "was taken after event {seq}: acknowledged events are missing (was the file cut "
                "short or replaced?); the log was left as it is"
            ).format(path=path, line=count + 2, count=count, snapshot=snap_file.name, seq=seq)
        )


def read_recent(path: Path, *, repair: bool = True) -> Log:
    """The log from its snapshot on: the header and the events after the snapshot.

    The snapshot is used only when the log's bytes up to it hash to what it recorded (so no
    earlier line changed) and the log's event at its seq names the state it holds; otherwise,
    or after a migration, the whole log is read.
    """
    raw, repaired = _read_raw(path, repair)
    snap = _usable_snapshot(path, raw)
    if snap is None:
        return _parse_all(path, raw, repaired)
    first = raw.index(b"\n")
    seen = _HEADERS.get(str(path))
    if seen is not None and seen[0] == raw[: first + 1] and seen[1].get("seq") == 0:
        header = seen[1]  # parsed by read_header before the lock: the same bytes
    else:
        header = _records(path, [raw[:first]], 1)[0]
    _check_header(path, header)
    lines = raw[snap["size"] :].split(b"\n")
    lines.pop()
    events = _records(path, lines, snap["seq"] + 2)
    return Log(path, header, events, repaired, raw, base=snap["seq"], snap=snap)


# each log's first line as read_header last read it, parsed: a command reads it before the lock
_HEADERS: dict[str, tuple[bytes, dict[str, Any]]] = {}


def read_header(path: Path) -> dict[str, Any]:
    """Only the first line of a log (the header), without the lock."""

    if not os.path.lexists(path):
        raise SessionError(
            _("no session at {path}; start one with `pnp session new GAME`").format(path=path)
        )
    try:
        fd = open_regular(path)
    except ValueError as exc:
        raise SessionError(_("cannot read {path}: {why}").format(path=path, why=exc)) from None
    try:
        with os.fdopen(fd, "rb") as fh:
            first = fh.readline(MAX_LOG_BYTES)
        header = json.loads(first)
    except (OSError, ValueError, RecursionError):
        raise SessionError(_("{path}:1: not a pnp session log").format(path=path)) from None
    if not isinstance(header, dict) or header.get("type") != "session":
        raise SessionError(_("{path}:1: not a pnp session log").format(path=path))
    _check_header(path, header)
    _HEADERS[str(path)] = (first, header)
    return header


def append(path: Path, event: dict[str, Any]) -> bytes:
    """Append one event: a single write, fsynced before returning; returns the bytes written."""
    data = (_dump(event) + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        written = os.write(fd, data)
        if written != len(data):  # pragma: no cover - a full disk
            raise SessionError(
                _("could not write the whole event to {path} (disk full?)").format(path=path)
            )
        getattr(os, "fdatasync", os.fsync)(fd)  # the data and the size it needs, not the times
    finally:
        os.close(fd)
    return data
