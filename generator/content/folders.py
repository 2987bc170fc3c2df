"""Where games are: the one rule for the folder of games, its game folders, one game by name.

Every command, print and table alike, finds games the same way (:func:`content_dir`). Kept
apart from the loader so that commands which only need to find a game (an unchanged build, a
listing, a saved game's table command) do not import the schema and its validators.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UsageError, suggest
from ..locale import _
from .files import display_path


def content_dir(given: Path | None = None) -> Path:
    """The folder of games: ``given`` (a command's ``--content``), else ``$PNP_CONTENT_DIR``,
    else ``content/`` in the working folder. An installed package never looks inside itself."""
    if given is not None:
        return given
    return Path(os.environ.get("PNP_CONTENT_DIR") or "content")


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
        _("no game {name!r} in {where}{hint} (games: {games})").format(
            name=name,
            where=display_path(content_dir),
            hint=suggest(name, names),
            games=", ".join(names) or "-",
        )
    )


__all__ = ["content_dir", "find_games", "game_dir"]
