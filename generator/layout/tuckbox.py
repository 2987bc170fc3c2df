"""Tuck boxes: the flat net of a glued box that holds one deck, and its place on a sheet.

:func:`tuck_box` sizes the box from the cards inside it: each face panel is a card plus
:data:`CLEARANCE`, each side as deep as the deck (the number of cards times the thickness of
one, from the card stock's preset) plus the same clearance. The net, left to right, is a glue
tab, the back, a side, the front and the other side; the back carries the lid and its tuck flap
above it and the bottom below it, the front a glue flap below it that the bottom is glued to,
each side a dust flap above and below. Edges two pieces share are score lines (folds); every
other edge is cut. :func:`place_box` puts the net on a paper in the orientation that fits,
leaving the sheet's margin and the band for its label and scale bar.

All lengths are points; the net's origin is its bottom-left corner.
"""

from __future__ import annotations

from typing import NamedTuple

from ..locale import _, pgettext
from .impose import BAND, PAPERS, SCALE_BAR, DoesNotFit
from .units import MM

CLEARANCE = 1.0 * MM  # room around the cards in every direction
GLUE = 8.0 * MM  # the glue tab's width
TUCK = 15.0 * MM  # the tuck flap's depth, at most
TAPER = 3.0 * MM  # how far a flap's free corners are cut in

Point = tuple[float, float]
Segment = tuple[float, float, float, float]


class Piece(NamedTuple):
    """One panel or flap: its role, its outline (counter-clockwise) and its bounding box."""

    role: str  # front, back, side, lid, tuck, bottom, glue, dust
    outline: tuple[Point, ...]
    x: float
    y: float
    w: float
    h: float


class TuckBox(NamedTuple):
    """A box's inside size, its pieces, and which edges are cut and which are folded."""

    width: float  # inside: card width plus clearance
    height: float  # inside: card height plus clearance
    depth: float  # inside: the deck's thickness plus clearance
    pieces: tuple[Piece, ...]
    cuts: tuple[Segment, ...]
    scores: tuple[Segment, ...]

    @property
    def size(self) -> tuple[float, float]:
        """The net's width and height."""
        xs = [p.x + p.w for p in self.pieces]
        ys = [p.y + p.h for p in self.pieces]
        return max(xs), max(ys)


def _rect(role: str, x: float, y: float, w: float, h: float) -> Piece:
    return Piece(role, ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), x, y, w, h)


def _flap(role: str, x: float, y: float, w: float, h: float, base: str, taper: float) -> Piece:
    """A flap whose ``base`` edge (bottom, top or right) lies on a panel, its free corners cut
    in by ``taper``."""
    t = min(taper, w / 3, h / 3)
    if base == "bottom":  # a flap above a panel
        pts = ((x, y), (x + w, y), (x + w - t, y + h), (x + t, y + h))
    elif base == "top":  # a flap below a panel
        pts = ((x + t, y), (x + w - t, y), (x + w, y + h), (x, y + h))
    else:  # "right": a flap left of a panel
        pts = ((x, y + t), (x + w, y), (x + w, y + h), (x, y + h - t))
    return Piece(role, pts, x, y, w, h)


def _key(a: Point, b: Point) -> Segment:
    p, q = sorted((a, b))
    return (round(p[0], 4), round(p[1], 4), round(q[0], 4), round(q[1], 4))


def tuck_box(
    card_w: float, card_h: float, count: int, thickness: float, clearance: float = CLEARANCE
) -> TuckBox:
    """The net of a box for ``count`` cards of ``card_w`` x ``card_h``, ``thickness`` each."""
    w, h = card_w + clearance, card_h + clearance
    d = count * thickness + clearance
    tuck = min(TUCK, 0.8 * w / 2, d + 5 * MM)
    dust = min(d, 0.75 * d + 5 * MM)
    x_back, x_side1 = GLUE, GLUE + w
    x_front, x_side2 = GLUE + w + d, GLUE + 2 * w + d
    y = d  # the body's bottom edge
    pieces = (
        _flap("glue", 0, y, GLUE, h, "right", TAPER),
        _rect("back", x_back, y, w, h),
        _rect("side", x_side1, y, d, h),
        _rect("front", x_front, y, w, h),
        _rect("side", x_side2, y, d, h),
        _rect("lid", x_back, y + h, w, d),
        _flap("tuck", x_back, y + h + d, w, tuck, "bottom", TAPER * 2),
        _rect("bottom", x_back, 0, w, d),
        _flap("glue", x_front, y - (d - 1 * MM), w, d - 1 * MM, "top", TAPER),
        _flap("dust", x_side1, y + h, d, dust, "bottom", TAPER),
        _flap("dust", x_side2, y + h, d, dust, "bottom", TAPER),
        _flap("dust", x_side1, y - dust, d, dust, "top", TAPER),
        _flap("dust", x_side2, y - dust, d, dust, "top", TAPER),
    )
    seen: dict[Segment, int] = {}
    for piece in pieces:
        pts = piece.outline
        for i, a in enumerate(pts):
            k = _key(a, pts[(i + 1) % len(pts)])
            seen[k] = seen.get(k, 0) + 1
    scores = tuple(sorted(k for k, n in seen.items() if n > 1))
    cuts = tuple(sorted(k for k, n in seen.items() if n == 1))
    return TuckBox(w, h, d, pieces, cuts, scores)


class Placement(NamedTuple):
    """Where a net goes: the page, its orientation, the net's bottom-left corner and the band
    (x, y, width) for the label and scale bar, below the net or in the waste above the front."""

    page_w: float
    page_h: float
    orientation: str
    x: float
    y: float
    band: tuple[float, float, float]


def _waste(box: TuckBox) -> tuple[float, float, float, float]:
    """The unused corner of the net above the front panel: (x, y, width, height)."""
    front = next(p for p in box.pieces if p.role == "front")
    top = box.size[1]
    return front.x, front.y + front.h, front.w, top - (front.y + front.h)


def _fit(box: TuckBox, paper: str, orientation: str, margin: float) -> Placement | None:
    """The net centred on ``paper``, or None when it fits in no orientation tried."""
    net_w, net_h = box.size
    pw, ph = PAPERS[paper]
    tried = ["portrait", "landscape"] if orientation == "auto" else [orientation]
    wx, wy, ww, wh = _waste(box)
    for below in (True, False):
        for orient in tried:
            page_w, page_h = (pw, ph) if orient == "portrait" else (ph, pw)
            room_w = page_w - 2 * margin
            room_h = page_h - 2 * margin - (BAND if below else 0)
            if net_w > room_w + 1e-6 or net_h > room_h + 1e-6:
                continue
            if not below and (ww < SCALE_BAR + 2 * MM or wh < BAND + 2 * MM):
                continue
            x = (page_w - net_w) / 2
            y = margin + (BAND if below else 0) + (room_h - net_h) / 2
            band = (margin, margin, page_w - 2 * margin) if below else (
                x + wx + MM, y + wy + wh - BAND - MM, ww - 2 * MM
            )  # fmt: skip
            return Placement(page_w, page_h, orient, x, y, band)
    return None


def papers_that_fit(box: TuckBox, margin: float = 4 * MM) -> list[str]:
    """The papers (smallest first) that hold the net in either orientation."""
    fits = [p for p in PAPERS if _fit(box, p, "auto", margin) is not None]
    return sorted(fits, key=lambda p: PAPERS[p][0] * PAPERS[p][1])


def place_box(
    box: TuckBox, paper: str, orientation: str = "auto", margin: float = 4 * MM
) -> Placement:
    """The net centred on ``paper`` (portrait first when ``auto``), with its label band below it
    or, where the paper has no room for both, in the waste above the front panel.

    Raises :class:`~generator.layout.impose.DoesNotFit` naming the sizes and the papers that
    do hold the net (or, when none does, how to make the box smaller) when it fits neither way.
    """
    place = _fit(box, paper, orientation, margin)
    if place is not None:
        return place
    net_w, net_h = box.size
    sizes = {
        "w": f"{net_w / MM:.0f}",
        "h": f"{net_h / MM:.0f}",
        "paper": pgettext("paper size", paper),
        "margin": f"{margin / MM:.0f}",
    }
    others = [p for p in papers_that_fit(box, margin) if p != paper]
    if others:
        message = _(
            "a tuck box {w} x {h} mm (flat) does not fit on {paper} inside a {margin} mm "
            "margin; choose a paper that holds it: {papers}"
        )
        sizes["papers"] = ", ".join(pgettext("paper size", p) for p in others)
    else:
        message = _(
            "a tuck box {w} x {h} mm (flat) does not fit on {paper} inside a {margin} mm "
            "margin, nor on any paper offered; split the cards into smaller decks "
            "(the component's decks: by)"
        )
    raise DoesNotFit(message.format(**sizes))
