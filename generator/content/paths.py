"""Where a game's files are: game folders under a content folder, and paths kept inside a game.

Every file a game names goes through :func:`resolve_inside`, so no link or ``..`` leads out of
the game folder, and is read with :func:`generator.content.files.read_guarded`.
"""

from __future__ import annotations

from pathlib import Path

from .folders import find_games, game_dir


def resolve_inside(root: Path, rel: str) -> Path:
    """``root / rel`` if it stays inside ``root`` (symlinks resolved); ValueError otherwise."""
    if not isinstance(rel, str) or not rel or "\x00" in rel:
        raise ValueError("expected a relative file path")
    candidate = Path(rel)
    if candidate.is_absolute():
        raise ValueError(f"{rel!r} is absolute; give a path inside the game folder")
    base = root.resolve()
    full = (base / candidate).resolve()
    if full != base and base not in full.parents:
        raise ValueError(f"{rel!r} leads outside the game folder")
    return full


__all__ = ["find_games", "game_dir", "resolve_inside"]
