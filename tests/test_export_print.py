"""``pnp export print``: PNG faces at the shop's pixel size, PDF/X-1a files in CMYK with page boxes."""

from __future__ import annotations

import csv
import re
import zlib
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from generator.export import pdfx
from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions

from .helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"
# colour operators that set an RGB colour: r g b rg / RG, or three operands to sc/scn
_RGB_OPS = re.compile(rb"(?:^|\s)(?:-?[\d.]+\s+){3}(?:rg|RG|sc|SC|scn|SCN)(?=\s|$)")


def test_tgc_writes_one_png_per_face_at_825_by_1125_with_quantities(tmp_path: Path) -> None:
    result = pnp(
        "export", "print", str(ROOT / "content" / "barons-of-fyn"), "--vendor", "tgc",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "barons-of-fyn" / "print" / "tgc" / "en"
    fronts = sorted((folder / "deck").glob("*.front.png"))
    assert fronts
    for png in fronts[:5] + sorted((folder / "deck").glob("*.back.png")):
        with Image.open(png) as im:
            assert im.size == (825, 1125) and im.mode == "RGB"
    with (folder / "deck" / "quantities.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert sum(int(r["quantity"]) for r in rows) == 157  # the whole deck, as the game counts it
    assert all((folder / r["front"]).is_file() for r in rows)


def test_mpc_faces_are_822_by_1122(tmp_path: Path) -> None:
    result = pnp(
        "export", "print", str(GAMES / "sample"), "--vendor", "mpc", "--out", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    (png, *_) = sorted((tmp_path / "sample" / "print" / "mpc" / "en" / "cards").glob("*.png"))
    with Image.open(png) as im:
        assert im.size == (822, 1122)


@pytest.mark.parametrize("vendor", ["drivethrucards", "pdfx"])
def test_pdfx_has_output_intent_boxes_and_no_rgb(tmp_path: Path, vendor: str) -> None:
    game = GAMES / "sample"
    result = pnp("export", "print", str(game), "--vendor", vendor, "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    path = tmp_path / "sample" / "print" / vendor / "en" / "cards.pdf"
    checked = check_game(game, BuildOptions(langs=("en",)))
    copies = checked.copies[("cards", "en")]
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.3"
        assert pdf.docinfo["/GTS_PDFXVersion"] == "PDF/X-1:2001"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.N == 4
        assert len(pdf.pages) == sum(2 if cp.back is not None else 1 for cp in copies)
        bleed = 9.0 if vendor == "drivethrucards" else 3 / 25.4 * 72
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            trim = [float(v) for v in page.TrimBox]
            assert [float(v) for v in page.BleedBox] == media
            assert trim[0] == pytest.approx(bleed, abs=0.01)
            assert trim[2] - trim[0] == pytest.approx(63.5 / 25.4 * 72, abs=0.1)
            assert not _RGB_OPS.search(page.Contents.read_bytes())
            for image in page.get_images().values():
                assert image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image
        assert b"DeviceRGB" not in path.read_bytes()


def test_cmyk_pictures_keep_the_ink_limit_and_set_large_black_areas_in_rich_black() -> None:
    picture = Image.new("RGB", (300, 300), (255, 255, 255))
    picture.paste((0, 0, 0), (20, 20, 220, 220))  # a large black area (about 17 mm)
    picture.paste((0, 0, 0), (250, 20, 252, 280))  # a thin black line
    picture.paste((30, 120, 60), (260, 20, 290, 280))  # a dark green
    cmyk = pdfx.to_cmyk(picture, 300, (60, 40, 40, 100))
    assert cmyk.mode == "CMYK"
    assert cmyk.getpixel((120, 120)) == (153, 102, 102, 255)  # C60 M40 Y40 K100
    assert cmyk.getpixel((251, 150)) == (0, 0, 0, 255)  # thin marks stay plain black
    assert cmyk.getpixel((5, 5)) == (0, 0, 0, 0)  # paper white takes no ink
    assert pdfx.total_ink(cmyk) <= 240.5


def test_unknown_vendor_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    result = pnp("export", "print", str(GAMES / "sample"), "--vendor", "kinkos")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "tgc" in result.stderr


def test_pdfx_image_data_round_trips_the_face(tmp_path: Path) -> None:
    path = tmp_path / "one.pdf"
    face = Image.new("CMYK", (30, 40), (10, 20, 30, 40))
    pdfx.write_pdfx(path, [face], [0, 0], (20.0, 30.0), 2.0, "T")
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 2
        (image,) = pdf.pages[0].get_images().values()
        assert zlib.decompress(image.read_raw_bytes()) == face.tobytes()


def test_export_print_speaks_the_language_it_writes(tmp_path: Path) -> None:
    result = pnp(
        "export", "print", str(GAMES / "sample"), "--vendor", "tgc", "--lang", "zh-Hans",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "cards：11 件，每面 825 x 1125 像素" in result.stdout
    assert "tokens：不以 zh-Hans 印制" in result.stderr  # the tokens are printed in English only
