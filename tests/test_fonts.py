"""Chinese is drawn in the glyph forms of its region, with a real bold, from embedded TrueType.

zh-Hant documents embed the Taiwan edition of Noto Sans CJK (``NotoSansCJKtc``), zh-Hans
documents the mainland one (``NotoSansCJKsc``); a character whose form differs by region (角,
骨, 直) rasterises differently in the two, while one that does not (一, 二, 三) is the same.
Bold Chinese uses the bold face, never a stroked regular one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli.app import cli
from generator.render import fonts
from generator.render.rulesheet import render_sheet
from generator.rules.sheet import PrintBlock, PrintSection, Sheet

from .pdfcheck import fonts as pdf_fonts

FIXTURES = Path(__file__).parent / "fixtures"
REGION = {"zh-Hant": "NotoSansCJKtc", "zh-Hans": "NotoSansCJKsc"}


def _sheet(lang: str, text: str) -> Sheet:
    block = PrintBlock("p", items=(f"{text} **{text}**",))
    return Sheet(
        "g", lang, text, (PrintSection("s", f"**{text}**", False, (block,), lang, "hand"),)
    )


def _title_pixels(pdf: bytes, tmp: Path) -> bytes:
    """The title strip (top 24 mm) of the first page at 200 dpi, grey levels, row by row.

    Below it the contents heading is in each language's own words, so only the title, the
    same characters in both regions, is compared.
    """
    path = tmp / "page.pdf"
    path.write_bytes(pdf)
    doc = pdfium.PdfDocument(str(path))
    img = doc[0].render(scale=200 / 72, grayscale=True).to_pil()
    doc.close()
    strip = img.crop((0, 0, img.width, round(24 / 25.4 * 200)))
    assert min(strip.tobytes()) < 100, "no title drawn in the strip"
    return strip.tobytes()


def _cjk_fonts(path: Path) -> set[str]:
    return {name.split("+")[-1] for name, _ in pdf_fonts(path) if "CJK" in name}


def test_each_chinese_variant_embeds_its_regional_font(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "rules_good", tmp_path / "rules_good")
    shutil.copytree(FIXTURES / "games" / "sample", tmp_path / "sample")
    out = tmp_path / "out"
    for args in (["rules", "build", "rules_good"], ["build", "sample"]):
        result = CliRunner().invoke(cli, [*args, "--content", str(tmp_path), "--out", str(out)])
        assert result.exit_code == 0, result.output
    for lang, family in REGION.items():
        for path in (
            out / "rules_good" / f"rules.{lang}.pdf",
            out / "sample" / f"cards.{lang}.pdf",
        ):
            embedded = _cjk_fonts(path)
            assert embedded, path.name
            assert {name.split("-")[0] for name in embedded} == {family}, (path.name, embedded)
            assert all(emb for name, emb in pdf_fonts(path) if "CJK" in name)
    assert not _cjk_fonts(out / "rules_good" / "rules.en.pdf")


def test_regional_forms_differ_and_shared_forms_do_not(tmp_path: Path) -> None:
    regional = {
        lang: _title_pixels(render_sheet(_sheet(lang, "角骨直")), tmp_path) for lang in REGION
    }
    shared = {
        lang: _title_pixels(render_sheet(_sheet(lang, "一二三")), tmp_path) for lang in REGION
    }
    differ = sum(a != b for a, b in zip(regional["zh-Hant"], regional["zh-Hans"], strict=True))
    assert differ > 500, f"角骨直 looks the same in both regions ({differ} pixels differ)"
    assert shared["zh-Hant"] == shared["zh-Hans"]


def test_bold_chinese_uses_the_bold_face_not_a_stroke(tmp_path: Path) -> None:
    for lang, family in REGION.items():
        path = tmp_path / f"{lang}.pdf"
        path.write_bytes(render_sheet(_sheet(lang, "角骨直")))
        assert f"{family}-Bold" in _cjk_fonts(path)
        content = b"".join(p.get_contents().get_data() for p in PdfReader(path).pages)
        assert b"2 Tr" not in content  # text render mode 2 = fill and stroke (a fake bold)


def test_the_region_of_one_document_does_not_leak_into_the_next(tmp_path: Path) -> None:
    for lang in ("zh-Hans", "en", "zh-Hant", "zh-Hans"):
        path = tmp_path / "x.pdf"
        path.write_bytes(render_sheet(_sheet(lang, "角")))
        want = REGION.get(lang, REGION["zh-Hant"])
        assert {n.split("-")[0] for n in _cjk_fonts(path)} == {want}, lang


@pytest.mark.parametrize(
    ("codec", "lead", "name"),
    [("big5", range(0xA4, 0xC7), "Big5 level 1"), ("gb2312", range(0xB0, 0xF8), "GB2312")],
)
def test_both_regions_cover_the_common_character_sets(codec: str, lead: range, name: str) -> None:
    chars = set()
    for hi in lead:
        for lo in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            try:
                chars.add(bytes([hi, lo]).decode(codec))
            except UnicodeDecodeError:
                continue
    assert len(chars) > 5000
    for lang in REGION:
        with fonts.language(lang):
            cjk = fonts.face("cjk")
            missing = sorted(c for c in chars if ord(c) not in cjk.cmap)
        assert not missing, f"{lang}: {len(missing)} {name} characters missing: {missing[:10]}"


def test_both_regions_have_the_same_characters_and_widths() -> None:
    """Text laid out once wraps the same in either region: same cmap, same advance widths."""
    for style in ("regular", "bold"):
        faces = {}
        for lang in REGION:
            with fonts.language(lang):
                f = fonts.face("cjk", style)
                faces[lang] = (f.cmap, {cp: fonts.string_width(chr(cp), f, 1000) for cp in f.cmap})
        (tc_map, tc_w), (sc_map, sc_w) = faces["zh-Hant"], faces["zh-Hans"]
        assert tc_map == sc_map and len(tc_map) > 16000
        assert tc_w == sc_w


def test_a_board_is_drawn_in_its_regions_chinese_font(tmp_path: Path) -> None:
    """Boards (tiled over several sheets) choose the regional face as card sheets do."""
    root = Path(__file__).resolve().parent.parent / "content"
    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli,
        ["build", "maquis", "--content", str(root), "--out", str(out), "--no-rules"]
        + ["--lang", "zh-Hant", "--lang", "zh-Hans"],
    )
    assert result.exit_code == 0, result.output
    for lang, family in REGION.items():
        embedded = _cjk_fonts(out / "maquis" / f"board.{lang}.pdf")
        assert {name.split("-")[0] for name in embedded} == {family}, (lang, embedded)


def _font_game(content: Path, name: str, face: str) -> None:
    """A game ``name`` whose own ``fonts/display.ttf`` is the shipped face ``face``."""
    game = content / name
    (game / "layouts").mkdir(parents=True)
    (game / "fonts").mkdir()
    shutil.copy(fonts.FONT_DIR / face, game / "fonts" / "display.ttf")
    (game / "game.yaml").write_text(
        f"id: {name}\ntitle: {name}\nfonts:\n  display: {{regular: fonts/display.ttf}}\n"
        "components:\n  - {id: cards, kind: cards, title: Cards, items: cards.yaml,"
        " size: poker, layout: front}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text("items: [{id: a, name: Alpha}]\n", encoding="utf-8")
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm,"
        " text: '{{ name }}', font: display}\n",
        encoding="utf-8",
    )


def test_two_games_fonts_of_the_same_file_name_stay_each_games_own(tmp_path: Path) -> None:
    """Both games ship fonts/display.ttf under the family `display`, different files: each
    PDF embeds its own, however often and in whatever order the games are built."""
    from generator.pipeline.options import BuildOptions
    from generator.pipeline.run import build_game

    content, out = tmp_path / "content", tmp_path / "out"
    _font_game(content, "slanted", "DejaVuSansCondensed-Oblique.ttf")
    _font_game(content, "heavy", "DejaVuSansCondensed-Bold.ttf")
    options = BuildOptions(out_dir=out, force=True)
    for name in ("slanted", "heavy", "slanted"):  # the first again, after the other's font
        build_game(content / name, options)
        names = [n for n, embedded in pdf_fonts(out / name / "cards.pdf") if embedded]
        want, other = ("Oblique", "Bold") if name == "slanted" else ("Bold", "Oblique")
        assert any(want in n for n in names) and not any(other in n for n in names), names
