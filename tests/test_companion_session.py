"""Sessions: fate pool rules, crash safety (SIGKILL), two terminals, repair, undo, fair verification."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from generator.companion import session as store
from generator.companion.engine import Table, new_session
from generator.companion.verify import verify
from generator.errors import PnpError, UsageError

from .helpers import ROOT, pnp
from .helpers import TABLE_GAME as GAME

pytestmark = pytest.mark.usefixtures("data_dir")


def start(tmp_path: Path, **kw: object) -> Path:
    path = tmp_path / "s.jsonl"
    new_session(GAME, path, ["Ann", "Bob"], **kw)  # type: ignore[arg-type]
    return path


def test_bag_never_repeats_a_tile_before_it_is_refilled(tmp_path: Path) -> None:
    path = start(tmp_path, seed=5)
    table = Table(path)
    drawn = []
    for _ in range(60):
        drawn.append(table.run("fate.draw", {"bag": "big", "generals": 1})["out"]["tile"])
    assert len(set(drawn)) == 60
    with pytest.raises(UsageError, match="the bag is empty"):
        table.run("fate.draw", {"bag": "big", "generals": 1})


def test_hold_back_resolves_the_last_tile_and_returns_the_others(tmp_path: Path) -> None:
    path = start(tmp_path, seed=11)
    table = Table(path)
    first = table.run("fate.draw", {"bag": "fate", "generals": 3})
    assert first["out"]["resolve"] is False and first["out"]["limit"] == 3
    second = table.run("fate.draw", {"bag": "fate"})
    stop = table.run("fate.stop", {"bag": "fate"})
    resolved = stop["fx"]["resolved"]
    assert resolved["tile"] == second["out"]["tile"]
    assert resolved["returned"] == [first["out"]["tile"]]
    state = table.snapshot_state()["bags"]["fate"]
    assert first["out"]["tile"] in state["pool"] and second["out"]["tile"] in state["used"]
    assert second["out"]["tile"] not in state["pool"] and state["phase"] is None


def test_third_draw_of_three_resolves_by_itself(tmp_path: Path) -> None:
    table = Table(start(tmp_path, seed=3))
    events = [table.run("fate.draw", {"bag": "fate", "generals": 3}) for _ in range(3)]
    assert [e["out"]["resolve"] for e in events] == [False, False, True]
    assert sorted(events[2]["fx"]["resolved"]["returned"]) == sorted(
        e["out"]["tile"] for e in events[:2]
    )


def test_one_general_or_none_allows_a_single_tile(tmp_path: Path) -> None:
    table = Table(start(tmp_path, seed=3))
    assert table.run("fate.draw", {"bag": "fate", "generals": 0})["out"]["resolve"] is True


def test_special_tile_stops_the_drawing_and_advances_the_track(tmp_path: Path) -> None:
    table = Table(start(tmp_path, seed=1))
    with pytest.raises(UsageError, match="no tile 'red' in this bag"):
        table.run("fate.add", {"bag": "fate", "tile": "red"})
    table.run("fate.add", {"bag": "fate", "tile": "blue"})
    state = table.snapshot_state()["bags"]["fate"]
    assert "blue#1" in state["pool"] and not state["aside"]
    for _ in range(40):
        event = table.run("fate.draw", {"bag": "fate", "generals": 3})
        if event["out"]["tile"] == "blue#1":
            assert event["out"]["resolve"] is True
            assert event["fx"]["resolved"]["track"]["to"] - event["fx"]["resolved"]["track"][
                "from"
            ] in (4, 0)
            return
        if not event["out"]["resolve"]:
            table.run("fate.stop", {"bag": "fate"})
    pytest.fail("the blue tile was never drawn")


def test_track_announces_ready_characters_and_the_end(tmp_path: Path) -> None:
    table = Table(start(tmp_path))
    move = table.run("track.move", {"track": "fate", "by": 4})["fx"]
    assert move["marks"] == ["hero", "giant"] and move["end"] is False
    move = table.run("track.move", {"track": "fate", "by": 9})["fx"]
    assert move["to"] == 6 and move["end"] is True


def test_fate_odds_come_from_what_is_left(tmp_path: Path, data_dir: Path) -> None:
    start(tmp_path, seed=2)
    env = {**os.environ, "PNP_DATA_DIR": str(data_dir)}
    odds = json.loads(pnp("fate", "odds", "--bag", "fate", "--json", env=env).stdout)
    assert odds["tiles"] == 8 and odds["counts"] == {"0": 2, "1": 3, "2": 2, "3": 1}
    assert odds["symbol"] == pytest.approx(2 / 8)


def test_undo_of_a_hidden_draw_needs_force_and_puts_the_tile_back(tmp_path: Path) -> None:
    table = Table(start(tmp_path, seed=4))
    drawn = table.run("fate.draw", {"bag": "big", "generals": 1})["out"]["tile"]
    with pytest.raises(UsageError, match="revealed hidden information; undo it with --force"):
        table.undo()
    table.undo(force=True)
    assert drawn in table.snapshot_state()["bags"]["big"]["pool"]
    kinds = [e["type"] for e in store.read(table.path).events]
    assert kinds == ["fate.draw", "undo"], "undo appends; it never removes the event"


def test_undo_of_a_roll_needs_no_force_and_nothing_left_is_an_error(tmp_path: Path) -> None:
    table = Table(start(tmp_path))
    table.run("roll", {"expr": "2d6"})
    table.undo()
    with pytest.raises(UsageError, match="nothing to undo"):
        table.undo()


def test_torn_last_line_is_repaired_and_reported(tmp_path: Path) -> None:
    table = Table(start(tmp_path, seed=9))
    table.run("roll", {"expr": "1d6"})
    with open(table.path, "ab") as fh:
        fh.write(b'{"seq":2,"type":"roll","ar')
    event = Table(table.path).run("roll", {"expr": "1d6"})
    assert event["seq"] == 2 and "torn last line" in event["repaired"]
    assert [e["seq"] for e in store.read(table.path).events] == [1, 2]


def test_corruption_in_the_middle_is_reported_not_dropped(tmp_path: Path) -> None:
    table = Table(start(tmp_path, seed=9))
    for _ in range(3):
        table.run("roll", {"expr": "1d6"})
    lines = table.path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = "garbage\n"
    table.path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(PnpError, match=r"s\.jsonl:3: corrupt event \(not JSON\)"):
        Table(table.path).run("roll", {"expr": "1d6"})
    assert table.path.read_text(encoding="utf-8").splitlines()[2] == "garbage"


def test_snapshot_is_used_and_a_stale_one_is_ignored(tmp_path: Path) -> None:
    table = Table(start(tmp_path, seed=6))
    for _ in range(30):
        table.run("deck.draw", {"deck": "cycle"})
    snap = json.loads(store.snapshot_path(table.path).read_text())
    assert snap["seq"] == 25
    expected = Table(table.path).snapshot_state()
    store.snapshot_path(table.path).write_text(json.dumps({**snap, "hash": "0" * 64}))
    assert Table(table.path).snapshot_state() == expected


def test_fair_session_verifies_and_an_edited_outcome_fails_at_that_event(
    tmp_path: Path, data_dir: Path
) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(data_dir)}
    path = tmp_path / "fair.jsonl"
    made = json.loads(
        pnp("session", "new", GAME, "--fair", "--session", str(path), "--json", env=env).stdout
    )
    assert len(made["commit"]) == 64
    for args in (
        ["roll", "3d6"],
        ["fate", "draw", "--bag", "big"],
        ["roll", "2d10"],
        ["fate", "draw", "--bag", "big"],
    ):
        assert pnp(*args, "--session", str(path), env=env).returncode == 0
    early = pnp("session", "verify", str(path), env=env)
    assert early.returncode == 2 and "the seed has not been revealed" in early.stderr
    secret = json.loads(pnp("session", "reveal", "--session", str(path), "--json", env=env).stdout)[
        "secret"
    ]
    assert (
        store.read(path).header["commit"]
        == __import__("hashlib").sha256(bytes.fromhex(secret)).hexdigest()
    )
    ok = pnp("session", "verify", str(path), env=env)
    assert ok.returncode == 0 and "All 4 outcomes match the seed." in ok.stdout
    lines = path.read_text(encoding="utf-8").splitlines()
    event = json.loads(lines[3])
    assert event["type"] == "roll"
    event["out"]["total"] += 1
    lines[3] = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    bad = pnp("session", "verify", str(path), env=env)
    assert bad.returncode == 1
    assert bad.stdout.startswith("Event 3 (roll) does not match the seed")


def test_seeded_sessions_repeat_exactly(tmp_path: Path) -> None:
    outs = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.jsonl"
        new_session(GAME, path, [], seed=77)
        table = Table(path)
        outs.append([table.run("deck.draw", {"deck": "cycle"})["fx"]["card"] for _ in range(10)])
        assert verify(path)["ok"]
    assert outs[0] == outs[1]


DRAWER = """
import sys
from pathlib import Path
from generator.companion.engine import Table
from generator.errors import UsageError
table = Table(Path(sys.argv[1]))
kind, name, count = sys.argv[2], sys.argv[3], int(sys.argv[4])
if len(sys.argv) > 5:  # wait for the starting signal so that both processes really contend
    import time
    while not Path(sys.argv[5]).exists():
        time.sleep(0.005)
for _ in range(count):
    try:
        if kind == "deck":
            event = table.run("deck.draw", {"deck": name})
            shown = event["fx"]["card"]
        else:
            event = table.run("fate.draw", {"bag": name, "generals": 1})
            shown = event["out"]["tile"]
    except UsageError:
        break
    sys.stdout.write(f"{event['seq']} {shown}\\n")  # one write: a line is shown whole or not
    sys.stdout.flush()
    if len(sys.argv) > 5:
        time.sleep(0.003)  # a moment outside the lock, as between two players' commands
"""


def test_sigkill_at_random_moments_loses_and_repeats_no_printed_draw(
    tmp_path: Path, data_dir: Path
) -> None:
    path = start(tmp_path)
    env = {**os.environ, "PNP_DATA_DIR": str(data_dir)}
    rnd = random.Random(1234)
    printed: list[tuple[int, str]] = []
    deadline = time.monotonic() + 60
    while len(printed) < 500 and time.monotonic() < deadline:
        proc = subprocess.Popen(
            [sys.executable, "-c", DRAWER, str(path), "deck", "cycle", str(500 - len(printed))],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        kill_after = rnd.randint(20, 150)
        assert proc.stdout is not None
        for _ in range(kill_after):
            line = proc.stdout.readline()
            if not line.endswith("\n"):
                break
            seq, card = line.split()
            printed.append((int(seq), card))
        time.sleep(rnd.random() * 0.01)
        proc.send_signal(signal.SIGKILL)
        rest, _ = proc.communicate()
        for line in rest.splitlines(keepends=True):  # printed before the kill landed
            if line.endswith("\n"):  # a line cut short by the kill was never shown whole
                seq, card = line.split()
                printed.append((int(seq), card))
    assert len(printed) >= 500
    events = store.read(path).events
    logged = {e["seq"]: e for e in events}
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1)), (
        "no event twice, none missing"
    )
    for seq, _card in printed:
        assert seq in logged and logged[seq]["out"]["index"] is not None
    assert len({seq for seq, _ in printed}) == len(printed), "no draw printed twice"
    table = Table(path)
    table.load()
    replayed = table.state["decks"]["cycle"]
    assert len(replayed["pile"]) + len(replayed["discard"]) == 7
    # the printed card of each seq is the card the log's outcome gives on replay
    check = Table(path)
    check.log = store.read(path)
    check.game = table.game
    check.state, check.effective = json.loads(json.dumps(check.log.header["initial"])), []
    shown = dict(printed)
    for event in check.log.events:
        fx = check.apply_event(event)
        if event["seq"] in shown:
            assert fx["card"] == shown[event["seq"]]


def test_two_processes_drawing_from_one_bag_draw_every_tile_exactly_once(
    tmp_path: Path, data_dir: Path
) -> None:
    path = start(tmp_path)
    env = {**os.environ, "PNP_DATA_DIR": str(data_dir)}
    go = tmp_path / "go"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", DRAWER, str(path), "bag", "big", "100", str(go)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        for _ in range(2)
    ]
    time.sleep(1.5)  # both have imported everything and are waiting
    go.touch()
    outputs = [p.communicate(timeout=120)[0] for p in procs]
    tiles = [line.split()[1] for out in outputs for line in out.splitlines()]
    assert all(out.strip() for out in outputs), "both processes drew"
    assert len(tiles) == 60 and len(set(tiles)) == 60
    assert Counter(e["type"] for e in store.read(path).events) == {"fate.draw": 60}


def test_log_tells_each_event_in_the_chosen_language(tmp_path: Path, data_dir: Path) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(data_dir)}
    assert pnp("session", "new", "five-armies", env=env).returncode == 0
    assert pnp("roll", "2d6", env=env).returncode == 0
    # out of its phase (a house rule: --force)
    assert (
        pnp("fate", "draw", "--generals", "1", "--bag", "fate", "--force", env=env).returncode == 0
    )
    assert pnp("undo", "--force", env=env).returncode == 0  # the draw showed a hidden tile
    english = pnp("log", "--lang", "en", env=env)
    chinese = pnp("log", "--lang", "zh-Hant", env=env)
    assert english.returncode == chinese.returncode == 0
    lines = english.stdout.splitlines()
    assert lines[0].split()[0] == "1" and "2d6 = [" in lines[0]
    assert any("Drew " in line for line in lines)
    assert lines[-1].split()[0] == "3" and "Undid event 2 (fate.draw)" in lines[-1]
    assert '"args"' not in english.stdout + chinese.stdout  # no event printed raw
    assert "撤銷" in chinese.stdout and "天命" in chinese.stdout
    tail = pnp("log", "--tail", "1", env=env).stdout.splitlines()
    assert len(tail) == 1 and tail[0].split()[0] == "3"
    raw = json.loads(pnp("log", "--json", env=env).stdout)["events"]
    assert [e["type"] for e in raw] == ["roll", "fate.draw", "undo"]
