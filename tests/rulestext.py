"""Helpers for the rule-sheet content tests: the printed text of a section, Chinese only."""

from __future__ import annotations

import re

from generator.rules.chinese import to_simplified

_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def section_text(section) -> str:  # type: ignore[no-untyped-def]
    """Everything a section prints: title, items, table headers and cells."""
    parts = [section.title]
    for block in section.blocks:
        parts += [*block.items, *block.header, *(c for row in block.rows for c in row)]
    return " ".join(parts)


def han(text: str) -> str:
    """Only the Chinese characters of ``text``, in Simplified form."""
    return "".join(_HAN.findall(to_simplified(text)))


# ---------------------------------------------------------------- printed lines by column

_OPERATOR = "×+=÷−"
_BINARY = "×=÷"
_SPACED_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff][ \u00a0\t]+[\u3400-\u9fff\uf900-\ufaff]")


def column_lines(path) -> list[list[list[str]]]:  # type: ignore[no-untyped-def]
    """Every page's printed lines, per column (left, right), top to bottom.

    Reads each drawn character with its box (pypdfium2) and groups characters by their baseline
    into lines (Latin and Chinese faces have different ascents, so box centres of one line
    differ) and by side of the page into columns. Spaces are read from the gaps between
    glyphs, not from the extractor's guesses: a gap of a space's width is " ", a wider one (a
    table's cell border) is " | ". The page-number line is left out.
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
                if not ch or ch.isspace():
                    continue
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
            pages.append(
                [[_join(sorted(col[y])) for y in sorted(col, reverse=True)] for col in columns]
            )
    finally:
        pdf.close()
    return pages


def _join(chars: list[tuple[float, float, float, str]]) -> str:
    out = []
    end = None
    for left, right, height, ch in chars:
        if end is not None:
            gap = left - end
            if gap > 0.45 * height:
                out.append(" | ")
            elif gap > 0.12 * height:
                out.append(" ")
        out.append(ch)
        end = right
    return "".join(out)


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
