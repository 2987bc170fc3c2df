"""Typesetting of the shipped rule sheets, read back from the built PDFs (pypdfium2).

What a proof-reader would circle: a heading left as a column's last line, a space between two
Chinese characters, an arithmetic expression broken across lines, a player aid in type
smaller than 8 pt. Plus the flow rules that prevent them, tested on their own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.content.loader import find_games
from generator.pipeline.rules import build_rules, load_sheets
from generator.render.rules_flow import Flow, Frame, Style, spacer, text_rows
from generator.render.rulesheet import section_rows
from generator.rules.sheet import PrintBlock, PrintSection, bind_expressions

from .rulestext import column_lines, drawn_glyphs, is_han, layout_faults, ragged_lines

CONTENT = Path(__file__).parent.parent / "content"
GAMES = [g for g in find_games(CONTENT) if (g / "rules").is_dir()]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[Path], set[str]]]:
    out = tmp_path_factory.mktemp("sheets")
    result = {}
    for game in GAMES:
        files = build_rules(game, out / game.name, ["all"])
        sheets = load_sheets(game, ["all"])
        headings = {re.sub(r"\s+", "", s.title) for sh in sheets.values() for s in sh.sections}
        result[game.name] = (files, headings)
    return result


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_no_stranded_heading_spaced_chinese_or_split_expression(built, game: str) -> None:  # type: ignore[no-untyped-def]
    files, headings = built[game]
    sheets = [f for f in files if f.name.startswith("rules.")]
    assert len(sheets) == 3
    faults = [fault for f in sheets for fault in layout_faults(f, headings)]
    assert faults == []


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_player_aid_text_is_at_least_8_pt(built, game: str) -> None:  # type: ignore[no-untyped-def]
    files, _ = built[game]
    aids = [f for f in files if f.name.startswith("aids.")]
    assert aids, "every shipped game has player aids"
    for path in aids:
        pdf = pdfium.PdfDocument(str(path))
        try:
            for page in pdf:
                tp = page.get_textpage()
                x0, y0, x1, y1 = page.get_trimbox()  # the card grid
                small, outside = "", ""
                for i in range(tp.count_chars()):
                    ch = tp.get_text_range(i, 1)
                    left, bottom, right, top = tp.get_charbox(i)
                    on_cards = x0 <= left and right <= x1 and y0 <= bottom and top <= y1
                    if not on_cards:
                        outside += ch
                    elif ch.strip() and pdfium_c.FPDFText_GetFontSize(tp.raw, i) < 7.99:
                        small += ch
                # only the sheet label and the scale bar's caption, outside the cards, are smaller
                assert small == "", f"{path.name}: {small!r} below 8 pt"
                assert any(scale in outside for scale in ("50 mm", "50 公釐", "50 毫米"))
        finally:
            pdf.close()


def _printed(sheet) -> list[str]:  # type: ignore[no-untyped-def]
    from generator.render.text import plain_text

    texts = [sheet.title]
    for s in sheet.sections:
        texts.append(s.title)
        texts += [plain_text(t) for b in s.blocks for t in (*b.items, *b.header)]
        texts += [plain_text(c) for b in s.blocks for r in b.rows for c in r]
    return texts


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_chinese_paragraphs_are_justified_but_for_their_last_lines(built, game: str) -> None:  # type: ignore[no-untyped-def]
    files, _ = built[game]
    sheets = load_sheets(CONTENT / game, ["all"])
    for lang in ("zh-Hant", "zh-Hans"):
        path = next(f for f in files if f.name == f"rules.{lang}.pdf")
        measured, faults = ragged_lines(path, _printed(sheets[lang]))
        assert measured >= 40, f"{path.name}: only {measured} Chinese body lines found"
        assert faults == []


CJK_PUNCTUATION = set("，。、：；！？「」『』（）《》〈〉【】〔〕…‥・～") | {
    chr(cp) for cp in range(0xFF01, 0xFF5F)
}


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_chinese_punctuation_is_set_in_the_chinese_font(built, game: str) -> None:  # type: ignore[no-untyped-def]
    files, _ = built[game]
    seen = 0
    for path in (f for f in files if ".zh-" in f.name):
        for _, glyphs in drawn_glyphs(path):
            han_fonts = {font for ch, font, *_ in glyphs if is_han(ch)}
            latin_fonts = {font for ch, font, *_ in glyphs if ch.isascii() and ch.isalpha()}
            for ch, font, *_ in glyphs:
                if ch in CJK_PUNCTUATION and not ch.isalnum():
                    seen += 1
                    assert font in han_fonts and font not in latin_fonts - han_fonts, (
                        f"{path.name}: {ch!r} set in {font}"
                    )
    assert seen > 100


def test_reader_finds_a_heading_left_at_the_foot_of_a_column(tmp_path: Path) -> None:
    """The fault finder itself: a column that ends in a heading is reported."""
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "stranded.pdf"
    c = Canvas(str(path), pagesize=(400, 400))
    c.setFont("Helvetica", 9)
    for n in range(5):
        c.drawString(20, 380 - 12 * n, f"body line {n}")
    c.setFont("Helvetica-Bold", 11)
    c.drawString(20, 300, "Combat")
    c.save()
    assert column_lines(path)[0][0][-1] == "Combat"
    assert layout_faults(path, {"Combat"}) == [
        "stranded.pdf p1 left: heading 'Combat' ends the column"
    ]


def test_reader_tells_a_drawn_space_from_justified_spacing(tmp_path: Path) -> None:
    """A space between Chinese characters is a fault; wide spacing from justification is not."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.rules_flow import draw_line, lines_of

    path = tmp_path / "spaces.pdf"
    c = Canvas(str(path), pagesize=(400, 400))
    spread = lines_of("每回合先擲骰子再移動部隊，" * 3, 150.0, 9.0)
    draw_line(c, spread[0], 20.0, 380.0, 9.0, 1.4, "#000000", justify=150.0)
    spaced = lines_of("移動 部隊", 150.0, 9.0)[0]
    draw_line(c, spaced, 20.0, 300.0, 9.0, 1.4, "#000000")
    c.save()
    assert layout_faults(path, set()) == [
        "spaces.pdf p1 left: space between Chinese characters in '移動 部隊'"
    ]


def _section(*paragraphs: str) -> PrintSection:
    blocks = tuple(PrintBlock("p", items=(p,)) for p in paragraphs)
    return PrintSection("s", "Heading", False, blocks, "en", "source")


def test_heading_moves_to_the_next_column_with_two_lines_of_its_section() -> None:
    st = Style()
    frame = Frame(0, 0.0, 500.0, 150.0, 200.0)
    flow = Flow(lambda i: Frame(i, 0.0, 500.0, 150.0, 200.0))
    filler = text_rows("word " * 200, frame.width, st)
    line = filler[0].height
    # fill the column until there is room for the heading and one line, not two
    head = section_rows(_section("first line " * 30), frame.width, st)
    head_h = sum(r.height for r in head[:5] if not r.spacer) + line * 1.5
    flow.add(filler[: int((frame.height - head_h) // line)])
    flow.add([spacer(0.1)])
    flow.add(head)
    heading_col = next(p.page for p in flow.placements if p.row.anchor == "s")
    lines_with_it = [p for p in flow.placements if p.page == heading_col and p.row.anchor is None]
    assert heading_col == 1
    assert len([p for p in lines_with_it if p.row.draw and p.row.height > 4]) >= 2


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("手牌可以持有 5 + 2 + 1 = 8 張", "5\u00a0+\u00a02\u00a0+\u00a01\u00a0=\u00a08"),
        ("最多 2 × 移動屬性", "2\u00a0×\u00a0移動屬性"),
        ("+ terrain effects", "+ terrain effects"),  # a running sum's first term stays as is
        ("−4 or less", "−4 or less"),
        ("長矛兵（Elf Spearman） ×1；", "）\u00a0×1；"),
    ],
)
def test_arithmetic_is_bound_with_non_breaking_spaces(text: str, bound: str) -> None:
    assert bound in bind_expressions(text)
