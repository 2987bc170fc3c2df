"""What keeps a table command with a saved game quick, and keeps it right while quick: the
modules it leaves unloaded, the records the dice grammar and the errors are built from, and
the counts a snapshot-based load still gets right."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from generator.companion import session as store
from generator.companion.dice_roll import DieFaces
from generator.companion.engine import SNAPSHOT_EVERY, Table, new_session
from generator.dice.parse import Dice, parse
from generator.errors import Issue, Location

from .helpers import ROOT, TABLE_GAME, pnp_printed


def _imported(args: list[str], data: Path) -> set[str]:
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "generator.cli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PNP_DATA_DIR": str(data)},
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    return {line.split("|")[-1].strip() for line in run.stderr.splitlines() if "|" in line}


def test_a_recorded_roll_loads_neither_a_po_reader_nor_tempfile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path))
    new_session(TABLE_GAME, tmp_path / "s.jsonl", ["Ann"], seed=1)  # made current there
    names = _imported(["roll", "2d6"], tmp_path)
    assert "generator.companion.engine" in names  # it did record the roll in the session
    assert (
        not {
            "tempfile",  # with shutil, random and the compression modules
            "polib",  # an English run reads no message catalogue
        }
        & names
    )
    # a command in Chinese reads its catalogue
    names = _imported(["deck", "draw", "cycle", "--lang", "zh-Hant"], tmp_path)
    assert "generator.locale" in names


def test_an_error_of_a_table_command_is_worded_from_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path))
    new_session(TABLE_GAME, tmp_path / "s.jsonl", [], seed=1)
    code, said = pnp_printed(capsys, "deck", "draw", "nothing", "--lang", "zh-Hant")
    assert code == 2
    assert said.startswith("錯誤：") and "nothing" in said


def test_status_counts_every_event_when_it_loads_from_a_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path))
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, [], seed=3)
    for _ in range(SNAPSHOT_EVERY + 3):
        Table(path).run("pad.add", {"player": "Ann", "points": 1, "round": None})
    code, said = pnp_printed(capsys, "status")
    assert code == 0
    first = said.splitlines()[0]
    assert f": {SNAPSHOT_EVERY + 3} events," in first


def test_records_behave_as_named_tuples() -> None:
    here = Location("a.yaml", 3, 4)
    assert here == ("a.yaml", 3, 4) and hash(here) == hash(("a.yaml", 3, 4))
    assert (here.file, here.line, here.col) == ("a.yaml", 3, 4)
    assert Location("b.yaml") == ("b.yaml", 0, 0) and str(Location("b.yaml")) == "b.yaml"
    assert str(here) == "a.yaml:3:4" and repr(here) == "Location(file='a.yaml', line=3, col=4)"
    assert sorted([Location("b"), Location("a", 2)]) == [("a", 2, 0), ("b", 0, 0)]
    issue = Issue(here, "key", "wrong")
    assert issue.severity == "error" and str(issue) == "a.yaml:3:4: key: wrong"
    assert issue._replace(key="other") == (here, "other", "wrong", "error")
    assert issue._asdict()["message"] == "wrong" and Issue._fields[0] == "location"
    assert pickle.loads(pickle.dumps(issue)) == issue and copy.deepcopy(issue) == issue
    file, line, col = here
    assert (file, line, col) == tuple(here)
    with pytest.raises(TypeError):
        Location()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Location("a", 1, 2, 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Location("a", lines=1)  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        here.line = 5  # type: ignore[misc]


def test_dice_records_keep_their_fields_and_defaults() -> None:
    root = parse("3d6kh2").root
    assert isinstance(root, Dice) and (root.count, root.sides, root.die) == (3, 6, None)
    assert root.ops[0].op == "k" and root.ops[0].sels[0] == ("h", 2)
    assert root.fudge is False and root.reroll == 0 and len(root) == len(Dice._fields)
    assert root._replace(sides=8).sides == 8 and root.sides == 6
    faces = DieFaces((1, 2))
    assert faces.labels is None and faces == ((1, 2), None)


def test_a_snapshot_without_a_crc_is_not_used_and_the_next_one_has_it(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, [], seed=4)
    for _ in range(SNAPSHOT_EVERY + 2):
        Table(path).run("pad.add", {"player": "Ann", "points": 1, "round": None})
    snap_path = store.snapshot_path(path)
    snap = json.loads(snap_path.read_text(encoding="utf-8"))
    assert snap["crc32"] == zlib.crc32(path.read_bytes()[: snap["size"]])
    del snap["crc32"]  # as an older snapshot: a SHA-256 of the prefix instead
    snap_path.write_text(json.dumps({**snap, "prefix": "0" * 64}), encoding="utf-8")
    assert store.read_recent(path).snap is None
    table = Table(path)
    table.load()
    assert len(table.state["pad"]["rows"]) == SNAPSHOT_EVERY + 2  # the log, read whole
    for _ in range(SNAPSHOT_EVERY):
        Table(path).run("pad.add", {"player": "Ann", "points": 1, "round": None})
    assert store.read_recent(path).snap is not None


def test_a_snapshot_whose_state_was_edited_in_its_own_form_is_not_trusted(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, [], seed=5)
    for _ in range(SNAPSHOT_EVERY):
        Table(path).run("track.move", {"track": "fate", "by": 0, "to": None})
    snap_path = store.snapshot_path(path)
    snap = json.loads(snap_path.read_text(encoding="utf-8"))

    def write(data: dict[str, object]) -> None:  # the form the snapshot is written in
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        snap_path.write_text(text, encoding="utf-8")

    write(snap)
    assert store.read_recent(path).snap == snap  # the same text is trusted and read back
    write({**snap, "state": {**snap["state"], "tracks": {"fate": 5}}})
    assert store.read_recent(path).snap is None
    table = Table(path)
    table.load()
    assert table.state["tracks"]["fate"] == 0
