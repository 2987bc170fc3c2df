"""The shape of a table's state as a session header keeps it (``initial``): bags, tracks, decks
and the score pad, each part of the type the table's moves expect.

A header edited by hand or damaged on disk is refused when the log is opened, at the header's
line and the key path of the first part out of shape, instead of failing at the first event
that touches it (or in the middle of a status). :func:`copied` copies such a state for a move or
a view to change.
"""

from __future__ import annotations

from typing import Any

PathKey = tuple[str | int, ...]
_CARD_LISTS = ("pile", "discard", "aside", "out")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _deck_problem(did: str, deck: object) -> PathKey | None:
    at: PathKey = ("decks", did)
    if not isinstance(deck, dict):
        return at
    for key in _CARD_LISTS:
        if not _strings(deck.get(key)):
            return (*at, key)
    if not _is_int(deck.get("reshuffles")):
        return (*at, "reshuffles")
    if not isinstance(deck.get("over"), bool):
        return (*at, "over")
    hands = deck.get("hands")
    if not isinstance(hands, dict):
        return (*at, "hands")
    for player, held in hands.items():
        if not isinstance(held, list) or not all(
            isinstance(card, list) and len(card) == 2 and isinstance(card[0], str) for card in held
        ):
            return (*at, "hands", player)
    for key in ("reserve", "queues", "order"):
        if key in deck and not isinstance(deck[key], (dict, list)):
            return (*at, key)
    return None


def state_problem(state: dict[str, Any], pieces: object = None) -> PathKey | None:
    """The key path of the first part of ``state`` out of shape, or None; ``pieces`` (the
    header's list of the game's pieces) names the decks and tracks the state must hold."""
    if isinstance(pieces, dict):
        for key in ("decks", "tracks"):
            named = pieces.get(key)
            held = state.get(key)
            for pid in named if isinstance(named, dict) else {}:
                if not isinstance(held, dict) or pid not in held:
                    return (key, pid)
    for key in ("bags", "tracks", "decks", "pad"):
        if key in state and not isinstance(state[key], dict):
            return (key,)
    for tid, step in state.get("tracks", {}).items():
        if not _is_int(step):
            return ("tracks", tid)
    for bid, bag in state.get("bags", {}).items():
        if not isinstance(bag, dict) or not isinstance(bag.get("pool", []), list):
            return ("bags", bid)
    for did, deck in state.get("decks", {}).items():
        found = _deck_problem(did, deck)
        if found is not None:
            return found
    rows = state.get("pad", {}).get("rows", [])
    if not isinstance(rows, list) or not all(
        isinstance(r, list) and len(r) == 3 and _is_int(r[0]) and isinstance(r[1], str)
        for r in rows
    ):
        return ("pad", "rows")
    return None


def copied(value: Any) -> Any:
    """A copy of JSON-shaped state (dicts, lists, text, numbers) sharing no dict or list with it.

    State holds nothing else, so this is all ``copy.deepcopy`` would do for it, without its memo
    of every object seen (a table command copies the whole state for its view)."""
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    return value
