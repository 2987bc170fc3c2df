"""Inline vector icons, drawn from shape data (no image files, crisp at any size).

Each icon is a list of shapes in a unit square centred on the origin (y up): polygons,
circles and thick lines. ``draw_icon`` scales one to a size and colour. ``pnp icons`` lists
the names; text markup ``:sword:`` and layout ``icon`` boxes use them.
"""

from __future__ import annotations

import math
from typing import Any

Shape = tuple[str, Any]


def _star(points: int, outer: float, inner: float) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi / 2 + i * math.pi / points
        out.append((r * math.cos(a), r * math.sin(a)))
    return out


ICONS: dict[str, list[Shape]] = {
    "sword": [
        ("poly", [(-0.05, -0.2), (0.05, -0.2), (0.05, 0.42), (0, 0.5), (-0.05, 0.42)]),
        ("poly", [(-0.22, -0.2), (0.22, -0.2), (0.22, -0.27), (-0.22, -0.27)]),
        ("poly", [(-0.04, -0.27), (0.04, -0.27), (0.04, -0.45), (-0.04, -0.45)]),
        ("circle", (0, -0.48, 0.06)),
    ],
    "shield": [("poly", [(-0.38, 0.42), (0.38, 0.42), (0.38, 0.05), (0, -0.48), (-0.38, 0.05)])],
    "bow": [
        ("line", ([(-0.1, 0.45), (0.25, 0.2), (0.3, 0), (0.25, -0.2), (-0.1, -0.45)], 0.08)),
        ("line", ([(-0.1, 0.45), (-0.1, -0.45)], 0.03)),
        ("line", ([(-0.4, 0), (0.45, 0)], 0.04)),
        ("poly", [(0.45, 0.07), (0.5, 0), (0.45, -0.07)]),
    ],
    "horse": [
        (
            "poly",
            [
                (-0.3, -0.45),
                (-0.05, -0.45),
                (0, -0.1),
                (0.2, 0.05),
                (0.42, -0.05),
                (0.48, 0.1),
                (0.2, 0.4),
                (0.05, 0.48),
                (0.0, 0.35),
                (-0.25, 0.15),
                (-0.35, -0.1),
            ],
        )
    ],
    "crown": [
        (
            "poly",
            [
                (-0.42, -0.3),
                (0.42, -0.3),
                (0.45, 0.3),
                (0.22, 0.05),
                (0, 0.38),
                (-0.22, 0.05),
                (-0.45, 0.3),
            ],
        )
    ],
    "castle": [
        (
            "poly",
            [
                (-0.45, -0.45),
                (0.45, -0.45),
                (0.45, 0.4),
                (0.3, 0.4),
                (0.3, 0.25),
                (0.15, 0.25),
                (0.15, 0.4),
                (-0.15, 0.4),
                (-0.15, 0.25),
                (-0.3, 0.25),
                (-0.3, 0.4),
                (-0.45, 0.4),
            ],
        )
    ],
    "tower": [
        (
            "poly",
            [
                (-0.25, -0.45),
                (0.25, -0.45),
                (0.25, 0.35),
                (0.3, 0.35),
                (0.3, 0.48),
                (0.12, 0.48),
                (0.12, 0.4),
                (-0.12, 0.4),
                (-0.12, 0.48),
                (-0.3, 0.48),
                (-0.3, 0.35),
                (-0.25, 0.35),
            ],
        )
    ],
    "star": [("poly", _star(5, 0.5, 0.2))],
    "heart": [
        ("circle", (-0.2, 0.15, 0.24)),
        ("circle", (0.2, 0.15, 0.24)),
        ("poly", [(-0.42, 0.07), (0.42, 0.07), (0, -0.45)]),
    ],
    "skull": [
        ("circle", (0, 0.08, 0.38)),
        ("poly", [(-0.2, -0.25), (0.2, -0.25), (0.18, -0.45), (-0.18, -0.45)]),
    ],
    "coin": [("circle", (0, 0, 0.45))],
    "flag": [
        ("line", ([(-0.35, -0.5), (-0.35, 0.5)], 0.07)),
        ("poly", [(-0.33, 0.48), (0.45, 0.3), (-0.33, 0.1)]),
    ],
    "die": [("poly", [(-0.42, -0.42), (0.42, -0.42), (0.42, 0.42), (-0.42, 0.42)])],
    "arrow": [
        (
            "poly",
            [
                (-0.45, -0.08),
                (0.15, -0.08),
                (0.15, -0.25),
                (0.48, 0),
                (0.15, 0.25),
                (0.15, 0.08),
                (-0.45, 0.08),
            ],
        )
    ],
    "hand": [
        (
            "poly",
            [
                (-0.3, -0.45),
                (0.25, -0.45),
                (0.35, 0.1),
                (0.3, 0.4),
                (0.2, 0.1),
                (0.15, 0.48),
                (0.05, 0.48),
                (0.02, 0.12),
                (-0.05, 0.5),
                (-0.15, 0.48),
                (-0.13, 0.1),
                (-0.25, 0.4),
                (-0.33, 0.35),
                (-0.28, 0.0),
            ],
        )
    ],
    "eye": [
        ("poly", [(-0.5, 0), (-0.25, 0.25), (0.25, 0.25), (0.5, 0), (0.25, -0.25), (-0.25, -0.25)])
    ],
    "boot": [
        (
            "poly",
            [(-0.25, 0.48), (0.1, 0.48), (0.1, -0.1), (0.45, -0.25), (0.45, -0.45), (-0.25, -0.45)],
        )
    ],
    "fire": [
        (
            "poly",
            [
                (0, 0.5),
                (0.3, 0.1),
                (0.35, -0.2),
                (0.2, -0.45),
                (-0.2, -0.45),
                (-0.35, -0.2),
                (-0.25, 0.1),
                (-0.1, 0.0),
                (-0.05, 0.3),
            ],
        )
    ],
    "scroll": [
        ("poly", [(-0.35, 0.4), (0.35, 0.4), (0.35, -0.4), (-0.35, -0.4)]),
        ("circle", (-0.35, 0.4, 0.1)),
        ("circle", (0.35, -0.4, 0.1)),
    ],
    "gear": [("poly", _star(8, 0.5, 0.36)), ("circle", (0, 0, 0.22))],
}
# Holes and pips drawn in white on top of the filled shape.
_INNER: dict[str, list[Shape]] = {
    "die": [("circle", (-0.2, 0.2, 0.08)), ("circle", (0, 0, 0.08)), ("circle", (0.2, -0.2, 0.08))],
    "skull": [("circle", (-0.14, 0.08, 0.1)), ("circle", (0.14, 0.08, 0.1))],
    "eye": [("circle", (0, 0, 0.14))],
    "coin": [("circle", (0, 0, 0.3))],
    "gear": [("circle", (0, 0, 0.12))],
}


def _shape(canvas: Any, kind: str, data: Any, cx: float, cy: float, s: float) -> None:
    if kind == "poly":
        path = canvas.beginPath()
        (x0, y0), *rest = data
        path.moveTo(cx + x0 * s, cy + y0 * s)
        for x, y in rest:
            path.lineTo(cx + x * s, cy + y * s)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    elif kind == "circle":
        x, y, r = data
        canvas.circle(cx + x * s, cy + y * s, r * s, stroke=0, fill=1)
    elif kind == "line":
        points, width = data
        canvas.setLineWidth(width * s)
        path = canvas.beginPath()
        (x0, y0), *rest = points
        path.moveTo(cx + x0 * s, cy + y0 * s)
        for x, y in rest:
            path.lineTo(cx + x * s, cy + y * s)
        canvas.drawPath(path, stroke=1, fill=0)


def draw_icon(
    canvas: Any, name: str, cx: float, cy: float, size: float, rgb: tuple[float, float, float]
) -> None:
    """Draw icon ``name`` centred on (cx, cy), ``size`` points across, in colour ``rgb``."""
    canvas.saveState()
    canvas.setFillColorRGB(*rgb)
    canvas.setStrokeColorRGB(*rgb)
    for kind, data in ICONS[name]:
        _shape(canvas, kind, data, cx, cy, size)
    inner = _INNER.get(name)
    if inner:
        canvas.setFillColorRGB(1, 1, 1)
        for kind, data in inner:
            _shape(canvas, kind, data, cx, cy, size)
    canvas.restoreState()
