"""The rows of a CSV or TSV item file, for :mod:`.tabular`.

Owns the reading below the cells: the encoding (UTF-8, a byte-order mark skipped), line ends
as YAML reads them, the delimiter (tabs for ``.tsv``; commas, or semicolons when the header
holds more of them outside quotes) and a quote never closed or text after a closing quote,
reported at its row and column instead of silently joining rows.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from ..errors import ContentError, Issue, Location
from ..locale import N_, _
from .yamlload import read_text


class Reports(Protocol):
    """Where a problem found while reading rows goes (:class:`generator.content.tabular._Reader`)."""

    def add(self, row: int, col: int, key: str, message: str) -> None:
        """Report ``message`` at ``row`` and ``col`` under ``key``."""


UNCLOSED = N_(
    "a quote opens this cell and is never closed; close it, or write a quote inside a cell twice"
)


AFTER_QUOTE = N_(
    "text after the closing quote of this cell; put the whole cell in quotes and write a quote "
    "inside it twice"
)


def _delimiter(path: Path, header: str) -> str:
    if path.suffix.lower() == ".tsv":
        return "\t"
    counts = {",": 0, ";": 0}
    quoted = False
    for ch in header:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    return ";" if counts[";"] > counts[","] else ","


def _bad_column(text: str, delimiter: str) -> tuple[int, bool]:
    """The column of the quote problem in the record starting ``text`` (1-based), and whether
    it is a quote never closed (else text after a closing quote)."""
    field, opened, start, quoted, n = 1, 1, True, False, 0
    while n < len(text):
        ch = text[n]
        if quoted:
            if ch == '"':
                if text[n + 1 : n + 2] == '"':
                    n += 1
                else:
                    quoted = False
                    after = text[n + 1 : n + 2]
                    if after not in ("", delimiter, "\n", "\r"):
                        return field, False
        elif ch == delimiter:
            field, start = field + 1, True
            n += 1
            continue
        elif ch in "\r\n":
            return field, False
        elif ch == '"' and start:
            quoted, opened = True, field
        start = False
        n += 1
    return (opened, True) if quoted else (field, False)


def _csv_records(
    path: Path, file: str, out: Reports, root: Path | None
) -> tuple[Iterator[list[Any]], bool]:
    """The rows of a CSV/TSV file (a malformed one is reported into ``out`` and ends them)."""
    text = read_text(path, file, "utf-8-sig", root=root)  # a byte-order mark is skipped
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as YAML reads line ends
    if "\x00" in text:  # where the first one stands: its line and column
        at = text.index("\x00")
        line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        said = _("not a text file (holds NUL characters)")
        raise ContentError([Issue(Location(file, line, col), "", said)])
    lines = [line + "\n" for line in text.split("\n")]
    if lines[-1] == "\n":
        lines.pop()
    delimiter = _delimiter(path, lines[0] if lines else "")
    reader = csv.reader(lines, delimiter=delimiter, quotechar='"', strict=True)

    def rows() -> Iterator[list[Any]]:
        record = 0
        while True:
            start = reader.line_num  # lines read before this record
            try:
                cells = next(reader)
            except StopIteration:
                return
            except csv.Error:
                col, unclosed = _bad_column("".join(lines[start:]), delimiter)
                out.add(record + 1, col, "", _(UNCLOSED if unclosed else AFTER_QUOTE))
                return
            record += 1
            yield cells

    return rows(), delimiter == ";"
