"""The fast path of the table commands: the same output as the click commands, without click,
and a saved game read from its checked snapshot (an earlier line edited falls back to the whole
log)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from generator.cli.app import run
from generator.cli.quick import table
from generator.companion import session as store
from generator.companion.engine import SNAPSHOT_EVERY, Table, new_session

from .helpers import ROOT, TABLE_GAME

COMMANDS = [
    ["roll", "2d6"],
    ["roll", "table_game:attack", "--n", "9"],
    ["roll", "3d[colour]", "--json"],
    ["deck", "draw", "cycle", "--count", "2"],
    ["deck", "draw", "numbers", "--player", "Ann", "--json"],
    ["deck", "number", "numbers", "--position", "1"],
    ["fate", "draw", "--generals", "2"],
    ["fate", "stop"],
    ["score", "add", "Ann", "4", "--round", "2"],
    ["score", "track", "fate", "--by", "-1"],
    ["score", "track", "fate", "--to", "3", "--lang", "zh-Hant"],
    ["status"],
    ["status", "--json"],
    ["deck", "draw", "nothing"],
    ["fate", "draw", "--bag", "nothing", "--lang", "zh-Hans"],
]


def untimed(text: str) -> str:
    return re.sub(r'"t": [0-9.]+', '"t": 0', text)


def fast(args: list[str]) -> tuple[int | None, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = table(list(args))
    return code, untimed(out.getvalue()), err.getvalue()


def clicked(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            run(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, untimed(out.getvalue()).replace("/click/", "/fast/"), err.getvalue()


def test_fast_path_prints_what_the_click_commands_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outputs = {}
    for way, runner in (("fast", fast), ("click", clicked)):
        monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / way))
        new_session(TABLE_GAME, tmp_path / way / "s.jsonl", ["Ann", "Bob"], seed=11)
        said = []
        for args in COMMANDS:
            code, out, err = runner(args)
            assert code is not None, f"the fast path handed {args} over"
            said.append((args, code, out, err))
        outputs[way] = said
    for (args, *fast_said), (_, *click_said) in zip(outputs["fast"], outputs["click"], strict=True):
        assert fast_said == click_said, args
    assert outputs["fast"][-1][1] == 2  # an unknown bag is an error, on both paths


@pytest.mark.parametrize(
    "args",
    [
        ["status", "--help"],
        ["deck", "draw"],
        ["deck", "draw", "cycle", "--count", "0"],
        ["score", "track", "fate"],
        ["score", "add", "Ann", "x"],
        ["deck", "reserve", "units"],
        ["fate", "draw", "--nope", "1"],
        ["roll", "2d6", "--seed", "x"],
    ],
)
def test_fast_path_leaves_what_click_must_word_to_click(args: list[str]) -> None:
    assert table(args) is None


def test_a_saved_game_command_imports_neither_click_nor_the_content_stack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path))
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path)}
    new_session(TABLE_GAME, tmp_path / "s.jsonl", [], seed=1)  # made current in PNP_DATA_DIR
    for args in (["deck", "draw", "cycle"], ["status"], ["roll", "table_game:attack"]):
        run = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "generator.cli", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert run.returncode == 0, run.stderr
        names = {line.split("|")[-1].strip() for line in run.stderr.splitlines() if "|" in line}
        assert not {"click", "msgspec", "yaml", "ruamel.yaml", "hashlib"} & names, args


def test_a_session_loads_from_its_snapshot_and_reads_only_the_events_after_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, [], seed=2)
    for _ in range(SNAPSHOT_EVERY + 3):
        Table(path).run("pad.add", {"player": "Ann", "points": 1, "round": None})
    recent = store.read_recent(path)
    assert (recent.base, len(recent.events), recent.count) == (
        SNAPSHOT_EVERY,
        3,
        SNAPSHOT_EVERY + 3,
    )
    table = Table(path)
    table.load()
    whole = Table(path)
    whole.load(whole=True)
    assert table.state == whole.state and table.effective == whole.effective


def test_an_edited_line_before_the_snapshot_is_caught_not_skipped(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, [], seed=2)
    for _ in range(SNAPSHOT_EVERY + 2):
        Table(path).run("pad.add", {"player": "Ann", "points": 1, "round": None})
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    event = json.loads(lines[5])
    event["args"]["points"] = 100  # still valid JSON: only the snapshot's prefix hash tells
    lines[5] = json.dumps(event, separators=(",", ":"), sort_keys=True) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    assert store.read_recent(path).snap is None
    table = Table(path)
    table.load()
    assert table.state["pad"]["rows"][4][2] == 100  # the log, read whole, is the truth
    lines[5] = "{not json\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(store.SessionError, match=r"s\.jsonl:6: corrupt event"):
        Table(path).load()
