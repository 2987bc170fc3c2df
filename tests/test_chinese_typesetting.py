"""Chinese typesetting of the shipped rule sheets: how a Chinese reader expects the page to look.

- an English gloss follows a glossary term at its first use in a sheet only;
- a justified line never opens gaps wider than 0.15 em between characters (a line that
  would, because an English gloss cannot break, is set ragged instead of letter-spaced);
- no column starts with a line of one character (a paragraph's last character left alone);
- a table cell breaks between words: a glossary term it prints is never split over two lines.

The sheets are the ones ``pnp build`` writes for every shipped game (rule sheet and aids).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.loader import find_games
from generator.errors import IssueCollector
from generator.render import text as rt
from generator.render.rules_flow import Style, lines_of, text_rows
from generator.render.rules_table import PAD_X, joined, table_rows
from generator.render.text_writer import MAX_STRETCH_EM, stretch
from generator.rules.sheet import PrintBlock, make_sheet
from generator.rules.source import load_rulebook

from .helpers import ROOT, ShippedBuild
from .rulestext import column_lines

GAMES = [p.name for p in find_games(ROOT / "content") if (p / "rules").is_dir()]
LANGS = ("zh-Hant", "zh-Hans")
_TOKEN = re.compile(rb"(-?[\d.]+) (Tf|Tc)\b|/\S+ (-?[\d.]+) Tf")


@pytest.fixture(scope="module")
def out(shipped: ShippedBuild) -> Path:
    return shipped.built(*GAMES)


def _sheets(out: Path, game: str) -> list[Path]:
    found = [out / game / f"{kind}.{lang}.pdf" for kind in ("rules", "aids") for lang in LANGS]
    assert all(p.is_file() for p in found), found
    return found


def _widest_spacing(path: Path) -> float:
    """The largest character spacing (Tc) any page sets, in ems of the font size then in use."""
    widest = 0.0
    for page in PdfReader(str(path)).pages:
        data = page.get_contents().get_data()  # type: ignore[union-attr]
        size = 0.0
        for m in re.finditer(rb"/\S+ (-?[\d.]+) Tf|(-?[\d.]+) Tc", data):
            if m.group(1) is not None:
                size = float(m.group(1))
            elif size:
                widest = max(widest, float(m.group(2)) / size)
    return widest


@pytest.mark.parametrize("game", GAMES)
def test_no_justified_chinese_line_is_letter_spaced(out: Path, game: str) -> None:
    for path in _sheets(out, game):
        assert _widest_spacing(path) <= MAX_STRETCH_EM + 1e-6, path.name


_SPACED = re.compile(r"[\u4e00-\u9fff] [\u4e00-\u9fff] [\u4e00-\u9fff]")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
@pytest.mark.parametrize("game", GAMES)
def test_a_poppler_reader_finds_the_words_of_a_justified_line(out: Path, game: str) -> None:
    """Search and copy in a poppler-based reader (Evince, Okular) see no spaces between the
    characters of a justified Chinese line: its gaps stay under what poppler takes for one."""
    for path in _sheets(out, game):
        text = subprocess.run(
            ["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        spaced = [line for line in text.splitlines() if _SPACED.search(line)]
        assert spaced == [], f"{path.name}: {spaced[:3]}"


@pytest.mark.parametrize("game", GAMES)
def test_no_column_starts_with_a_one_character_line(out: Path, game: str) -> None:
    book = load_rulebook(ROOT / "content" / game, IssueCollector())
    for lang in LANGS:
        path = out / game / f"rules.{lang}.pdf"
        # the sheet's title runs across both columns of page 1: its end is not a column's head
        title = re.sub(r"\s", "", make_sheet(book, lang).title)
        for n, page in enumerate(column_lines(path), 1):
            heads = [col[0] for col in page if col]
            if n == 1:
                heads = [h for h in heads if not title.endswith(re.sub(r"\s", "", h))]
            alone = [h for h in heads if len(re.sub(r"\s", "", h)) <= 1]
            assert alone == [], f"{path.name} page {n}: {alone}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_an_english_gloss_follows_a_term_once_per_sheet(game: str, lang: str) -> None:
    book = load_rulebook(ROOT / "content" / game, IssueCollector())
    sheet = make_sheet(book, lang)
    text = " ".join(
        [sheet.title]
        + [
            t
            for s in sheet.sections
            for t in [
                s.title,
                *(
                    x
                    for b in s.blocks
                    for x in (*b.items, *b.header, *(c for r in b.rows for c in r))
                ),
            ]
        ]
    )
    twice = {
        tid: text.count(f"（{term.en}）")
        for tid, term in book.glossary.items()
        if term.en != term.rendering(lang) and text.count(f"（{term.en}）") > 1
    }
    assert twice == {}
    glossed = [tid for tid, t in book.glossary.items() if f"（{t.en}）" in text]
    assert glossed, "no term is glossed at all"


def _line(text: str, size: float = 9.0) -> rt.Line:
    lines, _ = rt.wrap(rt.parse_markup(text), 1e6, size)
    return lines[0]


def test_a_line_needing_wide_gaps_is_set_ragged_and_a_normal_one_is_justified() -> None:
    size = 9.0
    tight = _line("甲乙丙丁戊己庚辛壬癸", size)
    tight.last = False
    assert 0 < stretch(tight, tight.width + 5 * size * 0.1) <= MAX_STRETCH_EM * size
    gloss = _line("天命（internationalisation）軌", size)
    gloss.last = False
    # three Chinese characters cannot take a whole em of slack between them
    assert stretch(gloss, gloss.width + 2 * size) == 0.0


def test_a_one_character_last_line_takes_a_character_from_the_line_before() -> None:
    st = Style(9.0, 1.5, 11.0, 17.0, justify=True)
    width = 9.0 * 10  # ten characters a line
    rows = text_rows("一" * 10 + "二" * 10 + "三。", width, st, justify=True)
    assert len(rows) == 3
    (laid,) = rows[-1].laid
    assert laid.texts() == ["一" * 10, "二" * 9, "二三。"]
    # the line before is justified: it ends at the column's edge, a ninth of an em wider apart
    assert stretch(laid.lines[1], width) == pytest.approx(9.0 / 8)


def _cell_lines(block: PrintBlock, width: float) -> list[str]:
    """The printed lines of the table's one body cell, at a column ``width`` pt wide."""
    st = Style(9.0, 1.5, 11.0, 17.0, justify=True, smallest=9.0)
    cell = joined(block.rows[0][0], block.words)
    assert len(table_rows(block, width, st)) == 2  # header and the one body row
    return ["".join(p.text for p in line.pieces) for line in lines_of(cell, width - 2 * PAD_X, 9.0)]


def test_a_table_cell_breaks_between_words_never_inside_a_glossary_term() -> None:
    text = "每個部隊掷骰後，天命軌道前進一格，再看天命軌道。"
    plain = PrintBlock("table", header=("效果",), rows=((text,),))
    with_terms = PrintBlock("table", header=("效果",), rows=((text,),), words=("天命軌道",))
    width = 9.0 * 11 + 2 * PAD_X  # eleven characters a line
    split = _cell_lines(plain, width)
    assert any(a.endswith(("天", "天命", "天命軌")) for a in split[:-1]), split  # would split
    kept = _cell_lines(with_terms, width)
    assert "".join(kept) == text  # nothing lost, no joiner drawn
    for a, b in zip(kept, kept[1:], strict=False):
        assert not (a.endswith(("天", "天命", "天命軌")) and b.startswith(("命", "軌", "道"))), kept


def test_the_shipped_tables_name_the_terms_their_cells_print() -> None:
    book = load_rulebook(ROOT / "content" / "five-armies", IssueCollector())
    sheet = make_sheet(book, "zh-Hans")
    tables = [b for s in sheet.sections for b in s.blocks if b.kind == "table"]
    assert tables and any(b.words for b in tables)
    for b in tables:
        cells = "".join(c for row in b.rows for c in row) + "".join(b.header)
        assert all(w in cells for w in b.words)
