"""Saved games: the content recorded at the start, migration, snapshots checked against the log,
sessions started in the same second, and the fair secret's permissions."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import cli
from generator.companion import session as store
from generator.companion.engine import Table, new_session

from .helpers import TABLE_GAME

pytestmark = pytest.mark.usefixtures("data_dir")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    text = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        lines = getattr(result.exception, "lines", None)
        text += "\n".join(lines()) if callable(lines) else str(result.exception)
    return result.exit_code, text


def copied_game(tmp_path: Path) -> Path:
    game = tmp_path / "table_game"
    shutil.copytree(TABLE_GAME, game)
    return game


def test_editing_the_table_mid_game_is_announced_and_play_goes_on_then_migrates(
    tmp_path: Path,
) -> None:
    game = copied_game(tmp_path)
    path = tmp_path / "s.jsonl"
    new_session(str(game), path, [], seed=4)
    assert "pieces" in store.read_header(path) and "record" in store.read_header(path)
    table_file = game / "table.yaml"
    table_file.write_text(
        table_file.read_text().replace(
            "{id: three, value: 3, qty: 1}", "{id: three, value: 5, qty: 1}"
        )
    )
    code, text = run("fate", "draw", "--generals", "1", "--bag", "fate", "--session", str(path))
    assert code == 0, text
    assert "has changed since this session started" in text and "session migrate" in text
    code, text = run("session", "migrate", "--session", str(path))
    assert code == 0 and "now uses the current content" in text
    code, text = run("status", "--session", str(path))
    assert code == 0 and "has changed" not in text


def test_migrating_to_content_without_a_piece_in_play_is_refused(tmp_path: Path) -> None:
    game = copied_game(tmp_path)
    path = tmp_path / "s.jsonl"
    new_session(str(game), path, [], seed=4)
    table_file = game / "table.yaml"
    table_file.write_text(
        table_file.read_text().replace("      - {id: three, value: 3, qty: 1}\n", "")
    )
    code, text = run("fate", "odds", "--bag", "fate", "--session", str(path))
    assert code == 0, text  # the recorded pieces still play
    code, text = run("session", "migrate", "--session", str(path))
    assert code != 0 and "fate: three" in text and "Traceback" not in text


def test_an_edited_snapshot_is_not_trusted_over_the_log(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, [], seed=2)
    t = Table(path)
    for _ in range(25):
        t.run("track.move", {"track": "fate", "by": 0})
    t.run("pad.add", {"player": "Ann", "points": 1, "round": None})
    snap_path = store.snapshot_path(path)
    snap = json.loads(snap_path.read_text())
    snap["state"]["tracks"]["fate"] = 5
    snap_path.write_text(json.dumps(snap))
    assert Table(path).snapshot_state()["tracks"]["fate"] == 0


def test_two_new_sessions_in_one_second_do_not_collide(data_dir: Path) -> None:
    first = new_session(TABLE_GAME, None, [], seed=1)["path"]
    second = new_session(TABLE_GAME, None, [], seed=1)["path"]
    assert first != second and Path(first).is_file() and Path(second).is_file()


def test_the_secret_is_never_readable_by_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    modes: list[int] = []
    real_replace = os.replace

    def spy(src: str | Path, dst: str | Path) -> None:
        if str(dst).endswith(".secret"):
            modes.append(stat.S_IMODE(os.stat(src).st_mode))
        real_replace(src, dst)

    monkeypatch.setattr(store.os, "replace", spy)
    path = tmp_path / "fair.jsonl"
    new_session(TABLE_GAME, path, [], fair=True)
    secret = path.with_name(path.name + ".secret")
    assert modes == [0o600]
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600


def _variants(lines: list[str]) -> dict[str, str]:
    """Damaged or edited copies of a log (name -> text)."""
    header, events = json.loads(lines[0]), [json.loads(x) for x in lines[1:]]

    def dump(h: dict, evs: list[dict]) -> str:  # type: ignore[type-arg]
        return "\n".join(json.dumps(x) for x in [h, *evs]) + "\n"

    out = {
        "header without initial": dump({k: v for k, v in header.items() if k != "initial"}, events),
        "header with an unknown rng": dump({**header, "rng": "dice"}, events),
        "header with a seed as text": dump({**header, "seed": "seven"}, events),
        "record damaged": dump({**header, "record": {"spec": 3}}, events),
        "event of unknown type": dump(header, [{**events[0], "type": "teleport"}, *events[1:]]),
        "event args not an object": dump(header, [{**events[0], "args": [1]}, *events[1:]]),
        "event without its args": dump(header, [{**events[0], "args": {}}, *events[1:]]),
        "draw of a tile not in the bag": dump(
            header, [*events[:1], {**events[1], "out": {**events[1]["out"], "tile": "nope#1"}}]
        ),
        "undo with nothing to undo": dump(
            header, [{"seq": 1, "type": "undo", "args": {"target": 9}, "out": {}}]
        ),
        "counter damaged": dump(header, [*events[:1], {**events[1], "ctr": ["a", 2]}]),
        "seq out of order": dump(header, [events[1], events[0]]),
        "not json in the middle": dump(header, events[:1])
        + "{oops\n"
        + json.dumps(events[1])
        + "\n",
    }
    return out


def test_every_damaged_log_gives_a_located_message_never_an_internal_error(tmp_path: Path) -> None:
    path = tmp_path / "good.jsonl"
    new_session(TABLE_GAME, path, [], seed=3)
    t = Table(path)
    t.run("track.move", {"track": "fate", "by": 1})
    t.run("fate.draw", {"bag": "fate", "generals": 1})
    lines = path.read_text().splitlines()
    for name, text in _variants(lines).items():
        bad = tmp_path / f"{name.replace(' ', '-')}.jsonl"
        bad.write_text(text)
        for args in (["log"], ["status"], ["session", "verify", str(bad)]):
            argv = [*args, "--session", str(bad)] if args[0] != "session" else args
            result = CliRunner().invoke(cli, argv)
            exc = result.exception
            assert exc is None or isinstance(exc, SystemExit) or hasattr(exc, "lines"), (
                name,
                args,
                exc,
            )
            if exc is not None and hasattr(exc, "lines"):
                message = "\n".join(exc.lines())
                assert f"{bad}:" in message or str(bad) in message, (name, args, message)
            if name not in ("event without its args",):
                assert result.exit_code != 0 or args[0] == "session", (name, args, result.output)


def test_a_repaired_tail_is_announced_by_every_command(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, [], seed=3)
    Table(path).run("track.move", {"track": "fate", "by": 1})
    with open(path, "ab") as fh:
        fh.write(b'{"seq": 2, "type": "roll", "ar')
    code, text = run("status", "--session", str(path))
    assert code == 0 and "Repaired the log" in text


def test_the_data_folder_is_an_option_as_well_as_a_variable(tmp_path: Path) -> None:
    folder = tmp_path / "elsewhere"
    code, text = run("session", "new", TABLE_GAME, "--seed", "1", "--data-dir", str(folder))
    assert code == 0, text
    assert list((folder / "sessions").glob("table_game-*.jsonl"))
    assert (folder / "current").is_file()
