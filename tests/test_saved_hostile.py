"""Saved games and builds tried as an attacker would: a header naming an unknown random stream,
a damaged initial deck, a shared log whose file list names /dev/zero, a torn last line, a roll
after the session's log was deleted, a failed build's summary, and a TTS export from a folder
whose name holds ``#`` or ``%20``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from tests.helpers import ROOT, pnp


@pytest.fixture
def table(tmp_path: Path) -> dict[str, str]:
    env = {"PNP_DATA_DIR": str(tmp_path / "data"), "PNP_CONTENT_DIR": str(ROOT / "content")}
    assert pnp("session", "new", "maquis", "--seed", "5", env=env).returncode == 0
    assert pnp("deck", "draw", "patrol", env=env).returncode == 0
    assert pnp("roll", "2d6", env=env).returncode == 0
    return env


def log_of(env: dict[str, str]) -> Path:
    (log,) = (Path(env["PNP_DATA_DIR"]) / "sessions").glob("*.jsonl")
    return log


def edit_header(env: dict[str, str], change: Any) -> Path:
    log = log_of(env)
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    change(header)
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return log


def refused(env: dict[str, str], *args: str) -> str:
    done = pnp(*args, env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    return done.stderr


def test_an_unknown_random_stream_is_refused_at_the_header(table: dict[str, str]) -> None:
    log = edit_header(table, lambda h: h.update(stream=3))
    for args in (("roll", "2d6"), ("status",), ("session", "verify", str(log))):
        said = refused(table, *args)
        assert ":1: header: random stream 3 is not one this pnp knows" in said


@pytest.mark.parametrize(
    ("damage", "key"),
    [
        (lambda h: h["initial"]["decks"]["patrol"].update(pile=5), "initial.decks.patrol.pile"),
        (lambda h: h["initial"]["decks"]["patrol"].pop("discard"), "initial.decks.patrol.discard"),
        (lambda h: h["initial"]["decks"].update(patrol=[]), "initial.decks.patrol"),
        (lambda h: h["initial"]["decks"]["patrol"].update(hands={"a": 5}), "initial.decks.patrol.hands.a"),
        (lambda h: h["initial"]["tracks"].update(day="x"), "initial.tracks.day"),
    ],
)  # fmt: skip
def test_a_damaged_initial_state_is_reported_at_the_headers_line(
    table: dict[str, str], damage: Any, key: str
) -> None:
    log = edit_header(table, damage)
    for args in (("deck", "draw", "patrol"), ("status",), ("session", "verify", str(log))):
        assert f":1: header: {key} is damaged" in refused(table, *args)


def test_a_shared_log_naming_dev_zero_fails_verify(table: dict[str, str]) -> None:
    log = edit_header(table, lambda h: h["record"]["files"].append("/dev/zero"))
    said = refused(table, "session", "verify", str(log))
    assert ":1: header: record.files names '/dev/zero', not a file of the game" in said


def test_a_torn_last_line_is_repaired_and_announced(table: dict[str, str]) -> None:
    log = log_of(table)
    data = log.read_bytes()
    log.write_bytes(data[:-40])
    done = pnp("roll", "1d6", env=table)
    assert done.returncode == 0, done.stderr
    assert "Repaired the log: a torn last line" in done.stderr
    assert pnp("session", "verify", str(log), env=table).returncode == 0


def test_a_roll_after_the_sessions_log_was_deleted_says_it_went_unrecorded(
    table: dict[str, str],
) -> None:
    log_of(table).unlink()
    done = pnp("roll", "1d6", env=table)
    assert done.returncode == 0
    assert "this roll was not recorded" in done.stderr
    quiet = pnp("roll", "1d6", "--no-session", env=table)
    assert "not recorded" not in quiet.stderr


def test_a_failed_build_does_not_report_files_written(tmp_path: Path) -> None:
    game = tmp_path / "maquis"
    shutil.copytree(ROOT / "content" / "maquis", game)
    rules = game / "rules" / "en.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("[[mission-card]]s dealt", "[[mission-card s dealt"))
    done = pnp("build", str(game), "--out", str(tmp_path / "out"), "--lang", "en")
    assert done.returncode == 1
    assert "files written" not in done.stdout + done.stderr
    assert "nothing was written" in done.stderr
    assert "Error: " in done.stderr and "problems found" not in done.stderr
    assert not list((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("folder", ["a#b", "x%20y", "what?"])
def test_tts_urls_name_the_written_files_whatever_the_folder_name(
    tmp_path: Path, folder: str
) -> None:
    game = tmp_path / "content" / "sample"
    shutil.copytree(ROOT / "tests" / "fixtures" / "games" / "sample", game)
    out = tmp_path / folder
    done = pnp("export", "tts", str(game), "--out", str(out))
    assert done.returncode == 0, done.stderr
    (saved,) = out.rglob("*.json")
    text = saved.read_text(encoding="utf-8")
    urls = [u for u in json.loads(text) and _urls(json.loads(text)) if u]
    assert urls
    for url in urls:
        assert url.startswith("file:///") and "#" not in url and "?" not in url
        assert Path("/" + unquote(url.removeprefix("file:///"))).is_file(), url


def _urls(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k.endswith("URL") and isinstance(v, str)]
        return found + [u for v in node.values() for u in _urls(v)]
    if isinstance(node, list):
        return [u for v in node for u in _urls(v)]
    return []
