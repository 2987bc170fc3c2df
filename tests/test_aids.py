"""Player-aid sheets, measured in the written PDFs on every paper and orientation.

The aids go through the same imposition engine as every component: TrimBox and BleedBox are
the card grid (not the page), every crop mark sits on a cut line, outside the cards and at
least the engine's margin from the paper's edge, nothing is printed in that margin, and the
scale bar keeps clear of every mark. Aid cards are single-sided: no back pages.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.layout.impose import PAPERS
from generator.pipeline.rules import load_sheets
from generator.render.rules_aids import CARD_SIZES, aid_imposition, render_aids

from .pdfcheck import MM, boxes, page_count, rects, segments

GAME = Path(__file__).resolve().parent.parent / "content" / "five-armies"
EDGE = 3.0 * MM  # nothing printed this close to the paper's edge
TOL = 0.01  # points


@pytest.fixture(scope="module")
def sheet():  # type: ignore[no-untyped-def]
    return load_sheets(GAME, ["en"])["en"]


def _scale_bar(path: Path, page: int) -> tuple[float, float, float, float]:
    """The filled 50 mm bar (x0, y0, x1, y1), extended to the top of its end ticks."""
    bars = [r for r in rects(path, page) if abs(r[2] - 50 * MM) < 0.01]
    assert len(bars) == 1, bars
    x, y, w, h = bars[0]
    return x, y, x + w, y + 2.0 * MM


def _distance(seg: tuple[float, float, float, float], box: tuple[float, ...]) -> float:
    """Shortest distance between an axis-parallel segment and a rectangle (0 if they touch)."""
    x1, y1, x2, y2 = seg
    dx = max(box[0] - max(x1, x2), min(x1, x2) - box[2], 0.0)
    dy = max(box[1] - max(y1, y2), min(y1, y2) - box[3], 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


def _tick(seg: tuple[float, float, float, float], bar: tuple[float, ...]) -> bool:
    """Whether a segment is one of the scale bar's six 10 mm ticks."""
    starts = [(bar[0] + k * 10 * MM, bar[1]) for k in range(6)]
    return any(abs(seg[0] - x) < 0.05 and abs(seg[1] - y) < 0.05 for x, y in starts)


def _inside(seg: tuple[float, float, float, float], box: tuple[float, ...]) -> bool:
    """Whether a segment lies inside a box (card content), rather than in the margin."""
    xs, ys = (seg[0], seg[2]), (seg[1], seg[3])
    inside_x = min(xs) > box[0] + TOL and max(xs) < box[2] - TOL
    inside_y = min(ys) > box[1] + TOL and max(ys) < box[3] - TOL
    return inside_x and inside_y


def _ink_near_edge(path: Path, page: int, edge: float) -> int:
    """Dark pixels within ``edge`` points of the paper's edge, rendered at 150 dpi."""
    doc = pdfium.PdfDocument(str(path))
    scale = 150 / 72
    img = doc[page].render(scale=scale, grayscale=True).to_pil()
    w, h = img.size
    band = int(edge * scale) - 1
    px = img.load()
    assert px is not None
    dark = 0
    for y in range(h):
        xs = range(w) if y < band or y >= h - band else [*range(band), *range(w - band, w)]
        dark += sum(1 for x in xs if px[x, y] < 160)  # type: ignore[operator]
    doc.close()
    return dark


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_aids_boxes_marks_and_scale_bar_on_every_paper(
    sheet, tmp_path: Path, paper: str, orientation: str, size: str
) -> None:  # type: ignore[no-untyped-def]
    imp = aid_imposition(size, paper, orientation)
    aids = [s for s in sheet.sections if s.aid]
    cards = imp.per_page + 1  # one full sheet (marks and bar closest) and one partly filled
    sheet = replace(sheet, sections=tuple(aids[n % len(aids)] for n in range(cards)))
    path = tmp_path / "aids.pdf"
    path.write_bytes(render_aids(sheet, size, paper, orientation))
    card_w, card_h = CARD_SIZES[size]
    pw, ph = PAPERS[paper] if orientation == "portrait" else PAPERS[paper][::-1]
    assert page_count(path) == 2  # single-sided: no back pages
    for page in range(page_count(path)):
        b = boxes(path, page)
        assert b["mediabox"] == pytest.approx((0, 0, pw, ph), abs=TOL)
        x0, y0, x1, y1 = b["trimbox"]
        assert b["bleedbox"] == pytest.approx(b["trimbox"], abs=TOL)  # aids have no bleed
        assert b["trimbox"] != pytest.approx(b["mediabox"], abs=1.0)
        cols, rows = round((x1 - x0) / card_w), round((y1 - y0) / card_h)
        assert (x1 - x0, y1 - y0) == pytest.approx((cols * card_w, rows * card_h), abs=TOL)
        assert 1 <= cols * rows <= imp.per_page
        assert min(x0, y0, pw - x1, ph - y1) >= EDGE
        bar = _scale_bar(path, page)
        marks = [
            s for s in segments(path, page) if not _inside(s, b["trimbox"]) and not _tick(s, bar)
        ]
        assert marks, "no crop marks"
        cuts_x = [x0 + k * card_w for k in range(cols + 1)]
        cuts_y = [y0 + k * card_h for k in range(rows + 1)]
        for seg in marks:
            mx1, my1, mx2, my2 = seg
            for v in (mx1, mx2):
                assert EDGE <= v <= pw - EDGE, seg
            for v in (my1, my2):
                assert EDGE <= v <= ph - EDGE, seg
            assert mx1 == mx2 or my1 == my2, seg
            if mx1 == mx2:  # vertical mark: on a vertical cut line, above or below the grid
                assert any(abs(mx1 - c) < TOL for c in cuts_x), seg
                assert min(my1, my2) >= y1 - TOL or max(my1, my2) <= y0 + TOL, seg
            else:
                assert any(abs(my1 - c) < TOL for c in cuts_y), seg
                assert min(mx1, mx2) >= x1 - TOL or max(mx1, mx2) <= x0 + TOL, seg
            assert _distance(seg, bar) >= 0.5 * MM, (seg, bar)
        assert _ink_near_edge(path, page, EDGE) == 0


def test_aid_sheet_through_the_cli_on_letter_keeps_marks_off_the_edge(
    tmp_path: Path,
) -> None:
    from click.testing import CliRunner

    from generator.cli.app import cli

    result = CliRunner().invoke(
        cli,
        ["rules", "build", "five-armies", "--lang", "en", "--paper", "Letter"]
        + ["--out", str(tmp_path), "--content", str(GAME.parent)],
    )
    assert result.exit_code == 0, result.output
    aids = tmp_path / "five-armies" / "aids.en.pdf"
    marks = segments(aids, 0)
    closest = min(min(s[0], s[1], s[2], s[3]) for s in marks)
    b = boxes(aids, 0)
    far = min(b["mediabox"][2] - max(s[0], s[2]) for s in marks)
    assert min(closest, far) >= EDGE
    assert b["trimbox"] != b["mediabox"]
