"""Benchmark: pnp builds beside hand-written reportlab loops drawing the same, and full builds.

W1: 540 poker cards (frame, title, three lines of body, two corner numbers), 9-up on A4 with
crop marks and one shared back. W16: 16 such decks of other cards (8,640 cards, one PDF each),
where the per-card cost outweighs start-up. W3: 256 counters of 5/8 inch (a coloured face, a name and a big
value) with a shared back, butted on A4. For each, three fresh processes take turns, best of
``--runs``: ``pnp build`` as a user runs it (whole process, start-up included, wall and CPU
time), the reportlab loop (whole process, and its own drawing time), and pnp through the
library with imports and fonts loaded before the clock starts (in-process); the ratios pnp/loop
are printed in CPU time (steady on a busy machine: the median of each round's pair) and wall
time, beside the targets (W1 and W3 at most 1.5, W16 at most 1.1). Then ``pnp build``
of every shipped game in every language from an empty output folder (whole process), and
the same build again with nothing changed (the no-op build), and what a fresh process pays
to import each part of the build path. Prints figures; asserts nothing.

    python bench/build.py [--items json|yaml] [--runs 5] [--only W1,W16,W3,full,startup]
"""

from __future__ import annotations

import compileall
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loops import LOOP, LOOP_COUNTERS  # noqa: E402  (the hand-written reportlab loops)

N = 540
DECKS = 16  # W16: 16 decks of N cards, 8,640 cards in all
N_COUNTERS = 256
RUNS = 5
ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-m", "generator.cli"]  # the console script's entry point
WORDS = [
    "advance", "the", "track", "draw", "a", "card", "roll", "two", "dice", "keep",
    "the", "best", "move", "one", "army", "to", "a", "free", "region",
]  # fmt: skip
UNITS = ["infantry", "cavalry", "archers", "guards", "militia", "scouts", "knights", "levy"]
COLOURS = ["#c8b68a", "#8fb3d9", "#d98f8f", "#9fcf8f"]


def body(i: int) -> str:
    w = [WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(24)]
    return f"{' '.join(w[:8])}\n{' '.join(w[8:16])}\n{' '.join(w[16:24])}"


def make_game(folder: Path, items_as: str = "json", copies: int = 1) -> Path:
    """W1: ``N`` poker cards; with ``copies`` > 1, that many components of them (one PDF each)."""
    game = folder / "content" / "bench"
    (game / "layouts").mkdir(parents=True)
    component = textwrap.dedent("""\
          - id: {id}
            kind: cards
            title: Cards
            items: {id}.yaml
            size: poker
            layout: front
            back: {{layout: back}}
            sheet: {{paper: A4, packing: butted}}
        """)
    ids = ["cards"] if copies == 1 else [f"cards{k}" for k in range(copies)]
    (game / "game.yaml").write_text(
        "id: bench\ntitle: Bench\ncomponents:\n" + "".join(component.format(id=i) for i in ids)
    )
    for k, name in enumerate(ids):  # each copy its own cards, as a second deck would have
        items = [
            {
                "id": f"c{i}",
                "title": f"Card number {k * N + i}",
                "body": body(k * N + i),
                "a": (k * N + i) % 10,
                "b": ((k * N + i) * 3) % 10,
            }
            for i in range(N)
        ]
        if items_as == "json":  # JSON is YAML; a generated item list is often written this way
            (game / f"{name}.yaml").write_text(json.dumps({"items": items}))
        else:  # block YAML, as a person writes it
            import yaml

            (game / f"{name}.yaml").write_text(
                yaml.safe_dump({"items": items}, allow_unicode=True, sort_keys=False, width=1000)
            )
    (game / "layouts" / "front.yaml").write_text(
        textwrap.dedent("""\
        id: front
        boxes:
          - {kind: frame, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: "#333333", stroke_width: 0.5mm}
          - {kind: text, x: 6mm, y: 6mm, w: 51.5mm, h: 8mm, text: "{{ title }}", size: 12pt, style: bold}
          - {kind: text, x: 6mm, y: 40mm, w: 51.5mm, h: 20mm, text: "{{ body }}", size: 9pt}
          - {kind: text, x: 6mm, y: 78mm, w: 10mm, h: 6mm, text: "{{ a }}", size: 10pt}
          - {kind: text, x: 47.5mm, y: 78mm, w: 10mm, h: 6mm, text: "{{ b }}", size: 10pt, align: right}
        """)
    )
    (game / "layouts" / "back.yaml").write_text(
        textwrap.dedent("""\
        id: back
        boxes:
          - {kind: frame, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: "#333333", stroke_width: 0.5mm}
          - {kind: text, x: 6mm, y: 40mm, w: 51.5mm, h: 10mm, text: "BACK", size: 20pt, style: bold, align: center}
        """)
    )
    return game


def make_counters(folder: Path) -> Path:
    """W3: 256 counters with a shared back, in a game folder of their own."""
    game = folder / "content" / "counters"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        textwrap.dedent("""\
        id: counters
        title: Counters
        components:
          - id: counters
            kind: tokens
            title: Counters
            items: counters.yaml
            size: counter-5/8
            layout: face
            back: {layout: back}
            sheet: {paper: A4, packing: butted}
        """)
    )
    items = [
        {"id": f"k{i}", "name": UNITS[i % len(UNITS)], "value": 1 + i % 9, "color": COLOURS[i % 4]}
        for i in range(N_COUNTERS)
    ]
    (game / "counters.yaml").write_text(json.dumps({"items": items}))
    (game / "layouts" / "face.yaml").write_text(
        textwrap.dedent("""\
        id: face
        background: "{{ color }}"
        boxes:
          - {kind: text, x: 1mm, y: 1mm, w: 13.875mm, h: 3.5mm, text: "{{ name }}", size: 6pt, align: center}
          - {kind: text, x: 1mm, y: 5.5mm, w: 13.875mm, h: 9mm, text: "{{ value }}", size: 18pt, style: bold, align: center}
        """)
    )
    (game / "layouts" / "back.yaml").write_text(
        textwrap.dedent("""\
        id: back
        background: "#404040"
        boxes:
          - {kind: text, x: 1mm, y: 5.5mm, w: 13.875mm, h: 6mm, text: "[#ffffff]PNP[/]", size: 9pt, style: bold, align: center}
        """)
    )
    return game


# Both sides import their libraries and load the shipped fonts before the clock starts, and
# both report the whole process's time too ("with start-up").
PROJECT = """
import resource, sys, time
from pathlib import Path
from generator.pipeline.options import BuildOptions
from generator.pipeline.run import build_game
import generator.pipeline.check, generator.pipeline.game  # build_game imports them on first use
from generator.render import board, fonts, sheet
from generator.content import schema
from generator.faces import expand
import msgspec
from generator.content.validate import convert
for model in (schema.GameSpec, schema.ItemsFile, schema.LayoutSpec, schema.PresetsFile):
    try:  # converters made before the clock, as the loop's imports are
        convert(model, {})
    except msgspec.ValidationError:
        pass
fonts.face("sans"), fonts.face("sans", "bold")  # the faces the loops load
t, c = time.perf_counter(), time.process_time()
res = build_game(Path(sys.argv[1]), BuildOptions(out_dir=Path(sys.argv[2]), force=True))
took, cpu = time.perf_counter() - t, time.process_time() - c
assert not any(r.skipped for r in res)
print(json.dumps({"seconds": took, "cpu": cpu, "bytes": sum(r.bytes for r in res),
                  "pages": sum(r.pages for r in res), "process": time.perf_counter() - T0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(code: str, *args: str) -> dict:
    """Run ``code`` in a fresh interpreter; its last line of output, as JSON."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import time\nT0 = time.perf_counter()\nimport json\n" + code,
            *args,
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def whole(cmd: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, output) of a command run as a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def loop_process(code: str, *args: str) -> tuple[float, float, dict]:
    """A loop script as a whole process: (wall, CPU, what it printed)."""
    cmd = [sys.executable, "-c", "import time\nT0 = time.perf_counter()\nimport json\n" + code]
    wall, cpu, out = whole([*cmd, *args])
    return wall, cpu, json.loads(out.strip().splitlines()[-1])


def compare(
    label: str, game: Path, loop_code: str, folder: Path, runs: int, target: float, copies: int = 1
) -> dict:
    """pnp and the loop, taking turns; the best of each figure over ``runs``, and the ratios
    pnp/loop: in-process (drawing only), and whole process (start-up included) by CPU time,
    the median of the runs' pairwise ratios (the steadier figure on a busy machine), and wall."""
    content, out = game.parent, folder / "out"
    cli = [*PNP, "build", "--content", str(content), "--out", str(out), "--force", "--no-rules"]
    loop_args = (str(game), str(folder / "loop.pdf"), str(copies))
    figures: dict[str, list[float]] = {}
    last: dict[str, dict] = {}
    for _ in range(runs):  # one of each per round, so a busy spell slows both sides alike
        wall, cpu, _ = whole(cli)
        lwall, lcpu, lres = loop_process(loop_code, *loop_args)
        proj = run(PROJECT, str(game), str(folder / "lib-out"))
        for k, v in (
            ("pnp_wall", wall),
            ("pnp_cpu", cpu),
            ("loop_wall", lwall),
            ("loop_cpu", lcpu),
            ("loop_in", lres["cpu"]),
            ("pnp_in", proj["cpu"]),
            ("cpu_ratio", cpu / lcpu),
            ("wall_ratio", wall / lwall),
        ):
            figures.setdefault(k, []).append(v)
        last = {"pnp": proj, "loop": lres}
    best = {k: min(v) for k, v in figures.items()}
    median = {k: statistics.median(v) for k, v in figures.items()}
    p, lp = last["pnp"], last["loop"]
    print(f"{label}")
    print(
        f"  in-process CPU : pnp {best['pnp_in']:.3f} s, loop {best['loop_in']:.3f} s, "
        f"ratio {best['pnp_in'] / best['loop_in']:.2f}  (drawing only, imports and fonts loaded)"
    )
    print(
        f"  whole process  : pnp {best['pnp_wall']:.3f} s wall / {best['pnp_cpu']:.3f} s CPU, "
        f"loop {best['loop_wall']:.3f} s wall / {best['loop_cpu']:.3f} s CPU  (best of {runs})"
    )
    print(
        f"  whole-process ratio pnp/loop: CPU {median['cpu_ratio']:.2f} (median of pairs; "
        f"best/best {best['pnp_cpu'] / best['loop_cpu']:.2f}), wall {median['wall_ratio']:.2f} "
        f"(best/best {best['pnp_wall'] / best['loop_wall']:.2f})  (target <= {target})"
    )
    print(
        f"  output: pnp {p['bytes']:,} bytes {p['pages']} pages (peak RSS {p['rss_mb']:.0f} MB), "
        f"loop {lp['bytes']:,} bytes {lp['pages']} pages (peak RSS {lp['rss_mb']:.0f} MB); "
        f"bytes ratio {p['bytes'] / lp['bytes']:.2f} (target <= 1.3)"
    )
    return best


def full_build(folder: Path, runs: int) -> None:
    """Every shipped game in every language, from an empty output folder; then a no-op build."""
    out = folder / "full"
    cmd = [*PNP, "build", "--content", str(ROOT / "content"), "--out", str(out)]
    walls, cpus = [], []
    for _ in range(runs):
        shutil.rmtree(out, ignore_errors=True)
        wall, cpu, printed = whole(cmd)
        walls.append(wall)
        cpus.append(cpu)
    files = sum(1 for p in out.rglob("*.pdf"))
    games = sum(1 for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())
    print(f"full build: {games} games, all languages, {files} PDFs from an empty output folder")
    print(f"  whole process: {min(walls):.2f} s wall / {min(cpus):.2f} s CPU  (target < 10 s)")
    noop = [whole(cmd) for _ in range(max(3, runs))]
    skipped = all("up to date" in r[2] for r in noop)
    print(
        f"no-op build (nothing changed): {min(r[0] for r in noop):.3f} s wall / "
        f"{min(r[1] for r in noop):.3f} s CPU  (target <= 0.3 s)"
        + ("" if skipped else "  [the summary did not say 'up to date']")
    )


# What a fresh process pays before it draws anything, step by step (each line adds to the last).
STARTUP = {
    "python": "pass",
    "+ reportlab and the fonts (what the loops load)": (
        "from reportlab.pdfgen.canvas import Canvas\n"
        "from generator.render import fonts\n"
        "fonts.face('sans'), fonts.face('sans', 'bold')"
    ),
    "+ the content schema (msgspec), converters ready": (
        "from generator.content import schema\n"
        'from generator.content.validate import convert\nconvert(schema.ItemsFile, {"items": []})'
    ),
    "+ the rest of the build path and the CLI": (
        "import generator.pipeline.game, generator.pipeline.check, generator.faces.expand\n"
        "import generator.render.sheet, generator.cli.app, generator.cli.print_cmds"
    ),
}


def startup(runs: int) -> None:
    """CPU time of fresh processes that import more and more of what a build needs."""
    steps = list(STARTUP.items())
    best = [float("inf")] * len(steps)
    for _ in range(runs):
        for n in range(len(steps)):  # interleaved: every step once per round
            code = "\n".join(c for _, c in steps[: n + 1])
            _, cpu, _ = whole([sys.executable, "-c", code])
            best[n] = min(best[n], cpu)
    print("start-up, CPU time of a fresh process (best of each):")
    for n, (label, _) in enumerate(steps):
        extra = best[n] - best[n - 1] if n else best[n]
        print(f"  {label:52s} {best[n]:.3f} s  (+{extra:.3f})")


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", choices=["json", "yaml"], default="json", help="W1 item file")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of each side (best counts)")
    parser.add_argument(
        "--only", default="W1,W16,W3,full,startup", help="which parts to run (comma-separated)"
    )
    args = parser.parse_args()
    only = set(args.only.split(","))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, best of {args.runs}")
    # An installed package has its bytecode compiled (pip does it); a checkout run with
    # PYTHONDONTWRITEBYTECODE=1 would otherwise recompile every module in every process.
    compileall.compile_dir(ROOT / "generator", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if "W1" in only:
            game = make_game(folder / "w1", args.items)
            compare(
                f"W1: {N} poker cards, 9-up A4, crop marks, shared back; items as {args.items}",
                game,
                LOOP,
                folder / "w1",
                args.runs,
                target=1.5,
            )
            sys.path.insert(0, str(ROOT))
            from tests.pdfcheck import fonts as pdf_fonts

            pdf = folder / "w1" / "out" / "bench" / "cards.pdf"
            print(f"  all fonts embedded: {all(e for _, e in pdf_fonts(pdf))}")
        if "W16" in only:
            game = make_game(folder / "w16", args.items, copies=DECKS)
            compare(
                f"W16: {DECKS} decks of {N} poker cards ({DECKS * N:,} cards, one PDF each), "
                f"as W1; items as {args.items}",
                game,
                LOOP,
                folder / "w16",
                args.runs,
                target=1.1,
                copies=DECKS,
            )
        if "W3" in only:
            game = make_counters(folder / "w3")
            compare(
                f"W3: {N_COUNTERS} counters 5/8 inch, butted on A4, shared back",
                game,
                LOOP_COUNTERS,
                folder / "w3",
                args.runs,
                target=1.5,
            )
        if "full" in only:
            full_build(folder, max(1, min(args.runs, 3)))
    if "startup" in only:
        startup(max(args.runs, 5))


if __name__ == "__main__":
    main()
