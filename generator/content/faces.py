"""What expansion hands the renderer: boxes with their templates evaluated, faces and copies.

Plain frozen records and nothing else, so the renderer, the exporters and the checks share them
without importing the expander. Equal faces compare equal, so the expander can keep one object
per distinct face and the renderer can draw it once.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import msgspec

from .game import Component, Item
from .schema import Box


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


class FaceDraw(NamedTuple):
    """A whole face ready to draw: background and boxes. Equal faces are one object."""

    layout_id: str
    background: str | None
    boxes: tuple[BoxDraw, ...]
    safe: float
    estimate: bool = False  # carries a value not known from a source: printed with the mark


class Copy(msgspec.Struct, frozen=True):
    """One physical copy of an item: its front and (optional) back."""

    item: Item
    copy: int
    front: FaceDraw
    back: FaceDraw | None


def trim_size(component: Component) -> tuple[float, float, str]:
    """Trim width, height (points) and shape of a component's items."""
    return component.trim
