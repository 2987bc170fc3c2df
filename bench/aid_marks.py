"""Measure player-aid sheets as a print shop would: page boxes, crop marks, scale bar.

For every paper of the shared presets, both orientations and both aid card sizes, builds a full
sheet of the aids of one shipped game (repeated to fill it) and prints, read back from the PDF (pypdf): the card grid against the
TrimBox and BleedBox, the closest a crop mark comes to the paper's edge, and the closest a
mark comes to the scale bar (its 50 mm bar and end ticks).

    python bench/aid_marks.py [content/GAME]
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.layout.impose import PAPERS  # noqa: E402
from generator.pipeline.rules import load_sheets  # noqa: E402
from generator.render.rules_aids import CARD_SIZES, aid_imposition, render_aids  # noqa: E402
from tests.pdfcheck import MM, boxes, rects, segments  # noqa: E402


def _gap(seg: tuple[float, float, float, float], box: tuple[float, float, float, float]) -> float:
    x1, y1, x2, y2 = seg
    dx = max(box[0] - max(x1, x2), min(x1, x2) - box[2], 0.0)
    dy = max(box[1] - max(y1, y2), min(y1, y2) - box[3], 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


def main() -> None:
    game = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "content" / "five-armies"
    sheet = load_sheets(game, ["en"])["en"]
    aids = [s for s in sheet.sections if s.aid]
    print(
        f"{'paper':8} {'orient':9} {'size':6} {'grid':4} trim=grid bleed=trim  mark-edge  mark-bar"
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "aids.pdf"
        for paper in PAPERS:
            for orientation in ("portrait", "landscape"):
                for size in CARD_SIZES:
                    imp = aid_imposition(size, paper, orientation)
                    full = replace(
                        sheet, sections=tuple(aids[n % len(aids)] for n in range(imp.per_page))
                    )
                    path.write_bytes(render_aids(full, size, paper, orientation))
                    b = boxes(path, 0)
                    x0, y0, x1, y1 = b["trimbox"]
                    pw, ph = b["mediabox"][2], b["mediabox"][3]
                    used = list(imp.fronts)
                    grid = (
                        min(s.trim.x for s in used),
                        min(s.trim.y for s in used),
                        max(s.trim.right for s in used),
                        max(s.trim.top for s in used),
                    )
                    trim_err = max(abs(a - c) for a, c in zip(b["trimbox"], grid, strict=True))
                    bleed_err = max(
                        abs(a - c) for a, c in zip(b["bleedbox"], b["trimbox"], strict=True)
                    )
                    bar = next(r for r in rects(path, 0) if abs(r[2] - 50 * MM) < 0.01)
                    bar_box = (bar[0], bar[1], bar[0] + bar[2], bar[1] + 2 * MM)
                    marks = [
                        s
                        for s in segments(path, 0)
                        if not (x0 < min(s[0], s[2]) and max(s[0], s[2]) < x1)
                        or not (y0 < min(s[1], s[3]) and max(s[1], s[3]) < y1)
                    ]
                    marks = [s for s in marks if abs(s[1] - bar[1]) > 0.01]  # not the bar's ticks
                    edge = min(min(s[0], s[1], s[2], s[3], pw - max(s[0], s[2])) for s in marks)
                    edge = min(edge, min(ph - max(s[1], s[3]) for s in marks))
                    to_bar = min(_gap(s, bar_box) for s in marks)
                    print(
                        f"{paper:8} {orientation:9} {size:6} {imp.cols}x{imp.rows:<2} "
                        f"{trim_err / MM:8.4f}mm {bleed_err / MM:8.4f}mm "
                        f"{edge / MM:8.2f}mm {to_bar / MM:8.2f}mm"
                    )


if __name__ == "__main__":
    main()
