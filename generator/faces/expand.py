"""Expand a component into drawable faces: quantities, languages and sandboxed templates.

For one language, every item's data is resolved (per-language texts picked by the rule in
:mod:`.language`), each layout box's templates are evaluated in a jinja2 sandbox where undefined
names are errors, images are checked (:mod:`.images`) and the result is the plain frozen data of
:mod:`.faces` that the renderer draws. Identical faces are the same object, so the renderer can
draw them once and reuse them. Each component's copies in each language are then handed to
the ``check`` the expander was given (``pnp check`` passes
:class:`generator.pipeline.textcheck.TextCheck`, which reports what the words would print wrongly).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..content.game import Component, Game, Item
from ..content.icons import ICONS
from ..content.schema import Box, CircleBox, FrameBox, IconBox, ImageBox, LayoutSpec, TextBox
from ..content.validate import key_path
from ..content.yamlload import Marks
from ..errors import IssueCollector, Location
from ..layout.units import MM
from ..locale import _
from ..text.language import localize
from ..text.localtext import LANGS
from .draws import BoxDraw, Copy, FaceDraw, trim_size
from .images import ImageCheck
from .shapes import IDENTITY, FaceTooBig, ShapeExpander
from .templates import Templates, Where

__all__ = [
    "BoxDraw",
    "Copy",
    "Expander",
    "FaceDraw",
    "languages",
    "localize",
    "trim_size",
]

OFF_FACE_MARGIN = -0.05 * MM  # a box wholly beyond the trim (rounding aside) is cut off

# told (component, language, the component's languages, its copies) after each expansion
CopiesCheck = Callable[[Component, str, list[str], list[Copy]], None]


class Expander(Templates):
    """Evaluates a game's layouts for its items, collecting every problem with its location."""

    def __init__(
        self,
        game: Game,
        issues: IssueCollector | None = None,
        check: CopiesCheck | None = None,
        draft: bool = False,
    ) -> None:
        super().__init__(issues or IssueCollector())
        self.game = game
        # told each component's copies in each language (``pnp check``'s printed-text check)
        self.check = check
        self.image = ImageCheck(game.root, self.issues, draft)
        self._geo: dict[
            tuple[int, float, float], tuple[tuple[float, float, float, float] | None, ...]
        ] = {}
        self._faces: dict[FaceDraw, FaceDraw] = {}
        # (layout, box, width, height) already looked at for boxes off the face
        self._outside: set[tuple[str, int, float, float]] = set()
        self._per_copy: dict[tuple[int, int], bool] = {}

    # -------------------------------------------------------------- faces
    def _geometry(
        self, layout: LayoutSpec, tw: float, th: float
    ) -> tuple[tuple[float, float, float, float] | None, ...]:
        key = (id(layout), tw, th)
        geo = self._geo.get(key)
        if geo is None:
            geo = self._geo[key] = tuple(_plain_geometry(b, tw, th) for b in layout.boxes)
        return geo

    def face(
        self,
        layout: LayoutSpec,
        marks: Marks | None,
        ctx: Mapping[str, Any],
        item: Item,
        tw: float,
        th: float,
        estimate: bool = False,
    ) -> FaceDraw:
        """Everything one face draws: its background and its boxes, with templates filled for the item."""
        boxes: list[BoxDraw] = []

        def loc(*path: Any) -> Where:
            def where() -> tuple[Location, str]:
                return (marks.locate(path) if marks else item.location), key_path(path)

            return where

        bg = self.colour(layout.background, ctx, loc("background"), item)
        geometry = self._geometry(layout, tw, th)
        self._off_face(layout, geometry, tw, th, loc)
        shapes: ShapeExpander | None = None
        for n, box in enumerate(layout.boxes):
            geo = geometry[n]
            if geo is None:  # a shape, a repeat or a grid
                shapes = shapes or ShapeExpander(self, item, tw, th, loc)
                shapes.out = boxes
                try:
                    shapes.box(box, ("boxes", n), ctx, IDENTITY)
                except FaceTooBig:
                    self.problem(
                        loc("boxes", n),
                        _("item {id!r}: the face would have more than {count} boxes").format(
                            id=item.id, count=len(boxes)
                        ),
                    )
                    break
                continue
            if box.when is not None and not self.truthy(
                box.when, ctx, loc("boxes", n, "when"), item
            ):
                continue
            boxes.append(self.box_draw(box, n, geo, ctx, item, loc))
        corner = layout.estimate_mark == "corner"
        face = FaceDraw(layout.id, bg, tuple(boxes), layout.safe, estimate, corner)
        return self._faces.setdefault(face, face)

    def _off_face(
        self,
        layout: LayoutSpec,
        geometry: Any,
        tw: float,
        th: float,
        loc: Callable[..., Where],
    ) -> None:
        """Refuse, once, each box that lies wholly off the card, beyond its trim: the cut takes it off."""
        if (layout.id, -1, tw, th) in self._outside:
            return  # this layout at this size is checked already
        self._outside.add((layout.id, -1, tw, th))
        margin = OFF_FACE_MARGIN
        for n, geo in enumerate(geometry):
            if geo is None or (layout.id, n, 0.0, 0.0) in self._outside:
                continue
            x, y, w, h = geo
            if x >= tw + margin or y >= th + margin or x + w <= -margin or y + h <= -margin:
                self._outside.add((layout.id, n, 0.0, 0.0))
                where, key = loc("boxes", n)()
                self.issues.add(
                    where,
                    key,
                    _(
                        "the box lies wholly off the {width} x {height} mm card, beyond its trim, "
                        "so the cut takes it off; move it onto the card or remove it"
                    ).format(width=round(tw / MM, 1), height=round(th / MM, 1)),
                )

    def box_draw(
        self,
        box: Box,
        n: int,
        geo: tuple[float, float, float, float],
        ctx: Mapping[str, Any],
        item: Item,
        loc: Any,
    ) -> BoxDraw:
        """One plain box (frame, text, circle, icon, image) with its templates evaluated."""
        if isinstance(box, TextBox):
            text = self.render(box.text, ctx, loc("boxes", n, "text"), item) or ""
            return BoxDraw(box, *geo, text=text)
        if isinstance(box, (CircleBox, FrameBox)):
            value = (
                self.render(box.text, ctx, loc("boxes", n, "text"), item) or ""
                if isinstance(box, CircleBox)
                else None
            )
            fill = self.colour(box.fill, ctx, loc("boxes", n, "fill"), item)
            stroke = self.colour(box.stroke, ctx, loc("boxes", n, "stroke"), item)
            return BoxDraw(box, *geo, text=value, fill=fill, stroke=stroke)
        if isinstance(box, IconBox):
            at = loc("boxes", n, "name")
            name = self.render(box.name, ctx, at, item) or ""

            if name and name not in ICONS:
                self.problem(
                    at, _("item {id!r}: unknown icon {name!r}").format(id=item.id, name=name)
                )
                name = ""
            return BoxDraw(box, *geo, icon=name or None)
        assert isinstance(box, ImageBox)
        at = loc("boxes", n, "src")
        src = self.render(box.src, ctx, at, item)
        image = self.image(src, *at()) if src else None
        if image is None and src and self.image.draft and not (self.game.root / src).exists():
            label = ctx.get("name")
            shown = label if isinstance(label, str) and label else item.id
            return BoxDraw(box, *geo, missing=(shown, src))
        return BoxDraw(box, *geo, image=image)

    def expand(self, component: Component, lang: str) -> list[Copy]:
        """Every physical copy of ``component``'s items in ``lang``."""
        tw, th, _shape = trim_size(component)
        marks = self.game.layout_marks
        out: list[Copy] = []
        back_layout_default = component.back
        face_data = localize(dict(component.spec.data), lang)
        for item in component.items:
            data = localize(dict(item.data), lang)
            base = {
                **face_data,
                **data,
                "lang": lang,
                "qty": item.qty,
                "copy": 1,
                "width_mm": round(tw / MM, 3),
                "height_mm": round(th / MM, 3),
            }
            front_layout = (
                component.front_layouts.get(item.layout, component.front)
                if item.layout
                else component.front
            )
            front = self.face(
                front_layout, marks.get(front_layout.id), base, item, tw, th, item.estimate
            )
            back: FaceDraw | None = None
            back_layout = back_layout_default
            back_data: dict[str, Any] = (
                dict(component.spec.back.data) if component.spec.back else {}
            )
            if item.back is not None:
                if item.back.layout:
                    back_layout = component.back_layouts.get(item.back.layout, back_layout)
                back_data.update(item.back.data)
            back_ctx = {**base, **localize(back_data, lang)}
            if back_layout is not None:
                back = self.face(back_layout, marks.get(back_layout.id), back_ctx, item, tw, th)
            pkey = (id(front_layout), id(back_layout))
            per_copy = self._per_copy.get(pkey)
            if per_copy is None:
                per_copy = self._per_copy[pkey] = any(
                    "copy" in s for s in self._sources(front_layout, back_layout)
                )
            for c in range(1, item.qty + 1):
                if per_copy and c > 1:
                    ctx = {**base, "copy": c}
                    f = self.face(
                        front_layout, marks.get(front_layout.id), ctx, item, tw, th, item.estimate
                    )
                    b = (
                        self.face(
                            back_layout,
                            marks.get(back_layout.id),
                            {**back_ctx, "copy": c},
                            item,
                            tw,
                            th,
                        )
                        if back_layout
                        else None
                    )
                    out.append(Copy(item, c, f, b))
                else:
                    out.append(Copy(item, c, front, back))
        if self.check is not None:
            self.check(component, lang, languages(self.game, component), out)
        return out

    def _sources(self, front: LayoutSpec, back: LayoutSpec | None) -> list[str]:
        out: list[str] = []
        todo = [b for lay in (front, back) if lay is not None for b in lay.boxes]
        while todo:
            box = todo.pop()
            todo.extend(getattr(box, "boxes", ()))
            for attr in ("text", "name", "src", "when", "fill", "stroke", "count", "values"):
                v = getattr(box, attr, None)
                if isinstance(v, str):
                    out.append(v)
        return out


_PLAIN = (FrameBox, TextBox, CircleBox, IconBox, ImageBox)


def _plain_geometry(box: Box, tw: float, th: float) -> tuple[float, float, float, float] | None:
    """x, y, w, h of a plain box on a ``tw`` x ``th`` face; None for shapes, repeats and grids."""
    if type(box) not in _PLAIN:
        return None
    assert isinstance(box, _PLAIN)
    return box.x.resolve(tw), box.y.resolve(th), box.w.resolve(tw), box.h.resolve(th)


def languages(game: Game, component: Component) -> list[str]:
    """The languages to build a component in (its own list, else the game's)."""
    langs = component.spec.languages or game.spec.languages
    return [lang for lang in LANGS if lang in langs]
