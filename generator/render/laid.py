"""What the layout decided for each text: its lines, their widths and the spacing they take.

Every paragraph, list item, heading and table cell the rule-sheet layout sets leaves a
:class:`Laid` on the rows that draw it: the markup, the lines the breaker made, the width of the
column (the measure), whether its lines are justified, and where in the sheet it comes from.
The typesetting checks read these records, not a second guess at the layout:

- :func:`letter_spaced`: justified lines drawn with more than :data:`.text_writer.MAX_STRETCH_EM` between characters;
- :func:`forced_ragged`: justified lines set ragged because they would have needed more;
- :func:`one_han_widow`: a paragraph whose last line holds one Chinese character;
- :func:`cell_word_breaks`: a table cell's line breaks that fall inside a Chinese word;
- :func:`overflows`: a run too wide for its column (a URL, a long word), which the layout
  broke to fit, and any line still wider than its column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..text.breaks import is_han, one_han
from ..text.words import JOINER, word_bounds
from .text_wrap import Line
from .text_writer import MAX_STRETCH_EM, stretch


@dataclass(eq=False)
class Laid:
    """One text as laid out: its lines in a column ``measure`` points wide."""

    markup: str
    lines: tuple[Line, ...]
    measure: float
    size: float
    justified: bool = False
    cell: bool = False  # a table cell (ragged, breaks between words)
    keep: tuple[str, ...] = ()  # words a cell keeps whole (the glossary terms it prints)
    overrun: tuple[str, float] | None = None  # a run too wide for the column, by how much (pt)
    # where it comes from: section id, block index (-1: the section's title), text index
    place: tuple[str, int, int] = field(default=("", -1, 0))

    def texts(self) -> list[str]:
        """The text each line shows (an inline icon as U+E000)."""
        return [line_text(line) for line in self.lines]


def line_text(line: Line) -> str:
    """What ``line`` shows, an icon as U+E000."""
    return "".join("\ue000" if p.icon is not None else p.text for p in line.pieces)


def spacing(laid: Laid, line: Line) -> float:
    """The extra space after each character of ``line`` as drawn, in ems."""
    if not laid.justified or not line.pieces:
        return 0.0
    return stretch(line, laid.measure) / max(p.size for p in line.pieces)


def letter_spaced(laid: Laid) -> list[int]:
    """Lines drawn with more than ``MAX_STRETCH_EM`` of extra space per gap."""
    return [n for n, ln in enumerate(laid.lines) if spacing(laid, ln) > MAX_STRETCH_EM + 1e-9]


def forced_ragged(laid: Laid) -> list[int]:
    """Justified lines (not a paragraph's last) left ragged: they would need too wide gaps."""
    if not laid.justified:
        return []
    out = []
    for n, ln in enumerate(laid.lines):
        slack = laid.measure - ln.width
        if (
            not ln.last
            and slack > 0.5
            and spacing(laid, ln) == 0.0
            and any(is_han(c) for c in line_text(ln))
        ):
            out.append(n)
    return out


def one_han_widow(laid: Laid) -> bool:
    """Whether a paragraph of several lines ends in a line of one Chinese character."""
    return len(laid.lines) > 1 and not laid.cell and one_han(line_text(laid.lines[-1]))


def cell_word_breaks(laid: Laid) -> list[tuple[str, str]]:
    """A cell's line breaks inside a Chinese word: (end of one line, start of the next)."""
    if not laid.cell or len(laid.lines) < 2:
        return []
    texts = laid.texts()
    whole = "".join(texts)
    bounds = word_bounds(whole, laid.keep)
    out: list[tuple[str, str]] = []
    at = 0
    for a, b in zip(texts, texts[1:], strict=False):
        at += len(a)
        if a and b and is_han(a[-1]) and is_han(b[0]) and at not in bounds:
            out.append((a, b))
    return out


def overflows(laid: Laid) -> list[tuple[str, float]]:
    """Runs too wide for the column (broken to fit it) and lines still wider than the column:
    (the text, by how many points)."""
    out = [laid.overrun] if laid.overrun else []
    out += [
        (line_text(ln).replace(JOINER, ""), ln.width - laid.measure)
        for ln in laid.lines
        if ln.width > laid.measure + 0.05
    ]
    return out
