"""Views: the table's state and events as one viewer may see them.

A viewer is the table (everyone at it: ``None`` or ``"table"``), one player (by the name the
session knows them by), or the host once a fair session's seed is revealed (who may then see
everything). What is secret is decided once, by the zones (:mod:`generator.companion.zones`):
a view names the cards of a zone only when its viewer may see them, and counts the others. An
event is told to a viewer the same way: a card drawn into a hand, dealt, reserved or drawn to be
reserved is named only for the player it belongs to. Everything the table shows (``pnp status``,
``--json``, ``pnp log``, the prompt, a web page) is one of these views.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .game import TableGame, round_order
from .statecheck import copied
from .zones import OWNER, pending, way_of, zones

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import DeckState, TableState

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import DeckSpec

TABLE = "table"
HOST = "host"

# the effects an event keeps when its card is secret from the viewer
_KEPT = ("player", "owner", "drawer", "next", "over_limit", "returned", "reshuffled", "hidden",
         "ends_game", "deck_empty", "ran_out", "all_run_out", "kind", "forced")  # fmt: skip


def who(viewer: str | None) -> str | None:
    """The player a viewer names (None: the table or the host)."""
    return None if viewer in (None, TABLE, HOST) else viewer


def secret_owner(event: dict[str, Any]) -> str | None:
    """The player an event's cards are secret to (None: the event is public)."""
    fx, kind = event.get("fx") or {}, event.get("type")
    told = fx.get("must_play") or fx.get("ends_game") or event.get("args", {}).get("position")
    if kind == "deck.draw" and fx.get("player") and told is None:
        return str(fx["player"])
    if kind == "deck.deal":
        return str(fx.get("player") or event.get("args", {}).get("player") or "") or None
    if kind == "act.reserve":
        return str(fx.get("owner") or "") or None
    if kind == "act.draw" and fx.get("private"):
        return str(fx.get("owner") or "") or None
    return None


def event_view(
    event: dict[str, Any], viewer: str | None, everything: bool = False
) -> dict[str, object]:
    """The event as ``viewer`` may see it: a card secret to another player is left out (the
    session log keeps it, so the game replays). ``everything``: the host after a reveal."""
    owner = secret_owner(event)
    if owner is None or everything or owner == who(viewer):
        return event
    fx = event.get("fx") or {}
    hidden = {k: v for k, v in fx.items() if k in _KEPT}
    if event.get("type") == "act.draw":
        hidden = {"hidden": True, "drawer": fx.get("owner"), "next": fx.get("next")}
    if "cards" in fx:
        hidden["count"] = len(fx["cards"])
    return {**{k: v for k, v in event.items() if k not in ("out", "fx")}, "fx": hidden}


def _seen(zone_cards: list[Any], shown: bool) -> Any:
    """A zone's cards when the viewer may see them, else how many."""
    return zone_cards if shown else len(zone_cards)


def state_view(game: TableGame, state: TableState, viewer: str | None) -> dict[str, object]:
    """The session's state as ``viewer`` may see it, in the state's own shape: a draw pile is
    a count; a hand, a reserve and a secret order are named for their owner and counted for
    everyone else; a card drawn that its drawer may still reserve is the drawer's alone."""
    player = who(viewer)
    shown: dict[str, Any] = copied(dict(state))
    for did, deck in shown.get("decks", {}).items():
        spec = game.spec.decks.get(did)
        held = pending(deck)
        if "owners" in deck:
            deck["left"] = _left(deck, held, player, spec)
        deck["pile"] = len(deck.get("pile", []))
        deck["out"] = len(deck.get("out", []))
        for key in ("hands", "reserve"):
            if deck.get(key):
                deck[key] = {p: _seen(c, p == player) for p, c in deck[key].items()}
        if "owners" in deck and way_of(spec, deck) == "queue":
            deck["queues"] = {p: _seen(q, p == player) for p, q in deck["queues"].items()}
        if held is not None and held[1] != player:
            deck["discard"] = [c for c in deck["discard"] if c != held[0]]
            deck["pending"] = None
            if deck.get("last") == held[0]:
                deck["last"] = None
    return shown


def _left(
    deck: DeckState, held: tuple[str, str] | None, player: str | None, spec: DeckSpec | None
) -> dict[str, object]:
    """Per player of an activation deck, the cards still to come up from a mixed pile: named
    for their owner, counted for the others (a card drawn but not yet shown counts as to come)."""
    if way_of(spec, deck) != "random":
        return {}
    left: dict[str, list[str]] = {}
    for card in deck.get("pile", []):
        left.setdefault(deck["owners"].get(card, "?"), []).append(card)
    if held is not None and held[1] != player:
        left.setdefault(deck["owners"].get(held[0], "?"), []).append(held[0])
    return {p: _seen(sorted(c), p == player) for p, c in sorted(left.items())}


def zone_list(game: TableGame, state: TableState, viewer: str | None) -> list[dict[str, Any]]:
    """Every zone as the viewer sees it: kind, deck or bag, owner, visibility, count, cards
    (None when the viewer may not see which)."""
    player = who(viewer)
    listed = []
    for zone in zones(game, state):
        seen = zone.seen_by(player)
        listed.append(
            {
                "kind": zone.kind,
                "of": zone.holder,
                "owner": zone.owner,
                "visibility": zone.visibility,
                "count": len(zone.cards),
                "cards": list(zone.cards) if seen else None,
            }
        )
    return listed


def view(
    game: TableGame, state: TableState, meta: dict[str, Any], viewer: str | None
) -> dict[str, object]:
    """The whole view for a viewer: the session (``meta``), the state as the viewer may see it,
    the zones, the turn and the tracks with their owners. ``meta["everything"]`` (the host
    after a reveal) shows every card."""
    everything = bool(meta.get("everything")) and viewer == HOST
    seen_state = copied(state) if everything else state_view(game, state, viewer)
    tracks: dict[str, Any] = {
        tid: {"value": step, "owner": None} for tid, step in state.get("tracks", {}).items()
    }
    for tid, spec in game.spec.tracks.items():
        if getattr(spec, "per_player", False):
            own = (state.get("player_tracks") or {}).get(tid, {})
            players = sorted({*own, *(meta.get("players") or [])})
            tracks[tid] = {
                "value": None,
                "owner": "each player",
                "players": {p: own.get(p, spec.start) for p in players},
            }
    phases = list(getattr(game.spec, "turn", None) or [])
    turn = None
    if phases:
        now = state.get("turn") or {"n": 1, "phase": 0}
        k = min(int(now.get("phase", 0)), len(phases) - 1)
        turn = {"n": now.get("n", 1), "phase": k, "phase_id": phases[k].id}
        if game.in_rounds():  # n counts rounds
            players = list(meta.get("players") or [])
            turn |= {"round": True, "player": game.whose_turn(now, players)}
            if "first" in now:  # a first-player roll set the order: the view says it
                turn["order"] = round_order(players, int(now["first"]))
    return {
        "viewer": viewer if viewer is not None else TABLE,
        "game": game.id,
        "title": game.title,
        "path": meta.get("path"),
        "events": meta.get("events"),
        "rng": meta.get("rng"),
        "players": list(meta.get("players") or []),
        "turn": turn,
        "acts": acting(game, state),
        "over": state.get("over") or None,
        "must_discard": state.get("must_discard") or None,
        "tracks": tracks,
        "zones": _all_zones(game, state) if everything else zone_list(game, state, viewer),
        "state": seen_state,
    }


def _all_zones(game: TableGame, state: TableState) -> list[dict[str, Any]]:
    return [
        {
            "kind": z.kind,
            "of": z.holder,
            "owner": z.owner,
            "visibility": z.visibility,
            "count": len(z.cards),
            "cards": list(z.cards),
        }
        for z in zones(game, state)
    ]


def acting(game: TableGame, state: TableState) -> str | None:
    """The player an activation deck says acts next (None when no deck says)."""
    for deck in state.get("decks", {}).values():
        if deck.get("mode") is not None and deck.get("next"):
            return str(deck["next"])
    return None


def leaks(game: TableGame, state: TableState, shown: Any, viewer: str | None) -> list[str]:
    """The cards secret from ``viewer`` that ``shown`` (a view or event, as JSON data) names:
    none, when views keep their secrets (what the tests check)."""
    text = json.dumps(shown, ensure_ascii=False)
    secret = {
        c
        for z in zones(game, state)
        if z.visibility == OWNER and not z.seen_by(who(viewer))
        for c in z.cards
    }
    return sorted(c for c in secret if f'"{c}"' in text)
