"""Which file holds a game's table data: game.yaml's ``table:`` key, or ``table.yaml``."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import ContentError
from .yamlload import load_yaml

__all__ = ["has_table", "table_path"]


def table_path(game_root: Path) -> Path:
    """The table file named by game.yaml's ``table:`` key (default table.yaml)."""
    name = "table.yaml"
    game_file = game_root / "game.yaml"
    if game_file.is_file():
        data = load_yaml(game_file, root=game_root).data
        if isinstance(data, dict) and isinstance(data.get("table"), str):
            name = data["table"]
    return game_root / name


def has_table(game_root: Path) -> bool:
    """Whether the game has table data to check: ``game.yaml`` names a ``table:`` file, or a
    ``table.yaml`` is there in any form (a link, a folder, a pipe: all reported by loading)."""
    root = Path(game_root)
    if os.path.lexists(root / "table.yaml"):
        return True
    try:
        data = load_yaml(root / "game.yaml", root=root).data
    except ContentError:
        return False  # the game check reports game.yaml
    return isinstance(data, dict) and "table" in data
