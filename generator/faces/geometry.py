"""Plane geometry of composite boxes: affine steps, grid cells and their addresses, arc points.

Plain functions over numbers, used by :mod:`.shapes` to place the boxes a grid, a repeat or an
arc expands into. Angles are degrees clockwise, since y points down on a face.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..content.boxes import (
    ArcBox,
    GridBox,
)

if TYPE_CHECKING:
    pass


Affine = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f


IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


SQRT3 = math.sqrt(3.0)


def apply_affine(m: Affine, x: float, y: float) -> tuple[float, float]:
    """The point (x, y) moved by ``m``."""
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def compose(outer: Affine, inner: Affine) -> Affine:
    """``inner`` then ``outer``, as one step."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def step(dx: float, dy: float, angle: float, cx: float, cy: float) -> Affine:
    """Turn by ``angle`` degrees clockwise (y points down) about (cx, cy), then move by (dx, dy)."""
    t = math.radians(angle)
    cos, sin = math.cos(t), math.sin(t)
    if abs(cos - round(cos)) < 1e-12:
        cos = float(round(cos))
    if abs(sin - round(sin)) < 1e-12:
        sin = float(round(sin))
    return (cos, sin, -sin, cos, cx - cos * cx + sin * cy + dx, cy - sin * cx - cos * cy + dy)


def fitting_cells(box: GridBox, width: float, height: float) -> tuple[int, int]:
    """How many rows and columns of ``box``'s cells fit in ``width`` x ``height`` (at least 1)."""
    s = box.cell
    if box.shape == "square":
        return max(1, int(height / s + 1e-9)), max(1, int(width / s + 1e-9))
    radius = s / SQRT3
    if box.orient == "pointy":  # rows step 1.5 radius; odd rows shift half a cell right
        rows = int((height - 2 * radius) / (1.5 * radius) + 1e-9) + 1
        cols = int((width - s / 2) / s + 1e-9)
    else:  # columns step 1.5 radius; odd columns shift half a cell down
        cols = int((width - 2 * radius) / (1.5 * radius) + 1e-9) + 1
        rows = int((height - s / 2) / s + 1e-9)
    return max(1, rows), max(1, cols)


def cell_geometry(
    box: GridBox, r: int, c: int
) -> tuple[float, float, list[tuple[float, float]], tuple[float, float]]:
    """Centre, corners and (width, height) of cell (r, c), relative to the grid's top-left."""
    s = box.cell
    if box.shape == "square":
        x, y = c * s, r * s
        return x + s / 2, y + s / 2, [(x, y), (x + s, y), (x + s, y + s), (x, y + s)], (s, s)
    radius = s / SQRT3  # centre to corner, for a hex `s` across flats
    if box.orient == "pointy":
        w, h = s, 2 * radius
        cx = w / 2 + c * w + (w / 2 if r % 2 else 0.0)
        cy = h / 2 + r * 0.75 * h
        angles = [90 + 60 * k for k in range(6)]
    else:
        w, h = 2 * radius, s
        cx = w / 2 + c * 0.75 * w
        cy = h / 2 + r * h + (h / 2 if c % 2 else 0.0)
        angles = [60 * k for k in range(6)]
    corners = [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in angles
    ]
    return cx, cy, corners, (w, h)


def cell_address(box: GridBox, r: int, c: int) -> str:
    """A grid cell's name by the box's ``coords`` style (``B3``, ``0203``), or empty."""
    if box.coords == "letter-number":
        letters = ""
        n = c
        while True:
            letters = chr(ord("A") + n % 26) + letters
            n = n // 26 - 1
            if n < 0:
                break
        return f"{letters}{r + 1}"
    if box.coords == "number-number":
        return f"{c + 1:02d}{r + 1:02d}"
    return ""


def arc_points(box: ArcBox, x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """The outline of an arc (or a pie slice) inscribed in the box at (x, y, w, h), as points."""
    rx, ry, cx, cy = w / 2, h / 2, x + w / 2, y + h / 2
    steps = max(8, int(abs(box.extent) / 2))
    pts = [
        (
            cx + rx * math.cos(math.radians(box.start + box.extent * k / steps)),
            cy - ry * math.sin(math.radians(box.start + box.extent * k / steps)),
        )
        for k in range(steps + 1)
    ]
    if box.pie:
        pts.append((cx, cy))
    return pts
