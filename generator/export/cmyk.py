"""Colour for a press: a drawn PDF's RGB turned into CMYK through an output profile, as vectors.

:func:`separate_page` rewrites one page's content stream (and the forms it draws) operator by
operator, so text stays text in its embedded fonts and shapes stay shapes:

- an RGB or grey fill or stroke becomes the profile's CMYK; a neutral grey is K only;
- black type (a near-black fill where text is shown) is 100 % K set to overprint, so a letter
  never needs four plates in register and never knocks a hole in the colours beneath it;
- a black area wider than :data:`LARGE_BLACK_MM` every way takes the shop's rich black; thinner
  black marks (lines, small shapes) plain K;
- pictures are converted through the same profile; a picture with transparency is flattened
  onto what lies beneath it, rendered at the shop's resolution: the one part rasterised.

A page that uses transparency in its graphics state (an SVG icon's opacity) or a shading cannot
be separated this way, so it is reported and its caller draws that page as one picture instead.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
from pikepdf import Dictionary, Name, Operator
from PIL import Image, ImageCms

from ..faces.geometry import Affine, apply_affine, compose

LARGE_BLACK_MM = 10.0  # a black area at least this wide every way takes rich black
NEAR_BLACK = 0.2  # a neutral colour this dark or darker is black
NEUTRAL = 0.03  # channels this close together make a grey
PT_PER_MM = 72 / 25.4
OVERPRINT = Name("/PnpOverprint")
KNOCKOUT = Name("/PnpKnockout")
PATH_BUILD = {"m", "l", "c", "v", "y", "re", "h"}
FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
STROKES = {"S", "s", "B", "B*", "b", "b*"}
PAINT = FILLS | STROKES | {"n"}
SHOW = {"Tj", "TJ", "'", '"'}

Matrix = Affine  # a PDF matrix (a, b, c, d, e, f), as the faces' geometry writes it
CMYK = tuple[float, float, float, float]


class Transparent(Exception):
    """The page draws something that cannot be separated as vectors: transparency (which a
    PDF/X-1a file cannot carry) or a shading; its caller draws that page as a picture."""


@cache
def _transform(profile: Path) -> Any:
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.getOpenProfile(str(profile)),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
    )


def picture_to_cmyk(image: Image.Image, profile: Path) -> Image.Image:
    """An RGB (or grey) picture as CMYK through ``profile``."""
    out = ImageCms.applyTransform(image.convert("RGB"), _transform(profile))
    assert out is not None
    return out


@cache
def colour_to_cmyk(rgb: tuple[float, float, float], profile: Path) -> CMYK:
    """One colour (0..1 each) as CMYK (0..1 each): a grey is K only, others go through ``profile``."""
    if max(rgb) - min(rgb) <= NEUTRAL:
        grey = sum(rgb) / 3
        return (0.0, 0.0, 0.0, 1.0 if grey <= NEAR_BLACK else round(1 - grey, 4))
    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
    got = picture_to_cmyk(pixel, profile).getpixel((0, 0))
    assert isinstance(got, tuple)
    return tuple(round(v / 255, 4) for v in got)  # type: ignore[return-value]


def is_black(rgb: tuple[float, float, float]) -> bool:
    """Whether a colour is meant as black: neutral and at most :data:`NEAR_BLACK` light."""
    return max(rgb) - min(rgb) <= NEUTRAL and max(rgb) <= NEAR_BLACK


@dataclass
class _State:
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    fill: tuple[float, float, float] = (0.0, 0.0, 0.0)
    stroke: tuple[float, float, float] = (0.0, 0.0, 0.0)
    fill_space: str = "/DeviceGray"
    stroke_space: str = "/DeviceGray"
    shown_fill: CMYK | None = None  # what the rewritten stream has set (None: the default)
    shown_stroke: CMYK | None = None
    overprint: bool = False

    def copy(self) -> _State:
        return _State(**self.__dict__)


@dataclass
class Separation:
    """How a page was rewritten: its pictures flattened, and whether black type overprints."""

    flattened: int = 0
    overprinted_text: int = 0


class _Rewriter:
    def __init__(
        self, pdf: pikepdf.Pdf, page: Any, profile: Path, rich_black: Sequence[int] | None, dpi: int
    ) -> None:
        self.pdf, self.page, self.profile, self.dpi = pdf, page, profile, dpi
        self.rich = tuple(v / 100 for v in rich_black) if rich_black else None
        self.report = Separation()
        self.done: set[tuple[int, int]] = set()
        self.top: list[Any] = []  # the page's own operators (not a form's)

    # ------------------------------------------------------------------ colours
    def _set(self, st: _State, out: list[Any], cmyk: CMYK, stroke: bool) -> None:
        if (st.shown_stroke if stroke else st.shown_fill) == cmyk:
            return
        out.append(([*cmyk], Operator("K" if stroke else "k")))
        if stroke:
            st.shown_stroke = cmyk
        else:
            st.shown_fill = cmyk

    def _overprint(self, st: _State, out: list[Any], on: bool) -> None:
        if st.overprint != on:
            out.append(([OVERPRINT if on else KNOCKOUT], Operator("gs")))
            st.overprint = on

    def _fill_for(self, st: _State, points: list[tuple[float, float]]) -> CMYK:
        if not is_black(st.fill):
            return colour_to_cmyk(st.fill, self.profile)
        if self.rich and points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            if min(max(xs) - min(xs), max(ys) - min(ys)) >= LARGE_BLACK_MM * PT_PER_MM:
                return self.rich  # type: ignore[return-value]
        return (0.0, 0.0, 0.0, 1.0)

    # ------------------------------------------------------------------ the stream
    def rewrite(self, ops: list[Any], resources: Any, st: _State) -> list[Any]:
        out: list[Any] = []
        stack: list[_State] = []
        path: list[Any] = []
        points: list[tuple[float, float]] = []
        for index, (operands, operator) in enumerate(ops):
            op = str(operator)
            if op in PATH_BUILD:
                path.append((operands, operator))
                nums = [float(v) for v in operands]
                if op == "re":
                    x, y, w, h = nums
                    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
                    points += [apply_affine(st.ctm, *p) for p in corners]
                else:
                    points += [
                        apply_affine(st.ctm, *nums[i : i + 2]) for i in range(0, len(nums), 2)
                    ]
                continue
            if op in PAINT:
                if op in FILLS:
                    self._set(st, out, self._fill_for(st, points), stroke=False)
                if op in STROKES:
                    black = is_black(st.stroke)
                    cmyk = (
                        (0.0, 0.0, 0.0, 1.0) if black else colour_to_cmyk(st.stroke, self.profile)
                    )
                    self._set(st, out, cmyk, stroke=True)
                if op in FILLS or op in STROKES:
                    self._overprint(st, out, False)
                out += path
                out.append((operands, operator))
                path, points = [], []
                continue
            if op in ("W", "W*"):
                path.append((operands, operator))
                continue
            if op == "q":
                stack.append(st.copy())
            elif op == "Q" and stack:
                st = stack.pop()
            elif op == "cm":
                st.ctm = compose(st.ctm, tuple(float(v) for v in operands))  # type: ignore[arg-type]
            elif op in ("rg", "RG", "g", "G", "sc", "SC", "scn", "SCN"):
                colour = self._colour(op, operands, st)
                if colour is not None:
                    if op in ("rg", "g", "sc", "scn"):
                        st.fill = colour
                    else:
                        st.stroke = colour
                    continue
            elif op in ("k", "K"):
                c, m, y, k = (float(v) for v in operands)
                if op == "k":
                    st.shown_fill = (c, m, y, k)
                else:
                    st.shown_stroke = (c, m, y, k)
            elif op in ("cs", "CS"):
                space = str(operands[0])
                if space in ("/DeviceRGB", "/DeviceGray"):
                    if op == "cs":
                        st.fill_space = space
                    else:
                        st.stroke_space = space
                    continue
            elif op == "ET":
                out.append((operands, operator))
                self._overprint(st, out, False)
                continue
            elif op in SHOW:
                if is_black(st.fill):
                    self._set(st, out, (0.0, 0.0, 0.0, 1.0), stroke=False)
                    self._overprint(st, out, True)
                    self.report.overprinted_text += 1
                else:
                    self._set(st, out, colour_to_cmyk(st.fill, self.profile), stroke=False)
                    self._overprint(st, out, False)
            elif op == "gs":
                _check_gs(resources, operands[0])
            elif op == "Do":
                self._xobject(resources, operands[0], st, ops, index, out)
            elif op == "sh":
                raise Transparent("shading")
            out.append((operands, operator))
        return out

    def _colour(self, op: str, operands: Any, st: _State) -> tuple[float, float, float] | None:
        nums = [float(v) for v in operands]
        if op in ("rg", "RG"):
            return (nums[0], nums[1], nums[2])
        if op in ("g", "G"):
            return (nums[0], nums[0], nums[0])
        space = st.fill_space if op in ("sc", "scn") else st.stroke_space
        if space == "/DeviceRGB" and len(nums) == 3:
            return (nums[0], nums[1], nums[2])
        if space == "/DeviceGray" and len(nums) == 1:
            return (nums[0], nums[0], nums[0])
        return None

    def _xobject(
        self, resources: Any, name: Any, st: _State, ops: list[Any], index: int, out: list[Any]
    ) -> None:
        xobj = resources.XObject[name]
        key = xobj.objgen
        if xobj.Subtype == Name.Form:
            if key not in self.done:
                self.done.add(key)
                inner = pikepdf.parse_content_stream(xobj)
                res = xobj.get("/Resources", Dictionary())
                _add_states(self.pdf, res)
                xobj.Resources = res
                form_ops = self.rewrite(inner, res, st.copy())
                xobj.write(pikepdf.unparse_content_stream(form_ops))
            st.shown_fill = st.shown_stroke = None  # whatever the form set is unknown here
            return
        if xobj.get("/ImageMask", False):
            self._set(st, out, self._fill_for(st, []), stroke=False)
            return
        if key in self.done:
            return
        self.done.add(key)
        if "/SMask" in xobj or "/Mask" in xobj:
            if ops is not self.top:
                raise Transparent("a picture with transparency inside a form")
            picture = self._flatten(ops, index, st.ctm)
            self.report.flattened += 1
        else:
            picture = pikepdf.PdfImage(xobj).as_pil_image()
        cmyk = picture if picture.mode == "CMYK" else picture_to_cmyk(picture, self.profile)
        for k in ("/SMask", "/Mask", "/Decode", "/DecodeParms", "/Interpolate"):
            if k in xobj:
                del xobj[k]
        xobj.write(zlib.compress(cmyk.tobytes(), 6), filter=Name.FlateDecode)
        xobj.Width, xobj.Height = cmyk.size
        xobj.ColorSpace = Name.DeviceCMYK
        xobj.BitsPerComponent = 8

    def _flatten(self, ops: list[Any], index: int, ctm: Matrix) -> Image.Image:
        """What the page shows where a transparent picture lies, up to and with that picture."""
        if abs(ctm[1]) > 1e-6 or abs(ctm[2]) > 1e-6:
            raise Transparent("a turned picture with transparency")
        depth = sum(1 if str(op) == "q" else -1 if str(op) == "Q" else 0 for _, op in ops[:index])
        partial = [*ops[: index + 1], *([([], Operator("Q"))] * max(0, depth))]
        pdf = pikepdf.new()
        pdf.pages.append(self.page)
        copy = pdf.pages[0]
        copy.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(partial))
        buf = io.BytesIO()
        pdf.save(buf)
        doc = pdfium.PdfDocument(buf.getvalue())
        try:
            scale = self.dpi / 72
            rendered = doc[0].render(scale=scale).to_pil().convert("RGB")
            height = float(doc[0].get_height())
        finally:
            doc.close()
        x0, y0 = apply_affine(ctm, 0, 0)
        x1, y1 = apply_affine(ctm, 1, 1)
        left, right = sorted((x0, x1))
        bottom, top = sorted((y0, y1))
        box = (
            round(left * scale),
            round((height - top) * scale),
            round(right * scale),
            round((height - bottom) * scale),
        )
        return rendered.crop(box)


def _check_gs(resources: Any, name: Any) -> None:
    if name in (OVERPRINT, KNOCKOUT):
        return
    state = resources.ExtGState[name]
    if float(state.get("/ca", 1)) < 1 or float(state.get("/CA", 1)) < 1:
        raise Transparent("opacity")
    if state.get("/SMask", Name.None_) != Name.None_ or state.get("/BM", Name.Normal) not in (
        Name.Normal,
        Name.Compatible,
    ):
        raise Transparent("a soft mask or blend mode")


def _add_states(pdf: pikepdf.Pdf, resources: Any) -> None:
    states = resources.get("/ExtGState", Dictionary())
    states[OVERPRINT] = pdf.make_indirect(Dictionary(Type=Name.ExtGState, OP=True, op=True, OPM=1))
    states[KNOCKOUT] = pdf.make_indirect(Dictionary(Type=Name.ExtGState, OP=False, op=False, OPM=0))
    resources.ExtGState = states


def separate_page(
    pdf: pikepdf.Pdf,
    page: pikepdf.Page,
    profile: Path,
    rich_black: Sequence[int] | None,
    dpi: int,
) -> Separation:
    """Rewrite ``page`` of ``pdf`` in CMYK in place; :class:`Transparent` if it cannot be.

    Nothing is changed when the page turns out to need transparency.
    """
    rewriter = _Rewriter(pdf, page, profile, rich_black, dpi)
    ops = pikepdf.parse_content_stream(page)
    resources = page.obj.get("/Resources", Dictionary())
    rewriter.top = ops
    out = rewriter.rewrite(ops, resources, _State())
    _add_states(pdf, resources)
    page.obj.Resources = resources
    page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(out))
    return rewriter.report
