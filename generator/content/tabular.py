"""Item files kept in a spreadsheet: CSV, TSV and XLSX read into the same data and marks as YAML.

A component's ``items:`` file may end in ``.csv``, ``.tsv`` or ``.xlsx`` (the first worksheet
of an Excel workbook, read with openpyxl: values as the program last saved them, never a
formula). The first row names the fields;
every later row is one item. This module turns such a file into the plain data an item file in
YAML gives (``{"items": [...]}``) plus a :class:`~generator.content.yamlload.Marks` table, so the
schema, the loader and every later stage treat both alike and errors point at the cell.

The rules, each one written down so a spreadsheet means one thing:

- Encoding is UTF-8; a byte-order mark (Excel's "CSV UTF-8") is skipped.
- ``.tsv`` is split on tabs. ``.csv`` is split on commas, or on semicolons when the header row
  holds more semicolons than commas outside quotes (Excel's export where the comma is the decimal
  mark). Quotes are ``"`` and a quote inside a quoted cell is written twice; an unclosed quote or
  text after a closing quote is an error, not silently joined with the following rows.
- A header ``a.b.c`` makes nested mappings: ``back.label`` gives ``{back: {label: ...}}``.
  A last part that names a language (``text.en``, ``text.zh-Hant``, ``text.zh-Hans``) gives a
  per-language text; a last part that is another language's code (``text.fr``, ``text.zh``,
  ``text.ja``) or has the ``xx-YY`` form of one (``text.zh-TW``) is reported.
- A header whose last part is a number makes a list: ``numbers.1`` .. ``numbers.4`` give
  ``numbers: [..]``, filled from ``.1`` on (an empty cell ends the list; a filled cell after
  an empty one is reported). The parts before it may nest (``stats.hits.1``).
- A row whose ``id`` is ``*`` holds the defaults of every other row (``defaults:`` in YAML).
- An empty cell (or one of spaces only) means the field is absent, so defaults and the other
  languages apply. A cell holding just ``""`` (two double quotes) is an empty text. A blank
  row is skipped.
- ``TRUE``/``FALSE`` (any case) become booleans; a whole number written without leading zeros
  (``0``, ``12``, ``-3``) becomes an integer and a decimal (``1.5``; ``1,5`` in a semicolon file)
  a float; ``007`` and everything else stays text as written. ``id`` and ``source`` are always
  text. In a workbook, number and boolean cells keep their type and text cells follow the same
  rules.
- Errors are located as ``file:row:column``: the spreadsheet's row (the header is row 1) and the
  column's number (A is 1); the key is the column's header. A workbook's file is shown with its
  sheet, ``cards.xlsx[Sheet1]``. A missing field is reported with a hint on empty cells.
- Limits as for YAML: the same file size, at most :data:`MAX_ROWS` items, :data:`MAX_COLUMNS`
  columns, :data:`MAX_CELL` characters a cell and :data:`MAX_KEY_PARTS` parts in a header.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import ContentError, Issue, Location
from ..locale import N_, _
from ..text.localtext import LANGS
from .csvrows import _csv_records
from .schema import MAX_ITEMS
from .validate import suggest
from .workbook import workbook_rows
from .yamlload import Loaded, Marks, display_path

SUFFIXES = (".csv", ".tsv", ".xlsx")
EMPTY_TEXT = '""'  # a cell holding just this is an empty text
DEFAULTS_ID = "*"  # the row with this id gives every other row's defaults
# the words of this module's own problems (translated where they are reported)
EMPTY_CELL_HINT = N_(
    "; its cell is empty, which leaves the field out: fill it, give the column a value in the "
    'defaults row (id *), or write "" for an empty text'
)
EMPTY_HINT = N_(
    ' (in a spreadsheet an empty cell leaves the field out; write "" in the cell for an empty text)'
)
MAX_ROWS = MAX_ITEMS
MAX_COLUMNS = 200
MAX_CELL = 10_000
MAX_KEY_PARTS = 8
ALWAYS_TEXT = {"id", "source"}

_INT = re.compile(r"^-?(0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"^-?(0|[1-9][0-9]*)\.[0-9]+$")
_FLOAT_COMMA = re.compile(r"^-?(0|[1-9][0-9]*),[0-9]+$")
_LANG_LIKE = re.compile(r"^[a-z]{2}-[A-Za-z]{2,4}$")
# language codes a column could be meant for but that the project has no texts in
_OTHER_LANGS = frozenset(
    "ar cs da de el es fi fr he hu it ja ko nl pl pt ro ru sv th tr uk vi zh".split()  # noqa: SIM905
)
_KEY_PART = re.compile(r"^[^.\[\]]*\S[^.\[\]]*$")
_INDEX = re.compile(r"^[1-9][0-9]{0,2}$")  # a list position in a header, from 1


def is_table(path: Path) -> bool:
    """Whether ``path`` is read as a spreadsheet (by its extension)."""
    return path.suffix.lower() in SUFFIXES


def cell_key(key: str) -> str:
    """``items[3].text.en`` -> ``text.en``: a schema key path as the column's header."""
    m = re.match(r"^items\[\d+\]\.?", key)
    return key[m.end() :] if m else key


def relabel(issues: list[Issue], file: str, start: int = 0) -> None:
    """Rewrite, in place, the keys of ``issues[start:]`` located in ``file`` as column headers.

    A missing field gets a hint: in a spreadsheet it is most often an empty cell.
    """
    for n in range(start, len(issues)):
        issue = issues[n]
        if issue.location.file == file and issue.key:
            message = issue.message
            hint = _(EMPTY_HINT)
            if "missing" in message and hint not in message:
                message += hint
            issues[n] = issue._replace(key=cell_key(issue.key) or issue.key, message=message)


def column_name(col: int) -> str:
    """1 -> A, 27 -> AA: the spreadsheet's letter for a column number."""
    out = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        out = chr(65 + rest) + out
    return out


def _value(raw: str, key: str, comma_decimal: bool) -> Any:
    text = raw.strip()
    if key in ALWAYS_TEXT:
        return raw
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    if comma_decimal and _FLOAT_COMMA.match(text):
        return float(text.replace(",", "."))
    return raw


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file
        self.issues: list[Issue] = []
        self.marks = Marks(file)
        self.columns: dict[tuple[str, ...], int] = {}

    def add(self, row: int, col: int, key: str, message: str) -> None:
        self.issues.append(Issue(Location(self.file, row, col), key, message))

    def header(self, cells: list[str]) -> list[tuple[str, ...] | None]:
        """Each column's key path (None for an unnamed, unused column)."""
        if len(cells) > MAX_COLUMNS:
            self.add(
                1,
                MAX_COLUMNS + 1,
                "",
                _("{count} columns; the limit is {max_columns}").format(
                    count=len(cells), max_columns=MAX_COLUMNS
                ),
            )
            cells = cells[:MAX_COLUMNS]
        paths: list[tuple[str, ...] | None] = []
        seen: dict[tuple[str, ...], int] = {}
        for col, cell in enumerate(cells, 1):
            name = cell.strip()
            if not name:
                paths.append(None)
                continue
            parts = tuple(p.strip() for p in name.split("."))
            if (
                _INDEX.match(parts[0])
                or len(parts) > MAX_KEY_PARTS
                or not all(_KEY_PART.match(p) for p in parts)
            ):
                self.add(
                    1,
                    col,
                    name,
                    _(
                        "header is not a key path (parts joined by '.', at most {max_key_parts})"
                    ).format(max_key_parts=MAX_KEY_PARTS),
                )
                paths.append(None)
                continue
            if parts in seen:
                self.add(
                    1,
                    col,
                    name,
                    _("column repeated (first in column {seen})").format(seen=seen[parts]),
                )
                paths.append(None)
                continue
            seen[parts] = col
            self.columns[parts] = col
            paths.append(parts)
        for col, value in enumerate(paths, 1):
            if value is None:
                continue
            for other, ocol in seen.items():
                if len(other) > len(value) and other[: len(value)] == value and ocol != col:
                    self.add(
                        1,
                        ocol,
                        ".".join(other),
                        _("{known!r} (column {col}) is already a value, not a mapping").format(
                            known=".".join(value), col=col
                        ),
                    )
                    paths[ocol - 1] = None
        self._languages(paths)
        return paths

    def _languages(self, paths: list[tuple[str, ...] | None]) -> None:
        groups: dict[tuple[str, ...], list[tuple[int, str]]] = {}
        for col, parts in enumerate(paths, 1):
            if parts is not None and len(parts) > 1:
                groups.setdefault(parts[:-1], []).append((col, parts[-1]))
        for parent, members in groups.items():
            for col, last in members:
                if last in LANGS:
                    continue
                if _LANG_LIKE.match(last) or last.lower() in _OTHER_LANGS:
                    self.add(
                        1,
                        col,
                        ".".join((*parent, last)),
                        _("unknown language {last!r}; languages are {known}{suggest}").format(
                            last=last, known=", ".join(LANGS), suggest=suggest(last, LANGS)
                        ),
                    )

    def row(
        self,
        base: tuple[str | int, ...],
        row: int,
        cells: list[Any],
        paths: list[tuple[str, ...] | None],
        comma_decimal: bool,
    ) -> dict[str, Any]:
        item: dict[str, Any] = {}
        self.marks._values[base] = (row, 1)
        places: dict[tuple[str, ...], tuple[int, int]] = {}
        for col, raw in enumerate(cells, 1):
            if raw is None or (isinstance(raw, str) and not raw.strip()):
                continue
            if col > len(paths):
                self.add(
                    row,
                    col,
                    "",
                    _("cell in column {column_name} has no header").format(
                        column_name=column_name(col)
                    ),
                )
                continue
            parts = paths[col - 1]
            if parts is None:
                continue
            if isinstance(raw, str) and len(raw) > MAX_CELL:
                self.add(
                    row,
                    col,
                    ".".join(parts),
                    _("{count} characters; the limit is {max_cell}").format(
                        count=len(raw), max_cell=MAX_CELL
                    ),
                )
                continue
            if raw == EMPTY_TEXT:
                value: Any = ""
            elif isinstance(raw, str):
                value = _value(raw, parts[-1] if len(parts) == 1 else "", comma_decimal)
            else:
                value = raw
            node = item
            for part in parts[:-1]:
                node = node.setdefault(part, {})
            node[parts[-1]] = value
            places[parts] = (row, col)
        item = self._lists(item, (), row)
        for key, at in places.items():
            mark: tuple[str | int, ...] = base
            for name in key:
                mark = (*mark, int(name) - 1 if _INDEX.match(name) else name)
                self.marks._values.setdefault(mark, at)
                self.marks._keys.setdefault(mark, at)
        return item

    def _lists(self, node: Any, parts: tuple[str, ...], row: int) -> Any:
        """Mappings keyed 1, 2, 3 ... (numbered columns) as lists, filled from 1 without gaps."""
        if not isinstance(node, dict):
            return node
        out = {k: self._lists(v, (*parts, k), row) for k, v in node.items()}
        if not out or not all(_INDEX.match(k) for k in out):
            return out
        numbers = sorted(int(k) for k in out)
        if numbers != list(range(1, len(numbers) + 1)):
            gap = next(n for n in range(1, numbers[-1] + 1) if n not in numbers)
            after = next(n for n in numbers if n > gap)
            col = self.columns.get((*parts, str(after)), 1)
            self.add(
                row,
                col,
                ".".join((*parts, str(after))),
                _("{column} is empty; a list's cells are filled from .1 on").format(
                    column=".".join((*parts, str(gap)))
                ),
            )
        return [out[str(n)] for n in numbers]


def load_table(path: Path, *, shown_as: str | None = None, root: Path | None = None) -> Loaded:
    """Read a CSV, TSV or XLSX item file into ``{"items": [...]}`` with cell marks.

    The file is read through the guarded reader (inside ``root``, the game folder). Raises
    :class:`~generator.errors.ContentError` listing every problem, each located at
    ``file:row:column`` (a workbook's file named with its sheet: ``cards.xlsx[Sheet1]``).
    """
    rel = display_path(path)
    file = shown_as or (str(path) if rel.startswith("..") else rel)
    if path.suffix.lower() == ".xlsx":
        records, sheet = workbook_rows(path, file, MAX_COLUMNS + 1, root)
        file, comma_decimal = f"{file}[{sheet}]", False
        out = _Reader(file)
    else:
        out = _Reader(file)
        records, comma_decimal = _csv_records(path, file, out, root)
    out.marks._values[()] = (1, 1)
    out.marks._values[("items",)] = (1, 1)
    items: list[dict[str, Any]] = []
    data: dict[str, Any] = {"items": items}
    paths: list[tuple[str, ...] | None] | None = None
    id_col = -1
    for record, cells in enumerate(records, 1):
        if paths is None:
            paths = out.header(["" if c is None else str(c) for c in cells])
            id_col = paths.index(("id",)) if ("id",) in paths else -1
            continue
        if not any(c is not None and str(c).strip() for c in cells):
            continue
        if 0 <= id_col < len(cells) and str(cells[id_col]).strip() == DEFAULTS_ID:
            if "defaults" in data:
                out.add(record, id_col + 1, "id", _("a second defaults row (id *); keep one"))
                continue
            defaults = out.row(("defaults",), record, cells, paths, comma_decimal)
            data["defaults"] = {k: v for k, v in defaults.items() if k != "id"}
            continue
        if len(items) >= MAX_ROWS:
            out.add(
                record,
                1,
                "",
                _("more than {max_rows} items; the limit is {max_rows}").format(max_rows=MAX_ROWS),
            )
            break
        items.append(out.row(("items", len(items)), record, cells, paths, comma_decimal))
    if paths is None:
        out.add(1, 1, "", _("the file is empty; the first row names the fields"))
    if out.issues:
        raise ContentError(out.issues)
    return Loaded(data, out.marks, path, text_cells=True)
