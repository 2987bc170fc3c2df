"""Text markup and character classes: what a string of rich text says, before any layout.

Markup: ``**bold**``, ``*italic*``, ``\\*`` (a literal star), ``[#c03020]colour[/]``,
``:icon:`` (a known icon name; an unknown ``:word:`` stays as text, every character of it) and
line breaks. The character classes say which characters are Chinese (each one a break
opportunity), which may not start or end a line (kinsoku), and which are Chinese punctuation
that must be drawn in the Chinese face.
"""

from __future__ import annotations

import re

import msgspec

from .icons import ICONS

NO_START = frozenset("，。、：；！？）」』】》〉…‥・ー々〕］｝’”%),.;:!?]}»›\u00a0")
NO_END = frozenset("（「『【《〈〔［｛‘“([{«‹\u00a0")
# Quotes and dashes shared by both scripts: drawn in the Chinese face beside a Chinese character
# when that face has them.
SHARED_PUNCT = frozenset("‘’“”…‥—–·")
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
# one markup token (the split keeps them); the printed-text check reads markup with it too
TOKEN = re.compile(
    r"(\\\*|\*\*|\*|\[#[0-9a-fA-F]{6}\]|\[#[0-9a-fA-F]{3}\]|\[/\]|:[a-z][a-z0-9-]*:|\n)"
)


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


class Span(msgspec.Struct, frozen=True):
    """A piece of text in one style; ``icon`` set for an inline icon."""

    text: str
    bold: bool = False
    italic: bool = False
    color: str | None = None
    icon: str | None = None

    @property
    def style(self) -> str:
        """The font style of the run: regular, bold, italic or bold-italic."""
        return _STYLES[(self.bold, self.italic)]


_STYLES = {
    (False, False): "regular",
    (True, False): "bold",
    (False, True): "italic",
    (True, True): "bold-italic",
}


def parse_markup(text: str, *, bold: bool = False, italic: bool = False) -> list[Span]:
    """Split markup into styled spans. Unknown ``:words:`` stay as text, whole."""
    spans: list[Span] = []
    color: str | None = None
    for token in TOKEN.split(text):
        if not token:
            continue
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\\*":
            spans.append(Span("*", bold, italic, color))
        elif token.startswith("[#"):
            color = token[1:-1]
        elif token == "[/]":
            color = None
        elif token == "\n":
            spans.append(Span("\n"))
        elif _ICON.fullmatch(token) and token[1:-1] in ICONS:
            spans.append(Span("", bold, italic, color, icon=token[1:-1]))
        else:
            spans.append(Span(token, bold, italic, color))
    return spans


def plain_text(text: str) -> str:
    """The characters markup draws as text (icons and style marks removed)."""
    return "".join(s.text for s in parse_markup(text) if s.icon is None)
