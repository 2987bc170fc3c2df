"""The laid-out texts of a rule sheet and its player aids, and their typesetting figures.

:func:`sheet_texts_laid` sets a sheet exactly as :func:`generator.render.rulesheet.render_sheet`
and :func:`generator.render.rules_aids.render_aids` do (same column and card widths, same
styles, same fonts for the sheet's region) and returns the :class:`~.laid.Laid` record of
every section title, paragraph, list item and table cell, without drawing anything.
:func:`face_texts_laid` does the same for the text boxes of card and token faces.
:func:`figures` counts what a Chinese reader notices: letter-spaced lines, one-character
widow lines, table cells broken inside a word and lines that overflow their column.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..content.boxes import TextBox
from ..faces.draws import Copy
from ..rules.sheet import Sheet
from . import fonts
from .laid import Laid, cell_word_breaks, forced_ragged, letter_spaced, one_han_widow, overflows
from .legibility import box_layout, text_area
from .rules_aids import CARD_SIZES, section_cards
from .rules_flow import Row, style_for
from .rulesheet import GUTTER, MARGIN, paper_size, section_rows
from .text_wrap import Line


@dataclass(frozen=True)
class Figures:
    """Typesetting figures of one sheet (or aids) in one language."""

    texts: int = 0  # paragraphs, items, titles and cells laid out
    lines: int = 0
    letter_spaced: int = 0  # justified lines with more than MAX_STRETCH_EM between characters
    ragged: int = 0  # justified lines set ragged rather than letter-spaced
    widows: int = 0  # paragraphs ending in a line of one Chinese character
    cell_breaks: int = 0  # table-cell line breaks inside a Chinese word
    overflows: int = 0  # lines wider than their column

    def __add__(self, other: Figures) -> Figures:
        return Figures(*(a + b for a, b in zip(_values(self), _values(other), strict=True)))


def _values(f: Figures) -> tuple[int, ...]:
    return (
        f.texts,
        f.lines,
        f.letter_spaced,
        f.ragged,
        f.widows,
        f.cell_breaks,
        f.overflows,
    )


def _collect(rows: list[Row], into: dict[int, Laid]) -> None:
    for row in rows:
        for laid in row.laid:
            into.setdefault(id(laid), laid)


def sheet_texts_laid(sheet: Sheet, paper: str = "A4") -> list[Laid]:
    """Every text of the sheet's sections as the rule sheet sets it in its columns."""
    with fonts.language(sheet.lang):
        width = (paper_size(paper)[0] - 2 * MARGIN - GUTTER) / 2
        found: dict[int, Laid] = {}
        for section in sheet.sections:
            _collect(section_rows(section, width, style_for(section.lang)), found)
        return list(found.values())


def aid_texts_laid(sheet: Sheet, size: str = "poker") -> list[Laid]:
    """Every text of the sheet's aid sections as the player-aid cards set it."""
    with fonts.language(sheet.lang):
        found: dict[int, Laid] = {}
        for section in sheet.sections:
            if section.aid:
                for card in section_cards(section, CARD_SIZES[size], sheet):
                    _collect([p.row for p in card.placements] + card.heading, found)
        return list(found.values())


def face_texts_laid(copies: list[Copy]) -> list[Laid]:
    """Every paragraph of every text box on the faces of ``copies``, as the cards set it
    (each distinct box once)."""
    out: list[Laid] = []
    seen: set[tuple[str, float, float, str]] = set()
    for cp in copies:
        for face in (cp.front, cp.back):
            for box in face.boxes if face is not None else ():
                spec = box.spec
                if not isinstance(spec, TextBox) or not box.text:
                    continue
                width = text_area(box)[0]
                key = (box.text, width, box.h, spec.align)
                found = box_layout(box) if key not in seen else None
                seen.add(key)
                if found is None:
                    continue
                fitted = found[0]
                paragraph: list[Line] = []
                for line in fitted.lines:
                    paragraph.append(line)
                    if line.last:
                        justified = spec.align == "justify"
                        out.append(Laid(box.text, tuple(paragraph), width, fitted.size, justified))
                        paragraph = []
    return out


def figures(texts: list[Laid]) -> Figures:
    """The typesetting figures of ``texts``."""
    return Figures(
        texts=len(texts),
        lines=sum(len(t.lines) for t in texts),
        letter_spaced=sum(len(letter_spaced(t)) for t in texts),
        ragged=sum(len(forced_ragged(t)) for t in texts),
        widows=sum(one_han_widow(t) for t in texts),
        cell_breaks=sum(len(cell_word_breaks(t)) for t in texts),
        overflows=sum(len(overflows(t)) for t in texts),
    )
