"""The fast path of line breaking: plain text in one face, broken as :func:`text_wrap.wrap` would.

Plain text (no markup, no CJK, no word that starts with closing or ends with opening
punctuation, every character in the face) is most of what cards carry. It skips the span,
atom and box machinery and gives exactly the lines the general breaker gives (a property test
holds the two together).
"""

from __future__ import annotations

import re

from ..content.markup import NO_END, NO_START, is_cjk
from . import fonts
from .text_wrap import Line, Piece, end_paragraph, unit_width

_MARKUP = re.compile(r"[*\\\[\u200b]|:[a-z][a-z0-9-]*:|[\x00-\x09\x0b-\x1f\x7f]")
_STYLE = {(False, False): "regular", (True, False): "bold", (False, True): "italic"}


class Plain:
    """Plain text in one face: paragraphs of words with their widths at 1 pt."""

    __slots__ = ("face", "paragraphs", "space")

    def __init__(
        self, face: fonts.Face, paragraphs: list[tuple[list[tuple[str, float, int]], int]]
    ) -> None:
        self.face = face
        # per paragraph: its (word, width at 1 pt, spaces before it) and its trailing spaces
        self.paragraphs = paragraphs
        self.space = unit_width(" ", face)


def plain_words(markup: str, family: str, bold: bool, italic: bool) -> Plain | None:
    """``markup`` as plain words when the general line breaker would treat it as such.

    That is text with no markup whose every character the face has and none of which is CJK
    (each CJK character is a break opportunity), where no word starts with closing or ends
    with opening punctuation (those glue to a neighbour).
    Anything else returns None and goes through :func:`text_wrap.wrap`.
    """
    if _MARKUP.search(markup):
        return None
    face = fonts.face(family, _STYLE.get((bold, italic), "bold-italic"))
    if face.synthetic_bold:
        return None
    if markup.isascii():
        if not fonts.covers_ascii(face):
            return None
    else:  # letters beyond ASCII are fine when the face has them and none breaks like CJK
        cmap = face.cmap
        for ch in set(markup):
            if ch != "\n" and (ord(ch) not in cmap or is_cjk(ch)):
                return None
    paragraphs: list[tuple[list[tuple[str, float, int]], int]] = []
    for para in markup.split("\n"):
        words: list[tuple[str, float, int]] = []
        spaces = 0
        for word in para.split(" "):
            if not word:
                spaces += 1
                continue
            if word[0] in NO_START or word[-1] in NO_END:
                return None
            words.append((word, unit_width(word, face), spaces + (1 if words else 0)))
            spaces = 0
        paragraphs.append((words, spaces if words else 0))
    return Plain(face, paragraphs)


def wrap_plain(plain: Plain, width: float, size: float) -> tuple[list[Line], bool]:
    """What :func:`text_wrap.wrap` gives for plain words (see :func:`plain_words`), faster."""
    lines: list[Line] = []
    too_wide = False
    face = plain.face
    limit = width + 0.01
    space_w = plain.space * size
    for words, trailing in plain.paragraphs:
        parts: list[str] = []
        line_w = 0.0
        for word, unit, spaces in words:
            w = unit * size
            if parts:
                gap = space_w * spaces
                if line_w + gap + w > limit:  # break here; the spaces are dropped
                    lines.append(Line([Piece(" ".join(parts), face, size, None, line_w)], line_w))
                    parts, line_w = [], 0.0
                else:
                    parts.append(" " * (spaces - 1) + word if spaces > 1 else word)
                    line_w += gap + w
                    continue
            if w > limit:
                too_wide = True
            parts.append(word)
            line_w += w
        lines.append(
            Line([Piece(" ".join(parts), face, size, None, line_w)] if parts else [], line_w)
        )
        if trailing and parts and line_w + space_w * trailing > limit:
            lines.append(Line())  # trailing spaces that overflow still end the line
        end_paragraph(lines)
    return lines, too_wide
