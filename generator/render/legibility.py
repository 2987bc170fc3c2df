"""Whether a text box's words print at a legible size: the one layout pass and the one judgement.

The renderer shrinks text to fit its box (see :func:`generator.render.text.fit`). Text that
had to shrink below the box's ``min_size`` (or below its own ``size`` when that is already
smaller), or that does not fit even at the smallest size, prints badly. ``pnp check`` and the
renderer ask :func:`problem` the same question over the same cached layout, so a check before
a build costs the build nothing and the two never disagree; :func:`ink` tells, from the same
layout, the part of a box its words cover. A game's own fonts must be
registered first (:func:`generator.render.fonts.use_game_fonts`), as for drawing.
"""

from __future__ import annotations

from typing import Any

from ..content.schema import CircleBox, TextBox
from ..faces.draws import BoxDraw
from ..locale import _
from . import fonts
from . import text as rtext

CIRCLE_INSET = 0.15  # of a stat circle's size on each side, kept free of its value
CIRCLE_MIN = rtext.FLOOR_SIZE  # a circle's value may shrink to the floor
MAX_CACHED = 50_000

_fits: dict[tuple[Any, ...], rtext.Fitted] = {}
_boxes: dict[tuple[BoxDraw, object], tuple[rtext.Fitted, float, float]] = {}


def text_area(box: BoxDraw) -> tuple[float, float]:
    """The width and height a text box's words are laid out in (turned boxes swap them)."""
    spec = box.spec
    if isinstance(spec, TextBox) and spec.rotate in (90, 270):
        return box.h, box.w
    return box.w, box.h


def circle_area(box: BoxDraw) -> tuple[float, float]:
    """The width and height a stat circle's value is laid out in."""
    return box.w * (1 - 2 * CIRCLE_INSET), box.h * (1 - 2 * CIRCLE_INSET)


def _file(family: str) -> object:
    return fonts.face(family).path  # type: ignore[attr-defined]


def laid_out(
    markup: str,
    w: float,
    h: float,
    size: float,
    min_size: float,
    leading: float,
    font: str,
    style: str,
) -> rtext.Fitted:
    """``markup`` fitted into ``w`` x ``h``, laid out once per distinct question."""
    # the family's file is part of the question: two games may give one name to two fonts
    key = (markup, round(w, 3), round(h, 3), size, min_size, leading, font, style, _file(font))
    fitted = _fits.get(key)
    if fitted is None:
        fitted = rtext.fit(
            markup,
            w,
            h,
            size,
            min_size,
            leading=leading,
            family=font,
            bold="bold" in style,
            italic="italic" in style,
        )
        if len(_fits) >= MAX_CACHED:
            _fits.clear()
        _fits[key] = fitted
    return fitted


def judge(fitted: rtext.Fitted, size: float, min_size: float) -> str | None:
    """What is wrong with text laid out as ``fitted`` (asked at ``size``), or None."""
    if fitted.overflow:
        return _("it does not fit its box even at {size} pt").format(size=f"{fitted.size:.2f}")
    legible = min(size, min_size)
    if fitted.size < legible - 1e-6:
        return _("it is shrunk to {size} pt to fit, below the legible {legible} pt").format(
            size=f"{fitted.size:.2f}", legible=f"{legible:.2f}"
        )
    return None


def box_layout(box: BoxDraw) -> tuple[rtext.Fitted, float, float] | None:
    """(layout, size asked, legible size) of a text or circle box's words; None for other boxes.

    The check asks this of each box twice (where its words fall, whether they are legible) and
    the renderer once more: the answer is kept per box (and font file), so the three cost one
    look-up of the box rather than three of its layout's longer question."""
    spec = box.spec
    if not box.text or not isinstance(spec, (TextBox, CircleBox)):
        return None
    key = (box, _file(spec.font))
    found = _boxes.get(key)
    if found is None:
        if isinstance(spec, TextBox):
            w, h = text_area(box)
            fitted = laid_out(
                box.text, w, h, spec.size, spec.min_size, spec.leading, spec.font, spec.style
            )
            found = fitted, spec.size, spec.min_size
        else:
            w, h = circle_area(box)
            fitted = laid_out(box.text, w, h, spec.size, CIRCLE_MIN, 1.0, spec.font, spec.style)
            found = fitted, spec.size, CIRCLE_MIN
        if len(_boxes) >= MAX_CACHED:
            _boxes.clear()
        _boxes[key] = found
    return found


def ink(box: BoxDraw) -> tuple[float, float, float, float] | None:
    """The part of a text or circle box its words cover: (x, y, w, h) from the trim's top-left,
    by the same layout the renderer draws; None for a box without words."""
    found = box_layout(box)
    if found is None:
        return None
    spec = box.spec
    if not isinstance(spec, TextBox) or spec.rotate in (90, 270):
        return box.x, box.y, box.w, box.h
    fitted = found[0]
    width = min(box.w, max((line.width for line in fitted.lines), default=0.0))
    height = min(box.h, fitted.height)
    if spec.align in ("left", "justify"):
        x = box.x if spec.align == "left" else box.x
        width = box.w if spec.align == "justify" else width
    elif spec.align == "right":
        x = box.x + box.w - width
    else:
        x = box.x + (box.w - width) / 2
    if spec.valign == "top":
        y = box.y
    elif spec.valign == "bottom":
        y = box.y + box.h - height
    else:
        y = box.y + (box.h - height) / 2
    return x, y, width, height


def problem(box: BoxDraw) -> str | None:
    """What keeps ``box``'s words from printing legibly, or None (also for boxes without words)."""
    found = box_layout(box)
    return judge(*found) if found is not None else None
