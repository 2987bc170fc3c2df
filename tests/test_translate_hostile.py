"""`pnp translate import` with a catalogue written by an attacker or a careless tool: one entry
twice, a header naming a path or another game, a charset that does not decode the file. Each is
refused at the PO file's line, exit 1, and no file anywhere is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import ROOT, pnp

CTX = "board.yaml#items.board.places.safe-house"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def content(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    target.mkdir()
    for game in ("maquis", "ragnarok"):
        shutil.copytree(ROOT / "content" / game, target / game)
    return target


@pytest.fixture
def exported(content: Path, tmp_path: Path) -> str:
    out = tmp_path / "maquis.po"
    done = pnp("translate", "export", "maquis", "--lang", "zh-Hant", "--out", str(out),
               "--content", str(content))  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out.read_text(encoding="utf-8")


def refused(content: Path, po: Path, text: str) -> str:
    """Import ``po`` (holding ``text``): it must fail with exit 1, no traceback, nothing written."""
    po.write_bytes(text.encode("utf-8")) if isinstance(text, str) else po.write_bytes(text)
    before = snapshot(content.parent)
    done = pnp("translate", "import", str(po), "--content", str(content))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(content.parent) == before
    return done.stderr


def line_of(text: str, needle: str, nth: int = 1) -> int:
    lines = text.splitlines()
    hits = [n for n, line in enumerate(lines, 1) if needle in line]
    return hits[nth - 1]


def test_an_entry_given_twice_is_refused_at_its_second_line(
    content: Path, exported: str, tmp_path: Path
) -> None:
    text = exported + f'\nmsgctxt "{CTX}"\nmsgid "Safe House"\nmsgstr "安全"\n'
    said = refused(content, tmp_path / "twice.po", text)
    second = line_of(text, f'msgctxt "{CTX}"', 2)
    first = line_of(text, f'msgctxt "{CTX}"', 1)
    assert f"twice.po:{second}:1: {CTX}: this entry is given twice (first at line {first})" in said


@pytest.mark.parametrize("name", ["../outside/victim", "/ABS/victim", "maquis/../ragnarok"])
def test_a_header_naming_a_path_writes_nowhere(
    content: Path, exported: str, tmp_path: Path, name: str
) -> None:
    victim = tmp_path / "outside" / "victim"
    shutil.copytree(content / "maquis", victim)
    name = name.replace("/ABS/victim", str(victim))
    text = exported.replace("Project-Id-Version: maquis", f"Project-Id-Version: {name}")
    before = snapshot(victim)
    said = refused(content, tmp_path / "path.po", text)
    line = line_of(text, "Project-Id-Version")
    assert f"path.po:{line}:1: Project-Id-Version: {name!r} is not a game name" in said
    assert snapshot(victim) == before


def test_a_header_naming_another_game_is_refused(
    content: Path, exported: str, tmp_path: Path
) -> None:
    text = exported.replace("Project-Id-Version: maquis", "Project-Id-Version: ragnarok")
    said = refused(content, tmp_path / "other.po", text)
    assert "it was exported from another game" in said


def test_a_utf8_file_declaring_latin1_is_refused_at_its_charset_line(
    content: Path, exported: str, tmp_path: Path
) -> None:
    text = exported.replace("charset=UTF-8", "charset=latin-1")
    said = refused(content, tmp_path / "latin.po", text)
    line = line_of(text, "charset=")
    assert f"latin.po:{line}:1: Content-Type: the file is written in UTF-8" in said


def test_a_charset_that_does_not_decode_the_file_is_refused_at_the_bad_line(
    content: Path, exported: str, tmp_path: Path
) -> None:
    text = exported.replace("charset=UTF-8", "charset=ascii")
    said = refused(content, tmp_path / "ascii.po", text)
    first_bad = next(n for n, line in enumerate(text.splitlines(), 1) if not line.isascii())
    assert f"ascii.po:{first_bad}:1: the file does not decode as ascii" in said
    unknown = exported.replace("charset=UTF-8", "charset=no-such-code")
    assert "no known encoding" in refused(content, tmp_path / "unknown.po", unknown)


def test_a_big5_catalogue_declared_as_big5_imports_its_chinese(
    content: Path, exported: str, tmp_path: Path
) -> None:
    header = exported[: exported.index("\n\n") + 2].replace("charset=UTF-8", "charset=Big5")
    text = header + f'msgctxt "{CTX}"\nmsgid "Safe House"\nmsgstr "祕密安全屋"\n'
    po = tmp_path / "big5.po"
    po.write_bytes(text.encode("big5"))
    done = pnp("translate", "import", str(po), "--content", str(content))
    assert done.returncode == 0, done.stderr
    assert "祕密安全屋" in (content / "maquis" / "board.yaml").read_text(encoding="utf-8")
