"""Fixtures shared by the test modules: a data folder, an installed copy, the shipped games built.

The expensive ones are made once per test run and shared: with ``pytest -n`` (pytest-xdist) the
workers share them through a folder beside their own temporary folders, each built by the first
worker to ask for it under a file lock while the others wait for it.
"""

from __future__ import annotations

import pickle
import shutil
import site
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from filelock import FileLock

from .helpers import ROOT, pnp

T = TypeVar("T")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh companion data directory (sessions, the current-session pointer)."""
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _shared_root(factory: pytest.TempPathFactory) -> Path:
    """A folder every worker of this run sees (the run's own base folder without xdist)."""
    base = factory.getbasetemp()
    root = base.parent if base.name.startswith("popen-gw") else base
    shared = root / "shared"
    shared.mkdir(exist_ok=True)
    return shared


def once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], T]) -> T:
    """``make(folder)`` run once per test run for ``name``; its (picklable) result is shared."""
    shared = _shared_root(factory)
    with FileLock(str(shared / f"{name}.lock")):
        folder = shared / name
        done = shared / f"{name}.pickle"
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            result = make(folder)
            done.write_bytes(pickle.dumps(result))
        loaded: T = pickle.loads(done.read_bytes())
        return loaded


class ShippedBuild:
    """The games under ``content/`` built with the default options, each once per test run.

    ``results(game)`` is what :func:`generator.build.build_game` returned for it; ``out`` holds
    ``<game>/`` with every component's PDFs and the rule sheets, as ``pnp build`` writes them.
    """

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self._factory = factory
        self.out = _shared_root(factory) / "shipped"

    def _build(self, game: str) -> Callable[[Path], list[Any]]:
        def make(_: Path) -> list[Any]:
            from generator.build import BuildOptions, build_game

            results = build_game(ROOT / "content" / game, BuildOptions(out_dir=self.out))
            done = pnp("build", game, "--out", str(self.out))  # adds the rule sheets
            assert done.returncode == 0, done.stdout + done.stderr
            return results

        return make

    def results(self, game: str) -> list[Any]:
        """The build results of one shipped game (built on first use)."""
        return once(self._factory, f"shipped-{game}", self._build(game))

    def built(self, *games: str) -> Path:
        """The output folder, with ``games`` built in it."""
        for game in games:
            self.results(game)
        return self.out


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
