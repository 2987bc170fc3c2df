"""Rule-sheet figures for the shipped games: pages, build time per page, conversion time.

Run from the repository root:
``python bench/rules.py [--repeat N] [--paper A4|Letter] [--clock wall|cpu] [--no-fresh]``.
For every game with rule sources it builds the three language sheets, both bilingual
editions and the player-aid cards into a temporary folder, as ``pnp rules build GAME
--bilingual all`` does, and times the zh-Hans derivation (OpenCC t2s, the phrase table and the regional
rewrites) of every zh-Hant section with glossary terms protected. Prints one row per game
and a total. Build times are the best of ``--repeat`` runs, with the median beside them, as
``timeit`` advises and ``bench/build.py`` does: on a shared machine a slower run measures
other work, not this one (the last lines time a fixed loop, to compare runs made at different
times). Conversion times are medians.

What is timed is one build as a process that has already loaded its fonts builds it: every
game is built once untimed first (fonts, OpenCC's tables and the regional forms load once per
process), and before every timed run everything remembered from earlier builds is forgotten
(line breaks, text cuts and widths, glyph checks, embedded font subsets, drawing memos), so a
run gains nothing from the runs before it. The last line gives what a user waits for with
nothing loaded: ``pnp rules build GAME --bilingual all`` for every game, each in a new
process (imports, fonts and all; compile the package first, ``python -m compileall -q
generator``, when PYTHONDONTWRITEBYTECODE is set). ``--clock cpu`` times the process's CPU
time instead of the wall clock: on a machine shared with other work it varies much less from
run to run.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from generator.content.loader import find_games
from generator.errors import IssueCollector
from generator.pipeline import rules_check as checks
from generator.pipeline.rules import build_rules
from generator.render import rules_flow
from generator.render.rulesheet import clear_caches
from generator.rules.derive import derive_section
from generator.rules.source import TRANSLATED, load_rulebook

ROOT = Path(__file__).resolve().parent.parent


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCKS["wall"]


def _timed(fn, repeat: int) -> tuple[float, float, object]:  # type: ignore[no-untyped-def]
    """Best and median time of ``repeat`` cold runs of ``fn``, and its last result."""
    times, result = [], None
    for _ in range(repeat):
        forget()  # every run starts cold, as one `pnp rules build` does
        start = clock()
        result = fn()
        times.append(clock() - start)
    return min(times), statistics.median(times), result


def speed_check() -> float:
    """CPU seconds of a fixed pure-Python loop (best of 3): how fast this machine is right now."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        total = 0
        for i in range(1_000_000):
            total += i * i
        best = min(best, time.process_time() - start)
    return best


def forget() -> None:
    """Forget everything remembered from earlier builds in this process."""
    clear_caches()
    rules_flow.clear_caches()
    checks.clear_caches()


def fresh(games: list[Path], paper: str, tmp: Path) -> tuple[float, float]:
    """CPU and wall seconds of ``pnp rules build GAME --bilingual all`` per game, in new processes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    for game in games:
        command = [sys.executable, "-m", "generator.cli", "rules", "build", game.name]
        command += ["--bilingual", "all", "--paper", paper, "--content", str(game.parent)]
        subprocess.run([*command, "--out", str(tmp / "fresh")], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--paper", default="A4", choices=["A4", "Letter"])
    parser.add_argument("--clock", default="wall", choices=sorted(CLOCKS))
    parser.add_argument("--no-fresh", action="store_true", help="skip the new-process builds")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    games = [g for g in find_games(ROOT / "content") if (g / "rules" / "en.yaml").is_file()]
    head = (
        f"{'game':<16}{'files':>6}{'pages':>7}{'build s':>9}{'ms/page':>9}{'median':>8}"
        f"{'zh chars':>10}{'zh-Hans ms':>11}{'us/char':>9}"
    )
    print(head)
    print("-" * len(head))
    totals = [0, 0, 0.0, 0.0, 0, 0.0]
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:  # loads what a process loads once: fonts, OpenCC, regional forms
            build_rules(game, Path(tmp) / "warm", ["all"], list(TRANSLATED), args.paper)
        for game in games:
            out = Path(tmp) / game.name

            def build(game: Path = game, out: Path = out) -> list[Path]:
                return build_rules(
                    game, out, ["all"], ["zh-Hant", "zh-Hans"], args.paper, aid_size="poker"
                )

            best, median, files = _timed(build, args.repeat)
            pages = sum(len(PdfReader(p).pages) for p in files)  # type: ignore[union-attr]
            book = load_rulebook(game, IssueCollector())
            hant = book.translations["zh-Hant"].model.sections
            chars = sum(
                len(t) for s in hant for t in [s.title, *(x for b in s.blocks for x in b.texts())]
            )

            def convert(hant=hant, glossary=book.glossary):  # type: ignore[no-untyped-def]
                return [derive_section(s, glossary) for s in hant]

            _, t2s, _ = _timed(convert, args.repeat)
            print(
                f"{game.name:<16}{len(files):>6}{pages:>7}{best:>9.2f}"
                f"{1000 * best / pages:>9.1f}{1000 * median / pages:>8.1f}{chars:>10}"
                f"{1000 * t2s:>11.1f}{1e6 * t2s / chars:>9.2f}"
            )
            totals[0] += len(files)
            totals[1] += pages
            totals[2] += best
            totals[3] += median
            totals[4] += chars
            totals[5] += t2s
    files_n, pages_n, secs, median_s, chars_n, conv = totals
    print("-" * len(head))
    print(
        f"{'total':<16}{files_n:>6}{pages_n:>7}{secs:>9.2f}{1000 * secs / pages_n:>9.1f}"
        f"{1000 * median_s / pages_n:>8.1f}{chars_n:>10}{1000 * conv:>11.1f}"
        f"{1e6 * conv / chars_n:>9.2f}"
    )
    print(
        f"(build: best of {args.repeat} runs, median beside it; zh-Hans: median; "
        f"{args.clock} clock; paper {args.paper}; sheets, bilingual editions, aids)"
    )
    print(
        f"machine speed now: a fixed pure-Python loop takes {1000 * speed_check():.0f} ms "
        "of CPU (compare runs only at a similar figure)"
    )
    if not args.no_fresh:
        with tempfile.TemporaryDirectory() as tmp:
            cpu, wall = fresh(games, args.paper, Path(tmp))
        print(
            f"each game in a new process (pnp rules build GAME --bilingual all): "
            f"{cpu:.2f} s cpu, {wall:.2f} s wall in all, {1000 * cpu / pages_n:.1f} ms cpu/page"
        )


if __name__ == "__main__":
    main()
