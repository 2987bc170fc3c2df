"""A saved game's table commands stay light: read from the log's checked snapshot (an earlier
line edited falls back to the whole log), without the content stack."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.companion import session as store
from generator.companion.engine import SNAPSHOT_EVERY, Table, new_session

from .helpers import ROOT, TABLE_GAME


def test_a_saved_game_command_imports_nothing_of_the_content_stack(
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
        assert not {"msgspec", "yaml", "ruamel.yaml", "reportlab", "jinja2"} & names, args
        assert not {n for n in names if n.startswith("generator.render")}, args
        assert "generator.companion.state" not in names, args  # the state's shapes: types only
        if args == ["status"]:  # the score pad's totals, without the score evaluator
            assert "generator.companion.scores" not in names


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
