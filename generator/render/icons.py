"""Drawing the icons of :mod:`generator.content.icons` onto a reportlab canvas.

Shape icons are filled polygons, circles and thick lines in a unit square (y up) with white
holes over them; SVG icons are drawn from their svglib drawing, recoloured and scaled into the
same square.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color

from ..content.icons import ICONS, Shape, svg_drawing
from . import fonts


def _recolour(node: Any, colour: Any) -> None:
    for attr in ("fillColor", "strokeColor"):
        if getattr(node, attr, None) is not None:
            setattr(node, attr, colour)
    for child in getattr(node, "contents", ()):
        _recolour(child, colour)


def _shape(canvas: Any, shape: Shape, cx: float, cy: float, s: float) -> None:
    if "poly" in shape:
        path = canvas.beginPath()
        (x0, y0), *rest = shape["poly"]
        path.moveTo(cx + x0 * s, cy + y0 * s)
        for x, y in rest:
            path.lineTo(cx + x * s, cy + y * s)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    elif "circle" in shape:
        x, y, r = shape["circle"]
        canvas.circle(cx + x * s, cy + y * s, r * s, stroke=0, fill=1)
    elif "line" in shape:
        canvas.setLineWidth(shape.get("width", 0.05) * s)
        path = canvas.beginPath()
        (x0, y0), *rest = shape["line"]
        path.moveTo(cx + x0 * s, cy + y0 * s)
        for x, y in rest:
            path.lineTo(cx + x * s, cy + y * s)
        canvas.drawPath(path, stroke=1, fill=0)


def _draw_svg(
    canvas: Any, path: Path, cx: float, cy: float, size: float, rgb: tuple[float, float, float]
) -> None:

    # deferred: reportlab.graphics brings platypus, a fifth of a card build's start-up (about
    # 0.1 s), and only a game's own SVG icons need it
    from reportlab.graphics import renderPDF, shapes

    original = svg_drawing(path)
    if original is None:  # refused by the check: nothing is drawn
        return
    drawing = copy.deepcopy(original)
    _recolour(drawing, Color(*rgb))
    scale = size / max(drawing.width, drawing.height)
    canvas.translate(cx - drawing.width * scale / 2, cy - drawing.height * scale / 2)
    canvas.scale(scale, scale)
    # the renderer sets its default font first: make that one of ours, which is embedded
    default = shapes.STATE_DEFAULTS["fontName"]
    shapes.STATE_DEFAULTS["fontName"] = fonts.face("sans").name  # type: ignore[attr-defined]
    try:
        renderPDF.draw(drawing, canvas, 0, 0)
    finally:
        shapes.STATE_DEFAULTS["fontName"] = default


def draw_icon(
    canvas: Any, name: str, cx: float, cy: float, size: float, rgb: tuple[float, float, float]
) -> None:
    """Draw icon ``name`` centred on (cx, cy), ``size`` points across, in colour ``rgb``."""
    icon = ICONS[name]
    canvas.saveState()
    canvas.setFillColorRGB(*rgb)
    canvas.setStrokeColorRGB(*rgb)
    if icon.svg is not None:
        _draw_svg(canvas, icon.svg, cx, cy, size, rgb)
    for shape in icon.shapes:
        _shape(canvas, shape, cx, cy, size)
    if icon.holes:
        canvas.setFillColorRGB(1, 1, 1)
        for shape in icon.holes:
            _shape(canvas, shape, cx, cy, size)
    canvas.restoreState()
