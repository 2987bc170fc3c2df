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
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from hashlib import sha256
from pathlib import Path
from typing import Any
from zlib import crc32

from ..errors import PnpError
from ..locale import N_, _
from . import paths
from .rng import STREAMS
from .statecheck import state_problem

FORMAT = 1
MAX_LOG_BYTES = 64 * 1024 * 1024  # a saved game larger than this is refused, never read whole
MAX_NUMBER = 10**12  # the largest whole number an event may hold (points, moves, counters)


class SessionError(PnpError):
    """A session file that is missing, corrupt or locked, or a request it cannot serve."""


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


def atomic_write(path: Path, text: str, mode: int | None = None) -> None:
    """Write ``text`` over ``path`` atomically (:mod:`generator.atomic`); ``mode`` from creation."""
    from ..atomic import write_text

    write_text(path, text, mode=mode)


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


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
    import time

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
    from ..content.files import read_regular

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
    from ..content.files import read_regular

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


EVENT_TYPES = {
    "roll", "fate.draw", "fate.stop", "fate.add", "deck.draw", "deck.discard", "deck.reset",
    "act.add", "act.turn", "act.draw", "act.reserve", "act.play", "act.remove", "track.move",
    "pad.add", "reveal", "migrate", "undo", "deck.deal", "deck.return", "turn.next",
}  # fmt: skip


def _whole(lo: int | None = None, hi: int | None = None) -> Any:
    def check(v: Any) -> bool:
        return (
            isinstance(v, int)
            and not isinstance(v, bool)
            and abs(v) <= MAX_NUMBER
            and (lo is None or v >= lo)
            and (hi is None or v <= hi)
        )

    return check


def _text(v: Any) -> bool:
    return isinstance(v, str) and 0 < len(v) <= 1000


def _texts(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 1000 and all(_text(x) for x in v)


def _flag(v: Any) -> bool:
    return isinstance(v, bool)


_BOUNDS = {"low": -MAX_NUMBER, "high": MAX_NUMBER}
# the fields an event may carry in ``args`` and ``out``, each with the values it may take (a
# check, and its wording with the values that fill it); a field not listed is left to the step
# that applies it
FIELDS: dict[str, tuple[Any, str, dict[str, int]]] = {
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


# each log's first line as read_header last read it, parsed: a command reads it before the lock
_HEADERS: dict[str, tuple[bytes, dict[str, Any]]] = {}


def read_header(path: Path) -> dict[str, Any]:
    """Only the first line of a log (the header), without the lock."""
    from ..content.files import open_regular

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


@contextmanager
def locked(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold the session's lock file (another terminal waits up to ``timeout`` seconds).

    The lock belongs to the file's real path, so two names of one session (a link, a relative
    and an absolute path) share one lock; the log file itself is locked as well, so a hard
    link (a second real path to the same file) shares it too.
    """
    lock_path = os.path.realpath(path) + ".lock"
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        fcntl = None  # type: ignore[assignment]
    if fcntl is not None:
        import time

        nofollow = getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | nofollow, 0o644)
        except OSError as exc:
            fd = _read_only_lock(lock_path, nofollow, exc)
            if fd < 0:
                raise SessionError(
                    _("cannot lock {path}: {lock}: {reason}").format(
                        path=path, lock=lock_path, reason=exc.strerror or exc
                    )
                ) from None
        log_fd = -1
        try:
            deadline = time.monotonic() + timeout
            _flock(fcntl, fd, deadline, path)
            # the log itself too: a hard link (another real path, the same file) shares it
            try:
                log_fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            except OSError:
                log_fd = -1  # no log yet, or none to read: reading it says so
            if log_fd >= 0:
                _flock(fcntl, log_fd, deadline, path)
            yield
        finally:
            if log_fd >= 0:
                os.close(log_fd)
            os.close(fd)  # closing the descriptors releases the locks
        return
    from filelock import FileLock, Timeout

    lock = FileLock(lock_path, timeout=timeout, poll_interval=0.002)
    try:
        with lock:
            yield
    except Timeout:
        raise SessionError(
            _("{path} is busy in another terminal; try again").format(path=path)
        ) from None


def _read_only_lock(lock_path: str, nofollow: int, exc: OSError) -> int:
    """The lock file opened for reading when the folder cannot be written (a read-only data
    folder still shows its sessions; a write then fails as the machine's refusal), else -1."""
    import errno

    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        try:
            return os.open(lock_path, os.O_RDONLY | nofollow)
        except OSError:
            pass
    return -1


def _flock(fcntl: Any, fd: int, deadline: float, path: Path) -> None:
    """Take an exclusive lock on ``fd``, waiting until ``deadline`` (SessionError after)."""
    import time

    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise SessionError(
                    _("{path} is busy in another terminal; try again").format(path=path)
                ) from None
            time.sleep(0.002)
        except OSError as exc:  # a file system without locks
            raise SessionError(
                _("cannot lock {path}: {lock}: {reason}").format(
                    path=path, lock=path, reason=exc.strerror or exc
                )
            ) from None


def snapshot_path(path: Path) -> Path:
    """The snapshot file kept beside a session file."""
    return path.with_name(path.name + ".snap")


def write_snapshot(
    path: Path,
    seq: int,
    state: dict[str, Any],
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
    from ..content.files import read_regular

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


def state_hash(state: dict[str, Any], effective: list[int]) -> str:
    """The hash the log keeps of the state a snapshot saves (so the snapshot can be checked)."""
    return sha256(_dump({"state": state, "effective": effective}).encode()).hexdigest()
