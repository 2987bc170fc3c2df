"""Print-shop PDF/X files are vectors a prepress department takes as sent.

Text stays text in embedded fonts (what ``pdffonts`` reports as ``emb yes``: a font dictionary
whose descriptor carries its ``FontFile2``), reads back as the source wrote it, black type sits
on the black plate alone and overprints (the plates are separated by Ghostscript's ``tiffsep``),
large black areas take the shop's rich black, pictures are CMYK without transparency, and the
file declares PDF/X-1a:2003 with the shop's printing condition.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdf
import pytest
from PIL import Image

from generator.export import pdfx

from .helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"
POKER_PT = (63.5 / 25.4 * 72, 88.9 / 25.4 * 72)
DPI = 100
# CI installs Ghostscript (.ci/run); elsewhere the plate tests wait for it
needs_gs = pytest.mark.skipif(
    shutil.which("gs") is None and not os.environ.get("CI"), reason="Ghostscript is not installed"
)


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("press")
    result = pnp("export", "print", str(GAMES / "press"), "--vendor", "drivethrucards",
                 "--out", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    return out / "press" / "print" / "drivethrucards" / "en" / "deck.pdf"


def _fonts(path: Path) -> list[tuple[str, bool]]:
    """(base font, embedded) for every font any page uses, as pdffonts lists them."""
    found: dict[str, bool] = {}
    for page in pypdf.PdfReader(path).pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            if font["/Subtype"] == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            descriptor = font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            found[str(font["/BaseFont"])] = "/FontFile2" in descriptor
    return sorted(found.items())


def _words(text: str) -> str:
    return " ".join(text.split())


def test_every_font_is_embedded_as_truetype(deck: Path) -> None:
    fonts = _fonts(deck)
    assert fonts, "the text is text, so the file uses fonts"
    assert all(embedded for _name, embedded in fonts), fonts


def test_chinese_text_keeps_its_font_embedded(tmp_path: Path) -> None:
    result = pnp("export", "print", str(GAMES / "sample"), "--vendor", "pdfx", "--lang",
                 "zh-Hant", "--out", str(tmp_path))  # fmt: skip
    assert result.returncode == 0, result.stderr
    path = tmp_path / "sample" / "print" / "pdfx" / "zh-Hant" / "cards.pdf"
    fonts = _fonts(path)
    assert any("CJK" in name for name, _ in fonts) and all(emb for _, emb in fonts), fonts
    assert "巨鷹" in pypdf.PdfReader(path).pages[0].extract_text()


def test_text_read_back_from_the_file_is_the_source_text_in_print_order(deck: Path) -> None:
    pages = [_words(page.extract_text()) for page in pypdf.PdfReader(deck).pages]
    # two Harbour Masters and one Lighthouse Keeper, each front followed by its back
    assert pages[0] == "Harbour Master Draw two cards, then discard one."
    assert pages[2] == pages[0]
    assert pages[4] == "Lighthouse Keeper Look at the top card of any deck."
    assert pages[1] == pages[3] == pages[5] == "PRESS"


def test_file_declares_pdfx_1a_2003_with_the_shops_condition_and_boxes(deck: Path) -> None:
    with pikepdf.open(deck) as pdf:
        assert pdf.pdf_version == "1.4"
        assert pdf.docinfo["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
        assert "/GTS_PDFXConformance" not in pdf.docinfo  # a PDF/X-1a:2001 key
        assert pdf.docinfo["/Trapped"] == "/False" and str(pdf.docinfo["/Title"])
        (intent,) = pdf.Root.OutputIntents
        assert intent.OutputConditionIdentifier == "CGATS TR 003"  # SWOP, as the shop asks
        assert intent.RegistryName == "http://www.color.org"
        assert len(pdf.pages) == 6
        for page in pdf.pages:
            trim = [float(v) for v in page.TrimBox]
            assert [float(v) for v in page.BleedBox] == [float(v) for v in page.MediaBox]
            assert trim[0] == pytest.approx(9.0) and trim[1] == pytest.approx(9.0)
            assert trim[2] - trim[0] == pytest.approx(POKER_PT[0], abs=0.01)
            assert trim[3] - trim[1] == pytest.approx(POKER_PT[1], abs=0.01)
    raw = deck.read_bytes()
    assert b"/DeviceRGB" not in raw and b"/SMask" not in raw and b"/ca " not in raw


def test_the_transparent_picture_is_flattened_into_a_cmyk_picture(deck: Path) -> None:
    with pikepdf.open(deck) as pdf:
        (image,) = pdf.pages[0].get_images().values()
        assert image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image
        picture = pikepdf.PdfImage(image).as_pil_image()
    # the picture's see-through middle shows the yellow card beneath it, not white or black
    c, m, y, k = picture.getpixel((picture.width // 2, picture.height // 2))
    assert y > 100 and c < 60


def test_total_ink_stays_within_the_shops_limit(deck: Path) -> None:
    assert pdfx.file_ink(deck) <= 240.5


def _plates(path: Path, out: Path) -> dict[str, Image.Image]:
    """Page 1 separated into its plates at DPI (ink as 0..255, 255 the most)."""
    subprocess.run(
        ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{DPI}",
         "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={out / 'page.tif'}", str(path)],
        check=True, timeout=120,
    )  # fmt: skip
    return {
        name: Image.open(out / f"page({name}).tif").point(lambda v: 255 - v)
        for name in ("Cyan", "Magenta", "Yellow", "Black")
    }


def _at(x_mm: float, y_mm: float) -> tuple[int, int]:
    """Pixel of a point given from the trim's top-left corner (bleed 1/8 in)."""
    return round((x_mm / 25.4 + 0.125) * DPI), round((y_mm / 25.4 + 0.125) * DPI)


@needs_gs
def test_black_type_is_on_the_black_plate_alone_and_overprints(deck: Path, tmp_path: Path) -> None:
    plates = _plates(deck, tmp_path)
    ground = {n: p.getpixel(_at(3, 80)) for n, p in plates.items()}  # the yellow card
    assert ground["Yellow"] > 150 and ground["Cyan"] < 10
    left, top = _at(6, 50)
    right, bottom = _at(57, 62)  # the body text's lines
    inked = [
        (x, y)
        for x in range(left, right)
        for y in range(top, bottom)
        if plates["Black"].getpixel((x, y)) == 255
    ]
    assert len(inked) > 200, "the body text is on the black plate"
    for point in inked:
        # the letters add no cyan, magenta or yellow of their own ...
        assert plates["Cyan"].getpixel(point) <= ground["Cyan"] + 3
        assert plates["Magenta"].getpixel(point) <= ground["Magenta"] + 3
        # ... and do not knock the yellow out beneath them: they overprint it
        assert plates["Yellow"].getpixel(point) >= ground["Yellow"] - 3


@needs_gs
def test_large_black_area_is_rich_black_and_the_white_title_knocks_out(
    deck: Path, tmp_path: Path
) -> None:
    plates = _plates(deck, tmp_path)
    band = {n: round(p.getpixel(_at(60, 2)) / 2.55) for n, p in plates.items()}
    assert band == {"Cyan": 60, "Magenta": 40, "Yellow": 40, "Black": 100}
    rule = _at(30, 45)  # the thin black rule: plain black, no colour under it added
    assert plates["Black"].getpixel(rule) == 255 and plates["Cyan"].getpixel(rule) < 10
    # the white title is a hole in every plate, the paper showing through
    title = [
        (x, y)
        for x in range(*(_at(5, 0)[0], _at(50, 0)[0]))
        for y in range(*(_at(0, 4)[1], _at(0, 11)[1]))
        if plates["Black"].getpixel((x, y)) == 0
    ]
    assert len(title) > 100
    assert all(plates["Cyan"].getpixel(p) == 0 for p in title)
