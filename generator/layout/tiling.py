"""Splitting a board larger than the paper into tiles, and imposing the tiles like cards.

Plain geometry in points, no drawing. A board of ``W x H`` is cut into ``cols x rows`` tiles
of equal visible size; every tile but the last of its row carries a glue strip of ``overlap``
on its right, and every tile but those of the last row one along its bottom, which the next
tile covers. The tiles (strips included) are then imposed by :func:`impose`, so a long thin
ruler's strips share a sheet while a large board's tiles take one sheet each. A board that fits
the paper whole is one tile with no strip.
"""

from __future__ import annotations

import math

import msgspec

from ..locale import _
from .impose import BAND, MARK_MIN, MARK_OFFSET, PAPERS, DoesNotFit, Imposition, impose
from .units import MM


class Tile(msgspec.Struct, frozen=True):
    """One tile: the part of the board it shows (board coordinates, y down, strips included)."""

    row: int
    col: int
    x0: float
    y0: float
    w: float
    h: float
    strip_right: float  # glue strip width on the right (0 on the last column)
    strip_bottom: float  # glue strip height along the bottom (0 on the last row)

    def name(self) -> str:
        """``A1`` for the top-left tile: row letter, column number."""
        return f"{_letters(self.row)}{self.col + 1}"


class Tiling(msgspec.Struct, frozen=True):
    """How one board is split and where its tiles go on the sheets."""

    board_w: float
    board_h: float
    cols: int
    rows: int
    step_x: float  # visible width of every tile (the last one in a row is exactly this wide)
    step_y: float
    overlap: float
    tiles: tuple[Tile, ...]
    imposition: Imposition  # slots of size (step_x + overlap) x (step_y + overlap), or the board

    @property
    def count(self) -> int:
        """How many tiles the board is printed on."""
        return len(self.tiles)

    def last_name(self) -> str:
        """The name printed on the last tile (``A1`` ... ``C4``)."""
        return self.tiles[-1].name()

    def describe(self) -> str:
        """One line for the build summary: paper, orientation and the tile grid."""
        imp = self.imposition
        where = f"{imp.paper} {imp.orientation}"
        if self.count == 1:
            return f"whole on {where}"
        return (
            f"{self.count} tiles ({self.cols}x{self.rows}, {imp.per_page} per sheet) on {where}, "
            f"{self.overlap / MM:.0f} mm glue strips"
        )


def _letters(n: int) -> str:
    out = ""
    while True:
        out = chr(ord("A") + n % 26) + out
        n = n // 26 - 1
        if n < 0:
            return out


def largest_item(
    paper: str, orientation: str, bleed: float, margin: float, crop_marks: bool
) -> tuple[float, float]:
    """The largest trim (width, height) that :func:`impose` fits one to a sheet."""
    pw, ph = PAPERS[paper]
    if orientation == "landscape":
        pw, ph = ph, pw
    edge = margin + (MARK_OFFSET + MARK_MIN if crop_marks else 0.0)
    return pw - 2 * edge - 2 * bleed - 1e-3, ph - 2 * edge - BAND - 2 * bleed - 1e-3


def _split(length: float, most: float, overlap: float) -> int | None:
    if length <= most:
        return 1
    if most - overlap <= 1 * MM:
        return None
    return math.ceil(length / (most - overlap) - 1e-9)


def tile_board(
    board_w: float,
    board_h: float,
    *,
    paper: str = "A4",
    orientation: str = "auto",
    bleed: float = 3 * MM,
    margin: float = 4 * MM,
    crop_marks: bool = True,
    overlap: float = 10 * MM,
    max_tiles: int = 64,
) -> Tiling:
    """The tiling with the fewest tiles (then sheets), preferring portrait; DoesNotFit otherwise."""
    orientations = ["portrait", "landscape"] if orientation == "auto" else [orientation]
    best: Tiling | None = None
    fewest: int | None = None
    for orient in orientations:
        most_w, most_h = largest_item(paper, orient, bleed, margin, crop_marks)
        cols, rows = _split(board_w, most_w, overlap), _split(board_h, most_h, overlap)
        if cols is None or rows is None:
            continue
        fewest = cols * rows if fewest is None else min(fewest, cols * rows)
        if cols * rows > max_tiles:
            continue
        cand = _tiling(
            board_w, board_h, cols, rows, overlap, paper, orient, bleed, margin, crop_marks
        )
        if cand is None:
            continue
        if best is None or (cand.count, _sheets(cand)) < (best.count, _sheets(best)):
            best = cand
    if best is None:
        size = f"{board_w / MM:.0f} x {board_h / MM:.0f} mm"
        if fewest is not None:
            raise DoesNotFit(
                _(
                    "a {size} board needs {count} tiles on {paper}, more than board.max_tiles "
                    "({most}); raise max_tiles or choose a larger paper (A3, Tabloid)"
                ).format(size=size, count=fewest, paper=paper, most=max_tiles)
            )
        raise DoesNotFit(
            _(
                "a {size} board cannot be tiled on {paper}: the {overlap} mm overlap leaves "
                "no room inside the margins and bleed; use a smaller overlap, bleed or margin"
            ).format(size=size, paper=paper, overlap=f"{overlap / MM:.0f}")
        )
    return best


def _sheets(t: Tiling) -> int:
    return -(-t.count // t.imposition.per_page)


def _tiling(
    board_w: float,
    board_h: float,
    cols: int,
    rows: int,
    overlap: float,
    paper: str,
    orientation: str,
    bleed: float,
    margin: float,
    crop_marks: bool,
) -> Tiling | None:
    step_x, step_y = board_w / cols, board_h / rows
    ov_x = overlap if cols > 1 else 0.0
    ov_y = overlap if rows > 1 else 0.0
    try:
        imp = impose(
            step_x + ov_x,
            step_y + ov_y,
            paper=paper,
            orientation=orientation,
            bleed=bleed,
            margin=margin,
            crop_marks=crop_marks,
            duplex="none",
            packing="bleed",
        )
    except DoesNotFit:
        return None
    tiles = []
    for r in range(rows):
        for c in range(cols):
            sr = ov_x if c < cols - 1 else 0.0
            sb = ov_y if r < rows - 1 else 0.0
            tiles.append(Tile(r, c, c * step_x, r * step_y, step_x + sr, step_y + sb, sr, sb))
    return Tiling(board_w, board_h, cols, rows, step_x, step_y, overlap, tuple(tiles), imp)
