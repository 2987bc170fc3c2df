"""The placeholders of a score's formulas and the reading of its lookup tables.

Kept apart from the models (:mod:`.table_scoring`) so the table companion reads a saved game's
scores without loading the schema library: ``{input}``, ``{result}`` and ``{table:input}`` are
found by :data:`PLACEHOLDER`; :func:`read_row` reads a table by name or by rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

# {input}, {result} or {table:input}
PLACEHOLDER = re.compile(r"\{([a-z0-9][a-z0-9_-]*)(?::([a-z0-9][a-z0-9_-]*))?\}")

DICE = re.compile(r"d(?:[0-9%F]|\[)")  # a die (4d6, d%, dF, d[banner]); not a drop (dl1)


def placeholders(formula: str) -> Iterator[tuple[str, str | None]]:
    """Each ``{name}`` as (name, None) and each ``{table:input}`` as (input, table)."""
    for match in PLACEHOLDER.finditer(formula):
        table, name = match.group(1), match.group(2)
        yield (name, table) if name is not None else (table, None)


def table_is_numbered(table: Mapping[str, object]) -> bool:
    """Whether every key of a lookup table is a whole number (read as rows, not names)."""
    return bool(table) and all(re.fullmatch(r"-?[0-9]+", key) for key in table)


def read_row(table: Mapping[str, object], value: int) -> object:
    """A lookup table's entry for ``value``: by name, or the largest number key not above it."""
    if not table_is_numbered(table):
        return table.get(str(value))
    rows = [int(key) for key in table if int(key) <= value]
    return table[str(max(rows))] if rows else None
