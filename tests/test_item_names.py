"""Item ids are names that are also file names (print-shop and TTS exports write one file per
item), and a name content gives that no file system takes is the content's fault: a located
error and exit 1, never exit 74 (kept for the machine's own failures)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import pnp

LONG = "x" * 300


def game(folder: Path, items: str, component: str = "items: cards.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(
        "id: names\ntitle: Names\ncomponents:\n"
        f"  - {{id: cards, kind: cards, title: Cards, {component}, size: poker,"
        " layout: card-plain}\n",
        encoding="utf-8",
    )
    (folder / "cards.yaml").write_text(items, encoding="utf-8")
    return folder


def checked(folder: Path) -> str:
    done = pnp("check", str(folder))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("a/b", "'a/b' is not a name"),
        ('"a\\0b"', "'a\\x00b' is not a name"),
        (".hidden", "'.hidden' is not a name"),
        ("../up", "'../up' is not a name"),
        ("a b", "'a b' is not a name"),
        (LONG, "an id of 300 characters; the limit is 64"),
    ],
)
def test_an_item_id_that_is_not_a_name_is_refused_at_its_line(
    tmp_path: Path, given: str, said: str
) -> None:
    folder = game(
        tmp_path / "g", f"items:\n  - {{id: ok, title: A}}\n  - {{id: {given}, title: B}}\n"
    )
    assert f"cards.yaml:3:10: items[1].id: {said}" in checked(folder)


@pytest.mark.parametrize(("first", "second"), [("a.b", "a_b"), ("Knight", "knight"), ("a", "a")])
def test_two_items_naming_one_output_file_are_refused_at_the_second(
    tmp_path: Path, first: str, second: str
) -> None:
    items = f"items:\n  - {{id: {first}, title: A}}\n  - {{id: {second}, title: B}}\n"
    said = checked(game(tmp_path / "g", items))
    assert "cards.yaml:3:10: items[1].id: item id" in said
    assert "cards.yaml:2" not in said


def test_letters_digits_dash_underscore_and_dot_are_names(tmp_path: Path) -> None:
    items = "items:\n  - {id: Knight-2_b.v1, title: A}\n  - {id: '7', title: B}\n"
    done = pnp("check", str(game(tmp_path / "g", items)))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("component", "key"),
    [
        (f"items: {LONG}.yaml", "components[0].items"),
        ("items: missing.yaml", "components[0].items"),
        (f"items: cards.yaml, back: {{layout: {LONG}}}", "components[0].back.layout"),
    ],
)
def test_a_name_no_file_system_takes_is_a_located_error_not_exit_74(
    tmp_path: Path, component: str, key: str
) -> None:
    folder = game(tmp_path / "g", "items:\n  - {id: a, title: A}\n", component)
    for args in (("check", str(folder)), ("build", str(folder), "--out", str(tmp_path / "o"))):
        done = pnp(*args)
        assert done.returncode == 1, (args, done.stderr)
        assert "game.yaml:4:" in done.stderr and f" {key}: " in done.stderr, done.stderr


def test_a_table_file_name_too_long_is_located_at_game_yaml(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", "items:\n  - {id: a, title: A}\n")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(
        text.replace("title: Names\n", f"title: Names\ntable: {LONG}.yaml\n")
    )
    said = checked(folder)
    assert "game.yaml:3:1: table: " in said and "the limit is 255" in said
