"""The print engine through its CLI and library: PDFs, geometry, determinism, skipping, bad input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.content.loader import load_game
from generator.faces.expand import trim_size
from generator.layout.impose import MARK_OFFSET, SCALE_BAR, impose
from generator.pipeline.check import check_game, plan
from generator.pipeline.options import BuildOptions
from generator.pipeline.run import build_game

from . import pdfcheck
from .helpers import pnp
from .pdfcheck import MM

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SAMPLE = FIXTURES / "games" / "sample"
BAD = sorted(p.name for p in (FIXTURES / "bad").iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    result = pnp(
        "build", "--content", str(SAMPLE.parent), "--out", str(out), "--no-rules", "sample"
    )
    assert result.returncode == 0, result.stderr
    return out / "sample"


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("name", BAD)
def test_bad_fixture_reports_exact_located_error(name: str) -> None:
    expected = (FIXTURES / "bad" / name / "expected.txt").read_text(encoding="utf-8")
    result = pnp("check", "--content", "tests/fixtures/bad", name)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr == expected
    first = expected.splitlines()[0].removeprefix("Error: ")
    assert first.startswith(f"tests/fixtures/bad/{name}/")
    file, line, col = first.split(":")[:3]
    assert line.isdigit() and col.isdigit()


@pytest.mark.parametrize("name", BAD)
def test_bad_fixture_build_leaves_previous_output_untouched(name: str, tmp_path: Path) -> None:
    game_id = name
    previous = tmp_path / game_id / "cards.pdf"
    previous.parent.mkdir(parents=True)
    previous.write_bytes(b"%PDF-previous good build")
    result = pnp("build", "--content", "tests/fixtures/bad", "--out", str(tmp_path), name)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert previous.read_bytes() == b"%PDF-previous good build"
    assert sorted(p.name for p in previous.parent.iterdir()) == ["cards.pdf"]


def test_unknown_game_is_a_usage_error_with_suggestion() -> None:
    result = pnp("check", "--content", "tests/fixtures/games", "sampel")
    assert result.returncode == 2
    assert "did you mean 'sample'?" in result.stderr


# ------------------------------------------------------------------ PDFs


def test_every_font_in_every_pdf_is_embedded(built: Path) -> None:
    pdfs = sorted(built.glob("*.pdf"))
    assert len(pdfs) == 4  # cards in three languages, tokens once
    for pdf in pdfs:
        found = pdfcheck.fonts(pdf)
        assert found, pdf
        assert all(embedded for _, embedded in found), (pdf, found)
        assert not any("Helvetica" in name for name, _ in found)


def test_chinese_text_survives_in_the_pdf(built: Path) -> None:
    text = pdfcheck.text(built / "cards.zh-Hant.pdf")
    assert "巨鷹" in text and "天命軌道前進兩格" in text
    simplified = pdfcheck.text(built / "cards.zh-Hans.pdf")
    assert "巨鹰" in simplified and "天命轨道前进两格" in simplified
    mixed = pdfcheck.text(built / "cards.en.pdf")
    assert "中文" in mixed


def test_language_independent_component_builds_one_pdf(built: Path) -> None:
    assert (built / "tokens.pdf").is_file()
    assert not list(built.glob("tokens.*.pdf"))


def test_crop_marks_give_the_card_size(built: Path) -> None:
    pdf = built / "cards.en.pdf"
    bleed = pdfcheck.boxes(pdf, 0)["bleedbox"]
    off = MARK_OFFSET
    segs = pdfcheck.segments(pdf, 0)
    xs = sorted(
        {
            x1
            for x1, y1, x2, y2 in segs
            if x1 == x2 and min(abs(y1 - bleed[3] - off), abs(y1 - bleed[1] + off)) < 1e-3
        }
    )
    ys = sorted(
        {
            y1
            for x1, y1, x2, y2 in segs
            if y1 == y2 and min(abs(x1 - bleed[0] + off), abs(x1 - bleed[2] - off)) < 1e-3
        }
    )
    assert len(xs) == 4 and len(ys) == 4  # 3 x 3 butted cards: four cut lines each way
    widths = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    heights = [b - a for a, b in zip(ys, ys[1:], strict=False)]
    assert all(abs(w - 63.5 * MM) < 0.02 * MM for w in widths), widths
    assert all(abs(h - 88.9 * MM) < 0.02 * MM for h in heights), heights


def test_trim_and_bleed_boxes_frame_the_grid(built: Path) -> None:
    b = pdfcheck.boxes(built / "cards.en.pdf", 0)
    trim, bleed = b["trimbox"], b["bleedbox"]
    assert abs((trim[2] - trim[0]) - 3 * 63.5 * MM) < 0.02 * MM
    assert abs((trim[3] - trim[1]) - 3 * 88.9 * MM) < 0.02 * MM
    assert abs((trim[0] - bleed[0]) - 3 * MM) < 0.01


def test_backs_land_behind_their_fronts_long_edge(built: Path) -> None:
    pdf = built / "cards.en.pdf"
    width = pdfcheck.boxes(pdf, 0)["mediabox"][2]
    fronts, backs = pdfcheck.placements(pdf, 0), pdfcheck.placements(pdf, 1)
    assert len(fronts) == len(backs) == 9
    for (fx, fy), (bx, by) in zip(fronts, backs, strict=True):
        assert abs(bx - (width - fx - 63.5 * MM)) < 0.05 * MM
        assert abs(by - fy) < 0.05 * MM


@pytest.mark.parametrize("duplex", ["short", "fold"])
def test_backs_land_behind_their_fronts_short_edge_and_fold(duplex: str, tmp_path: Path) -> None:
    result = pnp(
        "build",
        "--content",
        str(SAMPLE.parent),
        "--out",
        str(tmp_path),
        "--no-rules",
        "--duplex",
        duplex,
        "--lang",
        "en",
        "sample",
    )
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "sample" / "cards.en.pdf"  # a one-language build names its language
    media = pdfcheck.boxes(pdf, 0)["mediabox"]
    if duplex == "short":
        fronts, backs = pdfcheck.placements(pdf, 0), pdfcheck.placements(pdf, 1)
        for (fx, fy), (bx, by) in zip(fronts, backs, strict=True):
            assert abs(bx - fx) < 0.05 * MM
            assert abs(by - (media[3] - fy - 88.9 * MM)) < 0.05 * MM
    else:
        both = pdfcheck.placements(pdf, 0)
        half = len(both) // 2
        fronts, backs = both[:half], both[half:]
        fold = media[2] / 2
        assert half >= 2
        for (fx, fy), (bx, by) in zip(fronts, backs, strict=True):
            assert abs(bx - (2 * fold - fx - 63.5 * MM)) < 0.05 * MM
            assert abs(by - fy) < 0.05 * MM


def test_every_sheet_has_a_50mm_scale_bar(built: Path) -> None:
    pdf = built / "cards.en.pdf"
    for page in range(pdfcheck.page_count(pdf)):
        bars = [r for r in pdfcheck.rects(pdf, page) if abs(r[2] - SCALE_BAR) < 0.01 * MM]
        assert bars, page
        assert abs(bars[0][2] - 50 * MM) < 0.01 * MM
    assert "50 mm" in pdfcheck.text(pdf)


def test_same_content_builds_identical_bytes(tmp_path: Path) -> None:
    for run in ("a", "b"):
        result = pnp(
            "build",
            "--content",
            str(SAMPLE.parent),
            "--out",
            str(tmp_path / run),
            "--no-rules",
            "sample",
        )
        assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "a" / "sample").glob("*.pdf"))
    assert names
    for name in names:
        assert (tmp_path / "a" / "sample" / name).read_bytes() == (
            tmp_path / "b" / "sample" / name
        ).read_bytes()


def test_second_build_skips_unchanged_and_force_rebuilds(tmp_path: Path) -> None:
    args = (
        "build",
        "--content",
        str(SAMPLE.parent),
        "--out",
        str(tmp_path),
        "--no-rules",
        "sample",
    )
    assert pnp(*args).returncode == 0
    pdf = tmp_path / "sample" / "tokens.pdf"
    os.utime(pdf, (1, 1))
    second = pnp(*args)
    assert second.returncode == 0
    assert second.stdout.count("unchanged") == 4
    assert pdf.stat().st_mtime == 1
    forced = pnp(*args, "--force")
    assert "unchanged" not in forced.stdout
    assert pdf.stat().st_mtime != 1


def test_copy_numbers_and_when_conditions_reach_the_page(built: Path) -> None:
    text = pdfcheck.text(built / "cards.en.pdf")
    assert "1/4" in text and "4/4" in text and "7/7" in text


def test_preview_writes_item_pngs_and_contact_sheet(tmp_path: Path) -> None:
    result = pnp(
        "preview",
        "sample",
        "cards",
        "--content",
        str(SAMPLE.parent),
        "--out",
        str(tmp_path),
        "--dpi",
        "60",
    )
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "sample" / "preview" / "cards" / "en"
    names = sorted(p.name for p in folder.glob("*.png"))
    assert names == [
        "beorn.back.png",
        "beorn.front.png",
        "contact.png",
        "eagles.back.png",
        "eagles.front.png",
    ]
    from PIL import Image

    with Image.open(folder / "eagles.front.png") as im:
        assert abs(im.size[0] - (63.5 + 6) / 25.4 * 60) <= 1


def test_schema_command_writes_json_schemas(tmp_path: Path) -> None:
    import json

    result = pnp("schema", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    game = json.loads((tmp_path / "game.schema.json").read_text())
    assert "components" in game["properties"]
    assert game["properties"]["components"]["description"]


# ------------------------------------------------------------------ library


def test_imposition_packs_poker_cards_three_by_three_on_a4() -> None:
    imp = impose(63.5 * MM, 88.9 * MM, paper="A4")
    assert (imp.cols, imp.rows, imp.packing) == (3, 3, "butted")
    letter = impose(63.5 * MM, 88.9 * MM, paper="Letter")
    assert (letter.cols, letter.rows, letter.orientation) == (4, 2, "landscape")
    own_bleed = impose(
        63.5 * MM, 88.9 * MM, paper="Letter", packing="bleed", orientation="portrait"
    )
    assert own_bleed.per_page < letter.per_page


def test_plan_reports_sizes_within_tolerance() -> None:
    game = load_game(SAMPLE)
    tokens = game.component("tokens")
    imp, _ = plan(game, tokens, BuildOptions())
    tw, th, _ = trim_size(tokens)
    assert abs(tw - 15.875 * MM) < 0.02 * MM
    assert all(abs(s.trim.w - tw) < 1e-9 and abs(s.trim.h - th) < 1e-9 for s in imp.fronts)


def test_check_game_expands_quantities_per_language() -> None:
    checked = check_game(SAMPLE)
    assert len(checked.copies[("cards", "en")]) == 11
    assert len(checked.copies[("tokens", "en")]) == 5


def test_build_game_library_call_writes_pdfs(tmp_path: Path) -> None:
    results = build_game(SAMPLE, BuildOptions(out_dir=tmp_path, langs=("en",)))
    assert {r.component for r in results} == {"cards", "tokens"}
    assert all(r.path.is_file() and r.pages >= 2 for r in results)


def test_shipped_content_checks_clean() -> None:
    result = pnp("check")
    assert result.returncode == 0, result.stderr
    games = {line.split()[1] for line in result.stdout.splitlines() if line.startswith("ok: ")}
    shipped = {"barons-of-fyn", "five-armies", "manoeuvre", "maquis", "pocket-battles", "ragnarok"}
    assert shipped <= games and "problems" not in result.stdout


def test_second_build_of_a_rules_only_game_skips_its_rule_sheets(tmp_path: Path) -> None:
    first = pnp("build", "--out", str(tmp_path), "maquis")
    assert first.returncode == 0, first.stderr
    built = sorted(p.name for p in (tmp_path / "maquis").glob("*.pdf"))
    assert "rules.en.pdf" in built and "rules.zh-Hans.pdf" in built
    second = pnp("build", "--out", str(tmp_path), "maquis")
    assert second.returncode == 0, second.stderr
    assert second.stdout.count("unchanged") == len(built)
