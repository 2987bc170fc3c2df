"""Benchmark: the edit loop, from a one-line edit of an item to the rebuilt PDF and preview.

A game is made with ``pnp new`` (the cards starter: one poker deck, 3 items, 9 cards) in a
temporary folder, or copied from ``--game DIR``. Each round changes one line of the item file
(a card's cost in the starter; a comment line in a copied game) and rebuilds one component
in one language. Three ways, RUNS rounds each, median and worst printed:

- watch loop: ``pnp watch GAME --lang en --no-rules`` runs in its own process; the bench
  writes the file and times, by polling the files, until the PDF and the contact sheet have
  been replaced (this includes the file-event latency);
- in process: :class:`generator.pipeline.watch.Rebuilder` alone (no watcher), edit -> rebuild ->
  previews, with the PDF writing time it reports;
- whole process: ``pnp watch GAME --once --lang en --no-rules`` after each edit (start-up,
  imports, check, build and previews).

    python bench/edit.py [--runs 10] [--game content/barons-of-fyn --items cards.yaml]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.pipeline.options import BuildOptions  # noqa: E402
from generator.pipeline.starters import create_game  # noqa: E402
from generator.pipeline.watch import Rebuilder  # noqa: E402

POLL = 0.002  # seconds between looks at the output files


def _editor(items: Path, starter: bool) -> Callable[[int], None]:
    """A function making the n-th one-line edit of ``items``."""
    original = items.read_text(encoding="utf-8")

    def edit(n: int) -> None:
        if starter:  # the scout's cost: a real value on a real card
            text = original.replace("    cost: 1\n", f"    cost: {n % 9 + 1}\n")
        else:
            text = original + f"# edit {n}\n"
        items.write_text(text, encoding="utf-8")

    return edit


def _changed(path: Path, before: int) -> bool:
    try:
        return path.stat().st_mtime_ns != before
    except FileNotFoundError:
        return False


def _mtime(path: Path) -> int:
    return path.stat().st_mtime_ns if path.exists() else 0


def _watch_loop(game: Path, content: Path, out: Path, pdf: Path, contact: Path, edit, runs: int):  # type: ignore[no-untyped-def]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "watch", game.name, "--content", str(content),
         "--out", str(out), "--lang", "en", "--no-rules"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("watching "):
            break
    to_pdf: list[float] = []
    to_preview: list[float] = []
    try:
        for n in range(runs):
            time.sleep(0.3)  # let the previous round settle
            pdf_before, contact_before = _mtime(pdf), _mtime(contact)
            started = time.perf_counter()
            edit(1000 + n)
            got_pdf = None
            deadline = started + 30
            while time.perf_counter() < deadline:
                now = time.perf_counter()
                if got_pdf is None and _changed(pdf, pdf_before):
                    got_pdf = now - started
                if _changed(contact, contact_before):
                    to_preview.append(now - started)
                    break
                time.sleep(POLL)
            else:
                raise SystemExit("the watch did not rebuild within 30 s")
            to_pdf.append(got_pdf if got_pdf is not None else to_preview[-1])
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return to_pdf, to_preview


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--game", type=Path, help="copy this game folder instead of a starter")
    parser.add_argument("--items", default="cards.yaml", help="item file to edit (with --game)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        content, out = Path(tmp) / "content", Path(tmp) / "output"
        if args.game:
            game = content / args.game.name
            shutil.copytree(args.game, game)
        else:
            game = create_game(content, "bench-game", "cards").path
        items = game / args.items
        edit = _editor(items, starter=args.game is None)
        rebuilder = Rebuilder(game, BuildOptions(out_dir=out, langs=("en",)), rules=False)
        first = rebuilder.rebuild()
        if first.errors:
            raise SystemExit("\n".join(first.errors))
        comps = [c for c in first.components if any(r.component == c for r in first.results)]
        target = rebuilder.uses.get(items.resolve(), set()) if rebuilder.uses else set()
        comp = sorted(target)[0]
        pdf = next(r.path for r in first.results if r.component == comp)
        contact = out / game.name / "preview" / comp / "en" / "contact.png"
        copies = sum(r.copies for r in first.results if r.component == comp)
        print(f"game {game.name}: component {comp!r} ({copies} copies) of {comps}, language en")

        edit_s: list[float] = []
        rebuild_s: list[float] = []
        pdf_s: list[float] = []
        for n in range(args.runs):
            t0 = time.perf_counter()
            edit(n)
            t1 = time.perf_counter()
            done = rebuilder.rebuild([items])
            t2 = time.perf_counter()
            if done.errors or done.components != [comp]:
                raise SystemExit(f"unexpected round: {done.components} {done.errors}")
            edit_s.append(t1 - t0)
            rebuild_s.append(t2 - t1)
            pdf_s.append(sum(r.seconds for r in done.results))

        loop_pdf, loop_preview = _watch_loop(game, content, out, pdf, contact, edit, args.runs)

        whole: list[float] = []
        for n in range(args.runs):
            edit(2000 + n)
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "generator.cli", "watch", game.name, "--once",
                 "--content", str(content), "--out", str(out), "--lang", "en", "--no-rules"],
                cwd=ROOT, check=True, capture_output=True,
            )  # fmt: skip
            whole.append(time.perf_counter() - t0)

    def row(name: str, values: list[float]) -> None:
        med, worst = statistics.median(values), max(values)
        print(f"  {name:<44} median {med * 1000:7.1f} ms   worst {worst * 1000:7.1f} ms")

    print(f"{args.runs} one-line edits each, one component, one language:")
    row("edit (write the item file)", edit_s)
    row("in process: check + PDF + preview", rebuild_s)
    row("in process: of which PDF writing", pdf_s)
    row("watch loop: edit -> PDF replaced", loop_pdf)
    row("watch loop: edit -> preview written", loop_preview)
    row("whole process: pnp watch --once", whole)


if __name__ == "__main__":
    main()
