"""Tables in rule sheets: column widths from the cells' text, one row per table row.

Column widths start from each column's natural width (its longest cell on one line) and never
go below its widest unbreakable word (a cell of a few characters counts as one word, so a
short Chinese term is never split); when even those minimums do not fit the column, the
table's type is made smaller (down to 6 pt). A cell breaks between words: a glossary term it
prints in Chinese is never split over two lines (its characters are joined for the line
breaker). Every table row becomes one :class:`Row` that
draws its shading, rules and cells, so a long table can continue in the next column, where
its header row is drawn again; a small table is kept whole.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..rules.sheet import PrintBlock
from ..text.words import keep_words
from . import text as rt
from .laid import Laid
from .rules_flow import Row, Style, draw_line, laid_lines
from .text_wrap import JOINER

PAD_X = 2.6
PAD_Y = 1.6
MIN_SIZE = 6.0
SMALL_TABLE = 8  # a table of at most this many rows (header included) is kept whole
SHORT_WORD = 5  # a cell of at most this many characters is not broken inside a column


def _widths(cells: list[list[str]], size: float) -> tuple[list[float], list[float]]:
    """Natural and minimum widths of each column at ``size``."""
    ncol = len(cells[0])
    natural = [0.0] * ncol
    minimum = [0.0] * ncol
    for row in cells:
        for i, cell in enumerate(row):
            one, least = _cell_widths(cell, size, row is cells[0])
            natural[i] = max(natural[i], one)
            minimum[i] = max(minimum[i], least)
    return natural, minimum


@lru_cache(maxsize=4096)
def _cell_widths(cell: str, size: float, bold: bool) -> tuple[float, float]:
    """A cell's width on one line, and its widest unbreakable part."""
    spans = rt.parse_markup(cell, bold=bold)
    one, _ = rt.wrap(spans, 1e6, size)
    natural = max(ln.width for ln in one)
    if len(rt.plain_text(cell).replace(JOINER, "").strip()) <= SHORT_WORD:
        return natural, natural  # a short word (戰鬥階段) stays on one line
    boxes, _ = rt.wrap(spans, 1.0, size)
    return natural, max((ln.width for ln in boxes), default=0.0)


def column_widths(
    cells: list[list[str]], width: float, size: float, smallest: float = MIN_SIZE
) -> tuple[list[float], float]:
    """Text widths of the columns and the type size (not below ``smallest``) that fits ``width``."""
    ncol = len(cells[0])
    while True:
        avail = width - ncol * 2 * PAD_X
        natural, minimum = _widths(cells, size)
        total = sum(natural)
        if total <= avail:
            return [
                n + (avail - total) * n / total if total else avail / ncol for n in natural
            ], size
        if sum(minimum) <= avail or size <= smallest:
            widths = _share(natural, minimum, avail)
            over = sum(widths) / avail if avail > 0 else 1.0
            if over > 1.0:  # a word wider than the table can be: it breaks, the table fits
                widths = [w / over for w in widths]
            return widths, size
        size = max(smallest, size - 0.5)


def joined(cell: str, words: tuple[str, ...]) -> str:
    """``cell`` with the characters of each Chinese word joined (no break inside): the words
    of ``words`` (the glossary terms it prints) and those of the segmenter's dictionary."""
    return keep_words(cell, words)


def table_rows(block: PrintBlock, width: float, st: Style) -> list[Row]:
    """One row per table row (the header first, kept with the first body row)."""
    cells = [[joined(c, block.words) for c in row] for row in (block.header, *block.rows)]
    widths, size = column_widths(cells, width, max(st.size * 0.95, st.smallest), st.smallest)
    lead = st.leading
    rows: list[Row] = []
    for r, cells_of_row in enumerate(cells):
        header = r == 0
        made = [
            laid_lines(cell, w, size, bold=header)
            for cell, w in zip(cells_of_row, widths, strict=True)
        ]
        wrapped = [list(lines) for lines, _ in made]
        laid = tuple(
            Laid(cell, lines, w, size, cell=True, keep=block.words, overrun=over)
            for cell, (lines, over), w in zip(cells_of_row, made, widths, strict=True)
        )
        height = max(len(ls) for ls in wrapped) * size * lead + 2 * PAD_Y
        fill = st.shade if header else ("#f8f5ef" if r % 2 == 0 else None)

        def paint(
            c: Any,
            x: float,
            top: float,
            wrapped: list[list[rt.Line]] = wrapped,
            height: float = height,
            fill: str | None = fill,
            header: bool = header,
        ) -> None:
            if fill:
                c.setFillColorRGB(*rt.hex_to_rgb(fill))
                c.rect(x, top - height, width, height, stroke=0, fill=1)
            c.setStrokeColorRGB(*rt.hex_to_rgb(st.rule))
            c.setLineWidth(0.8 if header else 0.4)
            c.line(x, top - height, x + width, top - height)
            if header:
                c.line(x, top, x + width, top)
            cx = x
            for n, (lines, w) in enumerate(zip(wrapped, widths, strict=True)):
                if n:
                    c.setLineWidth(0.3)
                    c.line(cx, top, cx, top - height)
                y = top - PAD_Y
                for line in lines:
                    draw_line(c, line, cx + PAD_X, y, size, lead, st.ink)
                    y -= size * lead
                cx += w + 2 * PAD_X

        small = len(cells) <= SMALL_TABLE
        row = Row(height, paint, keep=header or (small and r < len(cells) - 1), laid=laid)
        if rows:  # a body row that opens a column brings the header with it
            row.repeat = Row(rows[0].height, rows[0].draw)
        rows.append(row)
    return rows


def _share(natural: list[float], minimum: list[float], avail: float) -> list[float]:
    """Widths when the natural widths do not fit: narrow columns keep their natural width,
    the rest share what is left in proportion to their natural widths. A column whose share
    would fall below its widest word gets that width, and the others share what remains, so
    the columns add up to ``avail`` whenever their minimums allow it."""
    widths: list[float | None] = [None] * len(natural)
    while True:
        open_cols = [i for i, w in enumerate(widths) if w is None]
        left = avail - sum(w for w in widths if w is not None)
        fair = left / len(open_cols) if open_cols else 0.0
        narrow = [i for i in open_cols if natural[i] <= fair]
        if not narrow or len(narrow) == len(open_cols):
            break
        for i in narrow:
            widths[i] = natural[i]
    while True:
        open_cols = [i for i, w in enumerate(widths) if w is None]
        if not open_cols:
            break
        left = avail - sum(w for w in widths if w is not None)
        total = sum(natural[i] for i in open_cols) or 1.0
        short = [i for i in open_cols if left * natural[i] / total < minimum[i]]
        if not short:
            for i in open_cols:
                widths[i] = left * natural[i] / total
            break
        for i in short:
            widths[i] = minimum[i]
    return [w or 0.0 for w in widths]
