"""Drawing one card or token face (a :class:`FaceDraw`) into its slot on a sheet.

Boxes are drawn in order; the background and any frame that touches a trim edge are extended
into the slot's bleed so a slightly-off cut never shows white. A face used more than once
(a shared back, several copies) is drawn once: its operators are written again where it
comes back, or, when it is big and comes on several pages, it is a PDF form placed by
reference. Both keep files small and builds fast. Frames and text boxes become operator strings, cached when
the same box with the same text comes again.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import field
from reportlab.lib.rl_accel import fp_str  # type: ignore[import-untyped]
from reportlab.lib.utils import ImageReader

from ..content.schema import (
    ArcBox,
    CircleBox,
    FrameBox,
    IconBox,
    ImageBox,
    LineBox,
    PolygonBox,
    TextBox,
)
from ..faces.draws import BoxDraw, FaceDraw, estimate_mark
from ..layout.impose import Slot
from ..locale import N_, _
from . import fonts, legibility, outlines
from . import text as rtext
from .icons import draw_icon

BLACK = (0.0, 0.0, 0.0)
# A reused face whose operators reach this many characters, and that comes on more than one
# page, is stored once as a form: below it, a form's own object costs more than the copies.
FORM_MIN = 1024


class FaceWarning(msgspec.Struct):
    """A problem found while drawing a face: the layout, the box index and what is wrong."""

    layout: str
    box: int
    message: str


class FaceRenderer(msgspec.Struct):
    """Draws faces of one size onto a canvas, caching text layout and reusable forms."""

    canvas: Any
    trim_w: float
    trim_h: float
    bleed: float
    shape: str = "rect"
    cut_radius: float | None = None  # draw a thin cut path at the trim (corner radius), or not
    warnings: list[FaceWarning] = field(default_factory=list)
    _forms: dict[int, str] = field(default_factory=dict)
    _replay: dict[int, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    _warned: set[tuple[str, int, str]] = field(default_factory=set)
    _ops: dict[tuple[Any, ...], str] = field(default_factory=dict)
    # The fill colour known to be current while a face is drawn (None: unknown). Faces are
    # placed before anything else on a page sets a fill, each inside its own q ... Q, so a
    # face (and a form) starts with the default black and its black text sets no colour.
    _fill: tuple[float, float, float] | None = None

    # ------------------------------------------------------------------ placement
    def place(
        self, face: FaceDraw, slot: Slot, *, reuse: bool = False, spread: bool = False
    ) -> None:
        """Draw ``face`` at ``slot``: clipped to the slot's art area, trim at the slot's trim.

        ``reuse``: the face is placed more than once; ``spread``: on more than one page.
        A reused face is drawn once. Its operators are written again where it comes back,
        which deflate stores in a few bytes within a page; a big face that comes back on
        other pages (a shared back with art, a board cut into tiles) becomes a PDF form
        placed by reference instead, so each page does not carry a copy of it.
        """
        c = self.canvas
        art = slot.art
        c.addLiteral(
            f"q\nn {fp_str(art.x, art.y, art.w, art.h)} re W n\n"
            f"1 0 0 1 {fp_str(slot.trim.x, slot.trim.y)} cm"
        )
        self._fill = BLACK
        if reuse:
            self._reused(face, spread)
        else:
            self._draw(face, self.bleed)
        if self.cut_radius is not None:
            c.addLiteral(self._cut_ops())
        c.addLiteral("Q")
        self._fill = None

    def _reused(self, face: FaceDraw, spread: bool) -> None:
        """Place a face that comes more than once: replayed operators or a form."""
        c = self.canvas
        key = id(face)
        name = self._forms.get(key)
        if name is None:
            kept = self._replay.get(key)
            if kept is not None:
                c._code.append(kept[0])
                c._formsinuse.extend(kept[1])  # images and forms it draws, on this page too
                return
            start, forms_start = len(c._code), len(c._formsinuse)
            self._draw(face, self.bleed)
            ops = "\n".join(c._code[start:])
            if not spread or len(ops) < FORM_MIN:
                self._replay[key] = (ops, tuple(c._formsinuse[forms_start:]))
                return
            del c._code[start:]  # big and on other pages too: a form instead
            del c._formsinuse[forms_start:]
            self._fill = BLACK
            name = f"face{len(self._forms)}"
            self._forms[key] = name
            c.beginForm(
                name,
                lowerx=-self.bleed,
                lowery=-self.bleed,
                upperx=self.trim_w + self.bleed,
                uppery=self.trim_h + self.bleed,
            )
            self._draw(face, self.bleed)
            c.endForm()
        c.doForm(name)

    def _cut_ops(self) -> str:
        """A thin grey path on the trim line: where round and rounded items are cut."""
        ops = self._ops.get(("cut",))
        if ops is None:
            ops = self._ops[("cut",)] = outlines.cut_ops(
                self.shape, self.trim_w, self.trim_h, self.cut_radius or 0.0
            )
        return ops

    # ------------------------------------------------------------------ drawing (trim-local coordinates)
    def _draw(self, face: FaceDraw, bleed: float) -> None:
        c = self.canvas
        if face.background and face.background != "none":
            c.setFillColorRGB(*rtext.hex_to_rgb(face.background))
            c.rect(
                -bleed, -bleed, self.trim_w + 2 * bleed, self.trim_h + 2 * bleed, stroke=0, fill=1
            )
            self._fill = None
        for n, box in enumerate(face.boxes):
            _DRAW[type(box.spec)](self, face, n, box, bleed)
            if type(box.spec) is not TextBox and (type(box.spec) is not FrameBox or box.fill):
                self._fill = None  # drawn through the canvas or with a fill of its own
        if face.estimate and face.corner_mark:
            self._estimate_mark(face)
            self._fill = None

    def _estimate_mark(self, face: FaceDraw) -> None:
        """The one mark printed on every face that carries an estimated value (see ESTIMATE_NOTE)."""
        c = self.canvas
        texts = [r for r in map(legibility.ink, face.boxes) if r is not None]
        found = estimate_mark(self.trim_w, self.trim_h, self.shape, texts)
        if found is None:  # every corner holds text (pnp check says so): the usual corner
            found = estimate_mark(self.trim_w, self.trim_h, self.shape)
        assert found is not None
        x, y, d = found
        cx, cy = x + d / 2, self.trim_h - (y + d / 2)  # the canvas counts up from the bottom
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.25)
        c.circle(cx, cy, d / 2, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.face("sans").name, d * 0.8)  # type: ignore[attr-defined]
        c.drawCentredString(cx, cy - d * 0.27, ESTIMATE_MARK)
        c.restoreState()

    def _path(self, face: FaceDraw, n: int, box: BoxDraw, bleed: float) -> None:
        """A line, polygon, arc or grid cell: its points, filled and/or stroked."""
        key = (box, bleed)
        ops = self._ops.get(key)
        if ops is None:
            ops = self._ops[key] = outlines.path_ops(box, self.trim_h)
        self.canvas.addLiteral(ops)

    def _frame(self, face: FaceDraw, n: int, box: BoxDraw, bleed: float) -> None:
        key = (box, bleed)
        ops = self._ops.get(key)
        if ops is None:
            ops = self._ops[key] = outlines.frame_ops(box, self.trim_w, self.trim_h, bleed)
        self.canvas.addLiteral(ops)

    def _fit(self, face: FaceDraw, n: int, box: BoxDraw) -> rtext.Fitted:
        """``box``'s words laid out (once, shared with ``pnp check``); a warning if illegible."""
        found = legibility.box_layout(box)
        assert found is not None and box.text
        problem = legibility.judge(*found)
        if problem is not None:
            sample = rtext.plain_text(box.text)[:40]
            tag = (face.layout_id, n, sample)
            if tag not in self._warned:
                self._warned.add(tag)
                said = _("text {sample!r}: {problem}").format(sample=sample, problem=problem)
                self.warnings.append(FaceWarning(face.layout_id, n, said))
        return found[0]

    def _rotated(self, box: BoxDraw, rotate: int) -> tuple[float, float, float, float]:
        """Set up rotation about the box centre; returns the box to draw in, in rotated space."""
        c = self.canvas
        y = self.trim_h - box.y - box.h
        if not rotate:
            return box.x, y, box.w, box.h
        cx, cy = box.x + box.w / 2, y + box.h / 2
        c.translate(cx, cy)
        c.rotate(rotate)
        w, h = (box.h, box.w) if rotate in (90, 270) else (box.w, box.h)
        return -w / 2, -h / 2, w, h

    def _text(self, face: FaceDraw, n: int, box: BoxDraw, bleed: float) -> None:
        spec = box.spec
        assert isinstance(spec, TextBox)
        if not box.text:
            return
        c = self.canvas
        writer = rtext.writer(c)
        # the same box with the same text (a shared value, a repeated card) is laid out once
        key = None if spec.rotate else ("text", face.layout_id, n, box, self._fill)
        done = writer.memo.get(key) if key else None
        if spec.rotate:
            c.saveState()
        if done is None:
            x, y, w, h = self._rotated(box, spec.rotate)
            fitted = self._fit(face, n, box)
            done = writer.ops(
                fitted,
                x,
                y,
                w,
                h,
                align=spec.align,
                valign=spec.valign,
                color=spec.color,
                fill=self._fill,
            )
            if key:
                writer.remember(key, done)
        ops, icons, self._fill = done
        c.addLiteral(ops)
        for name, icx, icy, isize, irgb in icons:
            draw_icon(c, name, icx, icy, isize, irgb)
        if spec.rotate:
            c.restoreState()
            self._fill = None

    def _circle(self, face: FaceDraw, n: int, box: BoxDraw, bleed: float) -> None:
        spec = box.spec
        assert isinstance(spec, CircleBox)
        c = self.canvas
        y = self.trim_h - box.y - box.h
        fill = box.fill if box.fill and box.fill.startswith("#") else None
        stroke = box.stroke if box.stroke and box.stroke != "none" else None
        if fill:
            c.setFillColorRGB(*rtext.hex_to_rgb(fill))
        if stroke:
            c.setStrokeColorRGB(*rtext.hex_to_rgb(stroke))
            c.setLineWidth(spec.stroke_width)
        if fill or stroke:
            c.ellipse(
                box.x, y, box.x + box.w, y + box.h, stroke=1 if stroke else 0, fill=1 if fill else 0
            )
        if box.text:
            self._fill = None  # the circle's own fill is current
            inset = legibility.CIRCLE_INSET
            iw, ih = legibility.circle_area(box)
            fitted = self._fit(face, n, box)
            rtext.draw(
                c,
                fitted,
                box.x + box.w * inset,
                y + box.h * inset,
                iw,
                ih,
                align="center",
                valign="middle",
                color=spec.color,
            )

    def _icon(self, face: FaceDraw, n: int, box: BoxDraw, bleed: float) -> None:
        spec = box.spec
        assert isinstance(spec, IconBox)
        if not box.icon:
            return
        y = self.trim_h - box.y - box.h
        draw_icon(
            self.canvas,
            box.icon,
            box.x + box.w / 2,
            y + box.h / 2,
            min(box.w, box.h),
            rtext.hex_to_rgb(spec.color),
        )

    def _image(self, face: FaceDraw, n: int, box: BoxDraw, bleed: float) -> None:
        spec = box.spec
        assert isinstance(spec, ImageBox)
        if box.missing is not None:
            self._placeholder(box)
        if box.image is None:
            return
        c = self.canvas
        x, y, w, h = outlines.bleed_rect(box, self.trim_w, self.trim_h, bleed)
        c.saveState()
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
        if spec.fit == "stretch":
            c.drawImage(str(box.image), x, y, w, h, mask="auto")
        elif spec.fit == "contain":
            c.drawImage(
                str(box.image), x, y, w, h, preserveAspectRatio=True, anchor="c", mask="auto"
            )
        else:
            iw, ih = ImageReader(str(box.image)).getSize()
            scale = max(w / iw, h / ih)
            dw, dh = iw * scale, ih * scale
            c.drawImage(str(box.image), x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, mask="auto")
        c.restoreState()

    def _placeholder(self, box: BoxDraw) -> None:
        """A draft's stand-in for a missing image: a crossed box naming the item and the file,
        inside marked content that preflight looks for (:data:`PLACEHOLDER_TAG`)."""
        assert box.missing is not None
        item, src = box.missing
        c = self.canvas
        x, y, w, h = box.x, self.trim_h - box.y - box.h, box.w, box.h
        c.addLiteral(f"/{PLACEHOLDER_TAG} BMC")
        c.saveState()
        c.setFillColorRGB(0.92, 0.92, 0.92)
        c.setStrokeColorRGB(0.5, 0.5, 0.5)
        c.setLineWidth(0.5)
        c.rect(x, y, w, h, stroke=1, fill=1)
        c.line(x, y, x + w, y + h)
        c.line(x, y + h, x + w, y)
        words = f"**{item}**\n{src}"  # names only: no words that would need the sheet's language
        fitted = rtext.fit(words, max(w - 4, 1), max(h - 4, 1), 8, 4.0)
        rtext.draw(c, fitted, x + 2, y + 2, max(w - 4, 1), max(h - 4, 1), align="center",
                   valign="middle", color="#333333")  # fmt: skip
        c.restoreState()
        c.addLiteral("EMC")


PLACEHOLDER_TAG = "PnpPlaceholder"  # marks a draft placeholder in the PDF
ESTIMATE_MARK = "≈"
ESTIMATE_NOTE = N_(
    "≈ marks a piece with a value not known from a source (an estimate; see its source)"
)

_DRAW = {
    LineBox: FaceRenderer._path,
    PolygonBox: FaceRenderer._path,
    ArcBox: FaceRenderer._path,
    FrameBox: FaceRenderer._frame,
    TextBox: FaceRenderer._text,
    CircleBox: FaceRenderer._circle,
    IconBox: FaceRenderer._icon,
    ImageBox: FaceRenderer._image,
}
