"""Fixtures shared by the test modules: a data folder, an installed copy, the shipped games built.

The expensive ones are made once per test run and shared: with ``pytest -n`` (pytest-xdist) the
workers share them through a folder beside their own temporary folders, each built by the first
worker to ask for it under a file lock while the others wait for it.
"""

from __future__ import annotations

import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import ROOT, ShippedBuild, once


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh companion data directory (sessions, the current-session pointer)."""
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(scope="session")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> ShippedBuild:
    """The shipped games, each built once for the whole test run."""
    return ShippedBuild(tmp_path_factory)


def _install(folder: Path) -> Path:
    """``pip install .`` (not editable) of a copy of the project into a fresh venv in ``folder``."""
    source = folder / "source"  # a copy: pip's in-tree build/ stays out of the project
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("generator", "templates"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # the dependencies: this interpreter's site-packages, after the venv's own
    (Path(purelib) / "test-deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
        + ["--no-deps", str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    shutil.rmtree(source)
    return venv


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the project installed by ``pip install .`` (its ``bin/pnp``)."""
    return once(tmp_path_factory, "installed", _install)
