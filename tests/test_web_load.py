"""`pnp serve` under load, on loopback only and bounded in time: eight players' pages make 200
moves each at once while the command line acts on the same session, and the log holds every
move exactly once, none lost, none duplicated, its events numbered without a gap.

Each move is a roll whose expression names it (``1d6+K``, K counting that player's moves; the
command line's rolls count from 1000), so the log tells which moves it holds and how often.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest

from generator.companion import session as sessions

from .web_helpers import CSRF, new_session

PLAYERS = [f"P{k}" for k in range(1, 9)]
MOVES = 200  # per player
CLI_MOVES = 12
DEADLINE = 300.0  # seconds for the whole test: past it the clients stop and the test fails
PNP = str(Path(sys.executable).with_name("pnp"))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    path = new_session(tmp_path, "maquis", ",".join(PLAYERS))
    proc = subprocess.Popen([PNP, "serve", "--port", "0", "--json", "--session", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        links = json.loads(proc.stdout.readline())
        assert all(link.startswith("http://127.0.0.1:") for link in links["players"].values())
        yield path, links
    finally:
        proc.terminate()
        proc.wait(10)


def _player(link: str, player: str, stop: float) -> list[int]:
    """Make the player's moves one after another, as a page does; the statuses answered."""
    statuses = []
    with httpx2.Client(timeout=60) as client:
        csrf = CSRF.search(client.get(link).text).group(1)  # type: ignore[union-attr]
        k = 0
        while k < MOVES and time.monotonic() < stop:
            answer = client.post(f"{link}/act", data={"csrf": csrf, "move": "dice",
                                 "expr": f"1d6+{k}"}, headers={"Accept": "application/json"})  # fmt: skip
            if answer.status_code == 429:  # slowed down: nothing was made, so ask again
                time.sleep(float(answer.headers.get("retry-after", "0.2")))
                continue
            statuses.append(answer.status_code)
            k += 1
    return statuses


def _cli(path: Path, stop: float) -> list[int]:
    codes = []
    for k in range(CLI_MOVES):
        if time.monotonic() > stop:
            break
        done = subprocess.run([PNP, "roll", f"1d6+{1000 + k}", "--session", str(path)],
                              capture_output=True, timeout=60)  # fmt: skip
        codes.append(done.returncode)
    return codes


def test_eight_pages_and_the_cli_at_once_lose_and_duplicate_nothing(
    served: tuple[Path, dict[str, Any]],
) -> None:
    path, links = served
    stop = time.monotonic() + DEADLINE
    cli: list[int] = []
    worker = threading.Thread(target=lambda: cli.extend(_cli(path, stop)))
    worker.start()
    with ThreadPoolExecutor(len(PLAYERS)) as pool:
        results = list(pool.map(lambda p: _player(links["players"][p], p, stop), PLAYERS))
    worker.join(DEADLINE)
    assert time.monotonic() < stop, "the load test ran past its deadline"
    assert all(s == [200] * MOVES for s in results), [Counter(s) for s in results]
    assert cli == [0] * CLI_MOVES

    log = sessions.read(path, repair=False)  # the whole log, every line checked
    assert [e["seq"] for e in log.events] == list(range(1, len(log.events) + 1))
    made = Counter(
        (e["args"].get("player"), int(re.fullmatch(r"1d6\+(\d+)", e["args"]["expr"])[1]))  # type: ignore[index]
        for e in log.events
        if e["type"] == "roll"
    )
    wanted = Counter({(p, k): 1 for p in PLAYERS for k in range(MOVES)})
    wanted.update({(None, 1000 + k): 1 for k in range(CLI_MOVES)})
    assert made == wanted
    assert len(log.events) == len(PLAYERS) * MOVES + CLI_MOVES


@pytest.mark.parametrize("how", ["SIGINT", "SIGKILL"])
def test_a_server_stopped_mid_move_leaves_the_session_whole(tmp_path: Path, how: str) -> None:
    import signal

    path = new_session(tmp_path, "maquis", "Ann")
    proc = subprocess.Popen([PNP, "serve", "--port", "0", "--json", "--session", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stdout is not None
    link = json.loads(proc.stdout.readline())["players"]["Ann"]
    acknowledged = 0
    with httpx2.Client(timeout=10) as client:
        csrf = CSRF.search(client.get(link).text).group(1)  # type: ignore[union-attr]
        for k in range(400):
            if k == 40:
                proc.send_signal(getattr(signal, how))
            try:
                answer = client.post(f"{link}/act", data={"csrf": csrf, "move": "dice",
                                     "expr": f"1d6+{k}"}, headers={"Accept": "application/json"})  # fmt: skip
            except httpx2.TransportError:
                break
            if answer.status_code == 200:
                acknowledged += 1
    proc.wait(10)
    log = sessions.read(path)  # repairs a torn last line, refuses corruption
    assert acknowledged >= 40
    assert acknowledged <= len(log.events) <= acknowledged + 1  # one made, its answer lost
    assert [int(e["args"]["expr"].split("+")[1]) for e in log.events] == list(
        range(len(log.events))
    )
    again = subprocess.run([PNP, "roll", "1d6", "--session", str(path)], capture_output=True)
    assert again.returncode == 0, again.stderr
