"""Where a game's files are: game folders under a content folder, and paths kept inside a game.

Every file a game names (items, layouts, images, fonts, rule sources) goes through
:func:`resolve_inside`, so no link or ``..`` reads outside the game folder.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import UsageError
from .validate import suggest
from .yamlload import display_path


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


def find_games(content_dir: Path) -> list[Path]:
    """Every game folder (one with a game.yaml) under ``content_dir``, sorted."""
    if not content_dir.is_dir():
        return []
    return sorted(p for p in content_dir.iterdir() if (p / "game.yaml").is_file())


def game_dir(content_dir: Path, name: str) -> Path:
    """The folder of game ``name`` (a folder name or a path); UsageError with a hint when unknown."""
    direct = Path(name)
    if (direct / "game.yaml").is_file():
        return direct
    candidate = content_dir / name
    if (candidate / "game.yaml").is_file():
        return candidate
    names = [p.name for p in find_games(content_dir)]
    raise UsageError(
        f"no game {name!r} in {display_path(content_dir)}{suggest(name, names)} (games: {', '.join(names) or 'none'})"
    )
