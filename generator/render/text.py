"""Rich text for cards, tokens, boards and rule sheets: fit text in a box, and the public names.

The work is split by meaning: :mod:`.text_markup` (markup and character classes),
:mod:`.text_wrap` (mixed-script line breaking with kinsoku), :mod:`.text_plain` (the fast path
for plain text) and :mod:`.text_writer` (PDF text operators, alignment and justification).
This module fits text into a box, shrinking it until it fits, and gathers the names the
renderers use, so they import one module.
"""

from __future__ import annotations

from ..content.markup import NO_END, NO_START, Span, is_cjk, is_cjk_punct, parse_markup, plain_text
from .text_plain import plain_words, wrap_plain
from .text_wrap import Line, Piece, wrap
from .text_writer import Fitted, Icon, Writer, draw, hex_to_rgb, stretch, writer

__all__ = [
    "FLOOR_SIZE",
    "NO_END",
    "NO_START",
    "Fitted",
    "Icon",
    "Line",
    "Piece",
    "Span",
    "Writer",
    "draw",
    "fit",
    "hex_to_rgb",
    "is_cjk",
    "is_cjk_punct",
    "parse_markup",
    "plain_text",
    "stretch",
    "wrap",
    "writer",
]

FLOOR_SIZE = 4.0


def fit(
    markup: str,
    width: float,
    height: float,
    size: float,
    min_size: float,
    *,
    leading: float = 1.2,
    family: str = "sans",
    bold: bool = False,
    italic: bool = False,
) -> Fitted:
    """Lay out ``markup`` at ``size``, shrinking in 0.25 pt steps until it fits ``width`` x ``height``.

    Below ``min_size`` it keeps shrinking (to 4 pt) but the result reports ``size < min_size``
    so the caller can warn; ``overflow`` is True if even that does not fit.
    """
    plain = plain_words(markup, family, bold, italic)
    spans = parse_markup(markup, bold=bold, italic=italic) if plain is None else []
    current = size
    while True:
        if plain is not None:
            lines, too_wide = wrap_plain(plain, width, current)
        else:
            lines, too_wide = wrap(spans, width, current, family)
        total = current * leading * (len(lines) - 1) + current
        if (total <= height + 0.01 and not too_wide) or current <= FLOOR_SIZE:
            return Fitted(lines, current, leading, total > height + 0.01 or too_wide, total)
        # jump close to the answer first, then refine in small steps
        ratio = min(height / total if total > height else 1.0, 1.0)
        step = max(0.25, current * (1 - ratio**0.5) * 0.5)
        current = max(FLOOR_SIZE, round((current - step) * 4) / 4)
