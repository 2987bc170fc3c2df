"""PDF/X-1a files for print shops: the renderer's vector faces, in CMYK, as the shop asks.

:func:`write_pdfx` takes the faces as the renderer drew them (one page per distinct face, trim
plus bleed, fonts embedded and subset) and writes them in print order (each copy's front, then
its back): colours separated into CMYK through the shop's output profile by
:mod:`.cmyk` (text stays text, shapes stay shapes, black type 100 % K overprinting), the page
being the trim plus the bleed (``MediaBox`` = ``BleedBox``) with the ``TrimBox`` inside, the
output intent naming the shop's printing condition and carrying its profile, and the PDF/X
keys of the version the shop names (``GTS_PDFXVersion``, ``Trapped``, PDF 1.4 for
PDF/X-1a:2003). A page that draws with transparency is the one thing drawn as a picture, at the
shop's resolution. Copies of a face share its content: the file grows by a page dictionary
per copy, not by its drawing.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
from pikepdf import Array, Dictionary, Name, String
from PIL import ImageMath

from .cmyk import Transparent, picture_to_cmyk, separate_page
from .vendors import OutputIntent, profile_path

VERSIONS = {"PDF/X-1a:2003": "1.4", "PDF/X-1a:2001": "1.3"}


@dataclass
class PdfxResult:
    """What a written file holds: pages, faces drawn as pictures, black text runs overprinted."""

    pages: int = 0
    rasterised: int = 0
    overprinted_text: int = 0


def _as_picture(
    owner: pikepdf.Pdf, page: pikepdf.Page, drawn: bytes, n: int, dpi: int, profile: Path
) -> None:
    """Replace page ``n``'s drawing by one CMYK picture of it at ``dpi``."""
    doc = pdfium.PdfDocument(drawn)
    try:
        image = doc[n].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    cmyk = picture_to_cmyk(image, profile)
    stream = owner.make_stream(zlib.compress(cmyk.tobytes(), 6))
    stream.Type, stream.Subtype = Name.XObject, Name.Image
    stream.Width, stream.Height = cmyk.size
    stream.ColorSpace, stream.BitsPerComponent = Name.DeviceCMYK, 8
    stream.Filter = Name.FlateDecode
    box = [float(v) for v in page.obj.MediaBox]
    w, h = box[2] - box[0], box[3] - box[1]
    page.obj.Resources = Dictionary(XObject=Dictionary(Im0=stream))
    page.obj.Contents = owner.make_stream(
        f"q {w:.4f} 0 0 {h:.4f} {box[0]:.4f} {box[1]:.4f} cm /Im0 Do Q".encode()
    )


def write_pdfx(
    path: Path | io.BytesIO,
    drawn: bytes,
    pages: Sequence[int],
    size: tuple[float, float],
    bleed: float,
    title: str,
    intent: OutputIntent,
    rich_black: Sequence[int] | None,
    dpi: int,
    when: datetime | None = None,
) -> PdfxResult:
    """Write ``pages`` (indexes into the pages of ``drawn``) as a PDF/X file at ``path``.

    ``drawn`` is the renderer's PDF with one page per face; ``size`` is the trim in points;
    each page is the trim plus ``bleed`` on every side.
    """
    profile = profile_path(intent)
    result = PdfxResult()
    source = pikepdf.open(io.BytesIO(drawn))
    for n, page in enumerate(source.pages):
        try:
            result.overprinted_text += separate_page(
                source, page, profile, rich_black, dpi
            ).overprinted_text
        except Transparent:
            _as_picture(source, page, drawn, n, dpi, profile)
            result.rasterised += 1
    pdf = pikepdf.new()
    icc = pdf.make_stream(profile.read_bytes(), N=4)
    pdf.Root.OutputIntents = Array(
        [
            Dictionary(
                Type=Name.OutputIntent,
                S=Name.GTS_PDFX,
                OutputCondition=String(intent.info),
                OutputConditionIdentifier=String(intent.condition),
                RegistryName=String(intent.registry),
                Info=String(intent.info),
                DestOutputProfile=icc,
            )
        ]
    )
    w, h = size[0] + 2 * bleed, size[1] + 2 * bleed
    media = Array([0, 0, round(w, 4), round(h, 4)])
    trim = Array(
        [round(bleed, 4), round(bleed, 4), round(bleed + size[0], 4), round(bleed + size[1], 4)]
    )
    for index in pages:
        pdf.pages.append(source.pages[index])
        copy: Any = pdf.pages[-1].obj
        copy.MediaBox = media
        copy.BleedBox = media
        copy.TrimBox = trim
        for key in ("/CropBox", "/ArtBox", "/Group", "/Annots"):
            if key in copy:
                del copy[key]
    result.pages = len(pages)
    stamp = (when or datetime.now(UTC)).strftime("D:%Y%m%d%H%M%SZ")
    info: dict[str, Any] = {
        "Title": String(title),
        "Creator": String("pnp"),
        "Producer": String("pnp (reportlab, pikepdf)"),
        "CreationDate": String(stamp),
        "ModDate": String(stamp),
        "Trapped": Name("/False"),
        "GTS_PDFXVersion": String(intent.standard),
    }
    if intent.standard == "PDF/X-1a:2001":
        info["GTS_PDFXVersion"] = String("PDF/X-1:2001")
        info["GTS_PDFXConformance"] = String("PDF/X-1a:2001")
    pdf.docinfo = pdf.make_indirect(Dictionary(**info))
    pdf.save(
        path,
        force_version=VERSIONS.get(intent.standard, "1.4"),
        object_stream_mode=pikepdf.ObjectStreamMode.disable,
        deterministic_id=True,
        compress_streams=True,
    )
    source.close()
    return result


def total_ink(cmyk: Any) -> float:
    """The most ink (C+M+Y+K, percent) any pixel of a CMYK picture takes."""
    c, m, y, k = cmyk.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return float(total.getextrema()[1]) / 2.55  # type: ignore[union-attr]


def file_ink(path: Path | io.BytesIO) -> float:
    """The most ink (C+M+Y+K, percent) any colour or picture of a written CMYK PDF takes."""
    most = 0.0
    if isinstance(path, io.BytesIO):
        path.seek(0)
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Stream):
                continue
            if obj.get("/Subtype") == Name.Image and obj.get("/ColorSpace") == Name.DeviceCMYK:
                most = max(most, total_ink(pikepdf.PdfImage(obj).as_pil_image()))
        for page in pdf.pages:
            for instruction in pikepdf.parse_content_stream(page):
                operands, op = instruction.operands, instruction.operator
                if str(op) in ("k", "K"):
                    most = max(most, 100 * sum(float(v) for v in operands))
    return most
