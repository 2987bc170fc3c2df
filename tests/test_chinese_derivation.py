"""Deriving one Chinese language from the other: characters, reviewed game words, no software
vocabulary, glossary terms protected, in both directions, for rule sheets and printed pieces."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.validate import convert
from generator.errors import IssueCollector
from generator.rules.coverage import Coverage
from generator.rules.models import GlossaryTerm
from generator.rules.sheet import make_sheet
from generator.rules.source import load_rulebook
from generator.text.chinese import to_simplified, to_traditional
from generator.text.localtext import choose

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize(
    ("hant", "hans"),
    [
        ("抽到就執行它。", "抽到就执行它。"),  # tw2sp: 运行
        ("依資料來源；請核對。", "依资料来源；请核对。"),  # tw2sp: 数据源
        ("上面依序列出三個地點。", "上面依序列出三个地点。"),  # tw2sp: 依串行出
        ("讓更多戰士貼上去。", "让更多战士贴上去。"),  # tw2sp: 粘贴去
        ("同一直線上兩格以內。", "同一直线上两格以内。"),  # tw2sp: 同一直在线
        ("翻譯資料中沒有提供。", "翻译资料中没有提供。"),  # tw2sp: 翻译数据
    ],
)
def test_rule_words_are_never_turned_into_software_vocabulary(hant: str, hans: str) -> None:
    assert to_simplified(hant) == hans


@pytest.mark.parametrize(
    ("hant", "hans"),
    [
        ("輪流啟動部隊。", "轮流激活部队。"),
        ("每回合召募一隊。", "每回合招募一队。"),
        ("先手玩家的身分交給對手。", "先手玩家的身份交给对手。"),
        ("卡角的圖示代表軍隊。", "卡角的图标代表军队。"),
        ("能力由攻方先宣告。", "能力由攻方先宣布。"),
        ("奔跑的距離多 10 公分。", "奔跑的距离多 10 厘米。"),
    ],
)
def test_game_words_come_out_as_mainland_players_write_them(hant: str, hans: str) -> None:
    assert to_simplified(hant) == hans


@pytest.mark.parametrize(
    ("hans", "hant"),
    [
        ("每人摸牌两张。", "每人抽牌兩張。"),
        ("卡角的图标代表军队。", "卡角的圖示代表軍隊。"),
        ("轮流激活部队。", "輪流啟動部隊。"),
        ("见“计分”一节。", "見「計分」一節。"),
        ("看着屏幕。", "看著螢幕。"),
        ("奔跑的距离多 10 厘米。", "奔跑的距離多 10 公分。"),
    ],
)
def test_traditional_derived_from_simplified_is_written_for_taiwan_readers(
    hans: str, hant: str
) -> None:
    assert to_traditional(hans) == hant


def test_a_glossary_term_is_kept_as_approved_in_both_directions() -> None:
    term = convert(GlossaryTerm, {"en": "draw", "zh-Hant": "摸牌", "zh-Hans": "摸牌"})
    assert to_traditional("每人摸牌两张。", {"摸牌": term.zh_hant}) == "每人摸牌兩張。"
    assert to_simplified("輪流啟動。", {"啟動": "启动"}) == "轮流启动。"


def test_a_printed_piece_written_in_simplified_prints_taiwan_words_in_traditional() -> None:
    value = {"en": "Draw two cards", "zh-Hans": "摸两张牌，看图标。"}
    assert choose(value, "zh-Hant") == "摸兩張牌，看圖示。"
    assert choose({"zh-Hant": "啟動一個部隊"}, "zh-Hans") == "激活一个部队"


def test_a_section_written_only_in_simplified_prints_derived_in_traditional(
    tmp_path: Path,
) -> None:
    game = tmp_path / "rules_good"
    shutil.copytree(FIXTURES / "rules_good", game)
    hant = game / "rules" / "zh-Hant.yaml"
    text = hant.read_text(encoding="utf-8")
    cut = text.index("  - id: tools")
    end = text.index("  - id: long-text")
    hant.write_text(text[:cut] + text[end:], encoding="utf-8")  # no zh-Hant `tools`
    (game / "rules" / "zh-Hans.yaml").write_text(
        "title: 渡口遭遇战　规则摘要\n"
        "sections:\n"
        "  - id: tools\n"
        "    source_hash: cce3126fbf56\n"
        "    title: 桌边辅助\n"
        "    blocks:\n"
        "      - list:\n"
        '          - "[[software]]能替你摸牌，看“图标”就知道。"\n'
        '          - "把[[fate-track]]放在双方都拿得到的地方。"\n',
        encoding="utf-8",
    )
    book = load_rulebook(game, IssueCollector())
    statuses = {e.section: e.status for e in Coverage(book).entries["zh-Hant"]}
    assert statuses["tools"] == "derived"
    sheet = make_sheet(book, "zh-Hant")
    tools = next(s for s in sheet.sections if s.id == "tools")
    first = tools.blocks[0].items[0]
    assert first.startswith("規則軟體")  # the glossary's Traditional rendering
    assert "抽牌" in first and "「圖示」" in first
    assert tools.title == "桌邊輔助"
