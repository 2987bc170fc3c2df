"""Text on a terminal: its width in columns and paragraphs wrapped by the sheets' break rules.

A Chinese character takes two columns; a paragraph breaks before any Chinese character and at
spaces, never inside a run of Latin letters and digits, and never before closing or after
opening punctuation (:mod:`.breaks`). The command line wraps its help and its tables with these.
"""

from __future__ import annotations

import re
import unicodedata

from .breaks import NO_END, NO_START, binds_number

WIDE = ("W", "F")  # East Asian widths that take two columns
_STYLE = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")  # a terminal colour or style sequence


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (a wide character counts two)."""
    return sum(2 if unicodedata.east_asian_width(c) in WIDE else 1 for c in _STYLE.sub("", text))


def _tokens(text: str) -> list[tuple[str, bool]]:
    """Unbreakable pieces of a paragraph, each with whether a space comes before it.

    A Chinese character is a piece of its own (a line may break before it), a run of Latin
    letters, digits and signs is one piece; closing punctuation stays with what it closes and
    opening punctuation with what it opens. A space between two Chinese characters is dropped;
    one between a Chinese word and a number stays inside one piece with both.
    """
    tokens: list[tuple[str, bool]] = []
    space = False
    for ch in text:
        if ch.isspace():
            space = bool(tokens)
            continue
        wide = unicodedata.east_asian_width(ch) in WIDE
        if tokens:
            last = tokens[-1][0]
            last_wide = unicodedata.east_asian_width(last[-1]) in WIDE
            if space and wide and last_wide:
                space = False
            if space and binds_number(last, ch):  # 重組 7: the number stays with its word
                tokens[-1] = (f"{last} {ch}", tokens[-1][1])
                space = False
                continue
            joins = not space and (
                ch in NO_START or last[-1] in NO_END or (not wide and not last_wide)
            )
            if joins:
                tokens[-1] = (last + ch, tokens[-1][1])
                continue
        tokens.append((ch, space))
        space = False
    return tokens


def fill(text: str, columns: int, first: str = "", rest: str = "") -> str:
    """One paragraph wrapped to ``columns`` screen columns, with the two indents."""
    lines: list[str] = []
    line, used = first, width(first)
    empty = True
    for token, spaced in _tokens(text):
        gap = 1 if spaced and not empty else 0
        size = width(token)
        if not empty and used + gap + size > columns:
            lines.append(line)
            line, used, gap, empty = rest, width(rest), 0, True
        line += " " * gap + token
        used += gap + size
        empty = False
    lines.append(line)
    return "\n".join(lines)


def wrap_text(
    text: str,
    width: int = 78,
    initial_indent: str = "",
    subsequent_indent: str = "",
    preserve_paragraphs: bool = False,
) -> str:
    """click's ``wrap_text`` (paragraphs, ``\\b`` blocks kept as written) by screen width."""
    text = text.expandtabs()
    if not preserve_paragraphs:
        return fill(text, width, initial_indent, subsequent_indent)
    paragraphs: list[tuple[int, bool, list[str]]] = []
    block: list[str] = []
    indent = 0
    for line in [*text.splitlines(), ""]:
        if line:
            if not block:
                indent = len(line) - len(line.lstrip())
                line = line.lstrip()
            block.append(line)
            continue
        if block:
            raw = block[0].strip() == "\b"
            paragraphs.append((indent, raw, block[1:] if raw else block))
            block = []
    out = []
    for indent, raw, lines in paragraphs:
        pad = " " * indent
        if raw:
            out.append(
                "\n".join(
                    (initial_indent if n == 0 else subsequent_indent) + pad + line
                    for n, line in enumerate(lines)
                )
            )
        else:
            out.append(fill(" ".join(lines), width, initial_indent + pad, subsequent_indent + pad))
    return "\n\n".join(out)
