"""Helpers for the rule-sheet content tests: the printed text of a section, Chinese only."""

from __future__ import annotations

import re

from generator.text.chinese import script_only

_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def section_text(section) -> str:  # type: ignore[no-untyped-def]
    """Everything a section prints: title, items, table headers and cells."""
    parts = [section.title]
    for block in section.blocks:
        parts += [*block.items, *block.header, *(c for row in block.rows for c in row)]
    return " ".join(parts)


def han(text: str) -> str:
    """Only the Chinese characters of ``text``, in Simplified form."""
    return "".join(_HAN.findall(script_only(text, "zh-Hans")))


# ---------------------------------------------------------------- printed lines by column

_OPERATOR = "×+=÷−"
_BINARY = "×=÷"
_SPACED_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff][ \u00a0\t]+[\u3400-\u9fff\uf900-\ufaff]")


def column_lines(path) -> list[list[list[str]]]:  # type: ignore[no-untyped-def]
    """Every page's printed lines, per column (left, right), top to bottom.

    Reads each drawn character with its box (pypdfium2) and groups characters by their baseline
    into lines (Latin and Chinese faces have different ascents, so box centres of one line
    differ) and by side of the page into columns. A space is a space glyph the page draws,
    not the extractor's guess from a gap (a justified Chinese line spreads its characters); a
    gap wider than a space with no glyph in it (a table's cell border) is " | ". The
    page-number line is left out.
    """
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument(str(path))
    pages = []
    try:
        for page in pdf:
            middle = page.get_width() / 2
            text = page.get_textpage()
            columns: list[dict[int, list[tuple[float, float, float, str]]]] = [{}, {}]
            for i in range(text.count_chars()):
                ch = text.get_text_range(i, 1)
                if not ch or (ch.isspace() and ch not in " \u00a0"):
                    continue
                if ch.isspace():
                    if pdfium_c.FPDFText_IsGenerated(text.raw, i):
                        continue  # the extractor's guess, not a drawn space
                    ch = " "
                left, bottom, right, top = text.get_charbox(i, loose=True)
                x, y = ctypes.c_double(), ctypes.c_double()
                pdfium_c.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
                line = round(y.value / 4)  # a 4 pt band holds one line's baseline
                side = 1 if left > middle else 0
                columns[side].setdefault(line, []).append((left, right, top - bottom, ch))
            foot = min((y for col in columns for y in col), default=0)
            both = sorted(c for col in columns for c in col.get(foot, []))
            if re.fullmatch(r"\s*\d+ / \d+\s*", _join(both)):
                for col in columns:  # the page number, centred across the gutter
                    col.pop(foot, None)
            joined = [[_join(sorted(col[y])) for y in sorted(col, reverse=True)] for col in columns]
            pages.append([[line for line in col if line] for col in joined])
    finally:
        pdf.close()
    return pages


def _join(chars: list[tuple[float, float, float, str]]) -> str:
    out = []
    end = None
    spaced = 0.0  # width of the space glyphs since the last character
    for left, right, height, ch in chars:
        if ch == " ":
            spaced += right - left
            continue
        if end is not None:
            if left - end - spaced > 0.45 * height:
                out.append(" | ")
            elif spaced:
                out.append(" ")
        spaced = 0.0
        out.append(ch)
        end = right
    return "".join(out).strip()


def layout_faults(path, headings: set[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """What a reader of the printed sheet would circle: a heading as a column's last line,
    a space between two Chinese characters, an arithmetic expression split across lines."""
    faults = []
    for n, page in enumerate(column_lines(path), 1):
        for side, lines in zip(("left", "right"), page, strict=True):
            where = f"{path.name} p{n} {side}"
            if lines and re.sub(r"\s+", "", lines[-1]) in headings:
                faults.append(f"{where}: heading {lines[-1]!r} ends the column")
            for line in lines:
                if _SPACED_HAN.search(line):
                    faults.append(f"{where}: space between Chinese characters in {line!r}")
            for a, b in zip(lines, lines[1:], strict=False):
                end, start = a.rstrip()[-1:], b.lstrip()[:1]
                # + and − may start a line as signs (+1) or a table's running sum (+ terrain)
                if (end and end in _OPERATOR) or (start and start in _BINARY):
                    faults.append(f"{where}: expression split between {a!r} and {b!r}")
    return faults


# ---------------------------------------------------------------- glyphs with their fonts


def drawn_glyphs(path) -> list[tuple[float, list[tuple[str, str, float, float, float, float]]]]:  # type: ignore[no-untyped-def]
    """Per page, its width and every drawn non-space character as
    (char, font name, size, left, right, baseline)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument(str(path))
    buf = ctypes.create_string_buffer(256)
    pages = []
    try:
        for page in pdf:
            text = page.get_textpage()
            glyphs = []
            for i in range(text.count_chars()):
                ch = text.get_text_range(i, 1)
                if not ch.strip():
                    continue
                n = pdfium_c.FPDFText_GetFontInfo(text.raw, i, buf, len(buf), None)
                font = buf.raw[: max(n - 1, 0)].decode("latin-1").split("+")[-1]
                size = pdfium_c.FPDFText_GetFontSize(text.raw, i)
                left, _, right, _ = text.get_charbox(i, loose=True)
                x, y = ctypes.c_double(), ctypes.c_double()
                pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)
                glyphs.append((ch, font, size, left, right, y.value))
            pages.append((page.get_width(), glyphs))
    finally:
        pdf.close()
    return pages


def is_han(ch: str) -> bool:
    return bool(_HAN.fullmatch(ch))


def _too_loose(text: str, slack: float, body: float) -> bool:
    """Whether spreading ``slack`` over the gaps after the line's Chinese characters would open
    them wider than ``MAX_STRETCH_EM`` (such a line is set ragged)."""
    from generator.content.markup import is_cjk
    from generator.render.text_writer import MAX_STRETCH_EM

    gaps = sum(map(is_cjk, text)) - (1 if text and is_cjk(text[-1]) else 0)
    return slack > 0 and (gaps <= 0 or slack / gaps > MAX_STRETCH_EM * body)


def ragged_lines(path, paragraphs: list[str], body: float = 9.0) -> tuple[int, list[str]]:  # type: ignore[no-untyped-def]
    """Lines of Chinese body text that neither reach their column's right edge (within 0.5 pt)
    nor end a paragraph (nor would need gaps wider than ``MAX_STRETCH_EM`` to reach it), and how
    many lines were measured.

    A measured line is in body type (``body`` pt) with at least two Chinese characters; its
    column's right edge is the furthest any body line of that column reaches in the file, or
    that less a callout's padding. ``paragraphs`` are the printed texts (whitespace ignored);
    a line may fall short only when a paragraph ends with it.
    """
    ends = [re.sub(r"\s+", "", p) for p in paragraphs]
    pages = drawn_glyphs(path)
    lines: list[tuple[int, int, str, float]] = []  # page, side, text, right edge
    for n, (width, glyphs) in enumerate(pages):
        middle = width / 2
        rows: dict[tuple[int, int], list[tuple[str, str, float, float, float, float]]] = {}
        for g in glyphs:
            if abs(g[2] - body) < 0.01:
                rows.setdefault((1 if g[3] > middle else 0, round(g[5], 1)), []).append(g)
        for (side, _), row in rows.items():
            row.sort(key=lambda g: g[3])
            lines.append((n, side, "".join(g[0] for g in row), row[-1][4]))
    edge = {side: max((ln[3] for ln in lines if ln[1] == side), default=0.0) for side in (0, 1)}
    pad = 0.6 * body
    measured, faults = 0, []
    for page, side, text, right in lines:
        if sum(map(is_han, text)) < 2:
            continue
        measured += 1
        if min(abs(right - edge[side]), abs(right - (edge[side] - pad))) <= 0.5:
            continue
        if _too_loose(text, edge[side] - right, body):
            continue  # set ragged on purpose: justifying it would letter-space it
        core = re.sub(r"^(\d+\.|•)", "", text)
        if not any(p.endswith(core) for p in ends):
            faults.append(
                f"{path.name} p{page + 1}: {text!r} ends at {right:.2f}, not {edge[side]:.2f}"
            )
    return measured, faults
