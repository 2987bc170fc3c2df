"""``pnp export print``: PNG faces at the shop's pixel size, PDF/X-1a files in CMYK with page boxes."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions

from .helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"
# colour operators that set an RGB colour: r g b rg / RG, or three operands to sc/scn
_RGB_OPS = re.compile(rb"(?:^|\s)(?:-?[\d.]+\s+){3}(?:rg|RG|sc|SC|scn|SCN)(?=\s|$)")


def test_tgc_writes_one_png_per_face_at_825_by_1125_with_quantities(tmp_path: Path) -> None:
    result = pnp(
        "export", "print", str(ROOT / "content" / "barons-of-fyn"), "--vendor", "tgc",
        "--out", str(tmp_path), "--force",
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
        "export", "print", str(GAMES / "sample"), "--vendor", "mpc", "--out", str(tmp_path),
        "--force",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    (png, *_) = sorted((tmp_path / "sample" / "print" / "mpc" / "en" / "cards").glob("*.png"))
    with Image.open(png) as im:
        assert im.size == (822, 1122)


@pytest.mark.parametrize("vendor", ["drivethrucards", "pdfx"])
def test_pdfx_has_output_intent_boxes_and_no_rgb(tmp_path: Path, vendor: str) -> None:
    game = GAMES / "sample"
    result = pnp(
        "export", "print", str(game), "--vendor", vendor, "--out", str(tmp_path), "--force"
    )
    assert result.returncode == 0, result.stderr
    path = tmp_path / "sample" / "print" / vendor / "en" / "cards.pdf"
    checked = check_game(game, BuildOptions(langs=("en",)))
    copies = checked.copies[("cards", "en")]
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.4"
        assert pdf.docinfo["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
        assert pdf.docinfo["/Trapped"] == "/False"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.N == 4
        condition = "CGATS TR 003" if vendor == "drivethrucards" else "CGATS TR 006"
        assert intent.OutputConditionIdentifier == condition
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


def test_unknown_vendor_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    result = pnp("export", "print", str(GAMES / "sample"), "--vendor", "kinkos")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "tgc" in result.stderr


def test_export_print_speaks_the_language_it_writes(tmp_path: Path) -> None:
    result = pnp(
        "export", "print", str(GAMES / "sample"), "--vendor", "tgc", "--lang", "zh-Hans",
        "--out", str(tmp_path), "--force",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "cards：11 件，每面 825 x 1125 像素" in result.stdout
    assert "tokens：不以 zh-Hans 印制" in result.stderr  # the tokens are printed in English only


def test_export_refuses_what_its_preflight_finds_and_writes_nothing(tmp_path: Path) -> None:
    previous = tmp_path / "sample" / "print" / "pdfx" / "en" / "cards.pdf"
    previous.parent.mkdir(parents=True)
    previous.write_bytes(b"%PDF-an earlier export")
    result = pnp(
        "export", "print", str(GAMES / "sample"), "--vendor", "pdfx", "--out", str(tmp_path)
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    # the counters' 5 pt numbers, read from the file the export wrote
    assert "tokens inf-1 (front) text-size: text set at 5.0 pt, under 6 pt" in result.stderr
    assert "tokens cav-1 (front) safe-zone: text '1st Hussars' is drawn outside" in result.stderr
    assert "send them as they are with --force" in result.stderr
    assert previous.read_bytes() == b"%PDF-an earlier export"  # the earlier export stays
    assert [p.name for p in previous.parent.parent.iterdir()] == ["en"]  # no staging left


def test_export_with_force_writes_and_warns_of_each_problem(tmp_path: Path) -> None:
    result = pnp(
        "export", "print", str(GAMES / "sample"), "--vendor", "pdfx", "--out", str(tmp_path),
        "--force",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warned) == 9 and any("tokens inf-2 (back) text-size" in w for w in warned)
    assert (tmp_path / "sample" / "print" / "pdfx" / "en" / "tokens.pdf").is_file()


def test_a_clean_game_exports_without_force(tmp_path: Path) -> None:
    result = pnp(
        "export", "print", str(GAMES / "press"), "--vendor", "pdfx", "--out", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr
