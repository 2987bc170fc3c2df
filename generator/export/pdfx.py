"""CMYK pictures and PDF/X-1a:2001 files for print shops.

:func:`to_cmyk` converts a face drawn in RGB through the shipped output profile (GRACoL,
"CGATS TR 006", total ink 240 %), then sets large black areas in the shop's rich black and
small black marks (text, thin lines) in plain black, so type never depends on four plates
lining up. :func:`write_pdfx` writes one page per face: a CMYK image filling the page, the page
being the trim plus the bleed (``MediaBox`` = ``BleedBox``) with the ``TrimBox`` inside, the
output intent carrying the profile, and the PDF/X-1a:2001 keys (PDF 1.3, ``GTS_PDFXVersion``,
``Trapped``). A picture has no transparency and no RGB anywhere, as PDF/X-1a requires; pikepdf
writes the file.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pikepdf
from pikepdf import Array, Dictionary, Name, String
from PIL import ImageChops, ImageCms, ImageFilter, ImageMath

from .vendors import profile_path

if TYPE_CHECKING:
    import PIL.Image

OUTPUT_CONDITION = "CGATS TR 006"  # the ICC registry's name for GRACoL 2006 coated #1
LARGE_BLACK_MM = 2.0  # black areas wider than this (in every direction) get rich black
_NEAR_BLACK = 40  # RGB channels all below this count as black


@cache
def _transform() -> Any:

    target = ImageCms.getOpenProfile(str(profile_path()))
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        target,
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
    )


def _morph(mask: PIL.Image.Image, steps: int, grow: bool) -> PIL.Image.Image:

    f = ImageFilter.MaxFilter(3) if grow else ImageFilter.MinFilter(3)
    for _ in range(steps):
        mask = mask.filter(f)
    return mask


def to_cmyk(image: PIL.Image.Image, dpi: int, rich_black: Sequence[int] | None) -> PIL.Image.Image:
    """``image`` (RGB) as CMYK for print: profile conversion, rich and plain black."""

    rgb = image.convert("RGB")
    cmyk = ImageCms.applyTransform(rgb, _transform())
    assert cmyk is not None
    r, g, b = rgb.point(lambda v: 255 if v < _NEAR_BLACK else 0).split()
    black = ImageChops.darker(ImageChops.darker(r, g), b)  # all three channels dark
    cmyk.paste((0, 0, 0, 255), mask=black)  # every black mark: K only
    if rich_black:  # opened at a quarter of the resolution: areas that survive are large
        small = black.reduce(4).point(lambda v: 255 if v == 255 else 0)
        steps = max(1, round(LARGE_BLACK_MM / 25.4 * dpi / 8))
        large = _morph(_morph(small, steps, grow=False), steps, grow=True)
        large = ImageChops.darker(large.resize(black.size), black)
        cmyk.paste(tuple(round(v * 2.55) for v in rich_black), mask=large)
    return cmyk


def total_ink(cmyk: PIL.Image.Image) -> float:
    """The most ink (C+M+Y+K, percent) any pixel of ``cmyk`` takes."""

    c, m, y, k = cmyk.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] / 2.55  # type: ignore[union-attr]


def write_pdfx(
    path: Path,
    pictures: Sequence[PIL.Image.Image],
    pages: Sequence[int],
    size: tuple[float, float],
    bleed: float,
    title: str,
    when: datetime | None = None,
) -> None:
    """Write ``pages`` (indexes into ``pictures``, CMYK) as a PDF/X-1a:2001 file at ``path``.

    ``size`` is the trim in points; each page is the trim plus ``bleed`` on every side.
    """

    pdf = pikepdf.new()
    icc = pdf.make_stream(profile_path().read_bytes(), N=4)
    pdf.Root.OutputIntents = Array(
        [
            Dictionary(
                Type=Name.OutputIntent,
                S=Name.GTS_PDFX,
                OutputConditionIdentifier=String(OUTPUT_CONDITION),
                RegistryName=String("http://www.color.org"),
                Info=String("GRACoL 2006 coated #1 (CGATS TR 006), total ink 240 %"),
                DestOutputProfile=icc,
            )
        ]
    )
    w, h = size[0] + 2 * bleed, size[1] + 2 * bleed
    images = []
    for picture in pictures:
        assert picture.mode == "CMYK"
        stream = pdf.make_stream(zlib.compress(picture.tobytes(), 6))
        stream.Type = Name.XObject
        stream.Subtype = Name.Image
        stream.Width, stream.Height = picture.size
        stream.ColorSpace = Name.DeviceCMYK
        stream.BitsPerComponent = 8
        stream.Filter = Name.FlateDecode
        images.append(stream)
    content = f"q {w:.4f} 0 0 {h:.4f} 0 0 cm /Im0 Do Q".encode()
    media = Array([0, 0, round(w, 4), round(h, 4)])
    trim = Array(
        [round(bleed, 4), round(bleed, 4), round(bleed + size[0], 4), round(bleed + size[1], 4)]
    )
    for index in pages:
        page = Dictionary(
            Type=Name.Page,
            MediaBox=media,
            BleedBox=media,
            TrimBox=trim,
            Resources=Dictionary(XObject=Dictionary(Im0=images[index])),
            Contents=pdf.make_stream(content),
        )
        pdf.pages.append(pikepdf.Page(page))
    stamp = (when or datetime.now(UTC)).strftime("D:%Y%m%d%H%M%SZ")
    pdf.docinfo = pdf.make_indirect(
        Dictionary(
            Title=String(title),
            Creator=String("pnp"),
            Producer=String("pnp (pikepdf)"),
            CreationDate=String(stamp),
            ModDate=String(stamp),
            Trapped=Name("/False"),
            GTS_PDFXVersion=String("PDF/X-1:2001"),
            GTS_PDFXConformance=String("PDF/X-1a:2001"),
        )
    )
    pdf.save(
        path,
        force_version="1.3",
        object_stream_mode=pikepdf.ObjectStreamMode.disable,
        deterministic_id=True,
    )
