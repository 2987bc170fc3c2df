"""Player-aid cards: each section marked ``aid: true`` on a poker or tarot card.

A section is set at the largest type size (from 9 pt down to 8 pt, tables too) at which it fits one
card inside a 3.5 mm safe zone; a section too long even then continues on further cards under
a "(cont.)" heading. Cards are imposed by the engine every component uses
(:mod:`generator.layout.impose`): butted together (shared cut lines), single-sided, in the
densest grid and orientation the paper holds (poker: 3 x 3 on A4, 4 x 2 on Letter landscape;
tarot: 2 x 2), with the same TrimBox and BleedBox (the card grid), crop marks, sheet label
and 50 mm scale bar as every card sheet.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Any

from ..errors import BuildError
from ..layout.impose import PAPERS, DoesNotFit, Imposition, impose, sheet_slots
from ..layout.units import MM
from ..locale import translation
from ..rules.sheet import PrintSection, Sheet
from . import fonts
from . import text as rt
from .rules_flow import Flow, Frame, Placement, Row, heading_rows, style_for
from .rulesheet import check_glyphs, new_canvas, section_rows
from .sheet import _boxes, _crop_marks, _label
from .sheet_words import sheet_words

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5 * MM, 88.9 * MM),
    "tarot": (69.9 * MM, 120.7 * MM),
}
SAFE = 3.5 * MM
AID_SMALLEST = 8.0  # no text on a player aid is smaller than this (pt)
SCALES = [s / 100 for s in range(100, 88, -2)]  # body 9 pt ... 8 pt


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


def aid_imposition(size: str = "poker", paper: str = "A4", orientation: str = "auto") -> Imposition:
    """Where aid cards of ``size`` go on ``paper``: butted, no bleed, single-sided.

    The same engine as every component (:func:`generator.layout.impose.impose`), so margins,
    crop marks, label band and scale bar keep the same distances from the paper's edge.
    """
    try:
        card = CARD_SIZES[size]
    except KeyError:
        raise BuildError(
            f"unknown aid card size {size!r}; choose {', '.join(CARD_SIZES)}"
        ) from None
    if paper not in PAPERS:
        raise BuildError(f"unknown paper {paper!r}; choose {', '.join(PAPERS)}")
    try:
        return impose(
            *card, paper=paper, orientation=orientation, bleed=0.0, packing="butted", duplex="none"
        )
    except DoesNotFit as exc:
        raise BuildError(f"player aids: {exc}") from None


def render_aids(
    sheet: Sheet, size: str = "poker", paper: str = "A4", orientation: str = "auto"
) -> bytes:
    """PDF bytes of the player-aid cards of ``sheet`` imposed on ``paper``."""
    with fonts.language(sheet.lang):
        return _aids_pdf(sheet, size, paper, orientation)


def _aids_pdf(sheet: Sheet, size: str, paper: str, orientation: str) -> bytes:
    check_glyphs(sheet)
    imp = aid_imposition(size, paper, orientation)
    card = CARD_SIZES[size]
    cards = [c for s in sheet.sections if s.aid for c in section_cards(s, card, sheet)]
    per_page = imp.per_page
    sheets = max(1, -(-len(cards) // per_page))
    aids = translation(sheet.lang).gettext("player aids")
    buf = io.BytesIO()
    c = new_canvas(buf, (imp.page_w, imp.page_h), sheet.title, sheet.lang)
    for n in range(sheets):
        chunk = cards[n * per_page : (n + 1) * per_page]
        slots, _ = sheet_slots(imp, max(len(chunk), 1), 0.0)
        _boxes(c, imp, slots)
        for one, slot in zip(chunk, slots, strict=False):
            _draw_card(c, one, slot.trim.x, slot.trim.top, card, sheet)
        _crop_marks(c, imp, slots, "lr", imp.band)
        words = sheet_words(sheet.lang, sheet.title, aids, n + 1, sheets, (sheet.lang,))
        _label(c, imp.band, f"{words} · {imp.describe(sheet.lang)}", sheet.lang)
        c.showPage()
    c.save()
    return buf.getvalue()
