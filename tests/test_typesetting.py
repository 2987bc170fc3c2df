"""Typesetting read from the laid-out lines and from the printed PDFs.

- no justified line is letter-spaced beyond 0.15 em: a line that would need more is set
  ragged (planted: a line with an English run; shipped: every Chinese sheet and aid, read from
  the glyph positions pypdfium2 extracts);
- no paragraph ends in a line of one Chinese character (planted paragraph; shipped sheets);
- a table cell breaks between words, never inside a glossary term or a dictionary word;
- a run wider than its column (a URL) is broken to fit, drawn inside the column, and
  ``pnp rules check`` names it at its line with the column and by how much.
"""

from __future__ import annotations

import ctypes
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.content.loader import find_games
from generator.errors import IssueCollector
from generator.pipeline.check import check_game
from generator.render import text as rt
from generator.render.laid import (
    Laid,
    cell_word_breaks,
    forced_ragged,
    letter_spaced,
    line_text,
    one_han_widow,
)
from generator.render.rules_flow import Style, laid_lines, text_rows
from generator.render.rules_table import table_rows
from generator.render.text_writer import MAX_STRETCH_EM
from generator.render.typeset import aid_texts_laid, face_texts_laid, figures, sheet_texts_laid
from generator.rules.sheet import PrintBlock, make_sheet
from generator.rules.source import load_rulebook
from generator.text.breaks import one_han
from generator.text.columns import fill
from generator.text.words import is_han, keep_words, word_bounds

from .helpers import ROOT, ShippedBuild, pnp

GAMES = [p.name for p in find_games(ROOT / "content") if (p / "rules").is_dir()]
LANGS = ("zh-Hant", "zh-Hans")
ST = Style(9.0, 1.5, 11.0, 17.0, justify=True, smallest=9.0)
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


# ------------------------------------------------------------------ planted faults


def test_a_paragraph_built_to_end_in_one_character_ends_in_two() -> None:
    text = "甲" * 10 + "乙" * 10 + "丙。"  # ten characters a line: the last would be 丙。
    plain, _ = rt.wrap(rt.parse_markup(text), 1e6, 9.0)
    assert plain[0].width == pytest.approx(9.0 * 22)
    (laid,) = text_rows(text, 90.0, ST, justify=True)[0].laid
    assert laid.texts()[-1] == "乙丙。"
    assert not one_han_widow(laid)
    widow = Laid(text, tuple(plain), 90.0, 9.0, justified=True)  # what was there before
    widow.lines = tuple(rt.wrap(rt.parse_markup("甲" * 10 + "\n丙。"), 90.0, 9.0)[0])
    assert one_han(widow.texts()[-1]) and one_han_widow(widow)


def test_a_line_that_would_need_wide_letter_spacing_is_set_ragged() -> None:
    text = "天（internationalisation）軌道。" + "甲" * 30
    (laid,) = text_rows(text, 112.0, ST, justify=True)[0].laid
    assert laid.texts()[0] == "天（internationalisation）"  # 6 pt of slack, two gaps
    assert letter_spaced(laid) == []  # never drawn letter-spaced
    assert 0 in forced_ragged(laid)  # it is left ragged instead


def test_a_cell_never_breaks_inside_a_glossary_term_or_a_dictionary_word() -> None:
    text = "每个部队掷骰后，天命轨道前进一格，战斗阶段命中标记人类。"
    for width in range(40, 140, 9):  # every column width from four to fourteen characters
        block = PrintBlock("table", header=("效果",), rows=((text,),), words=("天命轨道",))
        cell = table_rows(block, width + 6.0, ST)[1].laid[0]
        assert "".join(cell.texts()) == text  # nothing lost, no joiner drawn
        assert cell_word_breaks(cell) == [], cell.texts()
        for a, b in zip(cell.texts(), cell.texts()[1:], strict=False):
            for word in ("天命轨道", "战斗", "命中", "标记", "人类"):
                cut = range(1, len(word))
                assert not any(a.endswith(word[:i]) and b.startswith(word[i:]) for i in cut)
    # the checker sees the fault in lines broken anywhere
    lines, _ = laid_lines(text, 9.0 * 10, 9.0)
    broken = Laid(text, lines, 90.0, 9.0, cell=True, keep=("天命轨道",))
    assert cell_word_breaks(broken), broken.texts()


def test_traditional_text_is_cut_into_the_same_words_as_simplified() -> None:
    hans, hant = "战斗阶段命中标记", "戰鬥階段命中標記"
    assert word_bounds(hans) == word_bounds(hant) == {2, 4, 6}
    assert keep_words(hant, ("階段命中",)).count("\u2060") == 5  # 戰鬥 + 階段命中 + 標記


def _number_breaks(lines: list[str]) -> list[tuple[str, str]]:
    """Pairs of lines where one ends in a Chinese character and the next starts with a number."""
    return [
        (a, b)
        for a, b in zip(lines, lines[1:], strict=False)
        if a.rstrip() and is_han(a.rstrip()[-1]) and re.match(r"[\s\u00a0]*[+\-]?\d", b)
    ]


def test_a_number_after_a_chinese_word_and_a_space_stays_on_its_line() -> None:
    text = "撤退牌 5、領袖牌 4、拼死一搏 4、重組 7"  # Manoeuvre's nations aid, the Ottomans
    for width in range(40, 200, 3):  # from four characters a line to the whole on one
        lines, _ = rt.wrap(rt.parse_markup(text), float(width), 9.0)
        shown = [line_text(ln) for ln in lines]
        assert _number_breaks(shown) == [], (width, shown)
        assert "".join(shown).replace("\u00a0", " ") == text  # the space is still drawn
    # a number after English, or a Chinese word without a space, breaks as before
    lines, _ = rt.wrap(rt.parse_markup("Regroup 7"), 9.0 * 4, 9.0)
    assert [line_text(ln) for ln in lines] == ["Regroup", "7"]
    # the terminal keeps them together too
    assert _number_breaks(fill(text, 14).splitlines()) == []
    assert "重組 7" in fill(text, 14)


@pytest.mark.parametrize("lang", LANGS)
def test_manoeuvre_nations_aid_never_ends_a_line_between_a_word_and_its_number(lang: str) -> None:
    copies = check_game(ROOT / "content" / "manoeuvre").copies[("nations-aid", lang)]
    laid = face_texts_laid(copies)
    counts = [t for t in laid if re.search(r"[\u4e00-\u9fff] \d", t.markup)]
    assert len(counts) >= 8  # a line of command cards by kind for each nation
    for t in laid:
        assert _number_breaks(t.texts()) == [], t.texts()


def test_an_overlong_url_is_broken_inside_its_column() -> None:
    url = "https://www.example-games.org/rules/five-armies/errata_2024.html"
    lines, over = laid_lines(f"勘误见 {url} 。", 90.0, 9.0)
    assert over is not None and over[0] == url and over[1] > 100
    assert all(ln.width <= 90.01 for ln in lines)
    assert "".join(p.text for ln in lines for p in ln.pieces).replace(" ", "") == f"勘误见{url}。"


@pytest.fixture()
def planted(tmp_path: Path) -> Path:
    game = tmp_path / "rules_good"
    shutil.copytree(ROOT / "tests" / "fixtures" / "rules_good", game)
    en = game / "rules" / "en.yaml"
    en.write_text(
        en.read_text(encoding="utf-8")
        + "  - id: errata\n    title: Errata\n    blocks:\n"
        + '      - p: "Corrections: https://www.example-games.org/rules/skirmish/errata_2024.html'
        + ' lists them."\n'
        + '      - table:\n          header: ["Term"]\n          rows:\n'
        + '            - ["a-very-long-hyphenated-name-that-no-column-of-this-sheet-'
        + 'could-ever-hold-on-one-line-at-all"]\n',
        encoding="utf-8",
    )
    return game


def test_rules_check_names_an_overlong_url_at_its_line(planted: Path) -> None:
    done = pnp("rules", "check", "rules_good", "--content", str(planted.parent), "--lang", "en")
    said = done.stdout + done.stderr
    found = [ln for ln in said.splitlines() if "errata_2024.html" in ln]
    assert found, said
    line = len((planted / "rules" / "en.yaml").read_text(encoding="utf-8").splitlines()) - 4
    assert any(f"en.yaml:{line}:" in ln for ln in found), found
    assert any(re.search(r"too wide for its column by \d+\.\d mm", ln) for ln in found), found
    assert any(re.search(r"a column \d+\.\d mm wide", ln) for ln in found), found
    cell = [ln for ln in said.splitlines() if "table.rows[0][0]" in ln]
    assert len(cell) == 1 and "hyphenated-name" in cell[0], said  # once: English, not thrice
    assert f"en.yaml:{line + 4}:" in cell[0]
    assert done.returncode == 0  # a warning, not an error


def test_an_overlong_url_prints_inside_its_column(planted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = pnp(
        "rules", "build", "rules_good", "--content", str(planted.parent), "--out", str(out),
        "--lang", "en",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    pdf = pdfium.PdfDocument(str(out / "rules_good" / "rules.en.pdf"))
    try:
        page_w = pdf[0].get_width()
        for page in pdf:
            for line in _printed_lines(page):
                text = "".join(c[3] for c in line)
                if any(w in text for w in ("example", "errata", "hyphenated", "-column-")):
                    middle = page_w / 2
                    left_column = line[0][0] < middle
                    assert (line[-1][1] < middle) == left_column, text  # not across the gutter
    finally:
        pdf.close()


# ------------------------------------------------------------------ shipped sheets


@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_sheets_lay_out_no_letter_spacing_widow_or_broken_word(lang: str) -> None:
    for game in GAMES:
        book = load_rulebook(ROOT / "content" / game, IssueCollector())
        sheet = make_sheet(book, lang)
        f = figures(sheet_texts_laid(sheet)) + figures(aid_texts_laid(sheet))
        assert f.texts > 100 and f.lines > f.texts
        assert (f.letter_spaced, f.widows, f.cell_breaks, f.overflows) == (0, 0, 0, 0), game


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_card_faces_lay_out_no_one_character_last_line(game: str) -> None:
    copies = check_game(ROOT / "content" / game).copies
    for lang in LANGS:
        texts = [t for (_, lg), cps in copies.items() if lg == lang for t in face_texts_laid(cps)]
        f = figures(texts)
        assert f.texts > 50
        assert (f.letter_spaced, f.widows, f.overflows) == (0, 0, 0), (game, lang)


@pytest.fixture(scope="module")
def out(shipped: ShippedBuild) -> Path:
    return shipped.built(*GAMES)


def _printed_lines(
    page: pdfium.PdfPage, sides: bool = True
) -> list[list[tuple[float, float, float, str]]]:
    """The page's drawn characters as lines: (origin x, right edge, font size, character),
    grouped by baseline (and by side of the page), left to right."""
    text = page.get_textpage()
    middle = page.get_width() / 2
    rows: dict[tuple[int, int], list[tuple[float, float, float, str]]] = {}
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if not ch or ch.isspace():
            continue
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
        size = pdfium_c.FPDFText_GetFontSize(text.raw, i)
        right = text.get_charbox(i, loose=True)[2]
        side = 1 if sides and x.value > middle else 0
        rows.setdefault((side, round(y.value * 2)), []).append((x.value, right, size, ch))
    return [sorted(rows[k]) for k in sorted(rows)]


def _segments(page: pdfium.PdfPage) -> list[list[tuple[float, float, float, str]]]:
    """The page's lines cut where two characters are more than half an em apart: a column's
    line, a table cell's line, a card's line."""
    out = []
    for line in _printed_lines(page, sides=False):
        run = [line[0]]
        for a, b in zip(line, line[1:], strict=False):
            if b[0] - a[1] > 0.5 * max(a[2], 1.0):
                out.append(run)
                run = []
            run.append(b)
        out.append(run)
    return out


def _pdf_faults(path: Path) -> tuple[float, list[str]]:
    """The widest extra space between two Chinese characters of a line (ems), and the lines
    that hold one Chinese character alone (a table's one-character cells left out)."""
    widest = 0.0
    alone = []
    pdf = pdfium.PdfDocument(str(path))
    try:
        for page in pdf:
            for seg in _segments(page):
                for a, b in zip(seg, seg[1:], strict=False):
                    if _HAN.match(a[3]) and _HAN.match(b[3]) and a[2] == b[2] and a[2] > 0:
                        widest = max(widest, (b[0] - a[0]) / a[2] - 1.0)
                text = "".join(c[3] for c in seg)
                if one_han(text) and text[-1] in "。，；：！？）」":
                    alone.append(text)
    finally:
        pdf.close()
    return widest, alone


@pytest.mark.parametrize("game", GAMES)
def test_the_printed_chinese_sheets_have_no_letter_spaced_line_nor_one_character_line(
    out: Path, game: str
) -> None:
    for kind in ("rules", "aids"):
        for lang in LANGS:
            path = out / game / f"{kind}.{lang}.pdf"
            widest, alone = _pdf_faults(path)
            assert widest <= MAX_STRETCH_EM + 0.01, (path.name, widest)
            assert alone == [], (path.name, alone)
