"""Traditional <-> Simplified Chinese derivation with protected terms and reviewed game words.

:func:`derive` is how one Chinese language is made from the other, for rule sheets and printed
pieces alike: glossary terms are swapped for private-use placeholders, the game-vocabulary
phrases of ``phrases.yaml`` are put into the target region's usage, OpenCC converts the
characters only (t2s / s2t: its software phrase profiles tw2sp / s2twp are never used, they
turn 執行 into 运行), the other region's words of ``regional.yaml`` are rewritten, and the
protected terms come back exactly as the glossary gives them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from .regional import phrase_table, script_only, to_region

__all__ = ["derive", "script_only", "to_simplified", "to_traditional"]

_PUA_START = 0xF0000  # Supplementary Private Use Area-A: never in real text


@lru_cache(maxsize=2)
def _phrases(lang: str) -> dict[str, str]:
    """Source word -> ``lang`` word for the phrase table, words to keep mapping to themselves."""
    out: dict[str, str] = {}
    for f in phrase_table(lang):
        out[f.form] = f.use
        for k in f.keep:
            out.setdefault(k, script_only(k, lang))
    return out


def derive(text: str, lang: str, protect: Mapping[str, str] | Iterable[str] = ()) -> str:
    """``text`` written in the other Chinese language, in ``lang`` (zh-Hans or zh-Hant).

    ``protect`` maps source strings to the exact output wanted for them (or lists strings that
    must come out unchanged); glossary terms go here. Protected terms are hidden first, longer
    first (a term inside another one does not split it), so neither the phrase table nor the
    regional rewrite touches them; then the phrase table's words are hidden the same way.
    """
    terms = dict(protect) if isinstance(protect, Mapping) else {t: t for t in protect}
    placeholders: dict[str, str] = {}
    work = text
    for table in (terms, _phrases(lang)):
        for term in sorted((t for t in table if t), key=len, reverse=True):
            if term in work:
                mark = chr(_PUA_START + len(placeholders))
                placeholders[mark] = table[term]
                work = work.replace(term, mark)
    out = to_region(script_only(work, lang), lang)
    for mark, replacement in placeholders.items():
        out = out.replace(mark, replacement)
    return out


def to_simplified(text: str, protect: Mapping[str, str] | Iterable[str] = ()) -> str:
    """Traditional (Taiwan) -> Simplified (mainland), glossary terms kept as given."""
    return derive(text, "zh-Hans", protect)


def to_traditional(text: str, protect: Mapping[str, str] | Iterable[str] = ()) -> str:
    """Simplified (mainland) -> Traditional (Taiwan), glossary terms kept as given."""
    return derive(text, "zh-Hant", protect)
