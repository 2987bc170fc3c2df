"""Character classes of line breaking: which characters are Chinese, which may not start or end a line.

Each Chinese character is a break opportunity; the kinsoku sets say which characters may not
begin a line (closing punctuation) or end one (opening punctuation); the shared punctuation is
drawn in the Chinese face beside a Chinese character. A number after a Chinese word and a space
stays with the word (:func:`bind_numbers`). The rule sheets, the printed pieces and the
terminal (:mod:`.columns`) break lines by the same classes.
"""

from __future__ import annotations

import re
from itertools import pairwise

NO_START = frozenset("，。、：；！？）」』】》〉…‥・ー々〕］｝’”%),.;:!?]}»›\u00a0")
NO_END = frozenset("（「『【《〈〔［｛‘“([{«‹\u00a0")
BREAK = "\u200b"  # a break opportunity inside a run: zero width, never drawn
# A long run with no space and no Chinese (a URL, a long word or number), outside markup
_LONG_RUN = re.compile(r"[A-Za-z0-9/._~:?#@!$&'()+,;=%\-]{12,}")
_URL_POINT = re.compile(r"(?<=[/\-_?&=#])(?=[^/])|(?<=[^/])(?=[.])")
_ICON = re.compile(r":[a-z][a-z0-9-]*:")
NO_BREAK_SPACE = "\u00a0"  # drawn as a space; no line starts or ends with it
# signs a number may start with (重組 7, 第 3, 攻擊 +1)
_SIGNS = "+-\u2212\u00b1"
# Quotes and dashes shared by both scripts: drawn in the Chinese face beside a Chinese character
# when that face has them.
SHARED_PUNCT = frozenset("‘’“”…‥—–·")


def is_cjk(ch: str) -> bool:
    """Whether ``ch`` is a Chinese character, CJK punctuation or a full-width form."""
    cp = ord(ch)
    return (
        0x2E80 <= cp <= 0x9FFF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFF00 <= cp <= 0xFFEF
        or 0xFE30 <= cp <= 0xFE4F
        or cp >= 0x20000
    )


def is_cjk_punct(ch: str) -> bool:
    """CJK symbols and punctuation (，。、「」《》 ...) and full-width and vertical forms."""
    cp = ord(ch)
    return (
        0x3000 <= cp <= 0x303F
        or 0xFF00 <= cp <= 0xFFEF
        or 0xFE10 <= cp <= 0xFE1F
        or 0xFE30 <= cp <= 0xFE4F
        or cp == 0x30FB  # katakana middle dot, used as a separator in Chinese too
    )


def one_han(text: str) -> bool:
    """Whether ``text`` shows one Chinese character and nothing else but punctuation."""
    shown = "".join(text.split())
    han = [ch for ch in shown if is_cjk(ch) and not is_cjk_punct(ch)]
    return len(han) == 1 and all(
        ch == han[0] or is_cjk_punct(ch) or ch in NO_START or ch in NO_END for ch in shown
    )


def is_han(ch: str) -> bool:
    """Whether ``ch`` is a Chinese character (not punctuation, not a full-width form)."""
    cp = ord(ch)
    return (
        0x3400 <= cp <= 0x4DBF
        or 0x4E00 <= cp <= 0x9FFF
        or 0xF900 <= cp <= 0xFAFF
        or 0x20000 <= cp <= 0x2FA1F
    )


def _is_digit(ch: str) -> bool:
    return "0" <= ch <= "9" or "\uff10" <= ch <= "\uff19"


def binds_number(before: str, after: str) -> bool:
    """Whether a space between ``before`` (the last character of a word) and ``after`` (the
    first of the next) binds them: a Chinese word and the number it is followed by.

    (Tested character by character: a regular expression over the Chinese ranges costs some
    15 M instructions to compile, paid by every command that prints.)"""
    if not before or not after or not is_han(before[-1]):
        return False
    lead = after[1:2] if after[0] in _SIGNS else after[0]
    return bool(lead) and _is_digit(lead)


def bind_numbers(text: str) -> str:
    """``text`` with each space between a Chinese character and a number after it made a
    no-break space, so that a line never ends between the word and its number (重組 7)."""
    if " " not in text or text.isascii():  # no space, or no Chinese to bind
        return text
    parts = text.split(" ")
    out = [parts[0]]
    for before, after in pairwise(parts):
        out += [NO_BREAK_SPACE if binds_number(before, after) else " ", after]
    return "".join(out)


def breakable(text: str, *, anywhere: bool = False) -> str:
    """``text`` with break opportunities (U+200B) in each long run that has no space in it.

    A URL breaks after a slash, hyphen, underscore, ``?``, ``&``, ``=`` or ``#`` and before a
    dot, as style guides break them; with ``anywhere`` a run breaks between any two characters
    (the last resort for a word wider than its column).
    """

    def mark(m: re.Match[str]) -> str:
        run = m.group()
        if _ICON.search(run):
            return run  # an icon's name is markup, not text to break
        if anywhere:
            return BREAK.join(run)
        return _URL_POINT.sub(BREAK, run)

    return _LONG_RUN.sub(mark, text)
