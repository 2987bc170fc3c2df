"""The game's pieces as the table's steps reach them: its bags and decks by id, and game over.

Shared by :mod:`generator.companion.ops` and :mod:`generator.companion.activation`: the spec and
state of a bag or deck named in a command (an unknown name is refused with the known ones), the
refusal of any draw or move once the game is over, and what ended it, in words.
"""

from __future__ import annotations

from .errtext import TableError
from .i18n import pick

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from .engine import Table
    from .game import TableGame


def _g(t: Table) -> TableGame:
    """The table's game (loaded before any step runs)."""
    assert t.game is not None
    return t.game


def over_note(game: Any, over: dict[str, Any], lang: str) -> str:
    """What ended the game, in words."""
    if over["by"] == "track":
        track = game.spec.tracks[over["id"]]
        return pick(track.game_over[over["rule"]].note, lang) or ""
    deck = game.spec.decks[over["id"]]
    note = deck.empty_ends_game if over["by"] == "empty" else deck.ends_game_note
    return pick(note, lang) or over.get("card", "")


def _not_over(t: Table) -> None:
    over = t.state.get("over")
    if over:
        notes = {lang: over_note(_g(t), over, lang) for lang in ("en", "zh-Hant", "zh-Hans")}
        raise TableError("game.over", note=notes)


def _part(t: Table, kind: str, name: str) -> tuple[Any, dict[str, Any]]:
    """The spec and state of the game's bag or deck ``name`` (``kind``: bag or deck)."""
    specs = getattr(_g(t).spec, f"{kind}s")
    if name not in specs:
        raise TableError(
            f"{kind}.unknown", game=_g(t).names(), name=name, known=", ".join(specs) or "-"
        )
    return specs[name], t.state[f"{kind}s"][name]


def _deck(t: Table, args: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The spec and state of the deck a command names."""
    return _part(t, "deck", args["deck"])
