"""Benchmark: table commands with a saved game of 500 events, beside a bare Python.

Run: python bench/session.py [--runs N]. A seeded session of the fixture game is started in an
empty temporary data folder and filled with 500 events (rolls, score-pad rows, track moves);
then each command below runs N times as a fresh process, interleaved with ``python -c pass`` so
that load on the machine falls on both alike. Prints the median wall and CPU time of each, their
ratios to the bare interpreter, and the project modules a draw imports (``-X importtime``).

An installed package has its bytecode compiled, so the package is compiled first and the
commands run without ``PYTHONDONTWRITEBYTECODE`` (with it set, every process would compile
each module from source again and the figures would measure the compiler, not the commands).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "fixtures" / "table_game"


def fill(py: str, env: dict[str, str]) -> None:
    """A current seeded session of 500 events."""
    script = (
        "import sys, pathlib\n"
        "from generator.companion.engine import Table, new_session\n"
        "info = new_session(sys.argv[1], None, ['Ann', 'Bob'], seed=7)\n"
        "t = Table(pathlib.Path(info['path']))\n"
        "for i in range(500):\n"
        "    k = i % 3\n"
        "    if k == 0: t.run('roll', {'expr': '2d6', 'game': 'table_game'})\n"
        "    elif k == 1: t.run('pad.add', {'player': 'Ann', 'points': 1, 'round': None})\n"
        "    else: t.run('track.move', {'track': 'fate', 'by': 0, 'to': None})\n"
    )
    subprocess.run([py, "-c", script, str(GAME)], env=env, check=True)


def compile_package(py: str, env: dict[str, str]) -> None:
    """Compile the bytecode of the package ``py`` imports, wherever it is installed."""
    script = (
        "import compileall, os, generator\n"
        "compileall.compile_dir(os.path.dirname(generator.__file__), quiet=1)\n"
    )
    subprocess.run([py, "-c", script], env=env, check=True)


def imported(cmd: list[str], env: dict[str, str]) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-X", "importtime", *cmd], env=env, capture_output=True, text=True
    )
    names = [line.split("|")[-1].strip() for line in run.stderr.splitlines() if "|" in line]
    return [n.removeprefix("generator.") for n in names if n.startswith("generator")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    py = sys.executable
    beside = Path(py).parent / "pnp"
    pnp = [str(beside)] if beside.is_file() else ([shutil.which("pnp") or ""])
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "pnp roll 2d6": [*pnp, "roll", "2d6"],
        "pnp roll table_game:attack": [*pnp, "roll", "table_game:attack"],
        "pnp deck draw cycle": [*pnp, "deck", "draw", "cycle"],
        "pnp score track fate --by 0": [*pnp, "score", "track", "fate", "--by", "0"],
        "pnp status": [*pnp, "status"],
        "pnp status --lang zh-Hant": [*pnp, "status", "--lang", "zh-Hant"],
    }
    with tempfile.TemporaryDirectory() as data:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PNP_DATA_DIR"] = data
        compile_package(py, env)
        fill(py, env)
        for cmd in commands.values():  # warm the disk cache and the session's cache once
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, cmd in commands.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run(
                    cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
                )
                times[name].append((time.perf_counter() - start) * 1000)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                cpus[name].append(cpu * 1000)
        mods = imported(["-m", "generator.cli", "deck", "draw", "cycle"], env)
    base = statistics.median(times["python -c pass"])
    base_cpu = statistics.median(cpus["python -c pass"])
    print(f"saved game of 500 events, {args.runs} interleaved runs, medians:")
    print(f"  {'command':<30} {'wall ms':>8} {'x bare':>7} {'CPU ms':>8} {'x bare':>7}")
    for name, values in times.items():
        wall, cpu = statistics.median(values), statistics.median(cpus[name])
        print(f"  {name:<30} {wall:8.1f} {wall / base:6.2f}x {cpu:8.1f} {cpu / base_cpu:6.2f}x")
    print(f"project modules imported by pnp deck draw cycle ({len(mods)}):")
    print("  " + " ".join(mods))


if __name__ == "__main__":
    main()
