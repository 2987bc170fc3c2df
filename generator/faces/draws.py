"""What expansion hands the renderer: boxes with their templates evaluated, faces and copies.

Plain frozen records and nothing else, so the renderer, the exporters and the checks share them
without importing the expander. Equal faces compare equal, so the expander can keep one object
per distinct face and the renderer can draw it once. :func:`estimate_mark` is the one place
that says where a face's estimate mark goes (the renderer draws it there, ``pnp check`` refuses
a face that leaves it no room).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import msgspec

from ..content.game import Component, Item
from ..content.schema import Box


class BoxDraw(NamedTuple):
    """One layout box with its templates evaluated; geometry in points from the trim's top-left."""

    spec: Box
    x: float
    y: float
    w: float
    h: float
    text: str | None = None
    fill: str | None = None
    icon: str | None = None
    image: Path | None = None
    stroke: str | None = None  # the line colour, its template evaluated
    points: tuple[float, ...] | None = None  # x0, y0, x1, y1, ... of a path, from the top-left
    closed: bool = True
    missing: tuple[str, str] | None = None  # a draft's missing image: (item, file) to name


class FaceDraw(NamedTuple):
    """A whole face ready to draw: background and boxes. Equal faces are one object."""

    layout_id: str
    background: str | None
    boxes: tuple[BoxDraw, ...]
    safe: float
    estimate: bool = False  # carries a value not known from a source (the sheet tells what ≈ is)
    corner_mark: bool = True  # the ≈ goes in a free corner (False: the layout marks the values)


class Copy(msgspec.Struct, frozen=True):
    """One physical copy of an item: its front and (optional) back."""

    item: Item
    copy: int
    front: FaceDraw
    back: FaceDraw | None


def estimate_mark(
    trim_w: float,
    trim_h: float,
    shape: str,
    texts: Sequence[tuple[float, float, float, float]] = (),
) -> tuple[float, float, float] | None:
    """Where the estimate mark is printed on a face: (x, y, d) of its circle's bounding square,
    from the trim's top-left, in points. It takes the first corner free of the face's words
    (``texts``: the (x, y, w, h) each text covers; bottom-right, bottom-left, top-right,
    top-left; inside a round piece's edge); None when words fill every corner (``pnp check``
    refuses such a face)."""
    mm = 72 / 25.4
    d = min(max(min(trim_w, trim_h) * 0.09, 2.2 * mm), 3.2 * mm)
    inset = min(1.0 * mm, min(trim_w, trim_h) * 0.05)
    if shape == "round":  # keep it inside the circle's edge
        r = min(trim_w, trim_h) / 2
        off = (r - d / 2 - inset) / 2**0.5
        xs = (trim_w / 2 + off, trim_w / 2 - off)
        ys = (trim_h / 2 + off, trim_h / 2 - off)
    else:
        xs = (trim_w - inset - d / 2, inset + d / 2)
        ys = (trim_h - inset - d / 2, inset + d / 2)
    for cy in ys:
        for cx in xs:
            x, y = cx - d / 2, cy - d / 2
            if not any(bx < x + d and x < bx + bw and by < y + d and y < by + bh
                       for bx, by, bw, bh in texts):  # fmt: skip
                return x, y, d
    return None


def trim_size(component: Component) -> tuple[float, float, str]:
    """Trim width, height (points) and shape of a component's items."""
    return component.trim
