"""Expanding the composite and path boxes of a layout into plain drawable boxes.

``repeat`` boxes are unrolled (each step moved and turned by an affine transform, its
templates seeing ``i``, ``n`` and ``value``), ``grid`` boxes become one polygon per cell with
its terrain's fill, icon and label plus the cell addresses, and ``line``, ``polygon`` and ``arc``
become point lists in face coordinates (points from the trim's top-left, y down). The renderer
then only draws rectangles, texts, circles, icons, images and paths. A face may expand to at
most :data:`MAX_FACE_BOXES` boxes, so a mistaken count cannot hang the build.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..content.boxes import (
    MAX_GRID_CELLS,
    MAX_REPEAT,
    ArcBox,
    GridBox,
    IconBox,
    LineBox,
    PolygonBox,
    RepeatBox,
    TextBox,
)
from ..content.types import Dim, Extent, FontSize
from ..locale import _
from ..text.language import localize
from .draws import BoxDraw
from .geometry import (
    IDENTITY,
    Affine,
    apply_affine,
    arc_points,
    cell_address,
    cell_geometry,
    compose,
    fitting_cells,
    step,
)

if TYPE_CHECKING:
    from ..content.game import Item
    from ..content.schema import Box
    from .draws import BoxDraw

MAX_FACE_BOXES = 20_000
Loc = Callable[..., Callable[[], Any]]
Where = Callable[[], Any]
Ctx = Mapping[str, Any]
Geo = tuple[float, float, float, float]
_ORIGIN, _NONE = Dim(0.0), Extent(0.0)  # the place of a box drawn where its caller says
# A grid cell's label and icon: the box says what is drawn; the caller, where.
_LABEL = TextBox(
    x=_ORIGIN, y=_ORIGIN, w=_NONE, h=_NONE, text="", leading=1.0, align="center", valign="middle"
)
_ICON = IconBox(x=_ORIGIN, y=_ORIGIN, w=_NONE, h=_NONE, name="")


class FaceTooBig(Exception):
    """More boxes than a face may have."""


class Evaluator(Protocol):
    """What composite boxes need from the expander that owns them (``content.expand.Expander``)."""

    def problem(self, at: Where, message: str) -> None:
        """Report ``message`` at ``at``."""

    def render(self, source: str, ctx: Ctx, at: Where, item: Item) -> str | None:
        """A text template's result for ``item`` (None after a reported problem)."""

    def colour(self, value: str | None, ctx: Ctx, at: Where, item: Item) -> str | None:
        """A colour field's value for ``item``, checked."""

    def truthy(self, expr: str, ctx: Ctx, at: Where, item: Item) -> bool:
        """Whether a ``when:`` condition holds for ``item``."""

    def box_draw(self, box: Box, n: int, geo: Geo, ctx: Ctx, item: Item, loc: Any) -> BoxDraw:
        """The plain drawable box of ``box`` at ``geo`` (x, y, width, height)."""


class ShapeExpander:
    """Flattens one face's composite boxes for an expander (:class:`Evaluator`)."""

    def __init__(self, ex: Evaluator, item: Item, tw: float, th: float, loc: Loc) -> None:
        self.ex, self.item, self.tw, self.th, self.loc = ex, item, tw, th, loc
        self.out: list[BoxDraw] = []

    def _add(self, box: BoxDraw) -> None:
        if len(self.out) >= MAX_FACE_BOXES:
            raise FaceTooBig
        self.out.append(box)

    def colour(
        self, value: str | None, ctx: Mapping[str, Any], path: tuple[Any, ...]
    ) -> str | None:
        """A colour field's value for this item: templates evaluated and checked."""
        return self.ex.colour(value, ctx, self.loc(*path), self.item)

    # ---------------------------------------------------------------- dispatch
    def box(self, box: Any, path: tuple[Any, ...], ctx: Mapping[str, Any], m: Affine) -> None:
        """Flatten one box, unless its ``when`` is false: repeats, grids and paths expand, others draw."""
        if box.when is not None and not self.ex.truthy(
            box.when, ctx, self.loc(*path, "when"), self.item
        ):
            return
        kind = type(box)
        if kind is RepeatBox:
            self.repeat(box, path, ctx, m)
        elif kind is GridBox:
            self.grid(box, path, ctx, m)
        elif kind in (LineBox, PolygonBox, ArcBox):
            self.path(box, path, ctx, m)
        else:
            self.plain(box, path, ctx, m)

    def plain(self, box: Any, path: tuple[Any, ...], ctx: Mapping[str, Any], m: Affine) -> None:
        """A frame, text, circle, icon or image box, its centre moved by ``m`` (kept upright)."""
        geo = (
            box.x.resolve(self.tw),
            box.y.resolve(self.th),
            box.w.resolve(self.tw),
            box.h.resolve(self.th),
        )
        prefix = path[:-2]

        def loc(*p: Any) -> Callable[[], Any]:
            return self.loc(*prefix, *p)

        drawn = self.ex.box_draw(box, path[-1], geo, ctx, self.item, loc)
        if m != IDENTITY:
            x, y, w, h = geo
            cx, cy = apply_affine(m, x + w / 2, y + h / 2)
            drawn = drawn._replace(x=cx - w / 2, y=cy - h / 2)
        self._add(drawn)

    # ---------------------------------------------------------------- repeat
    def repeat(
        self, box: RepeatBox, path: tuple[Any, ...], ctx: Mapping[str, Any], m: Affine
    ) -> None:
        """Draw a repeat box's children once for each of its values, each moved and turned by its step."""
        values: list[Any] | None = None
        if isinstance(box.values, list):
            values = box.values
        elif isinstance(box.values, str):
            found = ctx.get(box.values)
            if not isinstance(found, list):
                self.ex.problem(
                    self.loc(*path, "values"),
                    _("item {id!r}: field {values!r} is not a list").format(
                        id=self.item.id, values=box.values
                    ),
                )
                return
            values = found
        count = self._count(box, path, ctx, values)
        if count is None:
            return
        tw, th = self.tw, self.th
        x0, y0 = box.x.resolve(tw), box.y.resolve(th)
        dx, dy = box.dx.resolve(tw), box.dy.resolve(th)
        if box.spread_x is not None and count:
            dx = box.spread_x.resolve(tw) / count
        if box.spread_y is not None and count:
            dy = box.spread_y.resolve(th) / count
        cx, cy = box.cx.resolve(tw), box.cy.resolve(th)
        for i in range(count):
            value = values[i] if values is not None else box.start + i * box.step
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            step_ctx = {**ctx, "i": i, "n": i + 1, "value": value, "count": count}
            sm = compose(m, step(x0 + i * dx, y0 + i * dy, i * box.angle, cx, cy))
            for k, child in enumerate(box.boxes):
                self.box(child, (*path, "boxes", k), step_ctx, sm)

    def _count(
        self,
        box: RepeatBox,
        path: tuple[Any, ...],
        ctx: Mapping[str, Any],
        values: list[Any] | None,
    ) -> int | None:
        at = self.loc(*path, "count")
        raw: Any = box.count
        if isinstance(raw, str):
            raw = self.ex.render(raw, ctx, at, self.item)
            if raw is None:
                return None
            try:
                raw = int(str(raw).strip())
            except ValueError:
                self.ex.problem(
                    at,
                    _("item {id!r}: count {raw!r} is not a whole number").format(
                        id=self.item.id, raw=raw
                    ),
                )
                return None
        if raw is None:
            if values is None:
                self.ex.problem(at, _("a repeat needs `count` or `values`"))
                return None
            raw = len(values)
        if values is not None and raw > len(values):
            raw = len(values)
        if not 0 <= raw <= MAX_REPEAT:
            self.ex.problem(
                at,
                _("item {id!r}: count {raw} is outside 0..{max_repeat}").format(
                    id=self.item.id, raw=raw, max_repeat=MAX_REPEAT
                ),
            )
            return None
        return int(raw)

    # ---------------------------------------------------------------- paths
    def path(self, box: Any, path: tuple[Any, ...], ctx: Mapping[str, Any], m: Affine) -> None:
        """Draw a line, polygon or arc box as a path."""

        tw, th = self.tw, self.th
        x, y = box.x.resolve(tw), box.y.resolve(th)
        w, h = box.w.resolve(tw), box.h.resolve(th)
        closed = False
        if isinstance(box, LineBox):
            pts = [(x, y), (x + w, y + h)]
        elif isinstance(box, PolygonBox):
            pts = [(x + px.resolve(w), y + py.resolve(h)) for px, py in box.points]
            closed = box.closed
        else:
            pts = arc_points(box, x, y, w, h)
            closed = box.pie
        flat: list[float] = []
        for px, py in pts:
            flat.extend(apply_affine(m, px, py))
        fill = self.colour(getattr(box, "fill", None), ctx, (*path, "fill")) if closed else None
        stroke = self.colour(box.stroke, ctx, (*path, "stroke"))
        self._add(
            BoxDraw(box, x, y, w, h, fill=fill, stroke=stroke, points=tuple(flat), closed=closed)
        )

    # ---------------------------------------------------------------- grids
    def grid(self, box: GridBox, path: tuple[Any, ...], ctx: Mapping[str, Any], m: Affine) -> None:
        """Draw a grid box's cells with their fills and labels; missing rows and columns fit the room."""

        x0, y0 = box.x.resolve(self.tw), box.y.resolve(self.th)
        if box.rows is None or box.cols is None:
            rows, cols = fitting_cells(box, self.tw - x0, self.th - y0)
            box = box.replace(rows=box.rows or rows, cols=box.cols or cols)
        assert box.rows is not None and box.cols is not None
        if box.rows * box.cols > MAX_GRID_CELLS:
            self.ex.problem(
                self.loc(*path, "rows"),
                _("{rows} x {cols} cells; a grid may have at most {max_grid_cells}").format(
                    rows=box.rows, cols=box.cols, max_grid_cells=MAX_GRID_CELLS
                ),
            )
            return
        ids = self._cells(box, path, ctx)
        if ids is None:
            return
        stroke = self.colour(box.stroke, ctx, (*path, "stroke"))
        base_fill = self.colour(box.fill, ctx, (*path, "fill"))
        cell_spec = PolygonBox(
            x=_ORIGIN, y=_ORIGIN, points=(), stroke_width=box.stroke_width, dash=None, when=None
        )
        labels: list[tuple[float, float, float, float, str, Any]] = []
        for r in range(box.rows):
            for c in range(box.cols):
                cx, cy, corners, (cw, ch) = cell_geometry(box, r, c)
                tid = ids[r][c] if ids else ""
                terrain = box.terrain.get(tid) if tid else None
                fill = base_fill
                if terrain is not None and terrain.fill:
                    fill = self.colour(terrain.fill, ctx, (*path, "terrain", tid, "fill"))
                flat: list[float] = []
                for px, py in corners:
                    flat.extend(apply_affine(m, x0 + px, y0 + py))
                self._add(
                    BoxDraw(cell_spec, x0, y0, cw, ch, fill=fill, stroke=stroke, points=tuple(flat))
                )
                labels.append((x0 + cx, y0 + cy, cw, ch, cell_address(box, r, c), terrain))
        for cx, cy, cw, ch, address, terrain in labels:
            cx, cy = apply_affine(m, cx, cy)
            if terrain is not None and terrain.icon:
                spec = _ICON.replace(name=terrain.icon, color=terrain.icon_color)
                size = min(cw, ch) * 0.45
                self._add(
                    BoxDraw(spec, cx - size / 2, cy - size / 2, size, size, icon=terrain.icon)
                )
            if terrain is not None and terrain.label:
                word = str(localize(terrain.label, ctx.get("lang", "en")))
                self._text(box, word, cx - cw * 0.4, cy + ch * 0.18, cw * 0.8, ch * 0.22)
            if address:
                self._text(box, address, cx - cw * 0.4, cy - ch * 0.42, cw * 0.8, ch * 0.2)

    def _text(self, box: GridBox, word: str, x: float, y: float, w: float, h: float) -> None:

        size = box.coord_size
        spec = _LABEL.replace(text=word, size=size, min_size=FontSize(min(3.0, size)))
        self._add(BoxDraw(spec, x, y, w, h, text=word))

    def _cells(
        self, box: GridBox, path: tuple[Any, ...], ctx: Mapping[str, Any]
    ) -> list[list[str]] | None:
        """The terrain id of every cell from the item's field, checked; [] when none is named."""
        if box.cells is None:
            return []
        at = self.loc(*path, "cells")
        raw = ctx.get(box.cells)
        where = _("item {item!r} ({where}): field {field!r}").format(
            item=self.item.id, where=self.item.location, field=box.cells
        )
        if not isinstance(raw, list) or len(raw) != box.rows:
            said = _("{where} must be a list of {rows} rows").format(where=where, rows=box.rows)
            self.ex.problem(at, said)
            return None
        out: list[list[str]] = []
        for r, row in enumerate(raw):
            cells = row.split() if isinstance(row, str) else row
            if not isinstance(cells, list) or len(cells) != box.cols:
                said = _("{where}: row {row} must have {cols} cells")
                self.ex.problem(at, said.format(where=where, row=r + 1, cols=box.cols))
                return None
            ids = ["" if str(v) == "." else str(v) for v in cells]
            for v in ids:
                if v and v not in box.terrain:
                    hint = ", ".join(sorted(box.terrain)) or "-"
                    said = _("{where}: row {row}: unknown terrain {terrain!r} (known: {known})")
                    self.ex.problem(at, said.format(where=where, row=r + 1, terrain=v, known=hint))
                    return None
            out.append(ids)
        return out
