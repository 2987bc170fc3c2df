"""Player-aid cards: each section marked ``aid: true`` on a poker or tarot card.

A section is set at the largest type size (from 9 pt down to 8 pt, tables too) at which it fits one
card inside a 3.5 mm safe zone; a section too long even then continues on further cards under
a "(cont.)" heading. Cards are imposed butted together (shared cut lines) in the largest grid
the paper holds (poker: 3 x 3 on A4 and Letter; tarot: 2 x 2), with crop marks outside the
grid and a 50 mm scale bar in the margin.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Any

from ..layout.units import MM
from ..rules.sheet import PrintSection, Sheet
from . import text as rt
from .rules_flow import Flow, Frame, Placement, Row, draw_line, heading_rows, lines_of, style_for
from .rulesheet import check_glyphs, new_canvas, paper_size, section_rows

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5 * MM, 88.9 * MM),
    "tarot": (69.9 * MM, 120.7 * MM),
}
SAFE = 3.5 * MM
AID_SMALLEST = 8.0  # no text on a player aid is smaller than this (pt)
SCALES = [s / 100 for s in range(100, 88, -2)]  # body 9 pt ... 8 pt
SHEET_MARGIN = 5 * MM
MARK = 5 * MM


@dataclass
class Card:
    """One card's rows, placed in card coordinates (x from the card's left, top from its top)."""

    placements: list[Placement]
    heading: list[Row]


def _height(rows: list[Row]) -> float:
    body = rows[1:] if rows and rows[0].spacer else rows
    return sum(r.height for r in body)


def section_cards(section: PrintSection, card: tuple[float, float], sheet: Sheet) -> list[Card]:
    """``section`` set on as few cards as possible, at the largest size that allows."""
    w, h = card[0] - 2 * SAFE, card[1] - 2 * SAFE
    for scale in SCALES:
        st = replace(style_for(section.lang, scale), smallest=AID_SMALLEST)
        rows = section_rows(section, w, st)
        if _height(rows) <= h:
            flow = Flow(lambda i: Frame(i, 0.0, 0.0, w, h))
            flow.add(rows)
            return [Card(flow.placements, [])]
    cont = heading_rows(f"{section.title} {sheet.label('continued')}", w, st)[1:]
    reserved = sum(r.height for r in cont)

    def frame(i: int) -> Frame:
        return Frame(i, 0.0, -reserved if i else 0.0, w, h - (reserved if i else 0.0))

    flow = Flow(frame)
    flow.add(rows)
    cards = [Card([], cont if i else []) for i in range(flow.pages)]
    for p in flow.placements:
        cards[p.page].placements.append(p)
    return cards


def _grid(page: tuple[float, float], card: tuple[float, float]) -> tuple[int, int, float, float]:
    """Columns, rows, and the grid's left and top edges (centred on the page)."""
    cols = int((page[0] - 2 * SHEET_MARGIN + 0.01) // card[0])
    rows = int((page[1] - 2 * SHEET_MARGIN + 0.01) // card[1])
    if cols < 1 or rows < 1:
        raise ValueError("card larger than the paper")
    left = (page[0] - cols * card[0]) / 2
    top = page[1] - (page[1] - rows * card[1]) / 2
    return cols, rows, left, top


def _crop_marks(
    c: Any,
    page: tuple[float, float],
    grid: tuple[int, int, float, float],
    card: tuple[float, float],
) -> None:
    cols, rows, left, top = grid
    right, bottom = left + cols * card[0], top - rows * card[1]
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.25)
    vspace = min(page[1] - top, bottom)
    hspace = min(left, page[0] - right)
    vlen, hlen = min(MARK, vspace - 1.5 * MM), min(MARK, hspace - 1.5 * MM)
    for k in range(cols + 1):
        x = left + k * card[0]
        if vlen > 0:
            c.line(x, top + 1 * MM, x, top + 1 * MM + vlen)
            c.line(x, bottom - 1 * MM, x, bottom - 1 * MM - vlen)
    for k in range(rows + 1):
        y = top - k * card[1]
        if hlen > 0:
            c.line(left - 1 * MM, y, left - 1 * MM - hlen, y)
            c.line(right + 1 * MM, y, right + 1 * MM + hlen, y)


def _scale_bar(
    c: Any,
    page: tuple[float, float],
    grid: tuple[int, int, float, float],
    card: tuple[float, float],
) -> None:
    cols, rows, left, top = grid
    bottom = top - rows * card[1]
    label = lines_of("50 mm", 40 * MM, 6.0)[0]
    c.setFillColorRGB(0, 0, 0)
    if bottom >= 9 * MM:
        c.rect(left, bottom - 7.5 * MM, 50 * MM, 1.2 * MM, stroke=0, fill=1)
        draw_line(c, label, left + 52 * MM, bottom - 6.2 * MM, 6.0, 1.0, "#000000")
    else:
        x = left + cols * card[0] + (page[0] - left - cols * card[0]) / 2
        c.rect(x - 0.6 * MM, top - 50 * MM, 1.2 * MM, 50 * MM, stroke=0, fill=1)
        draw_line(c, label, x - label.width / 2, top - 51.5 * MM, 6.0, 1.0, "#000000")


def _draw_card(
    c: Any, card: Card, x: float, top: float, size: tuple[float, float], sheet: Sheet
) -> None:
    st = style_for(sheet.lang)
    c.setStrokeColorRGB(*rt.hex_to_rgb(st.rule))
    c.setLineWidth(0.8)
    c.roundRect(
        x + 1.6 * MM, top - size[1] + 1.6 * MM, size[0] - 3.2 * MM, size[1] - 3.2 * MM, 2 * MM
    )
    y = top - SAFE
    for row in card.heading:
        if row.draw:
            row.draw(c, x + SAFE, y)
        y -= row.height
    for p in card.placements:
        if p.row.draw:
            p.row.draw(c, x + SAFE + p.x, top - SAFE + p.top)


def render_aids(sheet: Sheet, size: str = "poker", paper: str = "A4") -> bytes:
    """PDF bytes of the player-aid cards of ``sheet`` imposed on ``paper``."""
    check_glyphs(sheet)
    card = CARD_SIZES[size]
    page = paper_size(paper)
    cards = [c for s in sheet.sections if s.aid for c in section_cards(s, card, sheet)]
    grid = _grid(page, card)
    cols, rows, left, top = grid
    per_page = cols * rows
    buf = io.BytesIO()
    c = new_canvas(buf, page, sheet.title, sheet.lang)
    for start in range(0, len(cards), per_page):
        c.setTrimBox((0, 0, *page))
        c.setBleedBox((0, 0, *page))
        for n, one in enumerate(cards[start : start + per_page]):
            r, k = divmod(n, cols)
            _draw_card(c, one, left + k * card[0], top - r * card[1], card, sheet)
        _crop_marks(c, page, grid, card)
        _scale_bar(c, page, grid, card)
        c.showPage()
    c.save()
    return buf.getvalue()
