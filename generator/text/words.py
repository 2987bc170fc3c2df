"""Chinese words: where a line may break in a narrow column without splitting a word.

Chinese prints no spaces between words, and body text may break between any two characters;
a narrow table cell reads badly when it does (战/斗, 命/中). :func:`word_bounds` finds the
boundaries between words with jieba's maintained dictionary (its words are Simplified, so a
Traditional text is segmented through its character-by-character Simplified form, which has the
same length); :func:`keep_words` marks each word of two or more characters with word joiners
(U+2060), which the line breaker never breaks at and never draws. A caller's own words (a
game's glossary terms) are kept whole before the dictionary is asked.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from functools import lru_cache

import jieba

from .breaks import is_han
from .regional import script_only

JOINER = "\u2060"  # no break between the characters either side; never drawn
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]+")


@lru_cache(maxsize=1)
def _segmenter() -> jieba.Tokenizer:
    """jieba's tokenizer over its default dictionary, built once (it takes most of a second)."""
    logging.getLogger("jieba").setLevel(logging.WARNING)  # no "Building prefix dict" chatter
    tokenizer = jieba.Tokenizer()
    tokenizer.initialize()
    return tokenizer


@lru_cache(maxsize=8192)
def _run_bounds(run: str) -> tuple[int, ...]:
    """Word boundaries inside one run of Chinese characters (offsets 1 .. len - 1)."""
    simplified = script_only(run, "zh-Hans")
    if len(simplified) != len(run):
        simplified = run
    out: list[int] = []
    at = 0
    for word in _segmenter().cut(simplified, HMM=False):  # the dictionary alone: deterministic
        at += len(word)
        if at < len(run):
            out.append(at)
    return tuple(out)


def word_bounds(text: str, keep: Iterable[str] = ()) -> frozenset[int]:
    """Offsets ``i`` where ``text[i - 1]`` and ``text[i]`` are two Han characters of different
    words. Offsets inside a word of ``keep`` are never boundaries."""
    bounds: set[int] = set()
    for m in _HAN.finditer(text):
        if len(m.group()) > 1:
            bounds.update(m.start() + b for b in _run_bounds(m.group()))
    for word in keep:
        if len(word) < 2:
            continue
        start = text.find(word)
        while start >= 0:
            bounds.difference_update(range(start + 1, start + len(word)))
            start = text.find(word, start + 1)
    return frozenset(bounds)


def keep_words(text: str, keep: Iterable[str] = ()) -> str:
    """``text`` with a word joiner between the characters of each Chinese word.

    A break then falls only between words (and at spaces and punctuation, as before). ``keep``
    names words to keep whole whatever the dictionary says (a game's glossary terms).
    """
    if JOINER in text or not _HAN.search(text):
        return text
    keep = tuple(keep)
    bounds = word_bounds(text, keep)
    out: list[str] = []
    for i, ch in enumerate(text):
        if i and is_han(text[i - 1]) and is_han(ch) and i not in bounds:
            out.append(JOINER)
        out.append(ch)
    return "".join(out)
