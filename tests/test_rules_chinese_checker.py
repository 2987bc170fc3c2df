"""`pnp rules check --strict` catches what a Chinese reviewer catches, each fault planted once.

Every case writes one faulty sentence into a copy of the clean fixture ``rules_good`` (into the
zh-Hant file, or a hand-written zh-Hans file) and expects the checker to report it at the line
it was planted on; the clean copy reports nothing, so each fault alone makes --strict fail.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.locale import use_language
from generator.pipeline.rules_check import check_rules
from generator.text.regional import regional_forms

from .helpers import pnp

FIXTURES = Path(__file__).parent / "fixtures"
GAME = "rules_good"
SOURCE_HASH = "cce3126fbf56"  # the English `tools` section's, as in the zh-Hant file

# (language, planted sentence, words the warning must contain)
FAULTS = [
    ("zh-Hans", "用程式替你掷骰。", ["'程式' is Taiwan usage", "'程序'"]),
    ("zh-Hans", "先看一段教学影片。", ["'影片' is Taiwan usage", "'视频'"]),
    ("zh-Hans", "卡牌的品质很好。", ["'品质' is Taiwan usage", "'质量'"]),
    ("zh-Hans", "在介面上点一下。", ["'介面' is Taiwan usage", "'界面'"]),
    ("zh-Hans", "连上伺服器再开局。", ["'伺服器' is Taiwan usage", "'服务器'"]),
    ("zh-Hans", "启动一个部队。", ["'启动' is Taiwan usage", "'激活'"]),
    ("zh-Hans", "每回合召募一队。", ["'召募' is Taiwan usage", "'招募'"]),
    ("zh-Hans", "然后运行这张卡。", ["software phrase table", "'执行'"]),
    ("zh-Hans", "依串行出三个地点。", ["software phrase table", "'依序列出'"]),
    ("zh-Hant", "看著屏幕擲骰。", ["'屏幕' is mainland usage", "'螢幕'"]),
    ("zh-Hant", "每人摸牌兩張。", ["'摸牌' is mainland usage", "'抽牌'"]),
    ("zh-Hant", "卡角的圖標代表軍隊。", ["'圖標' is mainland usage", "'圖示'"]),
    ("zh-Hant", "擲骰,再移動。", ["ASCII ','", "'，'"]),
    ("zh-Hant", "擲一顆骰(六面)。", ["ASCII '('", "'（'"]),
    ("zh-Hans", "掷骰;再移动。", ["ASCII ';'", "'；'"]),
    ("zh-Hant", "勝方：second player。", ["English 'second player'"]),
    ("zh-Hans", "行动顺序按nation order决定。", ["English 'nation order'"]),
    ("zh-Hant", "把Fate Track放在中間。", ["English 'Fate Track'", "[[fate-track]]"]),
    ("zh-Hant", "戰鬥中有首領時可重擲。", ["'首領' is a synonym", "[[leader]]"]),
    ("zh-Hans", "每支军隊各掷一次。", ["Traditional character '隊'", "'队'"]),
    # regional words the reviewed lexicon lists
    ("zh-Hans", "先订好计画再掷骰。", ["'计画' is Taiwan usage", "'计划'"]),
    ("zh-Hant", "把反饋寫在卡背。", ["'反饋' is mainland usage", "'回饋'"]),
    ("zh-Hans", "像西洋棋盘那样摆好。", ["'西洋棋盘' is Taiwan usage", "'国际象棋棋盘'"]),
    # words only OpenCC's Taiwan phrase tables know, read in both directions
    ("zh-Hans", "依串行排好三个地点。", ["software phrase table", "'序列'"]),
    ("zh-Hant", "把U盤插上再擲骰。", ["'U盤' is mainland usage", "'隨身碟'"]),
    ("zh-Hans", "用随身碟存好进度。", ["'随身碟' is Taiwan usage", "'U盘'"]),
    ("zh-Hans", "照自订规则掷骰。", ["'自订' is Taiwan usage", "'自定'"]),
    # quotes and separators of another script or region
    ("zh-Hans", '先掷\\"命中\\"骰。', ["ASCII quote", "“”"]),  # \" inside YAML's "..."
    ("zh-Hant", '先擲\\"命中\\"骰。', ["ASCII quote", "「」"]),
    ("zh-Hans", "先掷「命中」骰。", ["'「' is Taiwan usage", "'“'"]),
    ("zh-Hant", "先擲“命中”骰。", ["'“' is mainland usage", "'「'"]),
    ("zh-Hant", "先擲«命中»骰。", ["'«' is not a quote mark of Taiwan text"]),
    ("zh-Hans", "掷骰・移动・攻击。", ["'・' is Taiwan usage", "'·'"]),
]


def _plant(root: Path, lang: str, sentence: str) -> tuple[Path, int]:
    """Write ``sentence`` as the first item of the `tools` section; (file, line) it is on."""
    game = root / GAME
    shutil.copytree(FIXTURES / GAME, game)
    if lang == "zh-Hant":
        path = game / "rules" / "zh-Hant.yaml"
        text = path.read_text(encoding="utf-8")
        old = '          - "[[software]]可以替你擲骰。"'
        assert old in text
        path.write_text(text.replace(old, f'          - "[[software]]{sentence}"'), "utf-8")
        line = text[: text.index(old)].count("\n") + 1
        return path, line
    path = game / "rules" / "zh-Hans.yaml"
    path.write_text(
        "title: 渡口遭遇战　规则摘要\n"
        "sections:\n"
        "  - id: tools\n"
        f"    source_hash: {SOURCE_HASH}\n"
        "    title: 桌边辅助\n"
        "    blocks:\n"
        "      - list:\n"
        f'          - "[[software]]{sentence}"\n'
        '          - "把[[fate-track]]放在双方都拿得到的地方。"\n',
        encoding="utf-8",
    )
    return path, 8


def test_the_clean_fixture_reports_nothing(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / GAME, tmp_path / GAME)
    assert [str(i) for i in check_rules(tmp_path / GAME)] == []


@pytest.mark.parametrize(("lang", "sentence", "words"), FAULTS)
def test_each_planted_fault_is_reported_at_its_line(
    tmp_path: Path, lang: str, sentence: str, words: list[str]
) -> None:
    path, line = _plant(tmp_path, lang, sentence)
    found = [i for i in check_rules(tmp_path / GAME) if i.location.file.endswith(path.name)]
    assert found, f"nothing reported for {sentence!r}"
    assert any(all(w in i.message for w in words) for i in found), [str(i) for i in found]
    assert {i.location.line for i in found} == {line}, [str(i) for i in found]


@pytest.mark.parametrize(
    ("lang", "sentence"), [("zh-Hans", "用程式替你掷骰。"), ("zh-Hant", "擲骰,再移動。")]
)
def test_strict_check_fails_on_a_planted_fault_and_passes_without_it(
    tmp_path: Path, lang: str, sentence: str
) -> None:
    clean = tmp_path / "clean"
    clean.mkdir()
    shutil.copytree(FIXTURES / GAME, clean / GAME)
    assert (
        pnp("rules", "check", GAME, "--content", "clean", "--strict", cwd=tmp_path).returncode == 0
    )
    _plant(tmp_path, lang, sentence)
    result = pnp("rules", "check", GAME, "--content", ".", "--strict", cwd=tmp_path)
    assert result.returncode != 0
    assert "warning" in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("按回合执行行动，资料来源见附录。", "zh-Hans"),
        ("依序列出三个地点，同一直线上两格。", "zh-Hans"),
        ("把卡片貼上去，看著螢幕。", "zh-Hant"),
        ("這本著作很有名。", "zh-Hant"),
        ("这本著作很有名，显著。", "zh-Hans"),
    ],
)
def test_words_right_in_both_regions_are_not_reported(text: str, lang: str) -> None:
    assert regional_forms(text, lang) == []


@pytest.mark.parametrize(
    ("speak", "words"),
    [("zh-Hant", ["臺灣用語", "「程序」"]), ("zh-Hans", ["台湾用语", "“程序”"])],
)
def test_the_checkers_words_come_from_the_catalogues(
    tmp_path: Path, speak: str, words: list[str]
) -> None:
    _plant(tmp_path, "zh-Hans", "用程式替你掷骰。")
    use_language(speak)
    try:
        found = [i.message for i in check_rules(tmp_path / GAME)]
    finally:
        use_language("en")
    assert any(all(w in m for w in words) for m in found), found


SHIPPED = Path(__file__).resolve().parent.parent / "content"


@pytest.mark.parametrize(
    ("game", "written", "planted", "words"),
    [
        # a word no list knows, in place of the glossary's term: found by comparing the
        # text with its English, which uses the term
        ("maquis", "今天有幾名[[patrol]]上街", "今天有幾名巡警上街", ["[[patrol]]", "巡邏兵"]),
        # a synonym on the term's own avoid list
        ("five-armies", "身在[[mountain-pass]]的軍隊", "身在通道的軍隊", ["'通道' is a synonym"]),
    ],
)
def test_a_synonym_in_place_of_a_glossary_term_is_reported_at_its_line(
    tmp_path: Path, game: str, written: str, planted: str, words: list[str]
) -> None:
    shutil.copytree(SHIPPED / game, tmp_path / game)
    path = tmp_path / game / "rules" / "zh-Hant.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(written) == 1
    path.write_text(text.replace(written, planted), encoding="utf-8")
    line = text[: text.index(written)].count("\n") + 1
    found = [i for i in check_rules(tmp_path / game) if i.location.file.endswith("zh-Hant.yaml")]
    assert any(all(w in i.message for w in words) for i in found), [str(i) for i in found]
    assert {i.location.line for i in found} == {line}, [str(i) for i in found]
