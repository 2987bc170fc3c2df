"""Helpers of the web tests: a session of a shipped game, its pages, the secrets it holds."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from generator.companion.engine import Table

from .helpers import pnp

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
MOVE = re.compile(r'name="move" value="([^"]+)"')


def new_session(tmp_path: Path, game: str, players: str = "Ann,Bo") -> Path:
    """A new session of ``game`` with ``players`` in ``tmp_path``, its draws seeded."""
    path = tmp_path / f"{game}.jsonl"
    # seeded, so every run deals the same hands (a test's cards are known to differ)
    done = pnp("session", "new", game, "--players", players, "--seed", "7", "--session", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    return path


def table_cmd(path: Path, *args: str) -> str:
    """Run a table command on the session, as a player types it; its output."""
    done = pnp(*args, "--session", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    return str(done.stdout)


def events(path: Path) -> list[dict[str, Any]]:
    """The session's events as logged."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return [json.loads(line) for line in lines]


def state(path: Path) -> dict[str, Any]:
    """The session's state, read as the CLI reads it."""
    return Table(path).snapshot_state()


def secret_words(path: Path, player: str) -> set[str]:
    """Every way of naming a card in ``player``'s hand or reserve (instance, id, names in each
    language) that no other place of the table shows: for pages other than that player's."""
    table = Table(path)
    now = table.snapshot_state()
    assert table.game is not None
    held: dict[str, set[str]] = {}
    for did, deck in now["decks"].items():
        for who, hand in (deck.get("hands") or {}).items():
            for inst, _n in hand:
                held.setdefault(who, set()).update(_names(table.game, did, inst))
        for who, kept in (deck.get("reserve") or {}).items():
            for inst in kept:
                held.setdefault(who, set()).update(_names(table.game, did, inst))
    public = set()
    for did, deck in now["decks"].items():
        for inst in deck.get("discard", []):
            public |= _names(table.game, did, inst)
        for laid in (deck.get("play") or {}).values():  # cards in play on the table
            for inst in laid:
                public |= _names(table.game, did, inst)
    others = set().union(*(v for k, v in held.items() if k != player)) if held else set()
    # a card's name may also be a word of the rules the pages tell (Barons of Fyn's phase text
    # names a town): such a word says nothing of a hand
    told = " ".join(
        str(text)
        for phase in getattr(table.game.spec, "turn", None) or []
        for part in (phase.name, phase.does)
        for text in (part.values() if isinstance(part, dict) else [part])
    )
    return {w for w in held.get(player, set()) - others - public if w not in told}


def _names(game: Any, did: str, inst: str) -> set[str]:
    from generator.companion.decks import card_id

    data = game.cards.get(did, {}).get(card_id(inst), {})
    name = data.get("name")
    names = {inst}
    if isinstance(name, dict):
        names |= {str(v) for v in name.values() if v}
    elif name:
        names.add(str(name))
    return names


def leaks(html: str, hidden: set[str]) -> list[str]:
    """The words of ``hidden`` that ``html`` shows: a card's id anywhere, a card's name as a
    whole item between tags or punctuation (as a list of cards prints it, in any language)."""
    text = re.sub(r"<[^>]+>", "\n", html)
    items = {i.strip() for i in re.split(r"[\n、，,.。:：;；()（）\[\]「」\"'/]+", text)}
    ids = {w for w in hidden if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*-\d+", w)}
    return sorted(
        w
        for w in hidden
        if w in items or (w in ids and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", html))
    )
