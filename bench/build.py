"""Benchmark: 540 poker cards through pnp versus a hand-written reportlab loop.

Each card has a frame, a title, three lines of body text and two corner numbers; 9-up on A4
with crop marks and one shared back. Both sides use the same embedded fonts. Each side runs
in its own fresh process (so peak memory is that side's alone), five times, the two sides
taking turns; the best time counts. Prints seconds, cards per second, the ratio, peak RSS
and bytes per page.

    python bench/build.py [--items json|yaml]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

N = 540
RUNS = 5
ROOT = Path(__file__).resolve().parent.parent
WORDS = [
    "advance",
    "the",
    "track",
    "draw",
    "a",
    "card",
    "roll",
    "two",
    "dice",
    "keep",
    "the",
    "best",
    "move",
    "one",
    "army",
    "to",
    "a",
    "free",
    "region",
]


def body(i: int) -> str:
    w = [WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(24)]
    return f"{' '.join(w[:8])}\n{' '.join(w[8:16])}\n{' '.join(w[16:24])}"


def make_game(folder: Path, items_as: str = "json") -> Path:
    game = folder / "content" / "bench"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        textwrap.dedent("""\
        id: bench
        title: Bench
        components:
          - id: cards
            kind: cards
            title: Cards
            items: cards.yaml
            size: poker
            layout: front
            back: {layout: back}
            sheet: {paper: A4, packing: butted}
        """)
    )
    items = [
        {
            "id": f"c{i}",
            "title": f"Card number {i}",
            "body": body(i),
            "a": i % 10,
            "b": (i * 3) % 10,
        }
        for i in range(N)
    ]
    if items_as == "json":  # JSON is YAML; a generated item list is often written this way
        (game / "cards.yaml").write_text(json.dumps({"items": items}))
    else:  # block YAML, as a person writes it
        import yaml

        (game / "cards.yaml").write_text(
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


# Both sides import their libraries and load the shipped fonts before the clock starts, and
# both report the whole process's time too ("with start-up").
PROJECT = """
import resource, sys, time
from pathlib import Path
from generator.build import BuildOptions, build_game
from generator.render import fonts, sheet
fonts.ensure_builtin()
t = time.perf_counter()
res = build_game(Path(sys.argv[1]), BuildOptions(out_dir=Path(sys.argv[2]), force=True))
took = time.perf_counter() - t
r = res[0]
print(json.dumps({"seconds": took, "bytes": r.bytes, "pages": r.pages, "process": time.perf_counter() - T0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

LOOP = """
import resource, sys, time
from pathlib import Path
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.units import mm
rl_config.useA85 = 0  # the same stream encoding pnp uses
from generator.render import fonts
fonts.ensure_builtin()
REG, BOLD = fonts.face("sans").name, fonts.face("sans", "bold").name
import yaml  # the loop reads its items before the clock starts, in either format
items = yaml.load(Path(sys.argv[1], "cards.yaml").read_text(), Loader=yaml.CSafeLoader)["items"]
t = time.perf_counter()
W, H = 210 * mm, 297 * mm
cw, ch, bleed = 63.5 * mm, 88.9 * mm, 3 * mm
x0, y0 = (W - 3 * cw) / 2, (H - 3 * ch) / 2 + 3 * mm
c = Canvas(sys.argv[2], pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=REG)

def marks():
    c.setLineWidth(0.25)
    for k in range(4):
        x = x0 + k * cw
        c.line(x, y0 + 3 * ch + bleed + 0.75 * mm, x, y0 + 3 * ch + bleed + 5.75 * mm)
        c.line(x, y0 - bleed - 0.75 * mm, x, y0 - bleed - 5.75 * mm)
        y = y0 + k * ch
        c.line(x0 - bleed - 0.75 * mm, y, x0 - bleed - 2.75 * mm, y)
        c.line(x0 + 3 * cw + bleed + 0.75 * mm, y, x0 + 3 * cw + bleed + 2.75 * mm, y)

for s in range(0, len(items), 9):
    chunk = items[s:s + 9]
    for n, it in enumerate(chunk):
        x, y = x0 + (n % 3) * cw, y0 + (2 - n // 3) * ch
        c.setLineWidth(0.5 * mm)
        c.rect(x + 3 * mm, y + 3 * mm, 57.5 * mm, 82.9 * mm)
        c.setFont(BOLD, 12)
        c.drawString(x + 6 * mm, y + ch - 6 * mm - 10, it["title"])
        c.setFont(REG, 9)
        for k, line in enumerate(it["body"].split("\\n")):
            c.drawString(x + 6 * mm, y + ch - 40 * mm - 8 - k * 10.8, line)
        c.setFont(REG, 10)
        c.drawString(x + 6 * mm, y + 5 * mm, str(it["a"]))
        c.drawRightString(x + cw - 6 * mm, y + 5 * mm, str(it["b"]))
    marks()
    c.showPage()
    for n in range(len(chunk)):
        x, y = W - (x0 + (n % 3 + 1) * cw), y0 + (2 - n // 3) * ch
        c.setLineWidth(0.5 * mm)
        c.rect(x + 3 * mm, y + 3 * mm, 57.5 * mm, 82.9 * mm)
        c.setFont(BOLD, 20)
        c.drawCentredString(x + cw / 2, y + ch - 48 * mm, "BACK")
    marks()
    c.showPage()
c.save()
took = time.perf_counter() - t
print(json.dumps({"seconds": took, "bytes": Path(sys.argv[2]).stat().st_size, "pages": c.getPageNumber() - 1, "process": time.perf_counter() - T0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(code: str, *args: str) -> dict:
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


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--items",
        choices=["json", "yaml"],
        default="json",
        help="write the 540 items as JSON (default) or as block YAML",
    )
    items_as = parser.parse_args().items
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        game = make_game(folder, items_as)
        # the two sides take turns, so both see the same machine load; best of RUNS counts
        projs, loops = [], []
        for _ in range(RUNS):
            projs.append(run(PROJECT, str(game), str(folder / "out")))
            loops.append(run(LOOP, str(game), str(folder / "loop.pdf")))
        proj = min(projs, key=lambda r: r["seconds"])
        loop = min(loops, key=lambda r: r["seconds"])
        from generator.render.fonts import FONT_DIR  # noqa: F401  (fonts resolve from the package)

        sys.path.insert(0, str(ROOT))
        from tests.pdfcheck import fonts as pdf_fonts

        embedded = all(e for _, e in pdf_fonts(folder / "out" / "bench" / "cards.pdf"))
    print(f"workload: {N} poker cards, 9-up A4, crop marks, shared back; items as {items_as}")
    print(
        f"pnp build      : {proj['seconds']:.3f} s  {N / proj['seconds']:.0f} cards/s  peak RSS {proj['rss_mb']:.1f} MB  "
        f"{proj['bytes']:,} bytes  {proj['pages']} pages  {proj['bytes'] / proj['pages']:,.0f} bytes/page"
    )
    print(
        f"reportlab loop : {loop['seconds']:.3f} s  {N / loop['seconds']:.0f} cards/s  peak RSS {loop['rss_mb']:.1f} MB  "
        f"{loop['bytes']:,} bytes  {loop['pages']} pages  {loop['bytes'] / loop['pages']:,.0f} bytes/page"
    )
    print(
        f"with start-up  : pnp {proj['process']:.3f} s, loop {loop['process']:.3f} s "
        "(imports and font loading included)"
    )
    print(f"time ratio pnp/loop : {proj['seconds'] / loop['seconds']:.2f}  (target <= 1.5)")
    print(f"bytes ratio pnp/loop: {proj['bytes'] / loop['bytes']:.2f}  (target <= 1.3)")
    print(f"all fonts embedded  : {embedded}")


if __name__ == "__main__":
    main()
