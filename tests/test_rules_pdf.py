"""Built rule-sheet PDFs, read back with a PDF text extractor (pypdf).

What a reader of the printed sheet relies on: no line starts with closing punctuation, no
English word is split, the text of every section is exactly its source (nothing lost to a
missing glyph), every font is embedded, the bilingual edition starts each section level on
both sides, and the same input gives the same bytes.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.loader import find_games
from generator.errors import BuildError, ContentError, IssueCollector
from generator.pipeline.rules import build_rules
from generator.render import fontsubsets
from generator.render.rules_aids import render_aids
from generator.render.rulesheet import footer_text, render_bilingual, render_sheet
from generator.render.text import NO_START, plain_text
from generator.rules.sheet import PrintBlock, PrintSection, Sheet, make_sheet
from generator.rules.source import load_rulebook

FIXTURES = Path(__file__).parent / "fixtures"
CONTENT = Path(__file__).parent.parent / "content"
LANGS = ("en", "zh-Hant", "zh-Hans")


# ---------------------------------------------------------------- reading PDFs back


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def page_lines(path: Path) -> list[list[str]]:
    return [p.extract_text().split("\n") for p in PdfReader(path).pages]


def body_text(path: Path) -> str:
    """All text of a rule sheet without the page-number lines, whitespace removed."""
    pages = PdfReader(path).pages
    out = []
    for n, page in enumerate(pages, 1):
        text = page.extract_text()
        footer = footer_text(n, len(pages))
        assert text.startswith(footer), f"page {n} of {path.name} lacks its page number"
        out.append(text[len(footer) :])
    return squash("".join(out))


def block_text(block) -> str:  # type: ignore[no-untyped-def]
    """What a block must read as (steps numbered, list bulleted, table cells in order)."""
    if block.kind == "steps":
        parts = [f"{n}.{plain_text(t)}" for n, t in enumerate(block.items, 1)]
    elif block.kind == "list":
        parts = [f"•{plain_text(t)}" for t in block.items]
    elif block.kind == "table":
        parts = [plain_text(c) for c in [*block.header, *(c for row in block.rows for c in row)]]
    else:
        parts = [plain_text(block.items[0])]
    return squash("".join(parts))


def section_text(section: PrintSection) -> str:
    """What a section must read as: its title, then each block."""
    return squash(section.title) + "".join(block_text(b) for b in section.blocks)


def section_pattern(section: PrintSection) -> re.Pattern[str]:
    """:func:`section_text` as a pattern that also lets a table's header stand again before
    any of its rows (a table continued in the next column repeats its header)."""
    parts = [re.escape(squash(section.title))]
    for block in section.blocks:
        if block.kind != "table":
            parts.append(re.escape(block_text(block)))
            continue
        header = re.escape(squash("".join(plain_text(c) for c in block.header)))
        parts.append(header)
        for row in block.rows:
            cells = re.escape(squash("".join(plain_text(c) for c in row)))
            parts.append(f"(?:{header})?{cells}")
    return re.compile("".join(parts))


def lines_starting_with_closing_punctuation(path: Path) -> list[str]:
    return [
        line
        for lines in page_lines(path)
        for line in lines
        if line.strip() and line.strip()[0] in NO_START
    ]


def unembedded_fonts(path: Path) -> list[str]:
    bad = []
    for page in PdfReader(path).pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for name, ref in fonts.items():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if font.get("/Subtype") == "/Type0":
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            if not any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                bad.append(f"{name} {font.get('/BaseFont')}")
    return bad


def check_sheet_pdf(path: Path, sheet: Sheet) -> None:
    assert lines_starting_with_closing_punctuation(path) == []
    assert unembedded_fonts(path) == []
    text = body_text(path)
    cursor = 0
    for section in sheet.sections:
        found = section_pattern(section).search(text, cursor)
        assert found, f"{path.name}: section {section.id!r} does not read as its source"
        cursor = found.end()


# ---------------------------------------------------------------- the fixture game


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Sheet], list[Path]]:
    root = tmp_path_factory.mktemp("rules")
    game = root / "rules_good"
    shutil.copytree(FIXTURES / "rules_good", game)
    files = build_rules(game, root / "out", ["all"], ["zh-Hant", "zh-Hans"], "A4")
    book = load_rulebook(game, IssueCollector())
    sheets = {lang: make_sheet(book, lang) for lang in LANGS}
    return root / "out", sheets, files


def test_build_writes_each_language_the_bilingual_editions_and_aid_cards(built) -> None:  # type: ignore[no-untyped-def]
    out, _, files = built
    assert sorted(p.name for p in files) == sorted(
        [
            *(f"rules.{lang}.pdf" for lang in LANGS),
            *(f"aids.{lang}.pdf" for lang in LANGS),
            "rules.en+zh-Hant.pdf",
            "rules.en+zh-Hans.pdf",
        ]
    )
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in files)  # no temp files


@pytest.mark.parametrize("lang", LANGS)
def test_sheet_text_equals_source_without_bad_line_starts_and_with_embedded_fonts(
    built, lang: str
) -> None:  # type: ignore[no-untyped-def]
    out, sheets, _ = built
    check_sheet_pdf(out / f"rules.{lang}.pdf", sheets[lang])


def test_chinese_lines_really_were_pulled_back_from_closing_punctuation(built) -> None:  # type: ignore[no-untyped-def]
    out, _, _ = built
    lines = [ln.strip() for page in page_lines(out / "rules.zh-Hant.pdf") for ln in page]
    long_text = [ln for ln in lines if ln and ln[-1] in "，。、：；！？）」』"]
    assert len(long_text) >= 3  # the punctuation-dense paragraph wrapped at punctuation
    assert all(ln[0] not in NO_START for ln in lines if ln)


def test_english_words_are_never_split_across_lines(built) -> None:  # type: ignore[no-untyped-def]
    out, sheets, _ = built
    words = set()
    for section in sheets["en"].sections:
        for block in section.blocks:
            for t in (*block.items, *block.header, *(c for r in block.rows for c in r)):
                words.update(plain_text(t).split())
        words.update(section.title.split())
    tokens = [
        tok for page in page_lines(out / "rules.en.pdf") for line in page for tok in line.split()
    ]
    long_words = [t for t in tokens if len(t) > 12]
    assert "internationalisation," in long_words and "extraordinarily" in tokens
    pieces = [t for t in long_words if t not in words]
    assert pieces == []


@pytest.mark.parametrize("name", ["rules.en+zh-Hant.pdf", "rules.en+zh-Hans.pdf"])
def test_bilingual_edition_starts_each_section_level_on_both_sides(built, name: str) -> None:  # type: ignore[no-untyped-def]
    out, sheets, _ = built
    headings: list[tuple[int, float, float]] = []
    reader = PdfReader(out / name)
    for n, page in enumerate(reader.pages):

        def visit(text, cm, tm, font, size, n=n):  # type: ignore[no-untyped-def]
            if text.strip() and 10 < size < 16:
                headings.append((n, tm[4], tm[5]))

        page.extract_text(visitor_text=visit)
    mid = float(reader.pages[0].mediabox.width) / 2
    left = [(p, round(y, 1)) for p, x, y in headings if x < mid]
    right = [(p, round(y, 1)) for p, x, y in headings if x >= mid]
    assert len(left) == len(sheets["en"].sections) + 1  # contents + every section
    assert left == right
    assert unembedded_fonts(out / name) == []
    assert lines_starting_with_closing_punctuation(out / name) == []


@pytest.mark.parametrize("lang", LANGS)
def test_aid_cards_hold_the_marked_sections_only(built, lang: str) -> None:  # type: ignore[no-untyped-def]
    out, sheets, _ = built
    path = out / f"aids.{lang}.pdf"
    text = squash("".join(p.extract_text() for p in PdfReader(path).pages))
    for section in sheets[lang].sections:
        assert (section_text(section) in text) == section.aid
    assert unembedded_fonts(path) == []
    assert lines_starting_with_closing_punctuation(path) == []


def test_same_input_builds_the_same_bytes(built, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out, _, files = built
    again = build_rules(FIXTURES / "rules_good", tmp_path, ["all"], ["zh-Hant", "zh-Hans"], "A4")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in files]


def test_font_objects_kept_from_other_documents_give_the_same_bytes(built, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Subset widths and maps remembered from another game's sheets are never mixed up."""
    out, _, files = built
    fontsubsets.clear()
    other = Path(__file__).parent.parent / "content" / "maquis"
    build_rules(other, tmp_path / "other", ["all"], ["zh-Hant", "zh-Hans"], "A4")
    again = build_rules(FIXTURES / "rules_good", tmp_path, ["all"], ["zh-Hant", "zh-Hans"], "A4")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in files]


def test_letter_and_a4_paper_sizes(built, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out, _, _ = built
    a4 = PdfReader(out / "rules.en.pdf").pages[0].mediabox
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)
    letter = build_rules(FIXTURES / "rules_good", tmp_path, ["en"], [], "Letter")
    box = PdfReader(letter[0]).pages[0].mediabox
    assert (float(box.width), float(box.height)) == (612.0, 792.0)


def test_long_aid_section_continues_on_another_tarot_card(tmp_path: Path) -> None:
    game = tmp_path / "long"
    shutil.copytree(FIXTURES / "rules_good", game)
    steps = "\n".join(
        f'          - "Step {n}: move every unit of the active side one square, then check supply lines and morale."'
        for n in range(60)
    )
    en = game / "rules" / "en.yaml"
    en.write_text(
        en.read_text(encoding="utf-8")
        + f"  - id: huge\n    title: Huge aid\n    aid: true\n    blocks:\n      - steps:\n{steps}\n",
        encoding="utf-8",
    )
    files = build_rules(game, tmp_path / "out", ["en"], [], "A4", aid_size="tarot")
    aids = next(p for p in files if p.name == "aids.en.pdf")
    text = "".join(p.extract_text() for p in PdfReader(aids).pages)
    assert text.count("Huge aid (cont.)") >= 1
    assert "Step 59: move" in text
    assert lines_starting_with_closing_punctuation(aids) == []


def test_content_errors_stop_the_build_before_any_file_is_written(tmp_path: Path) -> None:
    game = tmp_path / "rules_bad_markup"
    shutil.copytree(FIXTURES / "rules_bad_markup", game)
    with pytest.raises(ContentError, match=r"no font can draw ⸨ \(U\+2E28\)"):
        build_rules(game, tmp_path / "out", ["all"], [], "A4")
    assert not (tmp_path / "out").exists()


def _one_section_sheet(text: str, lang: str = "en") -> Sheet:
    block = PrintBlock("p", items=(text,))
    section = PrintSection("intro", "Intro", True, (block,), lang, "source")
    return Sheet("g", lang, "Title", (section,))


def test_a_character_no_font_draws_stops_every_renderer_and_is_named() -> None:
    good, bad = _one_section_sheet("Roll **two** dice"), _one_section_sheet("Roll \u2e28 dice")
    assert render_sheet(good).startswith(b"%PDF")  # the characters of good are now known
    renders = [render_sheet, render_aids, lambda s: render_bilingual(s, s)]
    for render in renders:
        with pytest.raises(
            BuildError, match=r"g \(en\): no font has these characters: intro: U\+2E28"
        ):
            render(bad)
    for render in renders:  # a refused character is not remembered as drawable
        with pytest.raises(BuildError):
            render(bad)
        assert render(good).startswith(b"%PDF")


# ---------------------------------------------------------------- the shipped games


def shipped_games() -> list[Path]:
    return [g for g in find_games(CONTENT) if (g / "rules" / "en.yaml").is_file()]


def test_all_six_games_ship_rule_sources() -> None:
    assert [g.name for g in shipped_games()] == [
        "barons-of-fyn",
        "five-armies",
        "manoeuvre",
        "maquis",
        "pocket-battles",
        "ragnarok",
    ]


@pytest.mark.parametrize("game", shipped_games(), ids=lambda p: p.name)
def test_shipped_rule_sheets_read_back_exactly(game: Path, tmp_path: Path) -> None:
    files = build_rules(game, tmp_path, ["all"], [], "A4")
    book = load_rulebook(game, IssueCollector())
    for lang in LANGS:
        check_sheet_pdf(tmp_path / f"rules.{lang}.pdf", make_sheet(book, lang))
    for path in files:
        assert unembedded_fonts(path) == []
        assert lines_starting_with_closing_punctuation(path) == []


def test_cli_build_writes_into_the_games_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from generator.cli.app import cli

    shutil.copytree(FIXTURES / "rules_good", tmp_path / "rules_good")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli,
        ["rules", "build", "rules_good", "--lang", "en", "--bilingual", "zh-Hant", "--out", "out"],
    )
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "out" / "rules_good").iterdir())
    assert written == ["aids.en.pdf", "rules.en+zh-Hant.pdf", "rules.en.pdf"]
    assert result.stdout.splitlines() == [
        str(Path("out") / "rules_good" / name)
        for name in ["rules.en.pdf", "aids.en.pdf", "rules.en+zh-Hant.pdf"]
    ]


def test_table_columns_fill_the_width_when_a_long_word_needs_room() -> None:
    from generator.render.rules_table import PAD_X, column_widths

    cells = [
        ["Name", "What it does"],
        [
            "Incomprehensibilities notwithstanding whatsoever",
            "the unit retreats one hex and loses a step and then " * 8,
        ],
    ]
    widths, size = column_widths(cells, 160, 9)
    assert size == 9
    assert abs(sum(widths) - (160 - 4 * PAD_X)) < 1e-6  # not wider than the column
    from generator.render import text as rt

    lines = rt.fit("Incomprehensibilities", 1e6, 100, size, size).lines
    assert widths[0] >= lines[0].width  # the long word still fits its column


def test_a_table_continued_in_the_next_column_repeats_its_header() -> None:
    from generator.render.rules_flow import Flow, Frame, style_for
    from generator.render.rules_table import table_rows
    from generator.rules.sheet import PrintBlock

    block = PrintBlock(
        "table", header=("Roll", "Result"), rows=tuple((str(n), f"outcome {n}") for n in range(40))
    )
    rows = table_rows(block, 200, style_for("en"))
    flow = Flow(lambda i: Frame(0, i * 250.0, 800.0, 200.0, 150.0))
    flow.add(rows)
    columns: dict[float, list] = {}
    for p in flow.placements:
        columns.setdefault(p.x, []).append(p.row)
    assert len(columns) >= 3
    header = rows[0]
    for placed in columns.values():
        top = placed[0]
        assert top is header or top is placed[1].repeat  # each column starts with the header
    assert sum(1 for r in (p.row for p in flow.placements) if r in rows) == len(rows)
