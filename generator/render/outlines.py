"""PDF operators for a face's outlines: frames, lines, polygons, arcs, grid cells, cut lines.

Pure functions of a box's evaluated geometry that return operator strings in trim-local PDF
coordinates (origin at the trim's bottom-left, y up), so the renderer can cache them per box
and reuse them on every face that has the same box. A box that touches a trim edge is extended
into the bleed there, so a slightly-off cut never shows white.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str  # type: ignore[import-untyped]
from reportlab.pdfgen.pathobject import PDFPathObject  # type: ignore[import-untyped]

from ..content.schema import ArcBox, FrameBox, LineBox, PolygonBox
from ..faces.draws import BoxDraw
from .text import hex_to_rgb

EDGE = 0.01  # points: a box this close to the trim edge counts as touching it
CUT_LINE = "q .35 .35 .35 RG .25 w [] 0 d n {path} S Q"  # thin grey, solid


def bleed_rect(
    box: BoxDraw, trim_w: float, trim_h: float, bleed: float
) -> tuple[float, float, float, float]:
    """``box`` as x, y, w, h from the trim's bottom-left, extended into the bleed at trim edges."""
    x, w = box.x, box.w
    y = trim_h - box.y - box.h
    h = box.h
    if x <= EDGE:
        x, w = x - bleed, w + bleed
    if box.x + box.w >= trim_w - EDGE:
        w += bleed
    if y <= EDGE:
        y, h = y - bleed, h + bleed
    if box.y <= EDGE:
        h += bleed
    return x, y, w, h


def rectangle(x: float, y: float, w: float, h: float, radius: float) -> str:
    """A new path holding one rectangle, its corners rounded by ``radius`` when not 0."""
    if not radius:
        return f"n {fp_str(x, y, w, h)} re"
    path = PDFPathObject()
    path.roundRect(x, y, w, h, radius)
    return "n " + path.getCode()


def frame_ops(box: BoxDraw, trim_w: float, trim_h: float, bleed: float) -> str:
    """A frame box: its fill (into the bleed at trim edges), then its border on the box."""
    spec = box.spec
    assert isinstance(spec, FrameBox)
    out: list[str] = []
    fill = box.fill if box.fill and box.fill != "none" and box.fill.startswith("#") else None
    if fill:
        x, y, w, h = bleed_rect(box, trim_w, trim_h, bleed)
        out.append(f"{fp_str(*hex_to_rgb(fill))} rg")
        out.append(rectangle(x, y, w, h, spec.radius) + " f")
    if box.stroke and box.stroke != "none":
        out.append(f"{fp_str(*hex_to_rgb(box.stroke))} RG {fp_str(spec.stroke_width)} w")
        y = trim_h - box.y - box.h
        out.append(rectangle(box.x, y, box.w, box.h, spec.radius) + " S")
    return "\n".join(out)


def path_ops(box: BoxDraw, trim_h: float) -> str:
    """A line, polygon, arc or grid cell: its points, filled and/or stroked ('' if neither)."""
    spec = box.spec
    assert isinstance(spec, (LineBox, PolygonBox, ArcBox))
    pts = box.points or ()
    fill = box.fill if box.closed and box.fill and box.fill.startswith("#") else None
    stroke = box.stroke if box.stroke and box.stroke.startswith("#") else None
    if not (fill or stroke) or len(pts) < 4:
        return ""
    out = ["q"]
    if fill:
        out.append(f"{fp_str(*hex_to_rgb(fill))} rg")
    if stroke:
        out.append(f"{fp_str(*hex_to_rgb(stroke))} RG {fp_str(spec.stroke_width)} w")
        dash = getattr(spec, "dash", None)
        if dash:
            out.append(f"[{fp_str(*dash)}] 0 d")
    path = [f"{fp_str(pts[0], trim_h - pts[1])} m"]
    path.extend(f"{fp_str(pts[i], trim_h - pts[i + 1])} l" for i in range(2, len(pts), 2))
    out.append("n " + " ".join(path))
    op = ("b" if stroke else "f") if fill else "S"
    if box.closed and op == "S":
        op = "s"
    out.append(op)
    out.append("Q")
    return "\n".join(out)


def cut_ops(shape: str, trim_w: float, trim_h: float, radius: float) -> str:
    """A thin grey path on the trim line, where round and rounded items are cut."""
    path = PDFPathObject()
    if shape == "round":
        path.ellipse(0, 0, trim_w, trim_h)
    elif radius:
        path.roundRect(0, 0, trim_w, trim_h, radius)
    else:
        path.rect(0, 0, trim_w, trim_h)
    return CUT_LINE.format(path=path.getCode())
