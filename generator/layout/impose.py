"""Sheet imposition: where each item's front and back land on the paper.

Plain geometry in PDF points (origin bottom-left, y up), no drawing. ``impose`` tries each
allowed orientation and packing and keeps the densest: ``bleed`` gives every item its own
bleed (safer cuts), ``butted`` shares cut lines between neighbours and keeps bleed only on the
grid's outside (PRINT.md: poker cards fit 3 x 3 on A4 only this way). Backs are mirrored
exactly across the flip axis (long edge: columns; short edge: rows) or across the fold line
for gutter-fold sheets, so a back lands behind its front to floating-point precision.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

import msgspec

from ..locale import N_, NC_, _, translation
from . import presets
from .units import MM

PAPERS: dict[str, tuple[float, float]] = presets.papers()  # templates/presets.yaml
MARK_OFFSET = 0.75 * MM  # gap between the bleed edge and a crop mark
MARK_MIN = 2.0 * MM  # shorter marks are not drawn
MARK_MAX = 5.0 * MM
BAND = 7.0 * MM  # strip for the sheet label and the scale bar
SCALE_BAR = 50 * MM

Packing = Literal["bleed", "butted"]


class Rect(msgspec.Struct, frozen=True):
    """A rectangle in points: lower-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """The y of the top edge."""
        return self.y + self.h


class Slot(msgspec.Struct, frozen=True, dict=True):
    """One position on a sheet: the trim rectangle and how far art extends past each edge."""

    trim: Rect
    bleed_left: float
    bleed_right: float
    bleed_bottom: float
    bleed_top: float
    row: int
    col: int

    @cached_property
    def art(self) -> Rect:
        """The rectangle the art covers: the trim plus the bleed on each side."""
        t = self.trim
        return Rect(
            t.x - self.bleed_left,
            t.y - self.bleed_bottom,
            t.w + self.bleed_left + self.bleed_right,
            t.h + self.bleed_bottom + self.bleed_top,
        )


class Imposition(msgspec.Struct, frozen=True):
    """The chosen packing for one component: page size, front slots and their mirrored back slots."""

    paper: str
    orientation: str
    page_w: float
    page_h: float
    packing: Packing
    duplex: str
    cols: int
    rows: int
    fronts: tuple[Slot, ...]
    backs: tuple[
        Slot, ...
    ]  # same order as fronts; on the back page, or on the same page when folding
    band: Rect  # where the label and scale bar go (front page)
    back_band: Rect
    fold_line: tuple[float, float, float, float] | None
    grid: Rect  # outer trim of the front grid

    @property
    def per_page(self) -> int:
        """How many items fit on one sheet."""
        return len(self.fronts)

    def describe(self, lang: str = "en") -> str:
        """The imposition in words of ``lang``, e.g. "3x3 on A4 portrait (own bleed)"."""
        t = translation(lang)
        fold = self.duplex == "fold"
        how = t.gettext(_PACKING[(self.packing == "butted", fold)])
        return t.gettext("{cols}x{rows} on {paper} {orientation} ({packing})").format(
            cols=self.cols,
            rows=self.rows,
            paper=t.pgettext("paper size", self.paper),
            orientation=t.gettext(self.orientation),
            packing=how,
        )


# the papers whose names are words, marked for the catalogues (A3 and A4 print as they are)
_PAPER_NAMES = (NC_("paper size", "Letter"), NC_("paper size", "Tabloid"))

# how the items are packed, by (shared cut lines, gutter-fold); the words of describe()
_PACKING: dict[tuple[bool, bool], str] = {
    (True, False): N_("shared cut lines"),
    (False, False): N_("own bleed"),
    (True, True): N_("shared cut lines, gutter-fold"),
    (False, True): N_("own bleed, gutter-fold"),
}
# the orientations, marked for the catalogue (describe() translates the value)
_ORIENTATIONS = (N_("portrait"), N_("landscape"))


class DoesNotFit(ValueError):
    """The item (with bleed) is larger than the printable area of the paper."""


def _grid(
    n_w: float, n_h: float, trim_w: float, trim_h: float, bleed: float, gap: float, packing: Packing
) -> tuple[int, int]:
    if packing == "butted":
        cols = int((n_w - 2 * bleed + 1e-6) // trim_w)
        rows = int((n_h - 2 * bleed + 1e-6) // trim_h)
    else:
        cols = int((n_w + gap + 1e-6) // (trim_w + 2 * bleed + gap))
        rows = int((n_h + gap + 1e-6) // (trim_h + 2 * bleed + gap))
    return max(cols, 0), max(rows, 0)


def _slots(
    x0: float,
    y_top: float,
    cols: int,
    rows: int,
    trim_w: float,
    trim_h: float,
    bleed: float,
    gap: float,
    packing: Packing,
) -> list[Slot]:
    out: list[Slot] = []
    pitch_x = trim_w if packing == "butted" else trim_w + 2 * bleed + gap
    pitch_y = trim_h if packing == "butted" else trim_h + 2 * bleed + gap
    for r in range(rows):
        for c in range(cols):
            x = x0 + bleed + c * pitch_x
            y = y_top - bleed - (r + 1) * pitch_y + (0 if packing == "butted" else bleed + gap)
            if packing == "butted":
                left = bleed if c == 0 else 0.0
                right = bleed if c == cols - 1 else 0.0
                top = bleed if r == 0 else 0.0
                bottom = bleed if r == rows - 1 else 0.0
            else:
                left = right = top = bottom = bleed
            out.append(Slot(Rect(x, y, trim_w, trim_h), left, right, bottom, top, r, c))
    return out


def _mirror(slot: Slot, page_w: float, page_h: float, axis: str, fold: float = 0.0) -> Slot:
    t = slot.trim
    if axis == "x":  # long-edge flip: columns mirrored
        return Slot(
            Rect(page_w - t.right, t.y, t.w, t.h),
            slot.bleed_right,
            slot.bleed_left,
            slot.bleed_bottom,
            slot.bleed_top,
            slot.row,
            slot.col,
        )
    if axis == "y":  # short-edge flip: rows mirrored
        return Slot(
            Rect(t.x, page_h - t.top, t.w, t.h),
            slot.bleed_left,
            slot.bleed_right,
            slot.bleed_top,
            slot.bleed_bottom,
            slot.row,
            slot.col,
        )
    # gutter fold about the vertical line x = fold
    return Slot(
        Rect(2 * fold - t.right, t.y, t.w, t.h),
        slot.bleed_right,
        slot.bleed_left,
        slot.bleed_bottom,
        slot.bleed_top,
        slot.row,
        slot.col,
    )


def flip_axis(duplex: str, orientation: str) -> str:
    """The page axis a back is mirrored across: x mirrors columns, y mirrors rows.

    Flipping on the paper's long edge turns a portrait sheet about its vertical axis (columns
    swap) but a landscape sheet about its horizontal one (rows swap); the short edge the other
    way round. A gutter fold mirrors about the fold line.
    """
    if duplex == "fold":
        return "fold"
    long_axis = "x" if orientation == "portrait" else "y"
    if duplex == "short":
        return "y" if long_axis == "x" else "x"
    return long_axis


def _candidate(
    paper: str,
    orientation: str,
    trim_w: float,
    trim_h: float,
    bleed: float,
    gap: float,
    margin: float,
    marks: bool,
    packing: Packing,
    duplex: str,
) -> Imposition | None:
    pw, ph = PAPERS[paper]
    if orientation == "landscape":
        pw, ph = ph, pw
    edge = margin + (MARK_OFFSET + MARK_MIN if marks else 0.0)
    avail_w = pw - 2 * edge
    avail_h = ph - 2 * edge - BAND
    fold_x = None
    if duplex == "fold":
        avail_w = pw / 2 - edge - (MARK_OFFSET + MARK_MIN if marks else 2 * MM)
    cols, rows = _grid(avail_w, avail_h, trim_w, trim_h, bleed, gap, packing)
    if cols < 1 or rows < 1:
        return None
    if packing == "butted":
        grid_w, grid_h = cols * trim_w + 2 * bleed, rows * trim_h + 2 * bleed
    else:
        grid_w = cols * (trim_w + 2 * bleed) + (cols - 1) * gap
        grid_h = rows * (trim_h + 2 * bleed) + (rows - 1) * gap
    if duplex == "fold":
        fold_x = pw / 2
        x0 = fold_x - (MARK_OFFSET + MARK_MIN if marks else 2 * MM) - grid_w
    else:
        x0 = (pw - grid_w) / 2
    y_top = edge + BAND + (avail_h - grid_h) / 2 + grid_h  # centred above the label band
    fronts = _slots(x0, y_top, cols, rows, trim_w, trim_h, bleed, gap, packing)
    axis = flip_axis(duplex, orientation)
    backs = [_mirror(s, pw, ph, axis, fold_x or 0.0) for s in fronts]
    band = Rect(margin, margin, pw - 2 * margin, BAND - 1 * MM)
    back_band = Rect(margin, ph - margin - band.h, band.w, band.h) if axis == "y" else band
    grid = Rect(
        min(s.trim.x for s in fronts),
        min(s.trim.y for s in fronts),
        max(s.trim.right for s in fronts) - min(s.trim.x for s in fronts),
        max(s.trim.top for s in fronts) - min(s.trim.y for s in fronts),
    )
    fold_line = (fold_x, margin, fold_x, ph - margin) if fold_x is not None else None
    return Imposition(
        paper,
        orientation,
        pw,
        ph,
        packing,
        duplex,
        cols,
        rows,
        tuple(fronts),
        tuple(backs),
        band,
        back_band,
        fold_line,
        grid,
    )


def impose(
    trim_w: float,
    trim_h: float,
    *,
    paper: str = "A4",
    orientation: str = "auto",
    bleed: float = 3 * MM,
    gap: float = 0.0,
    margin: float = 4 * MM,
    crop_marks: bool = True,
    duplex: str = "long",
    packing: str = "auto",
) -> Imposition:
    """The densest packing of ``trim_w`` x ``trim_h`` items allowed by the options.

    Ties prefer items with their own bleed, then portrait. Raises DoesNotFit when nothing fits.
    """
    orientations = ["portrait", "landscape"] if orientation == "auto" else [orientation]
    packings: list[Packing] = ["bleed", "butted"] if packing == "auto" else [packing]  # type: ignore[list-item]
    if gap > 0 and packing == "auto":
        packings = ["bleed"]
    best: Imposition | None = None
    for orient in orientations:
        for pack in packings:
            cand = _candidate(
                paper, orient, trim_w, trim_h, bleed, gap, margin, crop_marks, pack, duplex
            )
            if cand is not None and (best is None or cand.per_page > best.per_page):
                best = cand
    if best is None:
        pw, ph = PAPERS[paper]
        raise DoesNotFit(
            _(
                "a {width} x {height} mm item with {bleed} mm bleed does not fit on "
                "{paper} ({paper_width} x {paper_height} mm) inside a {margin} mm margin"
            ).format(
                width=f"{trim_w / MM:.1f}",
                height=f"{trim_h / MM:.1f}",
                bleed=f"{bleed / MM:.1f}",
                paper=paper,
                paper_width=f"{pw / MM:.0f}",
                paper_height=f"{ph / MM:.0f}",
                margin=f"{margin / MM:.1f}",
            )
        )
    return best


def sheet_slots(imp: Imposition, n: int, bleed: float) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
    """Front and back slots of a sheet holding ``n`` items.

    On a partly filled sheet of butted items, an edge whose neighbour slot stays empty gets the
    full bleed back, so no printed item has an edge without bleed and without a neighbour.
    """
    fronts = imp.fronts[:n]
    if n == len(imp.fronts) or imp.packing != "butted":
        return fronts, imp.backs[:n]
    used = {(s.row, s.col) for s in fronts}
    out: list[Slot] = []
    for s in fronts:
        r, c = s.row, s.col
        out.append(
            Slot(
                s.trim,
                s.bleed_left if (r, c - 1) in used else bleed,
                s.bleed_right if (r, c + 1) in used else bleed,
                s.bleed_bottom if (r + 1, c) in used else bleed,
                s.bleed_top if (r - 1, c) in used else bleed,
                r,
                c,
            )
        )
    axis = flip_axis(imp.duplex, imp.orientation)
    fold = imp.fold_line[0] if imp.fold_line else 0.0
    backs = tuple(_mirror(s, imp.page_w, imp.page_h, axis, fold) for s in out)
    return tuple(out), backs


def cut_lines(imp: Imposition, slots: tuple[Slot, ...]) -> tuple[list[float], list[float]]:
    """Distinct x positions of vertical cuts and y positions of horizontal cuts for ``slots``."""
    xs = sorted({round(v, 4) for s in slots for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 4) for s in slots for v in (s.trim.y, s.trim.top)})
    return xs, ys
