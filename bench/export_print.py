"""Benchmark: `pnp export print` of shipped games, its wall time and its peak memory.

Each export runs as a fresh child process (``pnp export print GAME --vendor V --force``, into a
temporary folder); its peak resident memory is the child's own high-water mark, read from
``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`` after it alone has run in a fresh
interpreter between each measurement. Prints figures; asserts nothing.

    python bench/export_print.py [--games manoeuvre,barons-of-fyn] [--vendors drivethrucards]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-m", "generator.cli"]  # the console script's entry point
# A fresh interpreter runs the export, so the peak it reports is that export's alone.
CHILD = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
print(done.returncode, round(wall, 2), peak, sep="\\t")
sys.stderr.write(done.stderr[-2000:] if done.returncode else "")
"""


def measure(game: str, vendor: str, out: Path) -> tuple[int, float, float]:
    """(exit code, seconds, peak MB) of one export of ``game`` for ``vendor``."""
    cmd = [*PNP, "export", "print", str(ROOT / "content" / game), "--vendor", vendor,
           "--out", str(out), "--force"]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *cmd], capture_output=True, text=True, check=True, cwd=ROOT
    )
    if done.stderr:
        print(done.stderr, file=sys.stderr)
    code, wall, peak = done.stdout.split()
    return int(code), float(wall), int(peak) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="manoeuvre,barons-of-fyn")
    parser.add_argument("--vendors", default="drivethrucards,tgc")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games.split(","):
            for vendor in args.vendors.split(","):
                code, wall, peak = measure(game, vendor, Path(tmp))
                rows.append({"game": game, "vendor": vendor, "exit": code, "seconds": wall,
                             "peak_mb": round(peak, 1)})  # fmt: skip
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':16} {'vendor':15} {'exit':>4} {'seconds':>8} {'peak MB':>8}")
    for r in rows:
        print(f"{r['game']:16} {r['vendor']:15} {r['exit']:>4} {r['seconds']:>8.2f} "
              f"{r['peak_mb']:>8.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
