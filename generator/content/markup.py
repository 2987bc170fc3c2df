"""Text markup and character classes: what a string of rich text says, before any layout.

Markup: ``**bold**``, ``*italic*``, ``\\*`` (a literal star), ``[#c03020]colour[/]``,
``:icon:`` (a known icon name; an unknown ``:word:`` stays as text, every character of it) and
line breaks. The character classes it reads text with (which characters are Chinese, which may
not start or end a line) are :mod:`generator.text.breaks`.
"""

from __future__ import annotations

import re

import msgspec

from ..text.breaks import NO_END, NO_START, SHARED_PUNCT, is_cjk, is_cjk_punct
from .icons import ICONS

__all__ = [
    "NO_END",
    "NO_START",
    "SHARED_PUNCT",
    "TOKEN",
    "Span",
    "is_cjk",
    "is_cjk_punct",
    "parse_markup",
    "plain_text",
]

_ICON = re.compile(r":([a-z][a-z0-9-]*):")
# one markup token (the split keeps them); the printed-text check reads markup with it too
TOKEN = re.compile(
    r"(\\\*|\*\*|\*|\[#[0-9a-fA-F]{6}\]|\[#[0-9a-fA-F]{3}\]|\[/\]|:[a-z][a-z0-9-]*:|\n)"
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
