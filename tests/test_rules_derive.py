"""Derived Simplified Chinese: OpenCC t2s with glossary terms kept exactly as approved."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import cli
from generator.content.validate import convert
from generator.errors import IssueCollector
from generator.rules.coverage import Coverage
from generator.rules.derive import derive_text
from generator.rules.models import GlossaryTerm
from generator.rules.sheet import make_sheet
from generator.rules.source import load_rulebook
from generator.text.chinese import script_only

FIXTURES = Path(__file__).parent / "fixtures"

# Terms whose approved Simplified rendering is NOT what plain t2s makes of the Traditional one.
TERMS = {
    "software": convert(
        GlossaryTerm, {"en": "rules software", "zh-Hant": "規則軟體", "zh-Hans": "规则软件"}
    ),
    "mouse": convert(GlossaryTerm, {"en": "mouse", "zh-Hant": "滑鼠", "zh-Hans": "鼠标"}),
    "info": convert(GlossaryTerm, {"en": "intel", "zh-Hant": "資訊", "zh-Hans": "信息"}),
}


def book_copy(tmp_path: Path, name: str = "rules_good"):  # type: ignore[no-untyped-def]
    dest = tmp_path / name
    shutil.copytree(FIXTURES / name, dest)
    return dest


@pytest.mark.parametrize("tid", sorted(TERMS))
def test_plain_opencc_would_change_the_protected_term(tid: str) -> None:
    term = TERMS[tid]
    # otherwise the next test proves nothing
    assert script_only(term.zh_hant, "zh-Hans") != term.zh_hans


@pytest.mark.parametrize("tid", sorted(TERMS))
def test_literal_term_in_traditional_text_comes_out_as_the_glossary_gives_it(tid: str) -> None:
    term = TERMS[tid]
    text = f"開始時，{term.zh_hant}放在桌上；之後再看{term.zh_hant}。"
    out = derive_text(text, TERMS)
    assert out.count(term.zh_hans) == 2
    assert script_only(term.zh_hant, "zh-Hans") not in out
    assert out.startswith("开始时")  # the rest is still converted


def test_derived_sheet_prints_the_approved_simplified_term(tmp_path: Path) -> None:
    book = load_rulebook(book_copy(tmp_path), IssueCollector())
    sheet = make_sheet(book, "zh-Hans")
    tools = next(s for s in sheet.sections if s.id == "tools")
    assert tools.status == "derived"
    first = tools.blocks[0].items[0]
    assert first.startswith("规则软件（rules software）")
    assert "软体" not in "".join(tools.blocks[0].items)


def test_term_reference_prints_both_languages_only_at_first_use_in_the_sheet(
    tmp_path: Path,
) -> None:
    book = load_rulebook(book_copy(tmp_path), IssueCollector())
    sheet = make_sheet(book, "zh-Hant")
    turn = next(s for s in sheet.sections if s.id == "turn-sequence")
    texts = [turn.blocks[0].items[0], *turn.blocks[1].items]
    joined = "".join(texts)
    assert joined.count("行動骰（action die）") == 1
    assert joined.count("行動骰") == 2
    tools = next(s for s in sheet.sections if s.id == "tools")
    assert "天命軌道" in tools.blocks[0].items[1]
    assert "Fate Track" not in tools.blocks[0].items[1]  # glossed once, in turn-sequence


def test_a_term_inside_parentheses_is_glossed_at_its_next_use_outside() -> None:
    from generator.rules.terms import TermRenderer

    terms = TermRenderer(TERMS, "zh-Hant")
    assert terms.render("擲骰（用[[mouse]]點選）。") == "擲骰（用滑鼠點選）。"
    assert terms.render("再按[[mouse]]。") == "再按滑鼠（mouse）。"


def test_hand_written_simplified_section_wins_over_derived(tmp_path: Path) -> None:
    game = book_copy(tmp_path)
    (game / "rules" / "zh-Hans.yaml").write_text(
        "title: 渡口遭遇战 手写标题\n"
        "sections:\n"
        "  - id: tools\n"
        "    title: 桌边工具\n"
        "    blocks:\n"
        '      - list: ["[[software]]能帮忙掷骰。", "[[fate-track]]放在中间。"]\n',
        encoding="utf-8",
    )
    book = load_rulebook(game, IssueCollector())
    cov = Coverage(book)
    statuses = {e.section: e.status for e in cov.entries["zh-Hans"]}
    assert statuses["tools"] == "stale"  # hand-written but not stamped yet
    assert statuses["combat"] == "derived"
    sheet = make_sheet(book, "zh-Hans", cov)
    tools = next(s for s in sheet.sections if s.id == "tools")
    assert tools.title == "桌边工具（译文待更新）"  # hand-written, and marked as not yet stamped
    assert sheet.title == "渡口遭遇战 手写标题"


def test_status_lists_hand_written_derived_missing_and_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = book_copy(tmp_path)
    zh = game / "rules" / "zh-Hant.yaml"
    text = zh.read_text(encoding="utf-8")
    cut = text.index("  - id: long-text")
    zh.write_text(text[:cut], encoding="utf-8")  # long-text is now missing
    en = game / "rules" / "en.yaml"
    en.write_text(
        en.read_text(encoding="utf-8").replace("Compare strengths", "Compare total strengths"),
        encoding="utf-8",
    )  # combat is now stale
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["rules", "status", "--content", "."])
    assert result.exit_code == 0, result.output
    rows = {tuple(line.split()[:2]): line.split()[2:] for line in result.stdout.splitlines()[2:]}
    # sections, hand, derived, missing, stale, covered
    assert rows[("rules_good", "en")] == ["4", "4", "0", "0", "0", "100%"]
    assert rows[("rules_good", "zh-Hant")] == ["4", "2", "0", "1", "1", "50%"]
    assert rows[("rules_good", "zh-Hans")] == ["4", "0", "2", "1", "1", "50%"]


# ---------------------------------------------------------------- mainland usage


@pytest.mark.parametrize(
    ("hant", "hans"),
    [
        ("他拿著卡片走向河邊。", "他拿着卡片走向河边。"),  # 著 as a particle
        ("這本著作很顯著。", "这本著作很显著。"),  # 著 kept where it is right
        ("見「計分」一節，『勝利』另計。", "见“计分”一节，‘胜利’另计。"),
        ("巨鷹攻擊牠所在的地區。", "巨鹰攻击它所在的地区。"),
        ("這張卡可抵銷一張補給。", "这张卡可抵消一张补给。"),
        ("左下角的橘色圓圈。", "左下角的橙色圆圈。"),
        ("把單位堆成一落。", "把单位堆成一叠。"),
        ("取自數位版。", "取自数字版。"),
        ("抽一個亂數。", "抽一个随机数。"),
    ],
)
def test_derived_simplified_is_written_for_mainland_readers(hant: str, hans: str) -> None:
    assert derive_text(hant, {}) == hans


def test_glossary_term_differing_from_the_conversion_is_applied() -> None:
    # the regional rewrites make 活化 -> 激活 on their own; the glossary says 启用
    term = convert(GlossaryTerm, {"en": "activate", "zh-Hant": "活化", "zh-Hans": "启用"})
    out = derive_text("每回合活化一位將軍，並拿著標記。", {"activate": term})
    assert out == "每回合启用一位将军，并拿着标记。"


def test_rewrites_never_touch_a_protected_term() -> None:
    # a term whose approved Simplified form keeps a Taiwan-only form on purpose
    term = convert(GlossaryTerm, {"en": "Nest", "zh-Hant": "牠巢", "zh-Hans": "牠巢"})
    assert derive_text("牠巢裡的牠。", {"nest": term}) == "牠巢里的它。"


def test_no_shipped_derived_sheet_keeps_a_taiwan_only_form() -> None:
    from generator.content.loader import find_games
    from generator.text.regional import regional_forms

    content = Path(__file__).parent.parent / "content"
    checked = 0
    for game in find_games(content):
        if not (game / "rules").is_dir():
            continue
        book = load_rulebook(game, IssueCollector())
        sheet = make_sheet(book, "zh-Hans")
        for section in sheet.sections:
            texts = [section.title]
            for b in section.blocks:
                texts += [*b.items, *b.header, *(c for row in b.rows for c in row)]
            for text in texts:
                assert regional_forms(text, "zh-Hans") == [], (game.name, section.id, text)
            checked += 1
    assert checked > 50
