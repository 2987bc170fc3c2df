"""Regional words found with OpenCC's own Taiwan phrase tables, read in both directions.

OpenCC ships, with its converter, two maintained tables: ``TWPhrases`` (a mainland word, in
Traditional script, and the word Taiwan writes for it) and ``TWPhrasesRev`` (the reverse).
:func:`replaced_words` runs one table alone over a text, as OpenCC's own segmentation reads it,
and gives back each word the table would replace and what it would write instead; that is
how :mod:`.regional` finds the other region's words (and what a software converter makes of a
rule word) beyond the project's own reviewed lexicon, with no copy of the tables kept here.

A table that the installed OpenCC lacks gives nothing: the reviewed lexicon still applies.
"""

from __future__ import annotations

import difflib
import json
import re
import tempfile
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import opencc

TABLES = ("TWPhrases", "TWPhrasesRev")  # mainland -> Taiwan, Taiwan -> mainland
_WIDEST = 8  # the longest word looked for around a changed span, in characters
_CONTROL = re.compile(r"[\x00-\x1f]+")


def _share() -> Path:
    """The folder of OpenCC's dictionaries in the installed package."""
    return Path(opencc.__file__).parent / "clib" / "share" / "opencc"


@lru_cache(maxsize=len(TABLES))
def _converter(table: str) -> Any:
    """An OpenCC converter that applies ``table`` alone (segmented by the same table)."""
    path = _share() / f"{table}.ocd2"
    if not path.is_file():
        return None
    entry = {"type": "ocd2", "file": str(path)}
    config = {
        "name": f"{table} alone",
        "segmentation": {"type": "mmseg", "dict": entry},
        "conversion_chain": [{"dict": entry}],
    }
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "config.json"
        file.write_text(json.dumps(config), encoding="utf-8")
        return opencc.OpenCC(str(file))


def _convert(table: str, text: str) -> str:
    converter = _converter(table)
    return text if converter is None else str(converter.convert(text))


def _word_at(text: str, start: int, end: int, table: str) -> str:
    """The word of ``text`` around ``start:end`` that ``table`` replaces, as the table reads it
    there: the shortest stretch whose own replacement, put back in its surroundings, gives what
    the table makes of those surroundings."""
    for width in range(max(1, end - start), _WIDEST + 1):
        first = max(0, end - width)
        for at in range(first, min(start, len(text) - width) + 1):
            word = text[at : at + width]
            use = _convert(table, word)
            if use == word:
                continue
            before = text[max(0, at - _WIDEST) : at]
            after = text[at + width : at + width + _WIDEST]
            if _convert(table, before + word + after) == _convert(table, before) + use + _convert(
                table, after
            ):
                return word
    return text[start:end]


@lru_cache(maxsize=4096)
def replaced_words(text: str, table: str) -> tuple[tuple[str, str], ...]:
    """(word, what ``table`` writes instead) for every word of ``text`` the table replaces.

    ``text`` is in Traditional script, as the tables are. Where a table offers several words,
    the first is given.
    """
    found: dict[str, str] = {}
    for part in _CONTROL.split(text):  # OpenCC reads a C string: a NUL would end the text
        out = _convert(table, part)
        if out == part:
            continue
        for tag, i1, i2, _j1, _j2 in _opcodes(part, out):
            if tag == "equal":
                continue
            word = _word_at(part, i1, i2, table)
            use = _convert(table, word).split()
            if word.strip() and use and use[0] != word and word not in found:
                found[word] = use[0]
    return tuple(found.items())


def _opcodes(a: str, b: str) -> Iterator[tuple[str, int, int, int, int]]:
    yield from difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
