"""Benchmark: a tiled board and 24 map tiles through pnp versus a hand-written reportlab loop.

Workload: a 600 x 400 mm board (a 13 x 9 pointy hex grid with addresses and a 16-step track)
tiled on A4, plus 24 double-sided map tiles of 4 x 4 squares with terrain per square. The loop
draws the same shapes (the board once per tile through a clip, each tile's squares and its
back). Both sides run in fresh processes, taking turns, best of five; the whole process (start-up
included) is reported beside the in-process time.

    python bench/board.py
"""

from __future__ import annotations

import sys
import tempfile
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import run  # noqa: E402  (the same fresh-process runner as the card benchmark)

RUNS = 5
TERRAIN = "wfhp."


def make_game(folder: Path) -> Path:
    game = folder / "content" / "boardbench"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        textwrap.dedent("""\
        id: boardbench
        title: Board bench
        components:
          - {id: board, kind: board, title: Board, size: {width: 600mm, height: 400mm}, layout: board}
          - id: tiles
            kind: tiles
            title: Tiles
            items: tiles.yaml
            size: {width: 80mm, height: 80mm}
            layout: tile
            back: {layout: tile-back}
        """)
    )
    rows = []
    for i in range(24):
        cells = [
            " ".join(TERRAIN[(i * 7 + r * 5 + c * 3) % len(TERRAIN)] for c in range(4))
            for r in range(4)
        ]
        rows.append(f"  - {{id: t{i + 1}, terrain: {cells!r}}}")
    (game / "tiles.yaml").write_text("items:\n" + "\n".join(rows) + "\n")
    (game / "layouts" / "board.yaml").write_text(
        textwrap.dedent("""\
        id: board
        background: "#e8dfc8"
        boxes:
          - {kind: grid, x: 20mm, y: 20mm, shape: hex, cell: 40mm, rows: 9, cols: 13, coords: letter-number, coord_size: 7}
          - kind: repeat
            count: 16
            x: 20mm
            y: 370mm
            dx: 34mm
            boxes:
              - {kind: frame, x: 0, y: 0, w: 30mm, h: 15mm, fill: "#ffffff", stroke: black}
              - {kind: text, x: 0, y: 0, w: 30mm, h: 15mm, text: "{{ i }}", size: 14pt, align: center, valign: middle}
        """)
    )
    (game / "layouts" / "tile.yaml").write_text(
        textwrap.dedent("""\
        id: tile
        boxes:
          - kind: grid
            cell: 20mm
            rows: 4
            cols: 4
            cells: terrain
            terrain:
              w: {fill: "#7fb3e0"}
              f: {fill: "#4e8a3a"}
              h: {fill: "#b0a080"}
              p: {fill: "#d8e8a0"}
        """)
    )
    (game / "layouts" / "tile-back.yaml").write_text(
        "id: tile-back\nbackground: '#303030'\nboxes:\n"
        "  - {kind: text, x: 0, y: 0, w: 100%, h: 100%, text: '{{ id }}', color: white, size: 20pt, align: center, valign: middle}\n"
    )
    return game


PROJECT = """
import resource, sys, time
from pathlib import Path
from generator.pipeline.options import BuildOptions
from generator.pipeline.run import build_game
from generator.render import fonts
fonts.ensure_builtin()
t = time.perf_counter()
res = build_game(Path(sys.argv[1]), BuildOptions(out_dir=Path(sys.argv[2]), force=True))
took = time.perf_counter() - t
print(json.dumps({"seconds": took, "bytes": sum(r.bytes for r in res), "pages": sum(r.pages for r in res),
                  "process": time.perf_counter() - T0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

LOOP = """
import math, resource, sys, time
from pathlib import Path
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.units import mm
rl_config.useA85 = 0
from generator.render import fonts
fonts.ensure_builtin()
REG = fonts.face("sans").name
t = time.perf_counter()
W, H = 210 * mm, 297 * mm
c = Canvas(sys.argv[2] + ".board.pdf", pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=REG)
s = 40 * mm
R = s / math.sqrt(3)
def board():
    c.setFillColorRGB(0.91, 0.87, 0.78)
    c.rect(-3 * mm, -3 * mm, 606 * mm, 406 * mm, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    for r in range(9):
        for col in range(13):
            cx = 20 * mm + s / 2 + col * s + (s / 2 if r % 2 else 0)
            cy = 400 * mm - (20 * mm + R + r * 1.5 * R)
            p = c.beginPath()
            for k in range(6):
                a = math.radians(90 + 60 * k)
                (p.moveTo if k == 0 else p.lineTo)(cx + R * math.cos(a), cy + R * math.sin(a))
            p.close()
            c.drawPath(p, stroke=1, fill=0)
            c.setFont(REG, 7)
            c.drawCentredString(cx, cy + 0.3 * s, chr(65 + col) + str(r + 1))
    for i in range(16):
        c.rect(20 * mm + i * 34 * mm, 15 * mm, 30 * mm, 15 * mm, stroke=1, fill=0)
        c.setFont(REG, 14)
        c.drawCentredString(35 * mm + i * 34 * mm, 20 * mm, str(i))
step_x, step_y = 150 * mm, 200 * mm
for r in range(2):
    for col in range(4):
        c.saveState()
        p = c.beginPath(); p.rect(10 * mm, 20 * mm, 166 * mm, 216 * mm); c.clipPath(p, stroke=0, fill=0)
        c.translate(13 * mm - col * step_x, 23 * mm + 210 * mm + r * step_y - 400 * mm)
        board()
        c.restoreState()
        c.showPage()
c.save()
FILL = {"w": (0.5, 0.7, 0.88), "f": (0.3, 0.54, 0.23), "h": (0.69, 0.63, 0.5), "p": (0.85, 0.91, 0.63)}
import yaml
items = yaml.safe_load(Path(sys.argv[1], "tiles.yaml").read_text())["items"]
c2 = Canvas(sys.argv[2] + ".tiles.pdf", pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=REG)
for sheet in range(0, 24, 6):
    for n, it in enumerate(items[sheet:sheet + 6]):
        x0, y0 = 20 * mm + (n % 2) * 86 * mm, 200 * mm - (n // 2) * 86 * mm
        for rr, row in enumerate(it["terrain"]):
            for cc, kind in enumerate(row.split()):
                if kind in FILL:
                    c2.setFillColorRGB(*FILL[kind])
                c2.rect(x0 + cc * 20 * mm, y0 + 60 * mm - rr * 20 * mm, 20 * mm, 20 * mm, stroke=1, fill=1 if kind in FILL else 0)
    c2.showPage()
    for n, it in enumerate(items[sheet:sheet + 6]):
        x0, y0 = W - (20 * mm + (n % 2 + 1) * 86 * mm), 200 * mm - (n // 2) * 86 * mm
        c2.setFillColorRGB(0.19, 0.19, 0.19)
        c2.rect(x0, y0, 80 * mm, 80 * mm, stroke=0, fill=1)
        c2.setFillColorRGB(1, 1, 1)
        c2.setFont(REG, 20)
        c2.drawCentredString(x0 + 40 * mm, y0 + 37 * mm, it["id"])
    c2.showPage()
c2.save()
took = time.perf_counter() - t
size = sum(Path(sys.argv[2] + ext).stat().st_size for ext in (".board.pdf", ".tiles.pdf"))
print(json.dumps({"seconds": took, "bytes": size, "pages": 16, "process": time.perf_counter() - T0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        game = make_game(folder)
        projs, loops = [], []
        for _ in range(RUNS):  # interleaved, so both sides see the same machine load
            projs.append(run(PROJECT, str(game), str(folder / "out")))
            loops.append(run(LOOP, str(game), str(folder / "loop")))
    proj = min(projs, key=lambda r: r["seconds"])
    loop = min(loops, key=lambda r: r["seconds"])
    proc_p = min(r["process"] for r in projs)
    proc_l = min(r["process"] for r in loops)
    print("workload: 600 x 400 mm hex board tiled on A4 + 24 double-sided 4x4 map tiles")
    for name, r in (("pnp build     ", proj), ("reportlab loop", loop)):
        print(
            f"{name}: {r['seconds']:.3f} s in-process  peak RSS {r['rss_mb']:.1f} MB  "
            f"{r['bytes']:,} bytes  {r['pages']} pages"
        )
    print(f"whole process : pnp {proc_p:.3f} s, loop {proc_l:.3f} s (start-up included)")
    print(f"ratio in-process pnp/loop : {proj['seconds'] / loop['seconds']:.2f}")
    print(f"ratio whole process       : {proc_p / proc_l:.2f}")


if __name__ == "__main__":
    main()
