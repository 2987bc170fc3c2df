"""Character classes of line breaking: which characters are Chinese, which may not start or end a line.

Each Chinese character is a break opportunity; the kinsoku sets say which characters may not
begin a line (closing punctuation) or end one (opening punctuation); the shared punctuation is
drawn in the Chinese face beside a Chinese character. The rule sheets, the printed pieces and
the terminal (:mod:`.columns`) break lines by the same classes.
"""

from __future__ import annotations

NO_START = frozenset("，。、：；！？）」』】》〉…‥・ー々〕］｝’”%),.;:!?]}»›\u00a0")
NO_END = frozenset("（「『【《〈〔［｛‘“([{«‹\u00a0")
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
