"""The hand-written reportlab loops that bench/build.py runs beside pnp.

Each is the source of a script run in a fresh interpreter with the game folder and the PDF to
write as arguments. It imports reportlab and loads the same shipped fonts pnp embeds, reads the
items before its clock starts, draws the same sheets (fronts, mirrored backs, crop marks) and
prints its drawing time, the file's size and pages, and its peak memory as one JSON line.
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
# argv[3]: how many decks (cards0.yaml ...), each drawn into its own file as pnp writes them
copies = int(sys.argv[3]) if len(sys.argv) > 3 else 1
names = ["cards"] if copies == 1 else [f"cards{k}" for k in range(copies)]
decks = [
    yaml.load(Path(sys.argv[1], f"{name}.yaml").read_text(), Loader=yaml.CSafeLoader)["items"]
    for name in names
]
t, cpu = time.perf_counter(), time.process_time()
W, H = 210 * mm, 297 * mm
cw, ch, bleed = 63.5 * mm, 88.9 * mm, 3 * mm
x0, y0 = (W - 3 * cw) / 2, (H - 3 * ch) / 2 + 3 * mm

def one_file(path, items):
    c = Canvas(path, pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=REG)

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
    return c.getPageNumber() - 1

paths = [Path(sys.argv[2]).with_suffix(f".{name}.pdf") for name in names]
pages = sum(one_file(str(p), items) for p, items in zip(paths, decks))
took, cpu = time.perf_counter() - t, time.process_time() - cpu
print(json.dumps({"seconds": took, "cpu": cpu, "bytes": sum(p.stat().st_size for p in paths), "pages": pages, "process": time.perf_counter() - T0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


LOOP_COUNTERS = """
import resource, sys, time
from pathlib import Path
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.units import mm
rl_config.useA85 = 0
from generator.render import fonts
fonts.ensure_builtin()
REG, BOLD = fonts.face("sans").name, fonts.face("sans", "bold").name
import yaml
items = yaml.load(Path(sys.argv[1], "counters.yaml").read_text(), Loader=yaml.CSafeLoader)["items"]
t, cpu = time.perf_counter(), time.process_time()
W, H = 210 * mm, 297 * mm
cw = 15.875 * mm
cols, rows, bleed = 12, 17, 3 * mm
x0, y0 = (W - cols * cw) / 2, (H - rows * cw) / 2
c = Canvas(sys.argv[2], pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=REG)

def rgb(h):
    return int(h[1:3], 16) / 255, int(h[3:5], 16) / 255, int(h[5:7], 16) / 255

def marks(n):
    c.setLineWidth(0.25)
    used = -(-n // cols)
    for k in range(cols + 1):
        x = x0 + k * cw
        c.line(x, y0 + rows * cw + bleed + 0.75 * mm, x, y0 + rows * cw + bleed + 4 * mm)
    for k in range(used + 1):
        y = y0 + (rows - k) * cw
        c.line(x0 - bleed - 0.75 * mm, y, x0 - bleed - 4 * mm, y)
        c.line(x0 + cols * cw + bleed + 0.75 * mm, y, x0 + cols * cw + bleed + 4 * mm, y)

per = cols * rows
for s in range(0, len(items), per):
    chunk = items[s:s + per]
    for n, it in enumerate(chunk):
        x, y = x0 + (n % cols) * cw, y0 + (rows - 1 - n // cols) * cw
        c.setFillColorRGB(*rgb(it["color"]))
        c.rect(x, y, cw, cw, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(REG, 6)
        c.drawCentredString(x + cw / 2, y + cw - 1 * mm - 6, it["name"])
        c.setFont(BOLD, 18)
        c.drawCentredString(x + cw / 2, y + 2 * mm, str(it["value"]))
    marks(len(chunk))
    c.showPage()
    for n in range(len(chunk)):
        x, y = W - (x0 + (n % cols + 1) * cw), y0 + (rows - 1 - n // cols) * cw
        c.setFillColorRGB(0.25, 0.25, 0.25)
        c.rect(x, y, cw, cw, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.setFont(BOLD, 9)
        c.drawCentredString(x + cw / 2, y + 6 * mm, "PNP")
    marks(len(chunk))
    c.showPage()
c.save()
took, cpu = time.perf_counter() - t, time.process_time() - cpu
print(json.dumps({"seconds": took, "cpu": cpu, "bytes": Path(sys.argv[2]).stat().st_size, "pages": c.getPageNumber() - 1, "process": time.perf_counter() - T0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

__all__ = ["LOOP", "LOOP_COUNTERS"]
