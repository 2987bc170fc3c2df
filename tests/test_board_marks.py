"""A tiled board's alignment triangles stay off its spaces once the tiles are glued.

The fixture board (tests/fixtures/board_marks) prints as 2 x 2 tiles on A4 with a red space
across the vertical seam, where a triangle at a quarter of the joined edge would print.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from .helpers import ROOT, pnp


def test_no_triangle_prints_inside_a_space(tmp_path: Path) -> None:
    done = pnp(
        "build",
        "spaces",
        "--content",
        str(ROOT / "tests/fixtures/board_marks"),
        "--out",
        str(tmp_path),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    pdf = pdfium.PdfDocument(str(tmp_path / "spaces" / "map.pdf"))
    seen = 0
    for page in range(len(pdf)):
        image = pdf[page].render(scale=3).to_pil().convert("RGB")
        px = image.load()
        w, h = image.size
        red = [
            (x, y)
            for x in range(0, w, 2)
            for y in range(0, h, 2)
            if px[x, y][0] > 200 and px[x, y][1] < 60 and px[x, y][2] < 60
        ]
        if not red:
            continue
        seen += 1
        x0, x1 = min(x for x, _ in red), max(x for x, _ in red)
        y0, y1 = min(y for _, y in red), max(y for _, y in red)
        dark = [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1) if sum(px[x, y]) < 150]
        assert not dark, f"page {page + 1}: a triangle inside the space"
    assert seen == 2  # the space shows on both tiles of the seam
