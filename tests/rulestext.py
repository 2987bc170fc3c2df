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
