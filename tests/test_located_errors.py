"""Broken games reported at the line and key path of the value at fault: a NUL byte in a CSV
file, a component id given twice (at the second use), the ``items:`` of a component, a file
in Latin-1 or Big5 (by line, not byte offset), a bad colour in an item file (at the item), an
unclosed glossary reference, a box larger than any face."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import ROOT, pnp

SHARED = ROOT / "tests" / "fixtures" / "games" / "shared"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "shared"
    shutil.copytree(SHARED, folder)
    return folder


def problems(folder: Path, *args: str) -> str:
    done = pnp(*(args or ("check",)), str(folder))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_nul_byte_in_a_csv_file_is_reported_at_its_line_and_column(game: Path) -> None:
    edit(game / "game.yaml", "items: cards.yaml", "items: cards.csv")
    (game / "cards.csv").write_bytes(b"id,title\na,A\nb,B\x00x\nc,C\n")
    assert "cards.csv:3:4: not a text file (holds NUL characters)" in problems(game)


def test_a_nul_byte_after_chinese_text_is_reported_at_its_own_line(game: Path) -> None:
    (game / "cards.yaml").write_text(
        "items:\n  - {id: a, title: {en: A, zh-Hant: 斥候斥候斥候斥候斥候斥候斥候}}\n"
        '  - {id: b, title: "B\x00x"}\n  - {id: c, title: C}\n  - {id: d, title: D}\n',
        encoding="utf-8",
    )
    assert "cards.yaml:3:22: malformed YAML: character U+0000 is not allowed" in problems(game)


def test_a_component_id_given_twice_is_reported_at_the_second_use(game: Path) -> None:
    text = (game / "game.yaml").read_text(encoding="utf-8")
    line = "  - {id: cards, kind: cards, title: Again, items: cards.yaml, size: poker, layout: card-plain}\n"
    (game / "game.yaml").write_text(text + line, encoding="utf-8")
    last = len((text + line).splitlines())
    said = problems(game)
    assert f"game.yaml:{last}:10: components[5].id: component id 'cards' is used twice" in said


@pytest.mark.parametrize(
    ("items", "said"),
    [
        ("missing.yaml", "file 'missing.yaml' does not exist"),
        ("../outside.yaml", "'../outside.yaml' leads outside the game folder"),
        ("/etc/hostname", "'/etc/hostname' is absolute"),
        ("folder", "'folder' is not a regular file"),
    ],
)
def test_an_items_problem_keeps_its_key_path(game: Path, items: str, said: str) -> None:
    (game / "folder").mkdir()
    edit(game / "game.yaml", "items: cards.yaml", f"items: {items}")
    assert f"game.yaml:6:51: components[0].items: {said}" in problems(game)


@pytest.mark.parametrize("encoding", ["latin-1", "big5"])
def test_a_file_not_in_utf8_is_reported_by_line_and_column(game: Path, encoding: str) -> None:
    text = (game / "cards.yaml").read_text(encoding="utf-8")
    word = "Scoùt" if encoding == "latin-1" else "斥候"
    text = text.replace("Scout", "Scoùt") if encoding == "latin-1" else text
    (game / "cards.yaml").write_bytes(text.encode(encoding, "replace"))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if word in row)
    col = text.splitlines()[line - 1].index(word) + (4 if encoding == "latin-1" else 1)
    said = problems(game)
    assert f"cards.yaml:{line}:{col}: not UTF-8 text" in said
    assert "at byte" not in said


def test_a_bad_colour_in_an_item_file_is_reported_at_the_item(game: Path) -> None:
    edit(game / "cards.yaml", 'color: "#6a3b2a"', 'color: "#zzzzzz"')
    said = problems(game)
    assert "cards.yaml:3:104: items[1].color: '#zzzzzz' is not a colour" in said
    assert said.count("is not a colour") == 1


def test_an_unclosed_glossary_reference_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "maquis"
    shutil.copytree(ROOT / "content" / "maquis", folder)
    edit(folder / "rules" / "en.yaml", "[[mission-card]]s dealt", "[[mission-card s dealt")
    said = problems(folder)
    assert (
        "rules/en.yaml:13:12: sections[0].blocks[0].p: a glossary reference is not closed" in said
    )


@pytest.mark.parametrize("length", ["100000000mm", "100km", "5000%"])
def test_a_box_larger_than_any_face_is_refused_at_its_key(game: Path, length: str) -> None:
    (game / "layouts").mkdir()
    (game / "layouts" / "big.yaml").write_text(
        f"id: big\nboxes:\n  - {{kind: frame, x: 3mm, y: 3mm, w: {length}, h: 10mm}}\n",
        encoding="utf-8",
    )
    edit(game / "game.yaml", "layout: card-plain}", "layout: big}")
    said = problems(game)
    assert "big.yaml:3:38: boxes[0].w: " in said, said


def test_nothing_in_the_shared_game_is_a_problem(game: Path) -> None:
    assert pnp("check", str(game)).returncode == 0
    assert os.path.isdir(game)
