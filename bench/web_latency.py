"""Measure how long a move takes to appear on another page of `pnp serve`, on loopback.

Starts `pnp serve` on a new Barons of Fyn session with two players. Bo's page listens to the
event stream as the browser does (server-sent events) and, on each event, fetches its live part
again, as the page's script does. Ann's page makes moves (dice rolls, each naming itself); the
time from Ann's request leaving to the roll being in Bo's fetched page is one sample. Then the
same for moves made at the command line (`pnp roll`), which the server sees by watching the log.

    python bench/web_latency.py [MOVES]
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx2

PNP = str(Path(sys.executable).with_name("pnp"))
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


class Watcher:
    """Bo's page: the event stream, and the live part fetched again on each event."""

    def __init__(self, link: str) -> None:
        self.link = link
        self.seen: dict[str, float] = {}  # roll expression -> when Bo's page first showed it
        self.stop = False
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        with (
            httpx2.Client(timeout=None) as client,
            client.stream("GET", f"{self.link}/events") as s,
        ):
            for line in s.iter_lines():
                if self.stop:
                    return
                if not line.startswith("data:"):
                    continue
                self.ready.set()
                html = client.get(f"{self.link}/live").text
                now = time.perf_counter()
                for expr in re.findall(r"1d6\+\d+", html):
                    self.seen.setdefault(expr, now)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(
        f"{name}: {len(ms)} moves, median {statistics.median(ms):.1f} ms, "
        f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms"
    )


def main(moves: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.jsonl"
        env_dir = ["--data-dir", tmp]
        subprocess.run([PNP, "session", "new", "barons-of-fyn", "--players", "Ann,Bo",
                        "--session", str(path), *env_dir], check=True, capture_output=True)  # fmt: skip
        proc = subprocess.Popen([PNP, "serve", "--port", "0", "--json", "--session", str(path),
                                 *env_dir], stdout=subprocess.PIPE, text=True)  # fmt: skip
        try:
            assert proc.stdout is not None
            links = json.loads(proc.stdout.readline())["players"]
            bo = Watcher(links["Bo"])
            bo.ready.wait(10)
            page_samples, cli_samples = [], []
            with httpx2.Client(timeout=30) as ann:
                csrf = CSRF.search(ann.get(links["Ann"]).text).group(1)  # type: ignore[union-attr]
                for k in range(moves):
                    expr = f"1d6+{k}"
                    start = time.perf_counter()
                    ann.post(f"{links['Ann']}/act", data={"csrf": csrf, "move": "dice",
                             "expr": expr}, headers={"Accept": "application/json"})  # fmt: skip
                    while expr not in bo.seen and time.perf_counter() - start < 5:
                        time.sleep(0.001)
                    page_samples.append(bo.seen.get(expr, start + 5) - start)
                for k in range(max(5, moves // 5)):
                    expr = f"1d6+{10000 + k}"
                    start = time.perf_counter()
                    subprocess.run([PNP, "roll", expr, "--session", str(path), *env_dir],
                                   check=True, capture_output=True)  # fmt: skip
                    while expr not in bo.seen and time.perf_counter() - start < 5:
                        time.sleep(0.001)
                    cli_samples.append(bo.seen.get(expr, start + 5) - start)
            bo.stop = True
            report("a move on one page, shown on another (SSE + fetch)", page_samples)
            report("a move at the command line (process included), shown on a page", cli_samples)
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
