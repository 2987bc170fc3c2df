"""Benchmark for `pnp odds`: the time of each expression beside icepool's, in process and whole.

Run: python bench/odds.py [--runs N]. For each expression, in one run: the milliseconds pnp's
engine takes to work out the distribution (measured inside a fresh interpreter that has already
imported it, so caches of an earlier expression help neither side), icepool's time for the same
distribution measured the same way, their ratio, and the whole command: ``pnp odds EXPR`` beside
``python -c "import icepool; ..."`` printing its distribution, wall milliseconds of a fresh
process each. Medians of N runs. An expression pnp refuses (too many outcomes) says so: a
refusal must come within the second too. icepool follows explosions to 6 extra dice like
``--depth 6``, keeping the last die where pnp leaves the deeper chance out; both do the same
work.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import subprocess
import sys
import time

# pnp expression -> the icepool expression of the same distribution
CASES: list[tuple[str, str]] = [
    ("2d6", "2 @ d6"),
    ("100d6", "100 @ d6"),
    ("999dF", "999 @ Die([-1, 0, 1])"),
    ("4d6kh3", "d6.highest(4, 3)"),
    ("4d6dl1", "d6.highest(4, 3)"),
    ("10d6kh3", "d6.highest(10, 3)"),
    ("30d6kh3", "d6.highest(30, 3)"),
    ("40d6kh3", "d6.highest(40, 3)"),
    ("100d10kh5", "d10.highest(100, 5)"),
    ("3d20kl1", "d20.lowest(3, 1)"),
    ("8d10kh4kl1", "d10.pool(8)[-1, 0, 0, 0, 1, 1, 1, 1].sum()"),
    ("(10d6)kh3+(10d6)kh3+(10d6)kh3+(10d6)kh3", "4 @ d6.highest(10, 3)"),
    ("(" + ",".join(["d6"] * 20) + ")kh3", "d6.highest(20, 3)"),
    ("(d6,d8,d10,d12)kh2", "Pool([d6, d8, d10, d12]).highest(2).sum()"),
    ("4d6rr1kh3", "d6.reroll([1], depth='inf').highest(4, 3)"),
    ("6d6>=5", "6 @ (d6 >= 5)"),
    ("20d6>=5r2", "d6.reroll_to_pool(20, [1, 2, 3, 4], max_rerolls=2).keep_outcomes(lambda v: v >= 5).size()"),
    ("6d6>=5r6", "d6.reroll_to_pool(6, [1, 2, 3, 4], max_rerolls=6).keep_outcomes(lambda v: v >= 5).size()"),
    ("d6!", "d6.explode(depth=6)"),
    ("50d6!", "50 @ d6.explode(depth=6)"),
    ("d20+5>=15", "d20 + 5 >= 15"),
]  # fmt: skip

PNP_IN = (
    "import time;from generator.dice.parse import parse;"
    "from generator.companion.odds import distribution\n"
    "t=time.perf_counter()\n"
    "try:\n distribution(parse({expr!r}))\n ok=1\n"
    "except Exception:\n ok=0\n"
    "print((time.perf_counter()-t)*1000, ok)"
)
ICE_IN = (
    "import time,icepool;from icepool import d6,d8,d10,d12,d20,Die,Pool\n"
    "t=time.perf_counter();x={expr};x.probabilities() if hasattr(x,'probabilities') else None\n"
    "print((time.perf_counter()-t)*1000, 1)"
)
ICE_WHOLE = (
    "import icepool;from icepool import d6,d8,d10,d12,d20,Die,Pool;x={expr};"
    "print([(o, float(p)) for o, p in zip(x.outcomes(), x.probabilities())])"
)


TIMEOUT = 20.0  # seconds: a library that takes longer is shown as failed


def inside(code: str) -> tuple[float, bool]:
    """Milliseconds the snippet reports for its own computation, and whether it answered."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT
        )
    except subprocess.TimeoutExpired:
        return TIMEOUT * 1000, False
    if done.returncode:
        return float("nan"), False
    ms, ok = done.stdout.split()
    return float(ms), ok == "1"


def whole(cmd: list[str]) -> float:
    """Wall milliseconds of one fresh process."""
    start = time.perf_counter()
    with contextlib.suppress(subprocess.TimeoutExpired):
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=TIMEOUT)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    pnp = shutil.which("pnp") or "pnp"
    head = f"{'expression':42} {'pnp ms':>8} {'icepool':>8} {'ratio':>6}   {'pnp odds':>8} {'python+icepool':>14}"
    print("in process: the computation alone; whole: a fresh process, medians of", args.runs)
    print(head)
    worst = 0.0
    for expr, ice in CASES:
        ours, answered, they_did = [], True, True
        theirs, ours_w, theirs_w = [], [], []
        for _ in range(args.runs):
            ms, ok = inside(PNP_IN.format(expr=expr))
            ours.append(ms)
            answered = answered and ok
            ms, ok = inside(ICE_IN.format(expr=ice))
            theirs.append(ms)
            they_did = they_did and ok
            ours_w.append(whole([pnp, "odds", expr]))
            theirs_w.append(whole([sys.executable, "-c", ICE_WHOLE.format(expr=ice)]))
        a, b = statistics.median(ours), statistics.median(theirs)
        aw, bw = statistics.median(ours_w), statistics.median(theirs_w)
        worst = max(worst, aw)
        said = ("" if answered else "  (pnp refused)") + ("" if they_did else "  (icepool failed)")
        shown = expr if len(expr) <= 42 else expr[:39] + "..."
        print(f"{shown:42} {a:8.2f} {b:8.2f} {a / b:6.2f}   {aw:8.0f} {bw:14.0f}{said}")
    print(f"slowest whole `pnp odds`: {worst:.0f} ms")


if __name__ == "__main__":
    main()
