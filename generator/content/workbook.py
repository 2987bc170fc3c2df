"""Excel workbooks (``.xlsx``) as item files: the first sheet's rows, cell by cell.

openpyxl reads the workbook (read-only, values as the spreadsheet program last saved them,
never a formula); :mod:`generator.content.tabular` turns the rows into items exactly as it does
a CSV file's. openpyxl is the well-kept reader of the format; it is imported only when a
workbook is read.
"""

from __future__ import annotations

import datetime
import io
import math
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import ContentError, Issue, Location
from ..locale import _
from .files import read_guarded
from .yamlload import MAX_FILE_BYTES

MAX_UNPACKED = 50 * 1024 * 1024  # bytes of XML inside one workbook


def workbook_rows(
    path: Path, file: str, max_cols: int, root: Path | None = None
) -> tuple[Iterator[list[Any]], str]:
    """The rows of a workbook's first sheet (values as last saved) and the sheet's name.

    The file is read through the guarded reader, like every file content names.
    """

    from openpyxl import load_workbook  # deferred: some 0.1-0.3 s to import, only for .xlsx files

    try:
        data = io.BytesIO(read_guarded(path, root, MAX_FILE_BYTES))
    except ValueError as exc:
        message = _("cannot read file: {reason}").format(reason=exc)
        raise ContentError([Issue(Location(file), "", message)]) from None
    try:
        with zipfile.ZipFile(data) as archive:  # a workbook is a zip of XML files
            unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_UNPACKED:
            raise ContentError(
                [
                    Issue(
                        Location(file),
                        "",
                        _("the workbook unpacks to {size} bytes; the limit is {limit}").format(
                            size=unpacked, limit=MAX_UNPACKED
                        ),
                    )
                ]
            )
        book = load_workbook(data, read_only=True, data_only=True)
        sheet = book.worksheets[0]
    except _DAMAGED as exc:
        if isinstance(exc, IndexError):
            said = _("the workbook has no sheets")
        else:
            said = _("not an Excel workbook (.xlsx): {reason}").format(reason=_reason(exc))
        raise ContentError([Issue(Location(file, 1, 1), "", said)]) from None
    shown = f"{file}[{sheet.title}]"

    def rows() -> Iterator[list[Any]]:
        read = 0
        cells: list[Any] = []
        try:
            for values in sheet.iter_rows(values_only=True, max_col=max_cols):
                read += 1
                cells = [_cell(v, shown, read, col) for col, v in enumerate(values, 1)]
                while cells and cells[-1] is None:  # rows come padded to the widest
                    cells.pop()
                yield cells
        except _DAMAGED as exc:  # a damaged sheet fails while its rows are read
            said = _("the sheet cannot be read past row {row}: {reason}").format(
                row=read, reason=_reason(exc)
            )
            raise ContentError([Issue(Location(shown, read + 1, 1), "", said)]) from None
        finally:
            book.close()

    return rows(), sheet.title


# what openpyxl and the XML and zip readers under it raise on a damaged workbook: cut XML,
# refused doctypes, an index past the shared strings, a cell reference or number it cannot
# read, a date cell holding text
_DAMAGED: tuple[type[BaseException], ...] = (
    ValueError,
    KeyError,
    IndexError,
    TypeError,
    AttributeError,
    OverflowError,
    EOFError,
    OSError,
    SyntaxError,  # xml.etree.ElementTree.ParseError and lxml's XMLSyntaxError
    zipfile.BadZipFile,
    zlib.error,
)


def _reason(exc: BaseException) -> str:
    """The reader's own words, on one line and short."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:120] + ("..." if len(text) > 120 else "")


def _cell(value: Any, file: str = "", row: int = 0, col: int = 0) -> Any:
    """A workbook cell as the CSV reader would see it: text, a number, a boolean or None."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            said = _("{value} is not a number a game can use").format(value=value)
            raise ContentError([Issue(Location(file, row, col), "", said)])
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)
