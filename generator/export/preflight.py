"""Preflight (``pnp preflight GAME [--vendor V]``): what a print shop would reject, per component.

Every distinct face of every card, token and tile component is drawn once, with the shop's
bleed, and looked at the way a shop's checker does:

- ``fonts``: every font in the drawn PDF is embedded (a ``FontFile`` in its descriptor);
- ``text-size``: no text is set below :data:`MIN_TEXT_PT` (the size in the content stream,
  scaled by the text and graphics matrices);
- ``safe-zone``: text and icon boxes stay inside the safe zone (the shop's, else the layout's);
- ``image-dpi``: pictures have at least :data:`MIN_DPI` at the size they print;
- ``ink``: no colour takes more total ink than the shop's limit after CMYK conversion;
- ``placeholder``: a draft's stand-in for a missing image (``--draft``), found by its mark in
  the PDF;
- ``bleed``: art that reaches the trim continues into the bleed (a white bleed beside a
  coloured edge is a white sliver after cutting).

Without ``--vendor`` the defaults are 3 mm of bleed, the layout's safe zone, no ink limit.
"""

from __future__ import annotations

import io
import math
from collections.abc import Container, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import pikepdf
import pypdfium2 as pdfium
from PIL import Image, ImageStat

from ..content.loader import Component
from ..errors import PnpError
from ..faces.expand import FaceDraw, trim_size
from ..locale import _, pgettext
from ..pipeline.check import Checked, check_game
from ..pipeline.options import BuildOptions
from ..render.face import PLACEHOLDER_TAG
from ..render.preview import faces_pdf
from . import pdfx
from .pieces import KINDS, distinct_faces
from .vendors import Vendor, vendor

MIN_TEXT_PT = 6.0
MIN_DPI = 300
DEFAULT_BLEED = 3 / 25.4 * 72
RASTER_DPI = 100  # enough to see ink and bleed; fonts and sizes are read from the PDF
PT_PER_MM = 72 / 25.4


class PreflightFailed(PnpError):
    """An export found problems in the files it wrote, and did not put them in place."""

    def __init__(self, report: PreflightReport) -> None:
        self.report = report
        super().__init__(str(len(report.findings)))

    def lines(self) -> list[str]:
        """One line per problem, then what to do."""
        out = [
            _("{component} {item} ({side}) {check}: {message}").format(
                component=f.component,
                item=f.item,
                side=side_name(f.side),
                check=f.check,
                message=f.message,
            )  # fmt: skip
            for f in self.report.findings
        ]
        out.append(
            _(
                "a print shop would reject these files, so none was written; fix the problems, "
                "or send them as they are with --force"
            )
        )
        return out


def side_name(side: str) -> str:
    """A side of a piece, in the reader's language."""
    if side == "front":
        return pgettext("side of a piece", "front")
    return pgettext("side of a piece", "back")


class Finding(NamedTuple):
    """One problem: where (component, item, side), which check, and what is wrong."""

    component: str
    item: str
    side: str
    check: str
    message: str


@dataclass
class PreflightReport:
    """Every finding, and per component how many faces were looked at."""

    game: str
    vendor: str | None
    faces: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether nothing would be rejected."""
        return not self.findings


def fonts_and_text_sizes(
    data: bytes, pages: Container[int] | None = None
) -> Iterator[tuple[int, str, Any]]:
    """(page, 'font', name) for each font not embedded; (page, 'size', pt) for each text size
    (of ``pages`` only, when given)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages):
            if pages is not None and n not in pages:
                continue
            fonts: Any = page.Resources.get("/Font", {})
            for name, font in fonts.items():
                descriptor = font.get("/FontDescriptor")
                if font.get("/Subtype") == "/Type0":
                    descriptor = font.DescendantFonts[0].get("/FontDescriptor")
                if descriptor is None or not any(
                    k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")
                ):
                    yield n, "font", str(font.get("/BaseFont", name))
            yield from ((n, "size", pt) for pt in _text_sizes(pikepdf, page))
            if _placeholder(page):
                yield n, "placeholder", None


def _placeholder(page: Any) -> bool:
    """Whether the page shows a draft's placeholder (its marked content) for a missing image."""
    for instruction in pikepdf.parse_content_stream(page, "BMC BDC"):
        operands = instruction.operands
        if operands and str(operands[0]) == f"/{PLACEHOLDER_TAG}":
            return True
    return False


def _text_sizes(pikepdf: Any, page: Any) -> Iterator[float]:
    ctm, stack, size, tm = 1.0, [], 0.0, 1.0
    for operands, op in pikepdf.parse_content_stream(page):
        name = str(op)
        if name == "q":
            stack.append(ctm)
        elif name == "Q" and stack:
            ctm = stack.pop()
        elif name == "cm":
            a, b, c, d = (float(v) for v in operands[:4])
            ctm *= math.sqrt(abs(a * d - b * c))
        elif name == "BT":
            tm = 1.0
        elif name == "Tm":
            a, b, c, d = (float(v) for v in operands[:4])
            tm = math.sqrt(abs(a * d - b * c))
        elif name == "Tf":
            size = float(operands[1])
        elif name in ("Tj", "TJ", "'", '"') and size:
            yield size * tm * ctm


def _boxes(
    face: FaceDraw, trim: tuple[float, float, str], safe: float
) -> Iterator[tuple[str, str]]:
    tw, th, _shape = trim
    for box in face.boxes:
        if box.image is not None and box.w > 0 and box.h > 0:
            try:
                with Image.open(box.image) as im:
                    px = im.size
            except OSError:
                continue
            dpi = min(px[0] / (box.w / 72), px[1] / (box.h / 72))
            if dpi < MIN_DPI - 0.5:
                yield (
                    "image-dpi",
                    _(
                        "{image} is {width} x {height} px over {w} x {h} mm: {dpi} dpi, "
                        "under {limit}"
                    ).format(
                        image=box.image.name,
                        width=px[0],
                        height=px[1],
                        w=f"{box.w / PT_PER_MM:.1f}",
                        h=f"{box.h / PT_PER_MM:.1f}",
                        dpi=f"{dpi:.0f}",
                        limit=MIN_DPI,
                    ),
                )
        if box.icon is None or box.text:  # text is measured where its glyphs land
            continue
        inside = (
            box.x >= safe - 0.01
            and box.y >= safe - 0.01
            and box.x + box.w <= tw - safe + 0.01
            and box.y + box.h <= th - safe + 0.01
        )
        if not inside:
            yield (
                "safe-zone",
                _("icon {icon} reaches outside the safe zone ({safe} mm inside the trim)").format(
                    icon=repr(box.icon), safe=f"{safe / PT_PER_MM:.1f}"
                ),
            )


def _text_outside(page: Any, box: tuple[float, float, float, float]) -> str:
    """The words of ``page`` with a letter drawn outside ``box`` (left, bottom, right, top),
    each quoted whole and in reading order, as the source wrote them."""
    text = page.get_textpage()
    words: list[str] = []
    try:
        word, outside, last = "", False, None
        for i in range(text.count_chars() + 1):
            ch = text.get_text_range(i, 1) if i < text.count_chars() else " "
            rect = text.get_charbox(i) if ch.strip() else None
            # a word ends at a space or where the next letter starts a new line
            if rect is None or (last is not None and rect[0] < last[0] - 0.5 and rect[3] < last[1]):
                if word and outside and (not words or words[-1] != word):
                    words.append(word)
                word, outside, last = "", False, None
            if rect is None:
                continue
            left, bottom, right, top = rect
            word += ch
            last = rect
            outside = outside or left < box[0] or bottom < box[1] or right > box[2] or top > box[3]
    finally:
        text.close()
    return " ".join(words)


def missing_bleed(image: Any, bleed_px: int) -> Iterator[tuple[str, str]]:
    """Art of one face (drawn with ``bleed_px`` of bleed) that stops at the trim."""
    w, h = image.size
    if bleed_px < 1:
        return
    for outer, inner in (
        ((0, 0, w, 1), (0, bleed_px, w, bleed_px + 1)),
        ((0, h - 1, w, h), (0, h - bleed_px - 1, w, h - bleed_px)),
        ((0, 0, 1, h), (bleed_px, 0, bleed_px + 1, h)),
        ((w - 1, 0, w, h), (w - bleed_px - 1, 0, w - bleed_px, h)),
    ):
        edge = image.crop(inner).convert("L")
        out = image.crop(outer).convert("L")
        inked = ImageStat.Stat(edge.point(lambda p: 255 if p < 240 else 0)).mean[0] / 255
        white = ImageStat.Stat(out.point(lambda p: 255 if p >= 250 else 0)).mean[0] / 255
        if inked > 0.5 and white > 0.5:
            yield ("bleed", _("the art stops at the trim; extend the background into the bleed"))
            return


def ink_problem(ink: float, v: Vendor) -> tuple[str, str] | None:
    """The finding for a file taking ``ink`` % at most, when ``v`` takes less."""
    if v.ink_limit is None or ink <= v.ink_limit + 0.5:
        return None
    return (
        "ink",
        _("up to {ink} % total ink; {shop} takes at most {limit} %").format(
            ink=f"{ink:.0f}", shop=v.name, limit=v.ink_limit
        ),
    )


class Drawn(NamedTuple):
    """A component's faces as a PDF: which face each page shows, and how it is laid out."""

    data: bytes  # the PDF, one face per page (trim plus bleed)
    order: list[int]  # page -> index into the distinct faces
    bleed: float
    ink: float | None  # the most total ink of the CMYK file, when it is one


def check_component(
    component: Component, copies: list[Any], drawn: Drawn, v: Vendor | None
) -> tuple[int, list[Finding]]:
    """Everything a shop would reject in ``drawn``, the faces of ``component``'s ``copies``."""
    trim = trim_size(component)
    bleed = drawn.bleed
    faces = distinct_faces(copies)
    first: dict[int, int] = {}  # each face is looked at once, on the first page showing it
    for page, n in enumerate(drawn.order):
        first.setdefault(n, page)
    findings: list[Finding] = []

    def add(n: int, problem: tuple[str, str]) -> None:
        cp, side, _face = faces[n]
        finding = Finding(component.id, cp.item.id, side, *problem)
        if finding not in findings:
            findings.append(finding)

    for page, what, value in fonts_and_text_sizes(drawn.data, set(first.values())):
        n = drawn.order[page]
        if what == "font":
            add(n, ("fonts", _("font {font} is not embedded").format(font=value)))
        elif what == "placeholder":
            files = [b.missing[1] for b in faces[n][2].boxes if b.missing is not None]
            said = _("a draft placeholder stands in for the missing image {file}; add it first")
            add(n, ("placeholder", said.format(file=", ".join(files) or "?")))
        elif value < MIN_TEXT_PT - 0.01:
            add(
                n,
                (
                    "text-size",
                    _("text set at {size} pt, under {limit} pt").format(
                        size=f"{value:.1f}", limit=f"{MIN_TEXT_PT:.0f}"
                    ),
                ),
            )
    safe_of = [v.safe if v is not None else face.safe for _cp, _side, face in faces]
    for n, (_cp, _side, face) in enumerate(faces):
        for message in _boxes(face, trim, safe_of[n]):
            add(n, message)
    pdf = pdfium.PdfDocument(drawn.data)
    try:
        bleed_px = math.floor(bleed / 72 * RASTER_DPI)
        for n, page in sorted(first.items()):
            safe = safe_of[n]
            area = (bleed + safe, bleed + safe, bleed + trim[0] - safe, bleed + trim[1] - safe)
            outside = _text_outside(pdf[page], area)
            if outside:
                shown = outside if len(outside) <= 60 else outside[:57] + "..."
                add(
                    n,
                    (
                        "safe-zone",
                        _(
                            "text {text} is drawn outside the safe zone ({safe} mm inside the trim)"
                        ).format(text=repr(shown), safe=f"{safe / PT_PER_MM:.1f}"),
                    ),
                )
            image = pdf[page].render(scale=RASTER_DPI / 72).to_pil().convert("RGB")
            for message in missing_bleed(image, bleed_px):
                add(n, message)
    finally:
        pdf.close()
    problem = ink_problem(drawn.ink, v) if v is not None and drawn.ink is not None else None
    if problem is not None:
        for n in first:  # the file as a whole: named at its first face
            add(n, problem)
            break
    return len(faces), findings


def _component(
    component: Component, copies: list[Any], lang: str, v: Vendor | None
) -> tuple[int, list[Finding]]:
    """Draw the component's faces as an export would, then check them."""
    bleed = v.bleed if v is not None else DEFAULT_BLEED
    faces = [f for _, _, f in distinct_faces(copies)]
    data = faces_pdf(faces, trim_size(component), lang, bleed)
    ink = None
    if v is not None and v.format == "pdfx" and v.ink_limit is not None:
        separated = io.BytesIO()
        trim = trim_size(component)
        pdfx.write_pdfx(
            separated, data, list(range(len(faces))), (trim[0], trim[1]), bleed, "",
            v.intent, v.rich_black, RASTER_DPI,
        )  # fmt: skip
        ink = pdfx.file_ink(separated)
    return check_component(component, copies, Drawn(data, list(range(len(faces))), bleed, ink), v)


def preflight(path: Path, vendor_id: str | None = None, lang: str = "en") -> PreflightReport:
    """Check the game at ``path`` as the print shop ``vendor_id`` (or a generic one) would."""
    v = vendor(vendor_id) if vendor_id else None
    checked = check_game(path, BuildOptions(langs=(lang,)))
    return preflight_checked(checked, v, lang)


def preflight_checked(
    checked: Checked, v: Vendor | None, lang: str, written: dict[str, Drawn] | None = None
) -> PreflightReport:
    """Check a checked game; a component in ``written`` is checked in the file an export wrote."""
    report = PreflightReport(checked.game.id, v.id if v is not None else None)
    for component in checked.game.components:
        if str(component.spec.kind) not in KINDS:
            continue
        copies = checked.copies.get((component.id, lang))
        if not copies:
            continue
        if written is not None and component.id in written:
            count, findings = check_component(component, copies, written[component.id], v)
        else:
            count, findings = _component(component, copies, lang, v)
        report.faces[component.id] = count
        report.findings.extend(findings)
    return report
