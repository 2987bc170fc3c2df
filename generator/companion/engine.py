"""The table engine: sessions of one game, every command an event, and the fair-mode check.

:class:`Table` is the library entry the CLI calls. Each command is one entry in :data:`OPS`: a
pure *draw* step that asks the random source for outcomes (the only place randomness enters)
and an *apply* step that changes the state from those outcomes alone. The event written to the
log holds the arguments, the outcomes and, for seeded and fair sessions, the range of the HMAC
counter used, so :func:`verify` can re-run every draw from the revealed seed and compare. Undo
appends a compensating event (which must name the last event in force) and rebuilds the state
from the events still in force. Once a fair session's seed is revealed its key file is removed
and it takes no new draws, which anyone could now foresee. Starting a session and finding the
game a saved one plays are in :mod:`.opening`.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..locale import _
from . import rules, session
from .cache import Cache
from .errtext import TableError
from .game import TableGame, content_dir, find_game
from .i18n import event_name
from .named_rolls import named_roll
from .opening import _read_secret, game_of, missing_pieces, new_session, resolve_session
from .ops import OPS, over_note
from .rng import Source, SystemSource, fair_source, seed_key
from .statecheck import copied

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import EventArgs, TableState

__all__ = [
    "OPS",
    "TableGame",
    "Table",
    "content_dir",
    "find_game",
    "game_of",
    "named_roll",
    "new_session",
    "over_note",
    "resolve_session",
]

SNAPSHOT_EVERY = 25
HIDDEN = {"fate.draw", "deck.draw", "act.draw"}


class Table:
    """One session opened for one command: its game, its state, and the way to add events."""

    def __init__(self, path: Path) -> None:

        self.path = Path(os.path.realpath(path))  # one session, whatever name it was given
        self.log: session.Log | None = None
        self.game: TableGame | None = None
        self.state: TableState = {}
        self.effective: list[int] = []
        self.cache = Cache(self.path)

    # loading -------------------------------------------------------------
    def load(self, *, repair: bool = True, whole: bool = False) -> None:
        """Read the log (from its snapshot on, unless ``whole``) and rebuild the state."""
        self.log = (session.read if whole else session.read_recent)(self.path, repair=repair)
        header = self.log.header
        snap = self.log.snap
        if snap is not None and any(e["type"] == "undo" for e in self.log.events):
            snap = None  # an undo rebuilds from every event (its snapshot write was cut short)
            self.log = session.read(self.path, repair=False)
        migrated = snap is None and any(e["type"] == "migrate" for e in self.log.events)
        if self.game is None or self.game.id != header["game"] or migrated:
            self.game = game_of(header, self.path, self.cache)
        if snap is not None:
            self.state, self.effective = snap["state"], list(snap["effective"])
        else:
            self.state, self.effective = copied(header["initial"]), []
        self.replay(self.log.events)

    def replay(
        self, events: list[dict[str, Any]], check: Callable[[dict[str, Any]], None] | None = None
    ) -> None:
        """Apply logged events in order, calling ``check`` on each first if given."""
        for event in events:
            if check is not None:
                check(event)
            self.apply_logged(event)

    def apply_logged(self, event: dict[str, Any]) -> dict[str, object]:
        """Apply an event read from the log; one that cannot be replayed is a located error."""
        try:
            return self.apply_event(event)
        except (UsageError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            detail = (
                exc.lines()[0] if isinstance(exc, UsageError) else f"{type(exc).__name__}: {exc}"
            )
            raise session.SessionError(
                _(
                    "{path}:{line}: event {seq} ({type}) cannot be replayed ({detail}); "
                    "the log was left as it is"
                ).format(
                    path=self.path,
                    line=event.get("seq", 0) + 1,
                    seq=event.get("seq"),
                    type=event_name(str(event.get("type"))),
                    detail=detail,
                )
            ) from None

    def apply_event(self, event: dict[str, Any]) -> dict[str, object]:
        """Apply one event to the state (an undo rebuilds it); return the event's effects."""
        if event["type"] == "undo":
            target = event.get("args", {}).get("target")
            last = self.effective[-1] if self.effective else None
            if target != last:
                raise ValueError(
                    _("it undoes event {target}, but the last event in effect is {last}").format(
                        target=target, last=last
                    )
                )
            self.effective.pop()
            self.rebuild()
            return {}
        fx = OPS[event["type"]][1](self, event.get("args", {}), event.get("out", {}))
        if event["type"] != "reveal":
            self.effective.append(event["seq"])
        if self.game is not None:
            rules.settle(self.game, self.state)
        return fx

    def history(self) -> list[dict[str, Any]]:
        """The logged events, each with the effects (``fx``) it had when it happened.

        Effects are not stored in the log; they come from replaying it from the start.
        """
        self.log = session.read(self.path, repair=False)
        self.game = game_of(
            self.log.header, self.path, self.cache
        )  # a migrate event switches it on the way
        by_seq = {e["seq"]: e for e in self.log.events}
        self.state, self.effective = copied(self.log.header["initial"]), []
        told: list[dict[str, Any]] = []
        for event in self.log.events:
            fx = self.apply_logged(event)
            if event["type"] == "undo":
                target = event.get("args", {}).get("target")
                fx = {"undone": by_seq.get(target, {"seq": target, "type": "?"})}
            told.append({**event, "fx": fx})
        return told

    def rebuild(self) -> None:
        """Rebuild the state from the initial state by applying the events still in effect."""
        assert self.log is not None
        by_seq = {e["seq"]: e for e in self.log.events}
        if any(e["type"] == "migrate" for e in self.log.events):
            self.game = game_of(self.log.header, self.path, self.cache)
        self.state = copied(self.log.header["initial"])
        keep, self.effective = self.effective, []
        for seq in keep:
            self.apply_logged(by_seq[seq])

    # randomness ------------------------------------------------------------
    def revealed(self) -> bool:
        """Whether this is a fair session whose seed has been revealed (in the log so far)."""
        assert self.log is not None
        if self.log.header["rng"] != "fair":
            return False
        if any(e["type"] == "reveal" for e in self.log.events):
            return True
        return self.log.base > 0 and b'"type":"reveal"' in self.log.raw

    def counter(self) -> int:
        """The random counter after the last event (the snapshot keeps the earlier ones')."""
        assert self.log is not None
        for event in reversed(self.log.events):
            if "ctr" in event:
                return int(event["ctr"][1])
        return int(self.log.snap["ctr"]) if self.log.snap is not None else 0

    def source(self) -> Source:
        """The random source of the session: fair (secret key), seeded, or the system's."""
        assert self.log is not None
        header = self.log.header
        if header["rng"] == "fair":
            secret = self.path.with_name(self.path.name + ".secret")
            try:
                key = bytes.fromhex(_read_secret(secret))
            except ValueError:
                raise session.SessionError(
                    _(
                        "the fair session's secret ({name}) is missing; the seed was revealed or lost"
                    ).format(name=secret.name)
                ) from None
            return fair_source(key, self.counter(), header.get("stream", 1))
        if header["rng"] == "seeded":
            return fair_source(seed_key(header["seed"]), self.counter(), header.get("stream", 1))
        return SystemSource()

    # commands --------------------------------------------------------------
    def preload(self) -> None:
        """Load the game's content before taking the lock (the header never changes)."""
        if self.game is None:
            self.game = game_of(session.read_header(self.path), self.path, self.cache)

    def run(self, kind: str, args: EventArgs, verb: str | None = None) -> dict[str, Any]:
        """Load under the lock, check the game's rules for the move ``verb`` (none: no check),
        draw, log (fsynced), apply; returns the event with its effects."""
        self.preload()
        with session.locked(self.path):
            self.load()
            assert self.log is not None and self.game is not None
            due = None
            if verb is not None:
                rules.check(self.game, self.state, verb, args)
                due = rules.out_of_turn(self.state, verb, args)
            op, _apply, random_ = OPS[kind]
            if random_ and self.revealed():
                raise TableError(
                    _(
                        "the seed of this fair session was revealed, so further draws could be "
                        "foreseen; the session is closed to new draws: start a new one with "
                        "`pnp session new {game} --fair`"
                    ),
                    game=self.log.header["game"],
                )
            source = self.source() if random_ else SystemSource()  # (not asked for a number)
            start = getattr(source, "counter", None)
            out = op(self, args, source)
            event: dict[str, Any] = {
                "seq": self.log.count + 1,
                "type": kind,
                "args": args,
                "out": out,
                "t": round(time.time(), 3),
            }
            if random_ and start is not None:
                event["ctr"] = [start, source.counter]  # type: ignore[attr-defined]
            problem = session.event_problem(event)
            if problem:  # what would not be read back is never written
                raise TableError(_("this cannot be recorded: {problem}"), problem=problem)
            fx = self.apply_event(event)
            if due is not None:  # the move itself is allowed, but not by this player now
                self.state = {}  # changed by the move: read again from the log next time
                raise rules.refuse_out_of_turn(due, str(args.get("player")))
            self._append(event, event["seq"] % SNAPSHOT_EVERY == 0)
            return {**event, "fx": fx, "repaired": self.log.repaired}

    def _append(self, event: dict[str, Any], snapshot: bool) -> None:
        """Write the event (fsynced); every so often also a snapshot of the state after it."""
        assert self.log is not None
        if snapshot:
            event["snap"] = session.state_hash(self.state, self.effective)
        line = session.append(self.path, event)
        self.log.events.append(event)
        self.log.raw += line
        if snapshot:
            migrated = any(e["type"] == "migrate" for e in self.log.events)
            if self.log.snap is not None:
                migrated = migrated or bool(self.log.snap.get("migrated"))
            # a snapshot only spares reading: the event is logged already, so a folder that
            # refuses the snapshot does not make the command fail
            with contextlib.suppress(OSError):
                session.write_snapshot(
                    self.path,
                    event["seq"],
                    self.state,
                    self.effective,
                    self.log.raw,
                    self.counter(),
                    migrated,
                )

    def undo(self, force: bool = False) -> dict[str, Any]:
        """Undo the last event still in effect; hidden draws need ``force``. Return the undo event."""
        with session.locked(self.path):
            self.load(whole=True)
            assert self.log is not None
            if not self.effective:
                raise TableError(_("nothing to undo"))
            target = next(e for e in self.log.events if e["seq"] == self.effective[-1])
            if target["type"] in HIDDEN and not force:
                raise TableError(
                    _("event {seq} ({type}) revealed hidden information; undo it with --force"),
                    seq=target["seq"],
                    type=target["type"],
                )
            event = {
                "seq": self.log.count + 1,
                "type": "undo",
                "args": {"target": target["seq"]},
                "out": {},
                "t": round(time.time(), 3),
            }
            self.apply_event(event)
            self._append(event, True)
            return {**event, "fx": {"undone": target}}

    def migrate(self) -> dict[str, Any]:
        """Move the session to the game's content as it is now, if every piece in play is in it."""
        self.preload()
        assert self.game is not None
        new = TableGame.load(self.game.root)
        with session.locked(self.path):
            self.load()

        missing = missing_pieces(self.state, new)
        if missing:
            raise UsageError(
                _(
                    "the new content lacks pieces in play: {pieces}; "
                    "the session goes on with the pieces it started with"
                ).format(pieces=", ".join(missing))
            )
        return self.run("migrate", {"record": new.record()})

    def reveal(self) -> dict[str, Any]:
        """Reveal a fair session's secret seed, logging it once; return the reveal event."""
        with session.locked(self.path):
            self.load(whole=True)
            assert self.log is not None
            if self.log.header["rng"] != "fair":
                raise UsageError(_("only a --fair session has a secret seed to reveal"))
            secret_path = self.path.with_name(self.path.name + ".secret")
            try:
                secret = _read_secret(secret_path)
            except ValueError:
                revealed = [e for e in self.log.events if e["type"] == "reveal"]
                if revealed:
                    return revealed[-1]
                raise session.SessionError(_("the secret seed is missing")) from None
        event = self.run("reveal", {"secret": secret})
        # the seed is in the log now; without the key file no draw can follow it
        secret_path.unlink(missing_ok=True)
        return event

    def snapshot_state(self) -> TableState:
        """The session's current state, read under the session lock."""
        with session.locked(self.path):
            self.load()
        return self.state
