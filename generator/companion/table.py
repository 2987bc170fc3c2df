"""The table's one entry: open a session, take one action, get back its events and the views.

:class:`Table` is what the command line, the prompt and the web page call. A caller opens a
session (:meth:`Table.open`, :meth:`Table.new`), hands it one :class:`Action` at a time
(:meth:`Table.act`) and gets an :class:`Outcome`: the events the action logged, each as the
viewer may see it, and the viewer's view of the table afterwards. The state leaves the table
only as a view (:meth:`Table.view`, :meth:`Table.history`, :mod:`generator.companion.views`),
so a card secret to one player is kept from everyone else in one place. The rules the game's
data states (whose turn, which phase allows a move, hand limits) are checked before anything is
logged; ``force`` lets a house rule overrule them and the log says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..errors import UsageError
from ..locale import _, current_language
from .engine import Table as Session
from .engine import new_session, resolve_session
from .errtext import TableError
from .game import TableGame
from .hands import missing
from .i18n import Terms, message
from .names import find
from .render import event_lines
from .status import status_lines
from .views import HOST, TABLE, event_view, view

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import EventArgs, TableState

# what a player asks for -> the event type the log records it as (the moves a phase may name,
# :data:`generator.content.table.models.MOVES`, and rolls)
VERBS: dict[str, str] = {
    "roll": "roll",
    "fate.draw": "fate.draw",
    "fate.stop": "fate.stop",
    "fate.add": "fate.add",
    "deck.draw": "deck.draw",
    "deck.number": "deck.draw",
    "deck.deal": "deck.deal",
    "deck.return": "deck.return",
    "deck.discard": "deck.discard",
    "deck.reset": "deck.reset",
    "deck.add": "act.add",
    "deck.turn": "act.turn",
    "deck.activate": "act.draw",
    "deck.reserve": "act.reserve",
    "deck.play": "act.play",
    "deck.remove": "act.remove",
    "track.move": "track.move",
    "score.add": "pad.add",
    "turn.next": "turn.next",
}
# actions on the session itself rather than on the game's pieces
SESSION_VERBS = ("undo", "reveal", "migrate")


class Action(NamedTuple):
    """One thing a player asks the table to do.

    ``verb`` is one of :data:`VERBS` or :data:`SESSION_VERBS` (``deck.draw``, ``deck.play``,
    ``fate.draw``, ``roll``, ``undo`` ...); ``args`` are its arguments as the command line names
    them (``deck``, ``card``, ``cards``, ``unit``, ``units``, ``mode``, ``order``, ``position``,
    ``bag``, ``generals``, ``tile``, ``track``, ``by``, ``to``, ``points``, ``round``, ``expr``;
    ``deck.draw`` also takes ``count`` and ``up_to``); ``player`` is who acts (the
    ``--player`` of the command); ``force`` overrules the game's turn and phase rules (the log
    keeps that it was forced).
    """

    verb: str
    args: Mapping[str, object] = MappingProxyType({})
    player: str | None = None
    force: bool = False


class Outcome(NamedTuple):
    """What one action did: its ``events`` (each as ``viewer`` may see it: a dict with ``seq``,
    ``type``, ``args``, ``fx`` (its effects) and, unless secret from the viewer, ``out``), the
    ``view`` of the table for ``viewer`` afterwards, and ``notices`` (a repaired log, edited
    content) in the current language."""

    events: list[dict[str, Any]]
    view: dict[str, Any]
    viewer: str
    notices: list[str]


class Table:
    """A saved session of one game, opened for one or more actions.

    * ``Table.open(path)`` opens a session file (None: the current session); ``Table.new(game,
      players)`` starts one.
    * ``act(action, viewer=...)`` takes one :class:`Action` and returns an :class:`Outcome`.
      Refusals (a rule, a bad name, an empty deck) are :class:`generator.errors.UsageError`
      with the reason in the players' language; nothing is logged then.
    * ``view(viewer)`` is the table as a viewer may see it, JSON-able: ``viewer`` is
      ``"table"`` (or None: everyone), a player's name, or ``"host"`` (every card, once a fair
      session's seed is revealed; the table's view before). Keys: ``viewer``, ``game``,
      ``title``, ``path``, ``events`` (how many), ``rng``, ``players``, ``turn`` (``n``,
      ``phase``, ``phase_id``, or None), ``acts`` (who must act next, or None), ``over``,
      ``must_discard``, ``tracks`` (id -> ``value``, ``owner``), ``zones`` (a list of ``kind``,
      ``of``, ``owner``, ``visibility``, ``count``, ``cards``: None where the viewer may not
      see which) and ``state`` (the state in its saved shape, secrets counted, not named).
    * ``history(viewer)`` is the log as the viewer may see it; ``say(event)`` tells an event
      in words, ``status(viewer)`` the view in words.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self._repaired: str | None = None  # what loading the log repaired, told once

    def _state(self) -> TableState:
        """The state now, read under the lock (noting a repaired log tail)."""
        state = self.session.snapshot_state()
        self._note_repair()
        return state

    def _note_repair(self) -> None:
        log = self.session.log
        if log is not None and log.repaired:
            self._repaired = log.repaired

    # opening ---------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path | None = None) -> Table:
        """The session at ``path``, else the current session (a UsageError when there is none)."""
        return cls(Session(resolve_session(path)))

    @classmethod
    def new(
        cls,
        game: str,
        players: list[str] | tuple[str, ...] = (),
        *,
        path: str | Path | None = None,
        fair: bool = False,
        seed: int | None = None,
    ) -> Table:
        """Start a session of ``game`` (its id or folder) and make it the current one."""
        info = new_session(game, Path(path) if path else None, list(players), fair=fair, seed=seed)
        return cls.open(info["path"])

    @property
    def path(self) -> Path:
        """The session's log file."""
        return self.session.path

    @property
    def game(self) -> TableGame:
        """The session's game (:class:`generator.companion.game.TableGame`)."""
        self.session.preload()
        assert self.session.game is not None  # loaded by preload
        return self.session.game

    @property
    def players(self) -> list[str]:
        """The players the session was started with (may be empty)."""
        self._fresh()
        assert self.session.log is not None
        return list(self.session.log.header.get("players") or [])

    # acting ----------------------------------------------------------------
    def act(self, action: Action, viewer: str | None = TABLE) -> Outcome:
        """Take one action: check it against the rules, log its events, apply them."""
        verb = action.verb
        if verb in SESSION_VERBS:
            events = [self._session_verb(action)]
        elif verb in VERBS:
            events = self._act(action)
        else:
            raise UsageError(
                _("no action {verb!r} (actions: {known})").format(
                    verb=verb, known=", ".join([*VERBS, *SESSION_VERBS])
                )
            )
        return Outcome(
            [self._told(e, viewer) for e in events],
            self.view(viewer, fresh=False),
            viewer or TABLE,
            self.notices(),
        )

    def _act(self, action: Action) -> list[dict[str, Any]]:
        # checked field by field (session_events.FIELDS) before anything is logged
        args = cast("EventArgs", dict(action.args))
        if action.player is not None and "player" not in args:
            args["player"] = action.player
        if isinstance(args.get("player"), str):
            args["player"] = self._side(args["player"])
        if action.force:
            args["force"] = True
        kind = VERBS[action.verb]
        if action.verb == "deck.draw":
            return self._draws(args)
        return [self._run(kind, args, action.verb)]

    def _run(self, kind: str, args: EventArgs, verb: str) -> dict[str, Any]:
        event = self.session.run(kind, args, verb)
        self._note_repair()
        return {k: v for k, v in event.items() if k != "repaired"}

    def _draws(self, args: EventArgs) -> list[dict[str, Any]]:
        """``count`` draws, or draws until the player's hand holds ``up_to`` cards."""
        count = int(args.pop("count", 0) or 1)
        up_to = args.pop("up_to", None)
        if up_to is None:
            return [self._run("deck.draw", args.copy(), "deck.draw") for _n in range(count)]
        if not args.get("player"):
            raise TableError(_("--up-to needs --player: whose hand to fill"))
        events: list[dict[str, Any]] = []
        while len(events) < 100:
            state = self._state()
            need, _held = missing(state, str(args["deck"]), str(args["player"]), int(up_to))
            if need == 0:
                break
            events.append(self._run("deck.draw", args.copy(), "deck.draw"))
        return events

    def _session_verb(self, action: Action) -> dict[str, Any]:
        if action.verb == "undo":
            return self.session.undo(action.force)
        if action.verb == "reveal":
            return self.session.reveal()
        return self.session.migrate()

    def _told(self, event: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        return event_view(event, viewer, everything=viewer == HOST and self._revealed())

    # looking ---------------------------------------------------------------
    def _fresh(self) -> None:
        if self.session.log is None:
            self._state()

    def _revealed(self) -> bool:
        self._fresh()
        return self.session.revealed()

    def view(self, viewer: str | None = TABLE, *, fresh: bool = True) -> dict[str, Any]:
        """The table as ``viewer`` may see it (see the class's description of its keys)."""
        state = self._state() if fresh or self.session.log is None else None
        log = self.session.log
        assert log is not None and self.session.game is not None
        meta = {
            "path": str(self.path),
            "events": log.count,
            "rng": log.header["rng"],
            "players": log.header.get("players") or [],
            "everything": self.session.revealed(),
        }
        if viewer not in (None, TABLE, HOST):
            viewer = self._side(viewer)
        return view(self.session.game, state or self.session.state, meta, viewer)

    def _side(self, typed: str) -> str:
        """A side the game names (``sides:``) typed in any language, as its id; any other
        player's name as typed."""
        self._fresh()
        game = self.session.game
        sides = list(getattr(getattr(game, "spec", None), "sides", None) or [])
        if not sides:
            return typed
        found = find(self.terms(), typed, {side: (side, None) for side in sides})
        return found or typed

    def history(self, viewer: str | None = TABLE) -> list[dict[str, Any]]:
        """Every logged event with its effects, each as ``viewer`` may see it. A card drawn face
        down to be reserved stays secret only if it was reserved."""
        told = self.session.history()
        self._note_repair()
        everything = viewer == HOST and self.session.revealed()
        shown = []
        for n, event in enumerate(told):
            private = event["type"] == "act.draw" and (event.get("fx") or {}).get("private")
            if private and not _reserved_next(told, n):
                event = {**event, "fx": {**event["fx"], "private": False}}
            shown.append(event_view(event, viewer, everything))
        return shown

    def say(self, event: dict[str, Any], lang: str | None = None) -> list[str]:
        """An event (as a view gives it) in sentences in ``lang`` (default: the current one)."""
        return event_lines(self.game, self.terms(lang), event)

    def status(self, viewer: str | None = TABLE, lang: str | None = None) -> list[str]:
        """The view of ``viewer`` in sentences."""
        shown = self.view(viewer)
        return status_lines(self.game, shown, self.terms(lang))

    def terms(self, lang: str | None = None) -> Terms:
        """The game's glossary terms in ``lang`` (default: the current language)."""
        return Terms(self.game.root, lang or current_language(), self.session.cache)

    def notices(self) -> list[str]:
        """A repaired log tail and content edited since the session began, in words."""
        said = []
        game = self.session.game
        if self._repaired:
            said.append(message(_("Repaired the log: {what}."), what=self._repaired))
        if game is not None and game.changed:
            said.append(
                message(
                    _(
                        "The content of {game} has changed since this session started; it goes on with the pieces recorded then. `pnp session migrate` moves it to the content as it is now."
                    ),
                    game=game.name(current_language()),
                )
            )
        return said


def _reserved_next(told: list[dict[str, Any]], n: int) -> bool:
    """Whether the activation card drawn in event ``n`` went into reserve next."""
    deck = told[n].get("args", {}).get("deck")
    for later in told[n + 1 :]:
        if later["type"].startswith("act.") and later.get("args", {}).get("deck") == deck:
            return bool(later["type"] == "act.reserve")
    return True  # not yet decided: still the drawer's secret
