"""Shared test helpers: run the ``pnp`` command in a real process, and where things live."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE_GAME = str(ROOT / "tests" / "fixtures" / "table_game")


def pnp(
    *args: str, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """``python -m generator.cli ARGS`` with its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "generator.cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=300,
    )
