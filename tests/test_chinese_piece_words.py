"""`pnp rules check` reads the Chinese words a game's pieces print, not only its rule sheets.

Each case plants one fault in a per-language text of a copy of a shipped game (a card, a
room tile, a table message), written in one script or derived from the other, and expects a
warning naming the fault at the line it was planted on; the clean copy reports nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.pipeline.rules_check import check_rules
from generator.text.chinese import derive

from .helpers import pnp

SHIPPED = Path(__file__).resolve().parent.parent / "content"
GAME = "maquis"
FILE = "rooms.yaml"
WRITTEN = "zh-Hant: 取得 1 份情報。}"  # the informant's action, zh-Hans derived from it

# (text planted in place of WRITTEN, words the warning must contain)
FAULTS = [
    # written in Traditional: a mainland word, ASCII quotes
    ("zh-Hant: 取得 1 份情報，寫下反饋。}", ["'反饋' is mainland usage", "'回饋'"]),
    ('zh-Hant: "取得 1 份\\"情報\\"。"}', ["ASCII quote", "「」"]),
    # written in Simplified beside the Traditional: a Taiwan word, a converter's variant,
    # the other region's quotes
    ("zh-Hant: 取得 1 份情報。, zh-Hans: 取得 1 份情报，照计画用。}", ["'计画' is Taiwan usage"]),
    (
        "zh-Hant: 取得 1 份情報。, zh-Hans: 取得 1 份情报，依串行摆好。}",
        ["software phrase table", "'序列'"],
    ),
    ("zh-Hant: 取得 1 份情報。, zh-Hans: 取得 1 份「情报」。}", ["'「' is Taiwan usage"]),
    ("zh-Hant: 取得 1 份情報。, zh-Hans: 取得 1 个乱数。}", ["'乱数' is Taiwan usage", "'随机数'"]),
    ("zh-Hant: 取得 1 份情報。, zh-Hans: 取得情报・金钱。}", ["'・' is Taiwan usage", "'·'"]),
]


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(SHIPPED / GAME, tmp_path / GAME)
    return tmp_path / GAME


def test_the_shipped_games_pieces_read_clean(tmp_path: Path) -> None:
    game = _copy(tmp_path)
    assert [str(i) for i in check_rules(game) if i.location.file.endswith(FILE)] == []


@pytest.mark.parametrize(("planted", "words"), FAULTS)
def test_a_fault_in_a_pieces_text_is_reported_at_its_line(
    tmp_path: Path, planted: str, words: list[str]
) -> None:
    game = _copy(tmp_path)
    path = game / FILE
    text = path.read_text(encoding="utf-8")
    assert text.count(WRITTEN) == 1
    path.write_text(text.replace(WRITTEN, planted), encoding="utf-8")
    line = text[: text.index(WRITTEN)].count("\n") + 1
    found = [i for i in check_rules(game) if i.location.file.endswith(FILE)]
    assert any(all(w in i.message for w in words) for i in found), [str(i) for i in found]
    assert {i.location.line for i in found} == {line}, [str(i) for i in found]
    assert all(i.severity == "warning" for i in found)


def test_a_regional_word_left_by_derivation_names_the_source_text(tmp_path: Path) -> None:
    """A Traditional text whose Simplified is derived: a word derivation cannot put into
    mainland usage (設定 stays 设定) is reported at the Traditional, as the zh-Hans's."""
    game = _copy(tmp_path)
    path = game / FILE
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(WRITTEN, "zh-Hant: 取得 1 份情報，依設定擺好。}"), "utf-8")
    found = [str(i) for i in check_rules(game) if i.location.file.endswith(FILE)]
    assert any("zh-Hans derived from this zh-Hant text" in m and "'设定'" in m for m in found), (
        found
    )


def test_a_glossary_synonym_on_a_piece_is_reported_where_its_english_names_the_term(
    tmp_path: Path,
) -> None:
    """The glossary says 巡邏兵 for a patrol and lists bare 巡邏 to avoid: a patrol card whose
    English says "patrol" and whose Chinese says 巡邏隊 is reported; the same word where the
    English does not name a patrol is not."""
    game = _copy(tmp_path)
    path = game / "patrols.yaml"
    text = path.read_text(encoding="utf-8")
    written = "zh-Hant: 巡查 1}"
    assert text.count(written) == 1
    path.write_text(text.replace(written, "zh-Hant: 巡邏隊 1}"), encoding="utf-8")
    line = text[: text.index(written)].count("\n") + 1
    found = [i for i in check_rules(game) if i.location.file.endswith("patrols.yaml")]
    assert [i.location.line for i in found] == [line], [str(i) for i in found]
    assert "'巡邏隊' is a synonym of the glossary term [[patrol]] (巡邏兵)" in found[0].message

    rooms = game / FILE
    rooms.write_text(
        rooms.read_text("utf-8").replace(WRITTEN, "zh-Hant: 取得 1 份情報，避開巡邏隊。}"), "utf-8"
    )
    assert [str(i) for i in check_rules(game) if i.location.file.endswith(FILE)] == []


def test_derivation_writes_the_interpunct_for_mainland_readers(tmp_path: Path) -> None:
    """Taiwan text may separate names with ・; the derived Simplified has ·, so a Traditional
    text with ・ leaves no fault in its zh-Hans."""
    game = _copy(tmp_path)
    path = game / FILE
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(WRITTEN, "zh-Hant: 取得 1 份情報・金錢。}"), "utf-8")
    assert [str(i) for i in check_rules(game) if i.location.file.endswith(FILE)] == []
    assert derive("取得情報・金錢", "zh-Hans") == "取得情报·金钱"


def test_strict_rules_check_fails_on_a_pieces_fault(tmp_path: Path) -> None:
    game = _copy(tmp_path)
    assert pnp("rules", "check", GAME, "--content", ".", "--strict", cwd=tmp_path).returncode == 0
    path = game / FILE
    path.write_text(
        path.read_text("utf-8").replace(WRITTEN, "zh-Hant: 取得 1 份情報，寫下反饋。}"), "utf-8"
    )
    result = pnp("rules", "check", GAME, "--content", ".", "--strict", cwd=tmp_path)
    assert result.returncode != 0
    assert "rooms.yaml" in result.stdout + result.stderr
