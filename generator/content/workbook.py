"""Excel workbooks (``.xlsx``) as item files: the first sheet's rows, cell by cell.

openpyxl reads the workbook (read-only, values as the spreadsheet program last saved them,
never a formula); :mod:`generator.content.tabular` turns the rows into items exactly as it does
a CSV file's. openpyxl is the well-kept reader of the format; it is imported only when a
workbook is read.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import ContentError, Issue, Location
from ..locale import _
from .yamlload import read_text

MAX_UNPACKED = 50 * 1024 * 1024  # bytes of XML inside one workbook


def workbook_rows(path: Path, file: str, max_cols: int) -> tuple[Iterator[list[Any]], str]:
    """The rows of a workbook's first sheet (values as last saved) and the sheet's name."""
    import zipfile

    from openpyxl import load_workbook

    read_text(path, file, "latin-1")  # the file size limit of every content file
    try:
        with zipfile.ZipFile(path) as archive:  # a workbook is a zip of XML files
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
        book = load_workbook(path, read_only=True, data_only=True)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise ContentError(
            [
                Issue(
                    Location(file),
                    "",
                    _("not an Excel workbook (.xlsx): {reason}").format(reason=exc),
                )
            ]
        ) from None
    sheet = book.worksheets[0]

    def rows() -> Iterator[list[Any]]:
        try:
            for values in sheet.iter_rows(values_only=True, max_col=max_cols):
                cells = [_cell(v) for v in values]
                while cells and cells[-1] is None:  # rows come padded to the widest
                    cells.pop()
                yield cells
        finally:
            book.close()

    return rows(), sheet.title


def _cell(value: Any) -> Any:
    """A workbook cell as the CSV reader would see it: text, a number, a boolean or None."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)
