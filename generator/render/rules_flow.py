"""Rule-sheet typesetting: blocks become rows of fixed height, rows flow into columns.

A :class:`Row` is an unbreakable horizontal strip (one line of a paragraph, one table row, a
heading line) that knows how to draw itself at a given top-left corner. :data:`TEXT_BLOCKS`
turns each kind of text block into rows (dispatch by table), wrapping text with
:func:`generator.render.text.wrap` so the Chinese line-breaking rules hold everywhere
(plain English takes the equivalent fast path). Body paragraphs of a Chinese style are
justified: every line but a paragraph's last is spread to the column's width. :class:`Flow` places rows into a sequence of frames (columns), keeping headings with what
follows, and records where each section starts so the contents list can give page numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..rules.sheet import PrintBlock
from ..text.breaks import breakable
from . import text as rt
from . import text_wrap
from .laid import Laid
from .text_plain import Plain, plain_words, wrap_plain

Draw = Callable[[Any, float, float], None]  # canvas, x, top
CALLOUT_WHOLE = 4  # a callout of at most this many lines is never split


@dataclass(frozen=True)
class Style:
    """Sizes and colours of one language's text (points, #rrggbb)."""

    size: float = 9.0
    leading: float = 1.3
    heading: float = 11.5
    title: float = 17.0
    ink: str = "#1a1a1a"
    accent: str = "#7a1f1f"
    shade: str = "#efe9dc"
    rule: str = "#b9ad95"
    gap: float = 4.0  # space between blocks
    smallest: float = 6.0  # a table's type never shrinks below this to fit its column
    justify: bool = False  # body paragraphs fill the column (Chinese: spacing between characters)


def style_for(lang: str, scale: float = 1.0) -> Style:
    """Body style for ``lang``: Chinese gets a little more leading and justified paragraphs."""
    chinese = lang.startswith("zh")
    lead = 1.45 if chinese else 1.3
    return Style(9.0 * scale, lead, 11.5 * scale, 17.0 * scale, gap=4.0 * scale, justify=chinese)


@dataclass
class Row:
    """A strip of fixed height drawn at (x, top); ``keep`` glues it to the next row."""

    height: float
    draw: Draw | None = None
    keep: bool = False
    spacer: bool = False
    anchor: str | None = None  # a section id starting at this row
    repeat: Row | None = None  # drawn first when this row opens a column (a table's header)
    laid: tuple[Laid, ...] = ()  # the texts it draws, as laid out (a line's paragraph, cells)


def spacer(height: float) -> Row:
    """An empty row of the given height, dropped at the top of a column."""
    return Row(height, None, spacer=True)


def lines_of(markup: str, width: float, size: float, bold: bool = False) -> list[rt.Line]:
    """``markup`` broken into lines no wider than ``width``.

    Remembered: a sheet, its bilingual edition and its aid cards wrap the same texts at the
    same widths many times over (the lines are only read afterwards, never changed).
    """
    return list(laid_lines(markup, width, size, bold)[0])


def laid_lines(
    markup: str, width: float, size: float, bold: bool = False
) -> tuple[tuple[rt.Line, ...], tuple[str, float] | None]:
    """The lines of :func:`lines_of`, and the run that was too wide for ``width`` (its text and
    by how many points), if one was.

    A run wider than the column (a URL, a long word) never draws outside it: it is broken
    where a URL may break, else between any two characters.
    """
    return _wrapped(markup, round(width, 3), round(size, 3), bold)


@lru_cache(maxsize=8192)
def _wrapped(
    markup: str, width: float, size: float, bold: bool
) -> tuple[tuple[rt.Line, ...], tuple[str, float] | None]:
    lines, too_wide = _wrap(markup, width, size, bold)
    over = None
    if too_wide:
        widest = max(lines, key=lambda ln: ln.width)
        run = "".join(p.text for p in widest.pieces).split()
        text = max(run, key=len) if run else ""
        over = (text, widest.width - max(width, size))
        for anywhere in (False, True):
            lines, too_wide = _wrap(breakable(markup, anywhere=anywhere), width, size, bold)
            if not too_wide:
                break
    return tuple(ln for ln in lines if ln.pieces) or (rt.Line(),), over


def _wrap(markup: str, width: float, size: float, bold: bool) -> tuple[list[rt.Line], bool]:
    plain = _plain(markup, bold)
    if plain is not None:  # the same lines, without the mixed-script machinery
        return wrap_plain(plain, max(width, size), size)
    return rt.wrap(rt.parse_markup(markup, bold=bold), max(width, size), size)


@lru_cache(maxsize=8192)
def _plain(markup: str, bold: bool) -> Plain | None:
    return plain_words(markup, "sans", bold, False)


def clear_caches() -> None:
    """Forget remembered line breaks here and in the text layer (benchmarks start cold)."""
    _wrapped.cache_clear()
    _plain.cache_clear()
    text_wrap.clear_caches()


def draw_line(
    canvas: Any,
    line: rt.Line,
    x: float,
    top: float,
    size: float,
    lead: float,
    color: str,
    justify: float | None = None,
) -> None:
    """Draw one wrapped line whose row of height ``size * lead`` starts at ``top``.

    With ``justify`` (a width), a line that does not end its paragraph is spread to that width.
    """
    if not line.pieces:
        return
    y = top - (size * lead - size) / 2 - size
    fitted = rt.Fitted([line], size, lead, False, size)
    if justify is None:
        rt.draw(canvas, fitted, x, y, line.width + 1, size, color=color)
    else:
        rt.draw(canvas, fitted, x, y, justify, size, color=color, align="justify")


def _fill(canvas: Any, colour: str, x: float, top: float, w: float, h: float) -> None:
    canvas.setFillColorRGB(*rt.hex_to_rgb(colour))
    canvas.rect(x, top - h, w, h, stroke=0, fill=1)


def text_rows(
    markup: str,
    width: float,
    st: Style,
    *,
    size: float | None = None,
    bold: bool = False,
    color: str | None = None,
    indent: float = 0.0,
    marker: str | None = None,
    background: str | None = None,
    pad: float = 0.0,
    leading: float | None = None,
    justify: bool = False,
) -> list[Row]:
    """Rows of a wrapped text; ``marker`` (a step number, a bullet) hangs left of the indent.

    ``justify``: lines other than a paragraph's last fill the width (when the style says so).
    A last line of one character is kept with the line before it, so it never opens a column.
    """
    size = size or st.size
    colour = color or st.ink
    lead = leading or st.leading
    h = size * lead
    inner = width - indent - 2 * pad
    spread = inner if justify and st.justify else None
    rows: list[Row] = []
    lines, over = laid_lines(markup, inner, size, bold)
    laid = (Laid(markup, lines, inner, size, justified=spread is not None, overrun=over),)
    for n, line in enumerate(lines):
        mark = marker if n == 0 else None

        def paint(
            c: Any, x: float, top: float, line: rt.Line = line, mark: str | None = mark
        ) -> None:
            if background:
                _fill(c, background, x, top, width, h)
            if mark:
                mline = lines_of(mark, indent + 50, size, bold=True)[0]
                draw_line(c, mline, x + pad, top, size, lead, st.accent)
            draw_line(c, line, x + pad + indent, top, size, lead, colour, spread)

        rows.append(Row(h, paint, laid=laid))
    if len(rows) > 1 and _visible(lines[-1]) <= 1:
        rows[-2].keep = True  # a one-character last line never opens a column alone
    return rows


def _visible(line: rt.Line) -> int:
    """How many characters (and icons) a line shows."""
    return sum(1 if p.icon is not None else len("".join(p.text.split())) for p in line.pieces)


def heading_rows(title: str, width: float, st: Style, anchor: str | None = None) -> list[Row]:
    """A section heading with a rule under it, kept with the rows that follow."""
    # one leading for headings in every language, so bilingual headings share a baseline
    rows = text_rows(title, width, st, size=st.heading, bold=True, color=st.accent, leading=1.3)
    for r in rows:
        r.keep = True
    rows[0].anchor = anchor

    def rule(c: Any, x: float, top: float) -> None:
        c.setStrokeColorRGB(*rt.hex_to_rgb(st.rule))
        c.setLineWidth(0.6)
        c.line(x, top - 1.2, x + width, top - 1.2)

    return [spacer(st.gap * 1.6), *rows, Row(3.5, rule, keep=True)]


def _p(block: PrintBlock, width: float, st: Style) -> list[Row]:
    return text_rows(block.items[0], width, st, justify=True)


def _steps(block: PrintBlock, width: float, st: Style) -> list[Row]:
    rows: list[Row] = []
    indent = st.size * (1.6 if len(block.items) < 10 else 2.1)
    for n, item in enumerate(block.items, 1):
        if n > 1:
            rows.append(spacer(st.size * 0.25))
        rows.extend(text_rows(item, width, st, indent=indent, marker=f"{n}.", justify=True))
    return rows


def _list(block: PrintBlock, width: float, st: Style) -> list[Row]:
    rows: list[Row] = []
    for n, item in enumerate(block.items):
        if n:
            rows.append(spacer(st.size * 0.2))
        rows.extend(text_rows(item, width, st, indent=st.size * 1.1, marker="•", justify=True))
    return rows


def _callout(block: PrintBlock, width: float, st: Style) -> list[Row]:
    pad = st.size * 0.6

    def edge(c: Any, x: float, top: float, h: float) -> None:
        _fill(c, st.shade, x, top, width, h)

    def band(h: float) -> Row:
        return Row(h, lambda c, x, top: edge(c, x, top, h))

    body = text_rows(block.items[0], width, st, background=st.shade, pad=pad, justify=True)
    rows = [band(pad * 0.7), *body, band(pad * 0.7)]
    # no empty shaded sliver at a column's foot or head: a band stays with a line of text,
    # and a short callout stays whole
    for n, row in enumerate(rows[:-1]):
        row.keep = row.keep or len(body) <= CALLOUT_WHOLE or n in (0, len(rows) - 2)

    # a bar down the left side, drawn by every row so it survives a column break
    def with_bar(row: Row) -> Row:
        inner = row.draw

        def paint(c: Any, x: float, top: float) -> None:
            if inner:
                inner(c, x, top)
            _fill(c, st.accent, x, top, 1.6, row.height)

        return Row(row.height, paint, row.keep, laid=row.laid)

    return [with_bar(r) for r in rows]


# the rows of each kind of text block at a width; rule-sheet tables are in :mod:`.rules_table`
TEXT_BLOCKS: dict[str, Callable[[PrintBlock, float, Style], list[Row]]] = {
    "p": _p,
    "steps": _steps,
    "list": _list,
    "callout": _callout,
}


@dataclass
class Frame:
    """A column on a page: where rows go."""

    page: int
    x: float
    top: float
    width: float
    height: float


@dataclass
class Placement:
    """Where one row was placed: its page, left edge and top."""

    page: int
    x: float
    top: float
    row: Row


@dataclass
class Flow:
    """Places rows into frames ``frame_at(0), frame_at(1), ...`` in order."""

    frame_at: Callable[[int], Frame]
    index: int = 0
    used: float = 0.0
    placements: list[Placement] = field(default_factory=list)
    anchors: dict[str, int] = field(default_factory=dict)

    @property
    def frame(self) -> Frame:
        """The frame rows are being placed into now."""
        return self.frame_at(self.index)

    def position(self) -> tuple[int, float]:
        """The current frame index and height used, to come back to with :meth:`move_to`."""
        return self.index, self.used

    def move_to(self, position: tuple[int, float]) -> None:
        """Go back to a position taken with :meth:`position`."""
        self.index, self.used = position

    def next_frame(self) -> None:
        """Start placing rows at the top of the next frame."""
        self.index += 1
        self.used = 0.0

    def _put(self, row: Row) -> None:
        f = self.frame
        if row.spacer and self.used == 0.0:
            return  # no blank space at the top of a column
        if self.used > 0 and self.used + row.height > f.height + 0.01:
            self.next_frame()
            if row.spacer:
                return
            f = self.frame
        if row.repeat is not None and self.used == 0.0:
            self._put(row.repeat)  # a table continued in a new column repeats its header
        if row.anchor:
            self.anchors.setdefault(row.anchor, f.page)
        self.placements.append(Placement(f.page, f.x, f.top - self.used, row))
        self.used += row.height

    def add(self, rows: list[Row]) -> None:
        """Place ``rows``; a run of ``keep`` rows moves to the next frame with its successor."""
        unit: list[Row] = []
        for row in rows:
            unit.append(row)
            if row.keep:
                continue
            self._unit(unit)
            unit = []
        if unit:
            self._unit(unit)

    def _unit(self, unit: list[Row]) -> None:
        body = [r for r in unit if not (r.spacer and self.used == 0.0)]
        height = sum(r.height for r in body)
        too_low = self.used > 0 and self.used + height > self.frame.height + 0.01
        if too_low and height <= self.frame.height:
            self.next_frame()
        for row in unit:
            self._put(row)

    @property
    def pages(self) -> int:
        """How many pages the placed rows take."""
        return max((p.page for p in self.placements), default=0) + 1
