"""Fixtures shared by the test modules: a data folder, an installed copy, the shipped games built.

The expensive ones are made once per test run and shared: with ``pytest -n`` (pytest-xdist) the
workers share them through a folder beside their own temporary folders, each built by the first
worker to ask for it under a file lock while the others wait for it.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import ROOT, ShippedBuild, once


@pytest.fixture(autouse=True)
def _no_real_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved games and the current-session pointer of a test that names no data folder of its
    own go to a temporary one, never to the user's."""
    if "PNP_DATA_DIR" not in os.environ:
        monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path_factory.mktemp("data")))


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
    """The wheel ``python -m build`` makes (sdist first, wheel from the sdist), in a fresh venv.

    The build runs on a copy of the project, so nothing it leaves behind lands in the tree.
    """
    source = folder / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("generator", "templates"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    dist = folder / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-2000:]
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
    (wheel,) = dist.glob("*.whl")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
        + ["--no-deps", str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert installed.returncode == 0, installed.stderr[-2000:]
    shutil.rmtree(source)
    return venv


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the project's wheel installed (its ``bin/pnp``)."""
    return once(tmp_path_factory, "installed", _install)
