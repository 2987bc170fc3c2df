"""Every PDF the shipped games build: fonts embedded, sizes from the crop marks, backs behind
fronts, a 50 mm scale bar on each sheet.

The sample fixture's tests check each of these in detail; this sweep holds the real content to
the same standard, so a game whose layout or sheet settings break a print rule is caught.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.loader import find_games, load_game
from generator.faces.expand import trim_size
from generator.layout.impose import MARK_OFFSET, SCALE_BAR
from generator.pipeline.check import plan
from generator.pipeline.options import BuildOptions

from . import pdfcheck
from .helpers import ShippedBuild
from .pdfcheck import MM

ROOT = Path(__file__).resolve().parent.parent
GAMES = [p.name for p in find_games(ROOT / "content")]


@pytest.fixture(scope="module")
def built(shipped: ShippedBuild) -> dict[str, list]:
    """Every shipped game built by ``build_game`` with the default options (shared per run)."""
    return {name: shipped.results(name) for name in GAMES}


def _cut_lines(pdf: Path, page: int) -> tuple[list[float], list[float]]:
    bleed = pdfcheck.boxes(pdf, page)["bleedbox"]
    segs = pdfcheck.segments(pdf, page)
    near = MARK_OFFSET
    xs = sorted(
        {
            round(x1, 4)
            for x1, y1, x2, y2 in segs
            if x1 == x2 and min(abs(y1 - bleed[3] - near), abs(y1 - bleed[1] + near)) < 1e-3
        }
    )
    ys = sorted(
        {
            round(y1, 4)
            for x1, y1, x2, y2 in segs
            if y1 == y2 and min(abs(x1 - bleed[0] + near), abs(x1 - bleed[2] - near)) < 1e-3
        }
    )
    return xs, ys


SHIPPED = {"barons-of-fyn", "five-armies", "manoeuvre", "maquis", "pocket-battles", "ragnarok"}


def test_the_six_shipped_games_each_print_components(built: dict[str, list]) -> None:
    # a game added to content/ joins the checks below; the six shipped ones must stay
    assert set(GAMES) >= SHIPPED
    assert all(built[name] for name in SHIPPED)


@pytest.mark.parametrize("game", GAMES)
def test_every_component_pdf_meets_the_print_rules(game: str, built: dict[str, list]) -> None:
    loaded = load_game(ROOT / "content" / game)
    for result in built[game]:
        pdf = result.path
        component = loaded.component(result.component)
        tw, th, _ = trim_size(component)
        imp, sheet = plan(loaded, component, BuildOptions())
        fonts = pdfcheck.fonts(pdf)
        assert fonts and all(embedded for _, embedded in fonts), (pdf, fonts)
        tiled = False
        if hasattr(imp, "imposition"):  # a board: whole in one slot, or tiles (own tests)
            tiled = len(imp.tiles) > 1
            imp = imp.imposition
        if sheet.crop_marks and not tiled:
            xs, ys = _cut_lines(pdf, 0)
            widths = [b - a for a, b in zip(xs, xs[1:], strict=False)]
            heights = [b - a for a, b in zip(ys, ys[1:], strict=False)]
            assert any(abs(w - tw) < 0.02 * MM for w in widths), (pdf, widths, tw)
            assert any(abs(h - th) < 0.02 * MM for h in heights), (pdf, heights, th)
        for page in range(pdfcheck.page_count(pdf)):
            if tiled and not pdfcheck.placements(pdf, page):
                continue  # a tiled board's assembly page
            bars = [r for r in pdfcheck.rects(pdf, page) if abs(r[2] - SCALE_BAR) < 0.01 * MM]
            assert bars, (pdf, page)
        if not tiled and imp.duplex == "long" and pdfcheck.page_count(pdf) >= 2:
            media = pdfcheck.boxes(pdf, 0)["mediabox"]
            width, height = media[2], media[3]
            fronts, backs = pdfcheck.placements(pdf, 0), pdfcheck.placements(pdf, 1)
            assert len(fronts) == len(backs) > 0
            # flipped on the long edge, a portrait sheet turns about its vertical axis and a
            # landscape sheet about its horizontal one: each back lies at its front's mirror
            for fx, fy in fronts:
                mx, my = (width - fx - tw, fy) if width < height else (fx, height - fy - th)
                assert any(
                    abs(bx - mx) < 0.05 * MM and abs(by - my) < 0.05 * MM for bx, by in backs
                ), (pdf, fx, fy)
