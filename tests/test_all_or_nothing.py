"""A build that fails anywhere leaves every file of the previous build byte-identical.

The failures are forced after some PDFs of the same build were already drawn: bad content in
the second of two games, a drawing error, a full disk. Every file in the output folder is
compared (bytes and modification time) with what the previous build left there.
"""

from __future__ import annotations

import errno
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline.options import BuildOptions
from generator.pipeline.run import build_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "fixtures" / "games"


@pytest.fixture
def work(tmp_path: Path) -> Path:
    for name in ("sample", "shared"):
        shutil.copytree(GAMES / name, tmp_path / "content" / name)
    return tmp_path


@pytest.fixture
def build(work: Path, capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str]]:
    """``pnp build`` of the work folder through the console entry point, in this process."""
    from generator.cli import main

    def run(*extra: str) -> tuple[int, str]:
        args = ["build", "--content", str(work / "content"), "--out", str(work / "out")]
        capsys.readouterr()
        try:
            main([*args, "--no-rules", *extra])
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return code, captured.out + captured.err

    return run


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _fail_on_call(
    monkeypatch: pytest.MonkeyPatch, module: Any, name: str, n: int, error: Exception
) -> list[int]:
    """Make ``module.name`` work for its first ``n - 1`` calls, then raise ``error``."""
    original: Callable[..., Any] = getattr(module, name)
    calls: list[int] = []

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) >= n:
            raise error
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def test_bad_content_in_the_second_game_keeps_the_first_games_previous_files(
    work: Path, build: Callable[..., tuple[int, str]]
) -> None:
    assert build()[0] == 0
    before = _files(work / "out")
    # the first game changes (it is rebuilt and drawn), the second is broken
    tokens = work / "content" / "sample" / "tokens.yaml"
    tokens.write_bytes(tokens.read_bytes() + b"\n")
    cards = work / "content" / "shared" / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8")
        + '  - {id: broken, title: Broken, text: x, color: "not a colour"}\n',
        encoding="utf-8",
    )
    code, output = build()
    assert code != 0
    assert "cards.yaml:" in output and "Traceback" not in output
    assert "nothing was written" in output
    assert _files(work / "out") == before


@pytest.mark.parametrize(
    "error", [RuntimeError("drawing failed"), OSError(errno.ENOSPC, "No space left on device")]
)
def test_a_failure_after_some_components_were_drawn_keeps_every_previous_file(
    work: Path,
    build: Callable[..., tuple[int, str]],
    monkeypatch: pytest.MonkeyPatch,
    error: Exception,
) -> None:
    assert build()[0] == 0
    before = _files(work / "out")
    import generator.pipeline.game as sheet  # the drawing step as the build calls it

    calls = _fail_on_call(monkeypatch, sheet, "write_sheets", 4, error)
    code, output = build("--force")
    assert len(calls) == 4  # three PDFs were drawn before the failure
    assert code != 0
    assert "Traceback" not in output
    assert _files(work / "out") == before
    assert not list((work / "out").glob(".pnp-staging-*"))


def test_a_failed_library_build_keeps_the_previous_files(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = work / "out"
    game = work / "content" / "shared"
    build_game(game, BuildOptions(out_dir=out))
    before = _files(out)
    import generator.pipeline.game as board  # the drawing step as the build calls it

    _fail_on_call(monkeypatch, board, "write_board", 2, OSError(errno.EIO, "I/O error"))
    with pytest.raises(OSError):
        build_game(game, BuildOptions(out_dir=out, force=True))
    assert _files(out) == before
    assert not list(out.glob(".pnp-staging-*"))


def test_a_first_build_that_fails_writes_nothing(
    work: Path, build: Callable[..., tuple[int, str]]
) -> None:
    cards = work / "content" / "shared" / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8") + "  - {id: broken, title: Broken, qty: -1}\n",
        encoding="utf-8",
    )
    code, output = build()
    assert code != 0
    assert "qty" in output
    out = work / "out"
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


def test_a_file_size_limit_hit_while_writing_is_a_clear_error_and_keeps_the_files(
    work: Path, build: Callable[..., tuple[int, str]]
) -> None:
    """A real refusal from the system (here a file-size limit, as a full disk would): the
    message names the file and the reason, exit 74, and the previous build stays."""
    import resource
    import signal
    import subprocess
    import sys

    assert build()[0] == 0
    before = _files(work / "out")

    def limit() -> None:  # in the child: writes past 20 KB fail with EFBIG, not a signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    done = subprocess.run(
        [sys.executable, "-m", "generator.cli", "build", "--content", str(work / "content")]
        + ["--out", str(work / "out"), "--force", "--no-rules"],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 74, done.stderr
    assert "File too large" in done.stderr and "Traceback" not in done.stderr
    assert str(work / "out") in done.stderr  # the file it was writing
    assert "internal error" not in done.stderr
    assert _files(work / "out") == before
    assert not list((work / "out").glob(".pnp-staging-*"))
