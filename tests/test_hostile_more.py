"""More damaged game folders: what `pnp check` and `pnp build` must agree on."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from .helpers import pnp


def _new_game(root: Path) -> Path:
    made = pnp("new", "g", "--content", str(root / "content"), cwd=root)
    assert made.returncode == 0, made.stderr
    return root / "content" / "g"


def test_rule_sheet_title_with_a_character_no_font_has_is_a_located_check_error(
    tmp_path: Path,
) -> None:
    game = _new_game(tmp_path)
    source = game / "rules" / "en.yaml"
    text = source.read_text(encoding="utf-8")
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines[n] = 'title: "\U0001f3b2 Dice"'
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")

    checked = pnp("check", "g", cwd=tmp_path)
    said = checked.stdout + checked.stderr
    assert checked.returncode == 1, said
    assert "Traceback" not in said
    assert f"rules/en.yaml:{n + 1}:" in said and "U+1F3B2" in said, said

    rules = pnp("rules", "check", "g", cwd=tmp_path)
    assert rules.returncode == 1, rules.stdout + rules.stderr
    assert "U+1F3B2" in rules.stdout + rules.stderr


def test_a_title_character_no_font_has_is_warned_at_the_title(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    spec = game / "game.yaml"
    text = spec.read_text(encoding="utf-8")
    assert "title: {en: Deck, zh-Hant: 牌組}" in text
    text = text.replace(
        "title: {en: Deck, zh-Hant: 牌組}", "title: {en: 'Deck \U0001f409', zh-Hant: 牌組}"
    )
    spec.write_text(text, encoding="utf-8")
    line = 1 + next(n for n, s in enumerate(text.splitlines()) if "\U0001f409" in s)

    checked = pnp("check", "g", cwd=tmp_path)
    said = checked.stdout + checked.stderr
    assert "Traceback" not in said
    assert f"game.yaml:{line}:" in said and "components[0].title.en" in said, said
    assert "U+1F409" in said and "warning" in said, said


def test_an_image_that_is_no_image_says_so_without_internal_names(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    (game / "x.png").write_bytes(b"\x00\x01not an image at all" * 100)
    front = game / "layouts" / "card-front.yaml"
    with front.open("a", encoding="utf-8") as f:
        f.write("  - {kind: image, x: 5, y: 60, w: 20, h: 20, src: x.png}\n")

    checked = pnp("check", "g", cwd=tmp_path)
    said = checked.stdout + checked.stderr
    assert checked.returncode == 1, said
    assert "Traceback" not in said
    assert "card-front.yaml:" in said and "'x.png' is not a PNG or JPEG file" in said, said
    assert "BytesIO" not in said and " at 0x" not in said, said


def test_a_session_in_a_folder_that_cannot_be_written_is_still_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _new_game(tmp_path)
    env = {
        "PNP_CONTENT_DIR": str(game.parent),
        "PNP_DATA_DIR": str(tmp_path / "data"),
        "PATH": os.environ.get("PATH", ""),
    }
    assert pnp("session", "new", "g", "--seed", "1", env=env, cwd=tmp_path).returncode == 0
    assert pnp("deck", "draw", "deck", env=env, cwd=tmp_path).returncode == 0
    real_open = os.open

    def read_only(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(".lock") and flags & (os.O_RDWR | os.O_WRONLY | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    for args in (("status",), ("log",)):
        shown = pnp(*args, env=env, cwd=tmp_path)
        said = shown.stdout + shown.stderr
        assert shown.returncode == 0, said
        assert "Traceback" not in said and "cannot lock" not in said, said


def test_a_folder_in_the_place_of_the_build_record_is_named(tmp_path: Path) -> None:
    _new_game(tmp_path)
    first = pnp("build", "g", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    out = tmp_path / "output" / "g"
    before = {p.name: p.read_bytes() for p in out.glob("*.pdf")}
    record = next(p for p in out.iterdir() if p.name.startswith(".pnp-build"))
    record.unlink()
    record.mkdir()

    again = pnp("build", "g", "--force", cwd=tmp_path)
    said = again.stdout + again.stderr
    assert again.returncode != 0, said
    assert "Traceback" not in said and "internal error" not in said, said
    assert f"{record.name}: a folder is in the way of a file" in said, said
    assert ".tmp" not in said, said
    assert {p.name: p.read_bytes() for p in out.glob("*.pdf")} == before


def test_a_logged_draw_past_the_end_of_the_pile_is_named_as_such(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    data = tmp_path / "data"
    env = {
        "PNP_CONTENT_DIR": str(game.parent),
        "PNP_DATA_DIR": str(data),
        "PATH": os.environ.get("PATH", ""),
    }
    assert pnp("session", "new", "g", "--seed", "1", env=env, cwd=tmp_path).returncode == 0
    assert pnp("deck", "draw", "deck", env=env, cwd=tmp_path).returncode == 0
    log = next((data / "sessions").glob("*.jsonl"))
    lines = log.read_text(encoding="utf-8").splitlines()
    event = json.loads(lines[1])
    event["out"]["index"] = 99
    lines[1] = json.dumps(event)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = log.read_bytes()

    drawn = pnp("deck", "draw", "deck", env=env, cwd=tmp_path)
    said = drawn.stdout + drawn.stderr
    assert drawn.returncode == 1, said
    assert "Traceback" not in said and "IndexError" not in said, said
    assert f"{log.name}:2:" in said and "card 99 of a pile of 9" in said, said
    assert log.read_bytes() == before
