"""The one door between the web pages and the table: every call into the companion is here.

A :class:`Bridge` holds one session through the table's one entry
(:class:`generator.companion.table.Table`). State leaves it only as the table's view for one
viewer (:meth:`Bridge.view`): the table page and the host see the table's view, a player's page
that player's, so a card secret to one player is kept from every other page by the same code
that keeps it from ``pnp status``. Moves go through :meth:`Bridge.act`, which accepts only a
move the viewer's page offers now (:mod:`generator.web.moves`) and hands it to
:meth:`~generator.companion.table.Table.act`, which checks the rules and logs it under the
session's lock, as the command line does.

The program speaks one language at a time (:func:`generator.locale.use_language`), so every
call that makes words, or may raise an error in words, runs under one lock with the viewer's
language set; the same lock makes the server one writer. What the pages read is made again only
when the log has changed (its size, time or file), whoever changed it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..companion.i18n import Terms, pick
from ..companion.status import status_lines
from ..companion.table import HOST, TABLE, Action, Table
from ..errors import PnpError
from ..locale import _, current_language, use_language
from . import moves as offered
from .moves import Move

LOG_SHOWN = 12  # events shown in a page's log
HOST_VERBS = {"undo": True, "reveal": False, "turn.next": False}  # verb -> forced


class Bridge:
    """One session as the pages see it: views per viewer, moves per player, the log's tail."""

    def __init__(self, path: Path, players: list[str] | None = None) -> None:
        self.path = Path(os.path.realpath(path))
        self.lock = threading.RLock()
        self.table = Table.open(self.path)
        self.game = self.table.game
        self.version = 0
        self._stamp: tuple[int, int, int] | None = None
        self._cache: dict[tuple[Any, ...], Any] = {}
        self.refresh()
        named = players or self.table.players or list(self.game.spec.sides or [])
        if not named:  # an activation deck's armies, as its cards name them
            state = self.table.view(TABLE)["state"]
            owners = (set(d.get("owners", {}).values()) for d in state["decks"].values())
            named = sorted(set().union(*owners))
        self.players = list(named)

    # reading ---------------------------------------------------------------
    def stamp(self) -> tuple[int, int, int]:
        """What tells the log changed: its size, time and file."""
        st = os.stat(self.path)
        return st.st_size, st.st_mtime_ns, st.st_ino

    def refresh(self) -> bool:
        """Look whether the log changed since the last look; True (and a new version) if so."""
        with self.lock:
            stamp = self.stamp()
            if stamp == self._stamp:
                return False
            self._stamp = stamp
            self._cache.clear()
            self.version += 1
            return True

    def _once(self, key: tuple[Any, ...], make: Any) -> Any:
        """``make()``, kept until the log changes."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

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

    def _viewer(self, player: str | None, host: bool) -> str:
        return player if player is not None else (HOST if host else TABLE)

    def view(self, player: str | None, lang: str, host: bool = False) -> dict[str, Any]:
        """What ``player`` may see (None: the table page; ``host``: the host's page), in
        ``lang``, with the moves that page may make now."""
        with self.speaking(lang):
            self.refresh()
            viewer = self._viewer(player, host)
            return dict(self._once(("page", viewer, lang), lambda: self._page(viewer, lang)))

    def _page(self, viewer: str, lang: str) -> dict[str, Any]:
        shown = self._once(("view", viewer), lambda: self.table.view(viewer))
        terms = Terms(self.game.root, lang)
        lines = status_lines(self.game, shown, terms)[1:]  # the first names the file
        if viewer == HOST:
            moves = offered.host_moves(self.game, shown, self._history(HOST))
        elif viewer == TABLE:
            moves = []
        else:
            moves = offered.player_moves(self.game, shown["state"], terms, viewer)
        return {
            "me": terms.name(viewer) if viewer not in (HOST, TABLE) else "",
            "title": pick(self.game.title, lang) or self.game.name(lang),
            "lines": lines,
            "hand": []
            if viewer in (HOST, TABLE)
            else offered.hand_of(self.game, shown, terms, viewer),
            "moves": moves,
            "groups": _grouped(moves),
            "log": self._log_lines(viewer, lang),
            "version": self.version,
            "events": shown["events"],
        }

    def name(self, player: str, lang: str) -> str:
        """A player (or army, or side) as the game's glossary names it in ``lang``."""
        with self.lock:
            return Terms(self.game.root, lang).name(player)

    def _history(self, viewer: str) -> list[dict[str, Any]]:
        return list(self._once(("history", viewer), lambda: self.table.history(viewer)))

    def _log_lines(self, viewer: str, lang: str) -> list[dict[str, Any]]:
        """The last events, each as this viewer may see it, in words."""
        shown = []
        terms = Terms(self.game.root, lang)
        for event in self._history(viewer)[-LOG_SHOWN:][::-1]:
            try:
                said = [s for s in self.table.say(event, lang) if s.strip()]
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                said = []
            who = event.get("args", {}).get("player")
            if event["type"] == "roll" and who and said:  # a roll made on a player's page
                said[0] = _("{player}: {roll}").format(player=terms.name(str(who)), roll=said[0])
            shown.append({"seq": event["seq"], "lines": said})
        return shown

    # acting ----------------------------------------------------------------
    def act(
        self, player: str | None, key: str, values: dict[str, str], lang: str, host: bool = False
    ) -> list[str]:
        """Make the move ``key`` offered to this page now (with the fields' ``values``), told
        in ``lang``. A move not offered, or refused by the rules, is a PnpError."""
        with self.speaking(lang):
            viewer = self._viewer(player, host)
            move = self._offered(viewer, key, lang)
            args = offered.filled(self.game, move, values)
            if viewer == HOST:
                action = Action(move.verb, args, force=HOST_VERBS.get(move.verb, False))
            else:
                action = Action(move.verb, args, player=viewer)
            outcome = self.table.act(action, viewer=viewer)
            self.refresh()
            return [line for e in outcome.events for line in self.table.say(e, lang)]

    def _offered(self, viewer: str, key: str, lang: str) -> Move:
        self.refresh()
        page = self._once(("page", viewer, lang), lambda: self._page(viewer, lang))
        move = next((m for m in page["moves"] if m.key == key), None)
        if move is None:
            raise MoveRefused(offered.not_offered())
        return move  # type: ignore[no-any-return]

    def odds(self, player: str | None, key: str, values: dict[str, str], lang: str) -> list[str]:
        """The exact odds of an offered roll or bag draw, as ``pnp odds`` tells them."""
        with self.speaking(lang):
            if player is None:
                raise MoveRefused(offered.not_offered())
            move = self._offered(player, key, lang)
            if not move.odds:
                raise MoveRefused(offered.not_offered())
            shown = self._once(("view", player), lambda: self.table.view(player))
            args = offered.filled(self.game, move, values)
            return offered.odds_lines(self.game, shown["state"], move, args, lang)


class MoveRefused(PnpError):
    """A move the page asked for that its viewer may not make now."""


def _grouped(moves: list[Move]) -> list[tuple[str, list[Move]]]:
    """The moves under their headings, in the order the headings first come."""
    groups: dict[str, list[Move]] = {}
    for move in moves:
        groups.setdefault(move.group, []).append(move)
    return list(groups.items())
