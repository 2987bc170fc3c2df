"""Damaged and hostile saved games: one lock per real file, a revealed fair session closed to
draws, the log checked against its snapshot on every open, and every event's fields checked.

Each refusal must be a located message with a non-zero exit and no traceback, and must leave
the log byte for byte as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generator.companion import session as store
from generator.companion.engine import Table, new_session
from generator.companion.verify import verify
from generator.errors import PnpError

from .helpers import TABLE_GAME, pnp

pytestmark = pytest.mark.usefixtures("data_dir")


def start(tmp_path: Path, **kw: object) -> Path:
    path = tmp_path / "s.jsonl"
    new_session(TABLE_GAME, path, ["Ann", "Bob"], **kw)  # type: ignore[arg-type]
    return path


def refused(path: Path, *args: str, words: str) -> str:
    """Run ``pnp ARGS --session PATH``: it must fail with ``words`` and leave the log as it was."""
    before = path.read_bytes()
    result = pnp(*args, "--session", str(path))
    said = result.stdout + result.stderr
    assert result.returncode != 0, said
    assert "Traceback" not in said and "internal error" not in said, said
    assert words in said, said
    assert path.read_bytes() == before
    return said


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def rewrite(path: Path, records: list[dict[str, object]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


# ---------------------------------------------------------------- one lock per real file


def test_two_names_of_one_session_share_its_lock(tmp_path: Path) -> None:
    path = start(tmp_path, seed=1)
    link = tmp_path / "other-name.jsonl"
    link.symlink_to(path)
    with (
        store.locked(path),
        pytest.raises(store.SessionError, match="busy"),
        store.locked(link, timeout=0.2),
    ):
        pass


def test_a_hard_link_to_a_session_shares_its_lock(tmp_path: Path) -> None:
    path = start(tmp_path, seed=1)
    (tmp_path / "elsewhere").mkdir()
    hard = tmp_path / "elsewhere" / "copy.jsonl"
    os.link(path, hard)
    with (
        store.locked(path),
        pytest.raises(store.SessionError, match="busy"),
        store.locked(hard, timeout=0.2),
    ):
        pass


def test_draws_through_a_link_and_the_file_at_once_get_one_sequence(tmp_path: Path) -> None:
    path = start(tmp_path, seed=2)
    link = tmp_path / "link.jsonl"
    link.symlink_to(path)
    hard = tmp_path / "hard.jsonl"
    os.link(path, hard)
    errors: list[BaseException] = []

    def play(name: Path) -> None:
        try:
            table = Table(name)
            for _ in range(15):
                table.run("roll", {"expr": "1d6"})
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(p,)) for p in (path, link, hard)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    seqs = [r["seq"] for r in lines(path)]
    assert seqs == list(range(46)), seqs
    assert verify(path)["ok"]
    assert pnp("status", "--session", str(link)).returncode == 0


# ---------------------------------------------------------------- a revealed fair session


def test_a_revealed_fair_session_refuses_new_draws_but_keeps_scores(tmp_path: Path) -> None:
    path = start(tmp_path, fair=True)
    assert pnp("deck", "draw", "cycle", "--session", str(path)).returncode == 0
    assert pnp("session", "reveal", "--session", str(path)).returncode == 0
    for command in (("deck", "draw", "cycle"), ("roll", "2d6"), ("fate", "draw")):
        said = refused(path, *command, words="revealed")
        assert "pnp session new" in said
    zh = pnp("deck", "draw", "cycle", "--session", str(path), "--lang", "zh-Hans")
    assert zh.returncode != 0 and "种子已经公开" in zh.stderr
    assert pnp("score", "add", "Ann", "3", "--session", str(path)).returncode == 0
    assert verify(path)["ok"]


def test_verify_flags_a_draw_made_after_the_reveal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = start(tmp_path, fair=True)
    secret = path.with_name(path.name + ".secret")
    Table(path).run("roll", {"expr": "1d6"})
    kept = secret.read_bytes()
    Table(path).reveal()
    assert not secret.exists()  # the key is in the log now; no draw can follow it
    secret.write_bytes(kept)  # an older copy of the key, brought back
    monkeypatch.setattr(Table, "revealed", lambda self: False)
    late = Table(path).run("roll", {"expr": "1d6"})
    report = verify(path)
    assert report["ok"] is False and report["seq"] == late["seq"], report


# ---------------------------------------------------------------- the log against its snapshot


def test_a_log_cut_short_of_its_snapshot_is_refused_on_every_open(tmp_path: Path) -> None:
    path = start(tmp_path, seed=3)
    table = Table(path)
    for _ in range(store_every() + 3):
        table.run("roll", {"expr": "1d6"})
    assert store.snapshot_path(path).exists()
    kept = path.read_text(encoding="utf-8").splitlines(keepends=True)[:10]
    path.write_text("".join(kept), encoding="utf-8")  # cut at a line end: no torn line
    for command in (("status",), ("roll", "1d6"), ("undo",), ("log",)):
        refused(path, *command, words="acknowledged events are missing")
    result = pnp("session", "verify", str(path))
    assert result.returncode != 0 and "acknowledged events are missing" in result.stderr


def store_every() -> int:
    from generator.companion.engine import SNAPSHOT_EVERY

    return SNAPSHOT_EVERY


def test_an_edited_snapshot_counter_is_not_trusted(tmp_path: Path) -> None:
    path = start(tmp_path, seed=4)
    table = Table(path)
    for _ in range(store_every()):
        table.run("roll", {"expr": "1d6"})
    snap_file = store.snapshot_path(path)
    text = snap_file.read_text(encoding="utf-8")
    real = json.loads(text)["ctr"]
    snap_file.write_text(text.replace(f'"ctr":{real},', '"ctr":0,'), encoding="utf-8")
    event = Table(path).run("roll", {"expr": "1d6"})
    assert event["ctr"][0] == real  # the counter came from the log, not the edited snapshot
    assert verify(path)["ok"]


# ---------------------------------------------------------------- every event's fields


def _forged(tmp_path: Path, change: object) -> Path:
    path = start(tmp_path, seed=5)
    table = Table(path)
    table.run("deck.draw", {"deck": "cycle"})
    table.run("pad.add", {"player": "Ann", "points": 2})
    table.run("pad.add", {"player": "Bob", "points": 4})
    records = lines(path)
    change(records)  # type: ignore[operator]
    rewrite(path, records)
    return path


def test_a_forged_undo_target_is_refused(tmp_path: Path) -> None:
    def forge(records: list[dict[str, object]]) -> None:
        records.append({"seq": 4, "type": "undo", "args": {"target": 1}, "out": {}, "t": 0})

    path = _forged(tmp_path, forge)
    refused(path, "status", words="last event in effect is 3")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("index", -1, "out.index must be a whole number from 0"),
        ("index", "0", "out.index must be a whole number from 0"),
        ("index", 10**40, "out.index must be a whole number from 0"),
        ("reshuffle", "no", "out.reshuffle must be true or false"),
    ],
)
def test_a_forged_draw_is_refused(tmp_path: Path, field: str, value: object, words: str) -> None:
    def forge(records: list[dict[str, object]]) -> None:
        records[1]["out"][field] = value  # type: ignore[index]

    path = _forged(tmp_path, forge)
    refused(path, "status", words=words)
    refused(path, "deck", "draw", "cycle", words=words)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r[2]["args"].update(points=10**4300 // 10**4000), "args.points"),
        (lambda r: r[2]["args"].update(points=True), "args.points"),
        (lambda r: r[3].update(ctr=[5, 2]), "ctr must be"),
        (lambda r: r[3].update(type="deck.explode"), "unknown type"),
        (lambda r: r[3].update(args=[1]), "args and out must be objects"),
    ],
)
def test_a_forged_event_field_is_refused(tmp_path: Path, change: object, words: str) -> None:
    path = _forged(tmp_path, change)
    refused(path, "status", words=words)


def test_a_score_too_large_to_read_back_is_never_written(tmp_path: Path) -> None:
    path = start(tmp_path)
    said = refused(path, "score", "add", "Ann", "9" * 4000, words="cannot be recorded")
    assert len(said) < 1000
    zh = pnp("score", "add", "Ann", "9" * 4000, "--session", str(path), "--lang", "zh-Hant")
    assert zh.returncode != 0 and "無法記錄" in zh.stderr


# ---------------------------------------------------------------- files in the way


def test_a_lock_that_is_a_folder_is_a_message(tmp_path: Path) -> None:
    path = start(tmp_path)
    Path(str(path) + ".lock").unlink(missing_ok=True)
    Path(str(path) + ".lock").mkdir()
    refused(path, "deck", "draw", "cycle", words="cannot lock")


def test_a_damaged_current_session_file_is_a_message(data_dir: Path, tmp_path: Path) -> None:
    start(tmp_path)
    (data_dir / "current").write_bytes(b"\xff\xfe\x00not a path")
    for command in (("status",), ("deck", "draw", "cycle"), ("roll", "2d6")):
        result = pnp(*command)
        said = result.stdout + result.stderr
        assert result.returncode != 0 and "current-session file is damaged" in said, said
        assert "Traceback" not in said


def test_a_session_that_is_a_pipe_or_a_folder_is_refused_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.jsonl")
    (tmp_path / "folder.jsonl").mkdir()
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path / "data")}
    for name in ("pipe.jsonl", "folder.jsonl"):
        for command in (("status",), ("deck", "draw", "cycle"), ("session", "verify")):
            args = [*command, str(tmp_path / name)] if command[0] == "session" else [*command]
            if command[0] != "session":
                args += ["--session", str(tmp_path / name)]
            result = subprocess.run(
                [sys.executable, "-m", "generator.cli", *args],
                env=env,
                capture_output=True,
                text=True,
                timeout=30,
            )
            assert result.returncode != 0, result.stderr
            assert "Traceback" not in result.stderr, result.stderr
            words = ("not a regular file", "is a directory")
            assert any(w in result.stderr for w in words), result.stderr


def test_a_damaged_log_under_verify_is_located(tmp_path: Path) -> None:
    path = start(tmp_path, fair=True)
    Table(path).run("roll", {"expr": "1d6"})
    records = lines(path)
    records.append({"seq": 2, "type": "reveal", "args": {}, "out": {}, "t": 0})
    rewrite(path, records)
    result = pnp("session", "verify", str(path))
    said = result.stdout + result.stderr
    assert result.returncode != 0, said
    assert "Traceback" not in said and "internal error" not in said, said
    assert str(path) in said or path.name in said, said


def test_library_errors_are_project_errors(tmp_path: Path) -> None:
    path = start(tmp_path, seed=7)
    path.write_bytes(path.read_bytes() + b'{"seq": 1, "type": "roll", "args": 5}\n')
    with pytest.raises(PnpError):
        Table(path).load()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("content", 5),
        ("content", "a\x00b"),
        ("game", "ta\x00ble"),
        ("stream", "x"),
        ("stream", 10**30),
        ("initial", []),
    ],
)
def test_a_damaged_header_is_refused_on_every_path(
    tmp_path: Path, field: str, value: object
) -> None:
    path = start(tmp_path, seed=8)
    records = lines(path)
    records[0][field] = value
    rewrite(path, records)
    for command in (("status",), ("roll", "1d6"), ("deck", "draw", "cycle"), ("fate", "draw")):
        refused(path, *command, words=f"header: {field} is missing or damaged")


def test_a_refused_snapshot_does_not_fail_a_logged_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    path = start(tmp_path, seed=9)

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(store, "write_snapshot", read_only)
    table = Table(path)
    for _ in range(30):
        table.run("roll", {"expr": "1d6"})
    assert len(lines(path)) == 31 and not store.snapshot_path(path).exists()
    assert verify(path)["ok"]


def test_a_new_session_where_an_old_one_was_deleted_ignores_its_leftovers(
    tmp_path: Path,
) -> None:
    path = start(tmp_path, seed=10)
    table = Table(path)
    for _ in range(30):
        table.run("roll", {"expr": "1d6"})
    assert store.snapshot_path(path).exists()
    path.unlink()  # the old game is thrown away; its snapshot and cache stay behind
    new_session(TABLE_GAME, path, ["Ann"], seed=11)
    result = pnp("status", "--session", str(path))
    assert result.returncode == 0, result.stderr
    assert pnp("roll", "1d6", "--session", str(path)).returncode == 0


def test_a_header_naming_thousands_of_content_files_is_refused(tmp_path: Path) -> None:
    path = start(tmp_path, seed=12)
    records = lines(path)
    records[0]["record"]["files"] = ["table.yaml"] * 5000  # type: ignore[index]
    rewrite(path, records)
    refused(path, "status", words="the recorded game (record) is damaged")
