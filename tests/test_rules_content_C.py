"""Rule-sheet sources of Pocket Battles, Manoeuvre and Maquis: clean, translated, paraphrased."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.pipeline.rules import load_sheets
from generator.pipeline.rules_check import check_rules

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("pocket-battles", "manoeuvre", "maquis")


@pytest.mark.parametrize("game", GAMES)
def test_rule_sources_have_no_errors_and_no_stale_or_missing_translations(game: str) -> None:
    issues = check_rules(ROOT / "content" / game)
    assert [str(i) for i in issues] == []


@pytest.mark.parametrize("game", GAMES)
def test_two_to_four_sections_are_player_aids(game: str) -> None:
    source = yaml.safe_load((ROOT / "content" / game / "rules" / "en.yaml").read_text("utf-8"))
    aids = [s["id"] for s in source["sections"] if s.get("aid")]
    assert 2 <= len(aids) <= 4, aids


@pytest.mark.parametrize("game", GAMES)
def test_chinese_sheets_print_every_section_in_chinese(game: str) -> None:
    sheets = load_sheets(ROOT / "content" / game, ["zh-Hant", "zh-Hans"])
    for lang, sheet in sheets.items():
        english = [s.id for s in sheet.sections if s.lang != lang]
        assert english == [], f"{lang} falls back to English for {english}"


@pytest.mark.parametrize("game", ("manoeuvre", "maquis"))
def test_simplified_sheet_mixes_hand_written_and_derived_sections(game: str) -> None:
    sheet = load_sheets(ROOT / "content" / game, ["zh-Hans"])["zh-Hans"]
    statuses = {s.status for s in sheet.sections}
    assert {"hand", "derived"} <= statuses
