"""Drawing a tuck box's net (:mod:`generator.layout.tuckbox`) on one page, in the sheet's language.

Cut lines are solid, score lines (folds) dashed; the front carries the game's and the deck's
names, the back what the box holds and its inside size, each side the deck's name, each glue
area the word for glue; the page has the 50 mm scale bar every sheet has, with its caption. The
file is written to a temporary name and moved into place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from ..layout.impose import BAND, Rect
from ..layout.tuckbox import Piece, Placement, TuckBox
from ..layout.units import MM
from ..locale import Translation, translation
from . import fonts
from . import text as rtext
from .sheet import _label, atomic_canvas

INK = "#222222"


class BoxWords(NamedTuple):
    """What a tuck box prints: the game's and the deck's names, its count and card stock, and
    (for one of several decks a component's cards form) that deck's own name."""

    game: str
    deck: str
    cards: int
    stock: str
    lang: str
    part: str = ""


def _text(
    c: object, words: str, piece: Piece, size: float, *, turn: bool = False, bold: bool = False
) -> None:
    """``words`` centred in ``piece`` (turned a quarter for a tall, narrow piece)."""
    w, h = (piece.h, piece.w) if turn else (piece.w, piece.h)
    pad = 2 * MM
    if min(w, h) - 2 * pad < 2.5 * MM:
        return  # a thin deck's flap: too narrow to print on
    fitted = rtext.fit(words, w - 2 * pad, h - 2 * pad, size, 4.0, bold=bold)
    cx, cy = piece.x + piece.w / 2, piece.y + piece.h / 2
    c.saveState()  # type: ignore[attr-defined]
    c.translate(cx, cy)  # type: ignore[attr-defined]
    if turn:
        c.rotate(90)  # type: ignore[attr-defined]
    rtext.draw(
        c, fitted, -w / 2 + pad, -h / 2 + pad, w - 2 * pad, h - 2 * pad,
        align="center", valign="middle", color=INK,
    )  # fmt: skip
    c.restoreState()  # type: ignore[attr-defined]


def _lines(box: TuckBox) -> str:
    """The net's cut lines (solid) and score lines (dashed), as PDF operators."""
    out = ["q 0 0 0 RG .5 w [] 0 d n"]
    out += [f"{fp_str(a, b)} m {fp_str(x, y)} l" for a, b, x, y in box.cuts]
    out.append("S [3 2] 0 d .4 w .35 .35 .35 RG n")
    out += [f"{fp_str(a, b)} m {fp_str(x, y)} l" for a, b, x, y in box.scores]
    out.append("S Q")
    return "\n".join(out)


def write_tuck_box(path: Path, boxes: Sequence[tuple[TuckBox, Placement, BoxWords]]) -> int:
    """Draw each box at its place, one page each, into the PDF ``path``; the file's size in
    bytes."""
    first = boxes[0]
    t = translation(first[2].lang)
    title = _title(t, first[2].game, first[2].deck)
    with (
        fonts.language(first[2].lang),
        atomic_canvas(path, first[1].page_w, first[1].page_h, title) as (c, written),
    ):
        for box, place, words in boxes:
            c.setPageSize((place.page_w, place.page_h))
            _page(c, t, box, place, words)
            c.showPage()
    return written.size


def _title(t: Translation, game: str, deck: str) -> str:
    return t.gettext("{game} · {deck} · tuck box").format(game=game, deck=deck)


def _page(c: Canvas, t: Translation, box: TuckBox, place: Placement, words: BoxWords) -> None:
    """One box's net, its words and the sheet's label band."""
    c.saveState()
    c.translate(place.x, place.y)
    c.addLiteral(_lines(box))
    inside = t.gettext("{count} cards of {stock} · inside {width} x {height} x {depth} mm").format(
        count=words.cards,
        stock=_stock(t, words.stock),
        width=f"{box.width / MM:.1f}",
        height=f"{box.height / MM:.1f}",
        depth=f"{box.depth / MM:.1f}",
    )
    glue = t.gettext("glue")
    name = f"{words.deck}\n{words.part}" if words.part else words.deck
    for piece in box.pieces:
        if piece.role == "front":
            _text(c, f"**{words.game}**\n\n{name}", piece, 14)
        elif piece.role == "back":
            _text(c, f"{name}\n\n{inside}", piece, 8)
        elif piece.role == "side":
            _text(c, words.part or words.deck, piece, 10, turn=True)
        elif piece.role == "glue":
            _text(c, glue, piece, 7, turn=piece.h > piece.w)
    c.restoreState()
    bx, by, bw = place.band
    below = by < place.y
    deck = f"{words.deck} · {words.part}" if words.part else words.deck
    _label(c, Rect(bx, by, bw, BAND), _title(t, words.game, deck) if below else "", words.lang)


def _stock(t: Translation, stock: str) -> str:
    """A card stock's name in the sheet's language: ``300gsm`` as grams per square metre."""
    grams = re.fullmatch(r"(\d+)\s*gsm", stock)
    return t.gettext("{grams}gsm").format(grams=grams[1]) if grams else stock
