"""Rule-sheet PDFs: one language in two columns, or English and a translation side by side.

A sheet (see :mod:`generator.rules.sheet`) is typeset into rows (:mod:`.rules_flow`), flowed
into two columns per page on any paper of the shared presets (``templates/presets.yaml``),
and drawn with a title, a contents list with page numbers, section headings and page numbers. The bilingual edition puts the English in the
left column and the translation in the right one, each section starting level on both sides.
Every font is an embedded TrueType subset (the canvas's initial font too), output is
deterministic (``invariant=1``); :mod:`generator.atomic` writes the files.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ..errors import BuildError
from ..layout import presets
from ..layout.units import MM
from ..locale import _
from ..rules.sheet import PrintBlock, PrintSection, Sheet
from . import fonts, fontsubsets, rules_flow, rules_table, text_writer
from . import text as rt
from .rules_flow import (
    TEXT_BLOCKS,
    Flow,
    Frame,
    Placement,
    Row,
    Style,
    draw_line,
    heading_rows,
    lines_of,
    style_for,
    text_rows,
)
from .rules_table import table_rows

MARGIN = 14 * MM
# the rows of each kind of block at a width
BLOCKS: dict[str, Callable[[PrintBlock, float, Style], list[Row]]] = {
    **TEXT_BLOCKS,
    "table": table_rows,
}
BOTTOM = 16 * MM
GUTTER = 7 * MM
FOOTER_SIZE = 8.0


def footer_text(page: int, total: int) -> str:
    """The page-number line printed at the foot of page ``page`` (1-based)."""
    return f"{page} / {total}"


def paper_size(paper: str) -> tuple[float, float]:
    """Portrait width and height (points) of a paper named in the shared presets."""
    papers = presets.papers()
    try:
        return papers[paper]
    except KeyError:
        raise BuildError(
            _("unknown paper {paper!r}; choose {known}").format(
                paper=paper, known=", ".join(papers)
            )
        ) from None


def sheet_texts(sheet: Sheet) -> list[tuple[str, str]]:
    """(section id, markup) of every text of a sheet, title first."""
    out = [("title", sheet.title)]
    for s in sheet.sections:
        out.append((s.id, s.title))
        for b in s.blocks:
            out.extend((s.id, t) for t in (*b.items, *b.header, *(c for r in b.rows for c in r)))
    return out


def check_glyphs(sheet: Sheet) -> None:
    """BuildError naming every character no shipped font can draw (it would vanish)."""
    texts = sheet_texts(sheet)
    # the characters are checked once each, markup and all (a superset of what is drawn);
    # only a sheet with a character no font has is gone through text by text
    known = _DRAWABLE.setdefault(fonts.chain_names(), set())
    new = set("".join(markup for _, markup in texts)) - known
    if not new:
        return
    absent = fonts.missing_glyphs("".join(new))
    known.update(new - absent)
    if not absent:
        return
    missing: dict[str, set[str]] = {}
    for sid, markup in texts:
        lost = _lost(markup)
        if lost:
            missing.setdefault(sid, set()).update(lost)
    if missing:
        detail = "; ".join(
            f"{sid}: {' '.join(f'U+{ord(c):04X}' for c in sorted(chars))}"
            for sid, chars in sorted(missing.items())
        )
        said = _("{game} ({lang}): no font has these characters: {detail}")
        raise BuildError(said.format(game=sheet.game, lang=sheet.lang, detail=detail))


_DRAWABLE: dict[tuple[str, ...], set[str]] = {}  # per font chain: characters it draws


@lru_cache(maxsize=8192)
def _lost(markup: str) -> frozenset[str]:
    return frozenset(fonts.missing_glyphs(rt.plain_text(markup)))


def clear_caches() -> None:
    """Forget remembered line breaks, table widths, glyph checks, font subsets and drawing
    memos (benchmarks start cold)."""

    _lost.cache_clear()
    text_writer.clear_caches()
    _DRAWABLE.clear()
    fontsubsets.clear()
    rules_flow._wrapped.cache_clear()
    rules_table._cell_widths.cache_clear()


def new_canvas(buf: io.BytesIO, size: tuple[float, float], title: str, lang: str) -> Canvas:
    """A deterministic canvas whose initial font is an embedded TrueType face.

    Page streams are deflated binary, as on card sheets (:func:`generator.render.sheet.new_canvas`),
    without reportlab's ASCII85 pass, which made them a quarter larger and cost time.
    """
    fonts.ensure_builtin()
    rl_config.useA85 = 0
    c = Canvas(
        buf,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.face("sans").name,
        initialFontSize=9,
        lang=lang,
    )
    c.setTitle(title)
    c.setCreator("pnp")
    return c


def section_rows(section: PrintSection, width: float, st: Style) -> list[Row]:
    """Heading and blocks of one section at ``width``; the heading keeps two lines with it."""
    rows = heading_rows(section.title, width, st, anchor=section.id)
    _place(rows, section.id, -1)
    keep_from = len(rows)
    for n, block in enumerate(section.blocks):
        rows.append(_gap(st) if n else Row(st.gap * 0.5, None, spacer=True))
        made = BLOCKS[block.kind](block, width, st)
        _place(made, section.id, n)
        rows.extend(made)
    _keep_lines(rows, keep_from, HEADING_KEEPS)
    return rows


def _place(rows: list[Row], section: str, block: int) -> None:
    """Mark each text the rows draw with its section, block and place in the block."""
    seen: dict[int, None] = {}
    for row in rows:
        for laid in row.laid:
            if id(laid) not in seen:
                laid.place = (section, block, len(seen))
                seen[id(laid)] = None


HEADING_KEEPS = 2  # lines of a section that never leave its heading


def _keep_lines(rows: list[Row], start: int, lines: int) -> None:
    """Glue ``rows[start:]`` to the heading before it until ``lines`` lines follow it."""
    seen = 0
    for row in rows[start:]:
        if not row.spacer and row.draw is not None and row.height > 4.0:
            seen += 1
            if seen >= lines:
                return
        row.keep = True


def _gap(st: Style) -> Row:
    return Row(st.gap, None, spacer=True)


def contents_rows(
    sheet: Sheet, width: float, st: Style, anchors: dict[str, int], anchor: str = "contents"
) -> list[Row]:
    """The contents list: each section title with the page it starts on (filled in later)."""
    rows = heading_rows(sheet.label("contents"), width, st, anchor=anchor)
    num_w = st.size * 2.2
    for section in sheet.sections:
        lines = text_rows(section.title, width - num_w, st)

        def number(c: Any, x: float, top: float, sid: str = section.id) -> None:
            label = str(anchors.get(sid, 0) + 1)
            line = lines_of(label, num_w, st.size)[0]
            draw_line(c, line, x + width - line.width, top, st.size, st.leading, st.ink)

        first = lines[0]
        inner = first.draw

        def paint(c: Any, x: float, top: float, inner: Any = inner, number: Any = number) -> None:
            inner(c, x, top)
            number(c, x, top)

        first.draw = paint
        rows.extend(lines)
    return rows


def _title_rows(title: str, width: float, st: Style) -> list[Row]:
    return text_rows(title, width, st, size=st.title, bold=True, color=st.accent)


def _draw_page(c: Canvas, page: int, total: int, size: tuple[float, float], items: list) -> None:
    w, _h = size
    line = lines_of(footer_text(page + 1, total), w, FOOTER_SIZE)[0]
    draw_line(c, line, (w - line.width) / 2, BOTTOM * 0.55, FOOTER_SIZE, 1.2, "#555555")
    for p in items:
        if p.row.draw is not None:
            p.row.draw(c, p.x, p.top)


def _emit(
    placements: list[Placement], pages: int, size: tuple[float, float], title: str, lang: str
) -> bytes:
    buf = io.BytesIO()
    c = new_canvas(buf, size, title, lang)
    by_page: dict[int, list[Placement]] = {}
    for p in placements:
        by_page.setdefault(p.page, []).append(p)
    for page in range(pages):
        _draw_page(c, page, pages, size, by_page.get(page, []))
        c.showPage()
    c.save()
    return buf.getvalue()


def _columns(
    size: tuple[float, float], first_reserved: float
) -> tuple[float, Callable[[int, int], Frame]]:
    """Column width and ``frame(page, column)`` for a two-column page."""
    w, h = size
    col_w = (w - 2 * MARGIN - GUTTER) / 2

    def frame(page: int, column: int) -> Frame:
        top = h - MARGIN - (first_reserved if page == 0 else 0.0)
        return Frame(page, MARGIN + column * (col_w + GUTTER), top, col_w, top - BOTTOM)

    return col_w, frame


def _in_column(frame: Callable[[int, int], Frame], column: int) -> Callable[[int], Frame]:
    """``frame`` with its column fixed: page ``i`` to that column's frame on page ``i``."""
    return lambda i: frame(i, column)


def _place_title(rows: list[Row], x: float, top: float) -> list[Placement]:
    out = []
    for r in rows:
        out.append(Placement(0, x, top, r))
        top -= r.height
    return out


def render_sheet(sheet: Sheet, paper: str = "A4") -> bytes:
    """PDF bytes of ``sheet`` in two columns with a title and a contents list."""
    with fonts.language(sheet.lang):
        return _sheet_pdf(sheet, paper)


def _sheet_pdf(sheet: Sheet, paper: str) -> bytes:
    check_glyphs(sheet)
    size = paper_size(paper)
    st = style_for(sheet.lang)
    full = size[0] - 2 * MARGIN
    title = _title_rows(sheet.title, full, st)
    reserved = sum(r.height for r in title) + 5 * MM
    col_w, frame = _columns(size, reserved)
    flow = Flow(lambda i: frame(i // 2, i % 2))
    flow.add(contents_rows(sheet, col_w, st, flow.anchors))
    for section in sheet.sections:
        flow.add(section_rows(section, col_w, style_for(section.lang)))
    placements = _place_title(title, MARGIN, size[1] - MARGIN) + flow.placements
    return _emit(placements, flow.pages, size, sheet.title, sheet.lang)


def render_bilingual(source: Sheet, other: Sheet, paper: str = "A4") -> bytes:
    """PDF bytes with ``source`` on the left and ``other`` on the right, aligned by section.

    Chinese on either side takes the regional glyph forms of ``other``'s language.
    """
    with fonts.language(other.lang):
        return _bilingual_pdf(source, other, paper)


def _bilingual_pdf(source: Sheet, other: Sheet, paper: str) -> bytes:
    check_glyphs(source)
    check_glyphs(other)
    size = paper_size(paper)
    sts = (style_for(source.lang), style_for(other.lang))
    col_w = (size[0] - 2 * MARGIN - GUTTER) / 2
    titles = [_title_rows(s.title, col_w, st) for s, st in zip((source, other), sts, strict=True)]
    reserved = max(sum(r.height for r in t) for t in titles) + 5 * MM
    _cols, frame = _columns(size, reserved)
    flows = [Flow(_in_column(frame, col)) for col in (0, 1)]
    anchors = flows[0].anchors
    parts: list[tuple[list[Row], list[Row]]] = [
        (
            contents_rows(source, col_w, sts[0], anchors),
            contents_rows(other, col_w, sts[1], anchors),
        )
    ]
    for left, right in zip(source.sections, other.sections, strict=True):
        parts.append(
            (
                section_rows(left, col_w, style_for(left.lang)),
                section_rows(right, col_w, style_for(right.lang)),
            )
        )
    for left_rows, right_rows in parts:
        start = max(flows[0].position(), flows[1].position())
        for flow, rows in zip(flows, (left_rows, right_rows), strict=True):
            flow.move_to(start)
            flow.add(rows)
    placements = _place_title(titles[0], MARGIN, size[1] - MARGIN)
    placements += _place_title(titles[1], MARGIN + col_w + GUTTER, size[1] - MARGIN)
    merged = sorted(
        flows[0].placements + flows[1].placements, key=lambda p: (p.page, p.x > MARGIN + 1)
    )
    pages = max(f.pages for f in flows)
    return _emit(placements + merged, pages, size, f"{source.title} / {other.title}", other.lang)
