"""Every file pnp writes gets the mode an ordinary new file gets: ``0666`` less the umask.

Card and token sheets, rule sheets, bilingual sheets, player aids, previews, Tabletop
Simulator exports, build state and rule files rewritten by ``pnp rules stamp`` are each
checked under two umasks, so a mode fixed at 0644 (or left at a temporary file's 0600)
fails one of them.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import atomic
from generator.cli.app import cli

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(params=[0o022, 0o027])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _run(*args: str) -> None:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output


def _modes(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): stat.S_IMODE(p.stat().st_mode)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_every_output_kind_has_the_ordinary_file_mode(tmp_path: Path, umask: int) -> None:
    content, out = tmp_path / "content", tmp_path / "out"
    for name in ("rules_good", "rules_stale"):
        shutil.copytree(FIXTURES / name, content / name)
    shutil.copytree(FIXTURES / "games" / "sample", content / "sample")
    _run("build", "--content", str(content), "--out", str(out))
    _run("rules", "build", "rules_good", "--content", str(content), "--out", str(out))
    _run("rules", "build", "rules_good", "--bilingual", "zh-Hant", "--content", str(content))
    _run("preview", "sample", "--content", str(content), "--out", str(out), "--dpi", "50")
    _run("export", "tts", "sample", "--content", str(content), "--out", str(out), "--dpi", "50")
    stamped = content / "rules_stale" / "rules" / "zh-Hant.yaml"
    os.chmod(stamped, 0o600)  # rewritten by stamp: gets the ordinary mode, like a new file
    _run("rules", "stamp", "rules_stale", "--content", str(content))
    modes = _modes(out)
    kinds = {
        "card sheet": "sample/cards.en.pdf",
        "token sheet": "sample/tokens.pdf",
        "build state": "sample/.pnp-build.json",
        "rule sheet": "rules_good/rules.zh-Hant.pdf",
        "player aids": "rules_good/aids.en.pdf",
        "preview": next(k for k in modes if k.endswith(".png")),
        "tts export": next(k for k in modes if "tts" in k),
    }
    want = 0o666 & ~umask
    for kind, name in kinds.items():
        assert modes[name] == want, f"{kind} {name}: {oct(modes[name])} != {oct(want)}"
    assert {m for m in modes.values()} == {want}, modes
    assert stat.S_IMODE(stamped.stat().st_mode) == want
    bilingual = Path("output") / "rules_good" / "rules.en+zh-Hant.pdf"
    assert stat.S_IMODE(bilingual.stat().st_mode) == want


def test_atomic_writes_respect_the_umask(tmp_path: Path, umask: int) -> None:
    atomic.write_bytes(tmp_path / "a.bin", b"x")
    atomic.write_text(tmp_path / "b.txt", "y\r\n")
    atomic.write_all({tmp_path / "c": b"1", tmp_path / "d": b"2"})
    assert set(_modes(tmp_path).values()) == {0o666 & ~umask}
    assert (tmp_path / "b.txt").read_bytes() == b"y\r\n"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the bilingual build writes to ./output
