"""Fixtures shared by the test modules."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh companion data directory (sessions, the current-session pointer)."""
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"
