"""The one door between the web pages and the table: every call into the companion is here.

A :class:`Bridge` holds one session. It reads the log as it grows (the CLI may write to it at
the same time) and replays the new events, so it always has the table's state and the effects
of the last events. State leaves it only through :meth:`Bridge.view`, made for one viewer: the
public view (the table page, the host) names no card in a hand, a reserve or a queued order;
a player's view adds that player's own. Moves go through :meth:`Bridge.act`, which accepts only
a move the viewer's view offers now, and records it with the table's own entry
(:meth:`generator.companion.engine.Table.run`) under the session's lock.

The program speaks one language at a time (:func:`generator.locale.use_language`), so every
call that makes words, or may raise an error in words, runs under one lock with the viewer's
language set; the same lock makes the server one writer.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ..companion import session as sessions
from ..companion.engine import Table, game_of
from ..companion.i18n import Terms, pick
from ..companion.render import event_lines
from ..companion.status import status_lines
from ..content.files import read_regular
from ..errors import PnpError
from ..locale import _, current_language, use_language
from . import moves as offered
from .moves import Move

LOG_SHOWN = 12  # events shown in a page's log


class Bridge:
    """One session as the pages see it: views per viewer, moves per player, the log's tail."""

    def __init__(self, path: Path, players: list[str] | None = None) -> None:
        self.path = Path(os.path.realpath(path))
        self.lock = threading.RLock()
        self._writer = Table(self.path)
        self._reader = Table(self.path)
        self._told: list[dict[str, Any]] = []  # every event with its effects, in order
        self._stamp: tuple[int, int, int] | None = None
        self.version = 0
        header = sessions.read_header(self.path)
        self.game = game_of(header, self.path)
        self.players = list(players or header.get("players") or self.game.spec.sides or [])
        self.refresh()
        if not self.players:  # an activation deck's armies, as its cards name them
            owners = (
                set(d.get("owners", {}).values()) for d in self._reader.state["decks"].values()
            )
            self.players = sorted(set().union(*owners))

    # reading ---------------------------------------------------------------
    def stamp(self) -> tuple[int, int, int]:
        """What tells the log changed: its size, time and file."""
        st = os.stat(self.path)
        return st.st_size, st.st_mtime_ns, st.st_ino

    def refresh(self) -> bool:
        """Read what the log gained since the last look; True when it changed.

        Only the new lines are parsed while the log still begins with the bytes already read;
        otherwise (an edit, a new file) it is read whole. A line still being written is left
        for the next look."""
        with self.lock:
            stamp = self.stamp()
            if stamp == self._stamp:
                return False
            t = self._reader
            known = t.log
            raw = read_regular(self.path, sessions.MAX_LOG_BYTES)
            raw = raw[: raw.rfind(b"\n") + 1]
            fresh = None
            if known is not None and raw.startswith(known.raw) and t.game is not None:
                first = known.raw.count(b"\n") + 1
                lines = raw[len(known.raw) :].split(b"\n")[:-1]
                fresh = [_event(n, line) for n, line in enumerate(lines, first)]
            if fresh is None or None in fresh:
                # an edit, a new file or a bad line: read whole (a bad line is told, located)
                log = sessions.read(self.path, repair=False)
                t.log, t.game = log, game_of(log.header, self.path, t.cache)
                t.state, t.effective = _copy(log.header["initial"]), []
                self._told = []
            else:
                assert known is not None
                known.events += [e for e in fresh if e is not None]
                known.raw = raw
            assert t.log is not None
            log = t.log
            by_seq = {e["seq"]: e for e in log.events}
            for event in log.events[len(self._told) :]:
                fx = t.apply_logged(event)
                if event["type"] == "undo":
                    target = event.get("args", {}).get("target")
                    fx = {"undone": by_seq.get(target, {"seq": target, "type": "?"})}
                self._told.append({**event, "fx": fx})
            self._stamp = stamp
            self.game = t.game or self.game
            self.version += 1
            return True

    @contextmanager
    def speaking(self, lang: str) -> Iterator[None]:
        """Hold the lock with the program speaking ``lang``; the language before comes back."""
        with self.lock:
            before = current_language()
            use_language(lang)
            try:
                yield
            finally:
                use_language(before)

    def title(self, lang: str) -> str:
        """The game's name in ``lang``."""
        return self.game.name(lang)

    def view(self, viewer: str | None, lang: str, host: bool = False) -> dict[str, Any]:
        """What ``viewer`` may see (None: the public view), in ``lang``, with the moves that
        viewer may make now (the host's moves for ``host``)."""
        with self.speaking(lang):
            t = self._reader
            terms = Terms(t.game.root if t.game else None, lang, t.cache)
            shim = SimpleNamespace(game=t.game, state=t.state, log=t.log, path="")
            lines = status_lines(shim, terms, viewer)[1:]  # the first names the file: not shown
            if viewer is None:
                moves = offered.host_moves(t, terms, self.players) if host else []
                hand: list[dict[str, Any]] = []
            else:
                moves = offered.player_moves(t, terms, viewer)
                hand = offered.hand_of(t, terms, viewer)
            return {
                "title": (pick(t.game.title, lang) or t.game.name(lang)) if t.game else "",
                "lines": lines,
                "hand": hand,
                "moves": moves,
                "groups": _grouped(moves),
                "log": self._log_lines(terms),
                "version": self.version,
                "events": t.log.count if t.log else 0,
            }

    def _log_lines(self, terms: Terms) -> list[dict[str, Any]]:
        """The last events told to everyone (what the CLI prints at the table)."""
        shown = []
        for event in self._told[-LOG_SHOWN:][::-1]:
            try:
                said = event_lines(self._reader.game, terms, event)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                said = []
            said = [s for s in said if s.strip()]
            who = event.get("args", {}).get("player")
            if event["type"] == "roll" and who and said:  # a roll made on a player's page
                said[0] = _("{player}: {roll}").format(player=terms.name(str(who)), roll=said[0])
            shown.append({"seq": event["seq"], "lines": said})
        return shown

    def events(self) -> list[dict[str, Any]]:
        """The log's events as recorded (for tests and the benchmark: nothing secret is added)."""
        with self.lock:
            self.refresh()
            return [{k: v for k, v in e.items() if k != "fx"} for e in self._told]

    # acting ----------------------------------------------------------------
    def moves(self, viewer: str | None, lang: str, host: bool = False) -> list[Move]:
        """The moves ``viewer`` (or the host) may make now."""
        return list(self.view(viewer, lang, host)["moves"])

    def act(
        self, viewer: str | None, key: str, values: dict[str, str], lang: str, host: bool = False
    ) -> list[str]:
        """Make the move ``key`` offered to ``viewer`` now (with the fields' ``values``); its
        result told in ``lang``. A move not offered, or refused by the rules, is a PnpError."""
        with self.speaking(lang):
            self.refresh()
            t = self._reader
            terms = Terms(t.game.root if t.game else None, lang, t.cache)
            if host and viewer is None:
                found = offered.host_moves(t, terms, self.players)
            elif viewer is not None:
                found = offered.player_moves(t, terms, viewer)
            else:
                found = []
            move = next((m for m in found if m.key == key), None)
            if move is None:
                raise MoveRefused(offered.not_offered())
            args = offered.filled(t, move, values)
            if move.kind == "undo":
                event = self._writer.undo(force=True)
            elif move.kind == "reveal":
                event = self._writer.reveal()
            else:
                event = self._writer.run(move.kind, args)
            said = event_lines(self._writer.game, terms, event)
            self.refresh()
            return said

    def odds(self, viewer: str | None, key: str, values: dict[str, str], lang: str) -> list[str]:
        """The exact odds of an offered roll (with its fields), as ``pnp odds`` tells them."""
        with self.speaking(lang):
            t = self._reader
            terms = Terms(t.game.root if t.game else None, lang, t.cache)
            found = offered.player_moves(t, terms, viewer) if viewer is not None else []
            move = next((m for m in found if m.key == key and m.odds), None)
            if move is None:
                raise MoveRefused(offered.not_offered())
            return offered.odds_lines(t, move, offered.filled(t, move, values), lang)

    def lang_of_game(self, lang: str) -> str | None:
        """The game's name picked in ``lang`` (for the page title)."""
        return pick(self.game.title, lang) if self.game.title else None


class MoveRefused(PnpError):
    """A move the page asked for that its viewer may not make now."""


def _grouped(moves: list[Move]) -> list[tuple[str, list[Move]]]:
    """The moves under their headings, in the order the headings first come."""
    groups: dict[str, list[Move]] = {}
    for move in moves:
        groups.setdefault(move.group, []).append(move)
    return list(groups.items())


def _event(line: int, data: bytes) -> dict[str, Any] | None:
    """One event line of the log, checked as the session reader checks it (None if bad)."""
    import json

    try:
        event = json.loads(data)
    except ValueError:
        return None
    if not isinstance(event, dict) or event.get("seq") != line - 1:
        return None
    return None if sessions.event_problem(event) else event


def _copy(data: Any) -> Any:
    import json

    return json.loads(json.dumps(data))
