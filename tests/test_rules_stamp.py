"""`pnp rules stamp`: source hashes written into translation files without disturbing them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.validate import convert
from generator.errors import UsageError
from generator.pipeline.rules_check import check_rules
from generator.rules import stamp_rules
from generator.rules.models import SourceSection
from generator.rules.source import source_hash

FIXTURES = Path(__file__).parent / "fixtures"

UNSTAMPED = """\
# a comment that must survive
title: 過期
sections:
  - id: setup   # trailing comment
    title: 準備
    blocks:
      - p: "每位玩家拿三顆[[action-die]]。"

  - title: 計分
    id: scoring
    blocks:
      - p: "每座城堡一分 :castle:。"
"""


def stale_game(tmp_path: Path) -> Path:
    game = tmp_path / "rules_stale"
    shutil.copytree(FIXTURES / "rules_stale", game)
    return game


def test_hash_covers_title_and_blocks_but_not_yaml_formatting_or_aid_flag() -> None:
    base = {"id": "a", "title": "T", "blocks": [{"p": "x"}]}
    h = source_hash(convert(SourceSection, base))
    assert len(h) == 12 and int(h, 16) >= 0
    assert h == source_hash(convert(SourceSection, {**base, "aid": True}))
    assert h != source_hash(convert(SourceSection, {**base, "title": "T2"}))
    assert h != source_hash(convert(SourceSection, {**base, "blocks": [{"p": "y"}]}))
    assert h != source_hash(convert(SourceSection, {**base, "blocks": [{"callout": "x"}]}))


def test_stamp_inserts_hashes_after_the_id_and_keeps_comments(tmp_path: Path) -> None:
    game = stale_game(tmp_path)
    zh = game / "rules" / "zh-Hant.yaml"
    zh.write_text(UNSTAMPED, encoding="utf-8")
    stamps = stamp_rules(game)
    assert [(s.section, s.old) for s in stamps] == [("setup", None), ("scoring", None)]
    lines = zh.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# a comment that must survive"
    assert lines[3] == "  - id: setup   # trailing comment"
    assert lines[4] == f"    source_hash: {stamps[0].new}"
    assert lines[10] == "    id: scoring"
    assert lines[11] == f"    source_hash: {stamps[1].new}"
    assert len(lines) == len(UNSTAMPED.splitlines()) + 2
    assert [i for i in check_rules(game) if "zh-Hant" in i.message] == []


def test_stamp_replaces_a_stale_hash_in_place_and_is_then_a_no_op(tmp_path: Path) -> None:
    game = stale_game(tmp_path)
    zh = game / "rules" / "zh-Hant.yaml"
    before = zh.read_text(encoding="utf-8").splitlines()
    stamps = stamp_rules(game, ["zh-Hant"])
    assert len(stamps) == 1 and stamps[0].old == "36decbdc1dd3"
    after = zh.read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [("    source_hash: 36decbdc1dd3", f"    source_hash: {stamps[0].new}")]
    assert stamp_rules(game) == []


def test_stamp_refuses_invalid_files(tmp_path: Path) -> None:
    game = tmp_path / "rules_bad_structure"
    shutil.copytree(FIXTURES / "rules_bad_structure", game)
    (game / "rules" / "en.yaml").write_text("title: x\nsections: 3\n", encoding="utf-8")
    before = (game / "rules" / "zh-Hant.yaml").read_bytes()
    with pytest.raises(Exception) as info:
        stamp_rules(game)
    assert "sections" in str(info.value)
    assert (game / "rules" / "zh-Hant.yaml").read_bytes() == before


def test_stamp_explains_flow_style_sections(tmp_path: Path) -> None:
    game = stale_game(tmp_path)
    (game / "rules" / "zh-Hant.yaml").write_text(
        'title: x\nsections:\n  - {id: setup, title: 準備, blocks: [{p: "三顆[[action-die]]"}]}\n',
        encoding="utf-8",
    )
    with pytest.raises(UsageError, match="flow style"):
        stamp_rules(game)
