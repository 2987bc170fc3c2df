"""Shared test helpers: run the ``pnp`` command, share expensive builds, and where things live.

:func:`pnp` runs the command line in the test's own process, as a user's shell would see it
(exit code, standard output and error as text), which spares a Python start-up per call; the
tests where a process is the point (start-up cost, a killed process, an installed copy) start
one themselves.
"""

from __future__ import annotations

import os
import pickle
import re
import shutil
import subprocess
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from filelock import FileLock

from generator.text.columns import width

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
TABLE_GAME = str(ROOT / "tests" / "fixtures" / "table_game")


class _Entry:
    """The ``pnp`` console entry point in the shape click's test runner invokes."""

    name = "pnp"

    def main(self, args: Sequence[str] = (), prog_name: str = "pnp", **_: Any) -> Any:
        from generator.cli import main

        return main(list(args))


@contextmanager
def _working_dir(path: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def pnp_printed(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``pnp ARGS`` through :func:`generator.cli.main` itself, writing to the real (captured)
    streams: exit code and everything printed. For output that click's test runner would
    stand in for (the terminal's language)."""
    from generator.cli import main

    capsys.readouterr()
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    said = capsys.readouterr()
    return code, said.out + said.err


def pnp(
    *args: str, env: dict[str, str] | None = None, cwd: Path = ROOT, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``pnp ARGS`` run in this process, its exit code and output as a finished process's.

    ``env`` replaces the whole environment for the call, as it would for a process; an
    unexpected exception is written to standard error with its traceback and exits 1, as
    Python itself does.
    """
    from click.testing import CliRunner

    overrides: dict[str, str | None] | None = None
    if env is not None:
        overrides = {key: None for key in os.environ if key not in env}
        overrides.update(env)
    with _working_dir(cwd):
        result = CliRunner().invoke(
            _Entry(),  # type: ignore[arg-type]
            list(args),
            input=input,
            env=overrides,
            prog_name="pnp",
        )
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exc = result.exception
        stderr += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return subprocess.CompletedProcess(["pnp", *args], result.exit_code, result.stdout, stderr)


def laid_out_texts(copies: list) -> list[tuple[str, str, Any, Any]]:  # type: ignore[type-arg]
    """(item id, shown text, fitted layout, box spec) for every text box on every face of ``copies``,
    laid out as the renderer lays it out."""
    from generator.content.schema import TextBox
    from generator.render.text import fit, plain_text

    out = []
    for cp in copies:
        for face in (cp.front, cp.back):
            for box in face.boxes if face is not None else ():
                if not isinstance(box.spec, TextBox) or not box.text:
                    continue
                spec = box.spec
                laid = fit(
                    box.text,
                    box.w,
                    box.h,
                    spec.size,
                    spec.min_size,
                    leading=spec.leading,
                    family=spec.font,
                    bold="bold" in spec.style,
                    italic="italic" in spec.style,
                )
                out.append((cp.item.id, plain_text(box.text), laid, spec))
    return out


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

    ``results(game)`` is what :func:`generator.pipeline.game.build_game` returned for it; ``out`` holds
    ``<game>/`` with every component's PDFs and the rule sheets, as ``pnp build`` writes them.
    """

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self._factory = factory
        self.out = _shared_root(factory) / "shipped"

    def _build(self, game: str) -> Callable[[Path], list[Any]]:
        def make(_: Path) -> list[Any]:
            from generator.pipeline.options import BuildOptions
            from generator.pipeline.run import build_game

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


def word_ends(line: str) -> list[int]:
    """The screen column where each word of ``line`` ends (a Chinese character two columns)."""
    ends, column = [], 0
    for word in re.finditer(r"\S+|\s+", line):
        column += width(word.group())
        if not word.group().isspace():
            ends.append(column)
    return ends
