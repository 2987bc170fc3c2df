"""Fuzzing content files and session logs: whatever the bytes, no traceback, no hang, no lost event.

Hypothesis writes damaged or random versions of a game's files (``game.yaml``, an item file, a
layout, ``table.yaml``) and of a saved game's log, and runs the commands that read them in this
process under an alarm. Every run must end within its time with exit 0, 1 or 2 and without a
traceback or an internal error; a command on a damaged log either refuses it and leaves it byte
for byte, or carries on from all of its acknowledged events (the log only grows, except a torn
last line that is cut off).
"""

from __future__ import annotations

import json
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.companion.engine import Table, new_session

from .helpers import TABLE_GAME, pnp

SECONDS = 20  # one example's time limit: a hang fails the test instead of stopping the suite
FUZZ = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
GAME_YAML = (
    "id: g\ntitle: {en: T, zh-Hant: 遊戲}\nlanguages: [en, zh-Hant]\ncomponents:\n"
    "  - {id: c, kind: cards, title: C, items: cards.yaml, layout: front, size: poker}\n"
    "table: table.yaml\n"
)
CARDS = (
    "items:\n  - {id: a, qty: 2, name: {en: Army, zh-Hant: 軍隊}, power: 3}\n  - {id: b, name: B}\n"
)
FRONT = (
    "id: front\nboxes:\n"
    "  - {kind: frame, x: 0, y: 0, w: 100%, h: 100%, fill: '#ffffff'}\n"
    "  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: '{{ name }} {{ power | default(0) }}'}\n"
)
TABLE = (
    "dice:\n  d6: {sides: 6}\nrolls:\n  hit: {expr: '{n}d[d6]>=5', params: {n: {default: 2}}}\n"
    "decks:\n  deck: {cards: [{id: x}, {id: y}]}\n"
    "tracks:\n  t: {start: 0, end: 5}\n"
)
FILES = {
    "game.yaml": GAME_YAML,
    "cards.yaml": CARDS,
    "layouts/front.yaml": FRONT,
    "table.yaml": TABLE,
}


class Hang(Exception):
    """An example ran past its time."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _clean(result: object, said: str) -> None:
    code = result.returncode
    assert code in (0, 1, 2), f"exit {code}: {said}"
    assert "Traceback" not in said and "internal error" not in said, said


# ---------------------------------------------------------------- content files

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["{{ name * 99999 }}", "{{ 9 ** 99 ** 9 }}", "../../x", "/dev/zero", "#zz"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)


@st.composite
def damaged_text(draw: st.DrawFn, original: str) -> str:
    """``original`` cut, spliced with random text, or one of its values replaced."""
    how = draw(st.sampled_from(["cut", "insert", "replace-value", "random-yaml", "bytes"]))
    if how == "cut":
        return original[: draw(st.integers(0, len(original)))]
    if how == "insert":
        at = draw(st.integers(0, len(original)))
        return original[:at] + draw(st.text(max_size=20)) + original[at:]
    if how == "random-yaml":
        return yaml.safe_dump(draw(values), allow_unicode=True)
    if how == "bytes":
        return draw(st.binary(max_size=200)).decode("latin-1")
    data = yaml.safe_load(original)
    path: list[object] = []
    node = data
    while isinstance(node, (dict, list)) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]  # type: ignore[index]
    if not path:
        return yaml.safe_dump(draw(values), allow_unicode=True)
    parent = data
    for key in path[:-1]:
        parent = parent[key]  # type: ignore[index]
    parent[path[-1]] = draw(values)  # type: ignore[index]
    return yaml.safe_dump(data, allow_unicode=True)


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_damaged_content_file_ends_in_a_message(
    tmp_path_factory: pytest.TempPathFactory, name: str
) -> None:
    @FUZZ
    @given(text=damaged_text(FILES[name]))
    def run(text: str) -> None:
        root = tmp_path_factory.mktemp("fuzz")
        game = root / "g"
        for rel, original in FILES.items():
            (game / rel).parent.mkdir(parents=True, exist_ok=True)
            (game / rel).write_text(original, encoding="utf-8")
        (game / name).write_text(text, encoding="utf-8", errors="surrogatepass")
        with time_limit(SECONDS):
            result = pnp("check", "--content", str(root), "g")
        _clean(result, result.stdout + result.stderr)
        if result.returncode == 1:
            assert ":" in result.stderr, result.stderr  # each problem is located
        with time_limit(SECONDS):
            rolled = pnp(
                "roll",
                "g:hit",
                "--seed",
                "1",
                env={"PNP_CONTENT_DIR": str(root), "PNP_DATA_DIR": str(root / "data")},
            )
        _clean(rolled, rolled.stdout + rolled.stderr)

    run()


# ---------------------------------------------------------------- session logs


@pytest.fixture
def log_template(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """A seeded session's log with draws, rolls, scores and an undo."""
    folder = tmp_path
    monkeypatch.setenv("PNP_DATA_DIR", str(folder / "data"))
    path = folder / "s.jsonl"
    new_session(TABLE_GAME, path, ["Ann", "Bob"], seed=9)
    table = Table(path)
    table.run("deck.draw", {"deck": "cycle"})
    table.run("roll", {"expr": "2d6"})
    table.run("pad.add", {"player": "Ann", "points": 3})
    table.run("fate.draw", {"bag": "fate", "generals": 1})
    table.undo(force=True)
    table.run("track.move", {"track": "fate", "by": 2})
    return path.read_bytes()


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.text(max_size=12)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def damaged_log(draw: st.DrawFn, original: bytes) -> bytes:
    """The log cut anywhere, a line dropped or repeated, bytes changed, or one field forged."""
    lines = original.split(b"\n")[:-1]
    how = draw(st.sampled_from(["cut", "drop", "repeat", "bytes", "field", "append"]))
    if how == "cut":
        return original[: draw(st.integers(0, len(original)))]
    if how in ("drop", "repeat"):
        n = draw(st.integers(0, len(lines) - 1))
        lines = lines[:n] + ([] if how == "drop" else [lines[n], lines[n]]) + lines[n + 1 :]
        return b"\n".join(lines) + b"\n"
    if how == "bytes":
        at = draw(st.integers(0, len(original)))
        return original[:at] + draw(st.binary(min_size=1, max_size=8)) + original[at + 1 :]
    if how == "append":
        return original + json.dumps(draw(json_values)).encode() + b"\n"
    n = draw(st.integers(0, len(lines) - 1))
    record = json.loads(lines[n])
    keys = sorted(record)
    key = draw(st.sampled_from(keys))
    if isinstance(record[key], dict) and record[key] and draw(st.booleans()):
        inner = draw(st.sampled_from(sorted(record[key])))
        record[key][inner] = draw(json_values)
    else:
        record[key] = draw(json_values)
    lines[n] = json.dumps(record).encode()
    return b"\n".join(lines) + b"\n"


def _acknowledged(data: bytes) -> bytes:
    return data[: data.rfind(b"\n") + 1]


def test_a_damaged_log_is_refused_as_it_is_or_played_on_without_losing_an_event(
    tmp_path_factory: pytest.TempPathFactory, log_template: bytes
) -> None:
    @FUZZ
    @given(
        data=damaged_log(log_template),
        command=st.sampled_from(["status", "roll", "undo", "log", "verify"]),
    )
    def run(data: bytes, command: str) -> None:
        folder = tmp_path_factory.mktemp("session")
        path = folder / "s.jsonl"
        path.write_bytes(data)
        args = {
            "status": ("status", "--session", str(path)),
            "roll": ("roll", "1d6", "--session", str(path)),
            "undo": ("undo", "--force", "--session", str(path)),
            "log": ("log", "--session", str(path)),
            "verify": ("session", "verify", str(path)),
        }[command]
        with time_limit(SECONDS):
            result = pnp(*args, env={"PNP_DATA_DIR": str(folder / "data")})
        _clean(result, result.stdout + result.stderr)
        after = path.read_bytes()
        if result.returncode != 0:
            assert after == data or after == _acknowledged(data), "a refused log was changed"
        else:
            assert after.startswith(_acknowledged(data)), "acknowledged events were lost"
            if command in ("roll", "undo"):
                events = after.split(b"\n")[:-1]
                assert json.loads(events[-1])["seq"] == len(events) - 1

    run()


def test_the_fuzz_inputs_start_from_working_files(tmp_path: Path) -> None:
    """The files the fuzzer damages are themselves sound (so it explores from a working game)."""
    game = tmp_path / "g"
    for rel, original in FILES.items():
        (game / rel).parent.mkdir(parents=True, exist_ok=True)
        (game / rel).write_text(original, encoding="utf-8")
    result = pnp("check", "--content", str(tmp_path), "g")
    assert result.returncode == 0, result.stderr
    shutil.rmtree(game)
