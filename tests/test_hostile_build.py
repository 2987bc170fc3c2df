"""All or nothing: when the last step of a build (putting the new files in place) fails part-way,
every file the build had already replaced is put back, byte for byte, and the failure is a
message, not a traceback."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from generator.pipeline import stage as build_stage

from .helpers import pnp


def _names(n: int) -> str:
    return f"{{en: 'Name {n}', zh-Hant: '名稱 {n}', zh-Hans: '名称 {n}'}}"


def _game(root: Path, version: int) -> None:
    game = root / "content" / "g"
    (game / "layouts").mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text(
        "id: g\ntitle: T\nlanguages: [en, zh-Hant, zh-Hans]\ncomponents:\n"
        "  - {id: deck, kind: cards, title: D, items: cards.yaml, layout: front, size: poker}\n"
        "  - {id: tokens, kind: tokens, title: T, items: cards.yaml, layout: front,"
        " size: counter-5/8}\n",
        encoding="utf-8",
    )
    items = ", ".join(f"{{id: i{n}, name: {_names(n * 10 + version)}}}" for n in range(3))
    (game / "cards.yaml").write_text(f"items: [{items}]\n", encoding="utf-8")
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: text, x: 1mm, y: 1mm, w: 10mm, h: 5mm, text: '{{ name }}'}\n",
        encoding="utf-8",
    )


def _outputs(root: Path) -> dict[str, str]:
    out = root / "output" / "g"
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.iterdir())
        if p.is_file()
    }


@pytest.fixture
def built(tmp_path: Path) -> Path:
    _game(tmp_path, 1)
    first = pnp("build", "g", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert len([n for n in _outputs(tmp_path) if n.endswith(".pdf")]) >= 4
    _game(tmp_path, 2)  # every PDF will differ
    return tmp_path


def _unchanged(root: Path, before: dict[str, str], said: str) -> None:
    assert "Traceback" not in said and "internal error" not in said, said
    assert _outputs(root) == before
    leftovers = [p for p in (root / "output").iterdir() if p.name.startswith(".pnp-staging")]
    assert not leftovers, leftovers


@pytest.mark.parametrize("fail_at", [1, 2, 3, 4])
def test_a_build_failing_while_files_are_put_in_place_changes_none(
    built: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int
) -> None:
    before = _outputs(built)
    real = os.replace
    calls = {"n": 0}

    def failing(src: object, dst: object) -> None:
        if str(src).endswith(".pdf") and ".pnp-staging" in str(src):
            calls["n"] += 1
            if calls["n"] == fail_at:
                raise OSError(28, "No space left on device", str(dst))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(build_stage.os, "replace", failing)
    result = pnp("build", "g", "--force", cwd=built)
    assert result.returncode != 0
    assert "No space left on device" in result.stderr, result.stderr
    assert "previous file" in result.stderr, result.stderr
    _unchanged(built, before, result.stdout + result.stderr)


def test_a_folder_in_the_way_of_one_output_changes_none(built: Path) -> None:
    before = _outputs(built)
    last = sorted(n for n in before if n.endswith(".pdf"))[-1]
    (built / "output" / "g" / last).unlink()
    del before[last]
    (built / "output" / "g" / last).mkdir()
    result = pnp("build", "g", "--force", cwd=built)
    assert result.returncode == 1, result.stderr
    assert last in result.stderr and "in the way" in result.stderr, result.stderr
    _unchanged(built, before, result.stdout + result.stderr)


def test_a_file_in_the_way_of_the_game_output_folder_is_a_message(tmp_path: Path) -> None:
    _game(tmp_path, 1)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "g").write_text("not a folder", encoding="utf-8")
    result = pnp("build", "g", cwd=tmp_path)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert "output/g" in result.stderr, result.stderr
    assert (tmp_path / "output" / "g").read_text(encoding="utf-8") == "not a folder"


def test_several_files_written_together_are_all_put_back_when_one_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule sheets' writer (``atomic.write_all``): all files replaced, or none."""
    from generator import atomic

    names = [tmp_path / f"rules.{n}.pdf" for n in range(3)]
    for n, path in enumerate(names):
        path.write_bytes(b"old %d" % n)
    real = os.replace
    calls = {"n": 0}

    def failing(src: object, dst: object) -> None:
        if str(dst).endswith(".pdf") and ".before" not in str(src):
            calls["n"] += 1
            if calls["n"] == 3:
                raise OSError(28, "No space left on device", str(dst))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(atomic.os, "replace", failing)
    with pytest.raises(OSError, match="No space"):
        atomic.write_all({path: b"new" for path in names})
    assert [p.read_bytes() for p in names] == [b"old 0", b"old 1", b"old 2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in names)
    monkeypatch.setattr(atomic.os, "replace", real)
    atomic.write_all({path: b"new" for path in names})
    assert [p.read_bytes() for p in names] == [b"new"] * 3
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in names)


def test_a_font_that_fails_while_it_is_embedded_is_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil
    import subprocess
    import sys

    _game(tmp_path, 1)
    game = tmp_path / "content" / "g"
    (game / "fonts").mkdir()
    shipped = Path(__file__).parent.parent / "generator/render/fonts/DejaVuSansCondensed.ttf"
    shutil.copy(shipped, game / "fonts" / "odd.ttf")
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8")
        + "fonts: {odd: {regular: fonts/odd.ttf}}\n",
        encoding="utf-8",
    )
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: text, x: 1mm, y: 1mm, w: 10mm, h: 5mm, font: odd,"
        " text: '{{ name }}'}\n",
        encoding="utf-8",
    )

    # in a process of its own: no subset or face remembered from an earlier build
    script = (
        "import struct, sys\n"
        "from reportlab.pdfbase.ttfonts import TTFontFace\n"
        "real = TTFontFace.makeSubset\n"
        "def damaged(self, subset):\n"
        "    if str(getattr(self, 'filename', '')).endswith('odd.ttf'):\n"
        "        raise struct.error('unpack requires a buffer of 4 bytes')\n"
        "    return real(self, subset)\n"
        "TTFontFace.makeSubset = damaged\n"
        "from generator.cli import main\n"
        "main(['build', 'g', '--lang', 'en'])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1, result.stderr
    assert "odd.ttf" in result.stderr and "cannot be embedded" in result.stderr, result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "output" / "g").exists() or not list(
        (tmp_path / "output" / "g").glob("*.pdf")
    )
