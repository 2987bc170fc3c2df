"""Benchmark for `pnp roll`: cold start beside Python itself and d20, and warm rolls per second.

Run: python bench/roll.py [--runs N]. Prints medians of N cold runs (each a fresh process), the
project modules a cold ``pnp roll 2d6`` and ``pnp roll 4d6kh3`` import (``python -X importtime``),
the same for table commands with a current saved session of 500 events (``roll``, a score-track
move, a deck draw and ``status``, interleaved with a bare ``python -c pass``, wall and CPU time,
each as a multiple of the bare interpreter; the target is 2.5x; with ``--instructions`` also the
instructions of one run of each, counted by valgrind, the steady figure on a busy machine), and the warm
throughput of the roll function for ``2d6``, ``4d6kh3`` and an expression with sets and re-rolls,
with OS entropy and with a seed, beside d20 measured in the same run. Sessions are pointed at an
empty temporary directory so the cold roll is the plain, unrecorded one. As an installed package
has its bytecode compiled, the package is compiled first and the cold runs go without
``PYTHONDONTWRITEBYTECODE``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path


def cold(cmd: list[str], runs: int, env: dict[str, str]) -> float:
    """Median wall time in milliseconds of ``runs`` fresh processes."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
        )
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def cold_saved(cmds: list[list[str]], runs: int, env: dict[str, str]) -> list[tuple[float, float]]:
    """(median wall ms, median CPU ms) of each command, the commands run interleaved."""
    import resource

    walls: list[list[float]] = [[] for _ in cmds]
    cpus: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for n, cmd in enumerate(cmds):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(
                cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
            )
            walls[n].append((time.perf_counter() - start) * 1000)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            cpus[n].append(cpu * 1000)
    return [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus, strict=True)]


def saved_session(data: str, py: str, env: dict[str, str]) -> None:
    """A session of 500 events (rolls, score-pad rows, track moves) made current in ``data``."""
    script = (
        "from generator.companion.engine import Table, new_session\n"
        "import sys\n"
        "info = new_session(sys.argv[1], None, ['Ann', 'Bob'], seed=7)\n"
        "t = Table(__import__('pathlib').Path(info['path']))\n"
        "for i in range(500):\n"
        "    kind = i % 3\n"
        "    if kind == 0: t.run('roll', {'expr': '2d6', 'game': t.game.id if t.game else ''})\n"
        "    elif kind == 1: t.run('pad.add', {'player': 'Ann', 'points': 1, 'round': None})\n"
        "    else: t.run('track.move', {'track': 'fate', 'by': 0, 'to': None})\n"
    )
    game = str(Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "table_game")
    subprocess.run([py, "-c", script, game], env=env, check=True)


def compile_package(py: str, env: dict[str, str]) -> None:
    """Compile the bytecode of the package ``py`` imports, wherever it is installed."""
    script = (
        "import compileall, os, generator\n"
        "compileall.compile_dir(os.path.dirname(generator.__file__), quiet=1)\n"
    )
    subprocess.run([py, "-c", script], env=env, check=True)


def warm(fn: object, seconds: float = 1.0) -> float:
    """Calls per second of ``fn``."""
    timer = timeit.Timer(fn)  # type: ignore[arg-type]
    number, _ = timer.autorange()
    best = min(timer.repeat(repeat=3, number=max(number, int(number * seconds / 0.2))))
    return max(number, int(number * seconds / 0.2)) / best


def imported(cmd: list[str], env: dict[str, str]) -> list[str]:
    """The project's modules a fresh process imports, in import order."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", *cmd], env=env, capture_output=True, text=True
    )
    names = [line.split("|")[-1].strip() for line in run.stderr.splitlines() if "|" in line]
    return [n for n in names if n.startswith("generator")]


def instructions(cmd: list[str], env: dict[str, str]) -> int:
    """Instructions one run of ``cmd`` executes, counted by valgrind's callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *cmd],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))  # type: ignore[union-attr]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions of one run of each table command (needs valgrind)",
    )
    args = parser.parse_args()
    py = sys.executable
    # the pnp installed beside this Python (a venv's script), not a shim found on PATH
    beside = Path(sys.executable).parent / "pnp"
    pnp = str(beside) if beside.is_file() else shutil.which("pnp")
    roll_cmd = [pnp, "roll", "2d6"] if pnp else [py, "-m", "generator.cli", "roll", "2d6"]
    with tempfile.TemporaryDirectory() as data:
        # an installed pnp has its bytecode cached; measure that, not a recompile per run
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PNP_DATA_DIR"] = data
        compile_package(py, env)
        for cmd in (roll_cmd, [py, "-c", "pass"]):  # warm the disk cache once
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        base = cold([py, "-c", "pass"], args.runs, env)
        ours = cold(roll_cmd, args.runs, env)
        keep = cold([*roll_cmd[:-1], "4d6kh3"], args.runs, env)
        plain = (
            [instructions(c, env) for c in ([py, "-c", "pass"], roll_cmd)]
            if args.instructions
            else []
        )
        mods = {
            expr: imported(["-m", "generator.cli", "roll", expr], env) for expr in ("2d6", "4d6kh3")
        }
        try:
            import d20  # type: ignore[import-untyped]  # noqa: F401

            theirs = cold([py, "-c", "import d20; d20.roll('2d6')"], args.runs, env)
        except ImportError:
            theirs = float("nan")
    print(f"cold start, median of {args.runs} runs (ms):")
    print(f"  python -c pass          {base:7.1f}")
    print(
        f"  {' '.join(['pnp', 'roll', '2d6']):<23} {ours:7.1f}   (+{ours - base:.1f} over Python)"
    )
    print(f"  pnp roll 4d6kh3         {keep:7.1f}   (+{keep - base:.1f} over Python)")
    print(f"  python: d20.roll('2d6') {theirs:7.1f}   (+{theirs - base:.1f} over Python)")
    if plain:
        print(
            f"instructions (valgrind callgrind): python -c pass {plain[0] / 1e6:.1f} M, "
            f"pnp roll 2d6 {plain[1] / 1e6:.1f} M = {plain[1] / plain[0]:.2f}x (target 2.5x)"
        )
    for expr, names in mods.items():
        print(f"project modules imported by pnp roll {expr} ({len(names)}):")
        print("  " + " ".join(n.removeprefix("generator.") for n in names))

    with tempfile.TemporaryDirectory() as data:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PNP_DATA_DIR"] = data
        saved_session(data, py, env)
        pnp_cmd = [pnp] if pnp else [py, "-m", "generator.cli"]
        cmds = [
            [py, "-c", "pass"],
            [*pnp_cmd, "roll", "2d6"],
            [*pnp_cmd, "score", "track", "fate", "--by", "0"],
            [*pnp_cmd, "deck", "draw", "cycle"],
            [*pnp_cmd, "status"],
        ]
        for cmd in cmds:  # warm the disk cache once
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        figures = cold_saved(cmds, args.runs, env)
        counts = [instructions(cmd, env) for cmd in cmds] if args.instructions else []
    (base_wall, base_cpu) = figures[0]
    print(f"with a saved session of 500 events, interleaved runs, median of {args.runs} (ms):")
    print(f"  {'command':<31} {'wall':>7} {'x bare':>7} {'CPU':>7} {'x bare':>7}")
    for cmd, (wall, cpu) in zip(cmds, figures, strict=True):
        name = (
            "python -c pass"
            if cmd[0] == py and cmd[1:] == ["-c", "pass"]
            else " ".join(["pnp", *cmd[len(pnp_cmd) :]])
        )
        print(
            f"  {name:<31} {wall:7.1f} {wall / base_wall:6.2f}x {cpu:7.1f} {cpu / base_cpu:6.2f}x"
        )
    if counts:
        print(
            "instructions of one run (valgrind callgrind; steady on a busy machine), target 2.5x:"
        )
        for cmd, count in zip(cmds, counts, strict=True):
            name = " ".join(cmd[len(pnp_cmd) :]) if cmd[0] != py or cmd[1] != "-c" else "pass"
            print(f"  {name:<31} {count / 1e6:7.1f} M {count / counts[0]:6.2f}x")

    from generator.companion.dice_roll import roll
    from generator.companion.rng import SystemSource, fair_source, seed_key, seeded

    system, seed = SystemSource(), seeded(1)
    old = fair_source(seed_key(1), 0, stream=1)  # one HMAC block per die, as logs before 0.1.0
    mixed = "(1d4, 2+2, 3d6kl1)kh1 + 4d6ro1"
    rates = {
        "pnp roll('2d6'), OS entropy": warm(lambda: roll("2d6", system)),
        "pnp roll('2d6'), --seed (HMAC)": warm(lambda: roll("2d6", seed)),
        "pnp roll('2d6'), --seed, first stream": warm(lambda: roll("2d6", old)),
        "pnp roll('4d6kh3'), OS entropy": warm(lambda: roll("4d6kh3", system)),
        "pnp roll('4d6kh3'), --seed (HMAC)": warm(lambda: roll("4d6kh3", seed)),
        "pnp roll(mixed), OS entropy": warm(lambda: roll(mixed, system)),
    }
    try:
        import d20

        rates["d20.roll('2d6')"] = warm(lambda: d20.roll("2d6"))
        rates["d20.roll('4d6kh3')"] = warm(lambda: d20.roll("4d6kh3"))
        rates["d20.roll(mixed)"] = warm(lambda: d20.roll(mixed))
    except ImportError:
        pass
    print(f"(mixed: {mixed})")
    print("warm rolls per second:")
    for name, rate in rates.items():
        print(f"  {name:<34} {rate:>10,.0f}")


if __name__ == "__main__":
    main()
