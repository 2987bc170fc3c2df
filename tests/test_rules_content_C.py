"""Rule-sheet sources of Pocket Battles, Manoeuvre and Maquis: clean, translated, paraphrased."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.rules import check_rules
from generator.rules.build import load_sheets
from generator.rules.chinese import to_simplified

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
GAMES = ("pocket-battles", "manoeuvre", "maquis")
SHARED_RUN = 12  # a run this long shared with a seed counts as copying
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _han(text: str) -> str:
    """Only the Chinese characters of ``text``, in Simplified form."""
    return "".join(_HAN.findall(to_simplified(text)))


def _section_text(section) -> str:  # type: ignore[no-untyped-def]
    parts = [section.title]
    for block in section.blocks:
        parts += [*block.items, *block.header, *(c for row in block.rows for c in row)]
    return " ".join(parts)


@pytest.fixture(scope="module")
def seed_texts() -> list[str]:
    files = sorted(SEEDS.glob("*.txt"))
    if not files:
        pytest.skip("the seed documents are not beside the repository")
    return [_han(f.read_text(encoding="utf-8")) for f in files]


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


@pytest.mark.parametrize("game", GAMES)
def test_no_printed_chinese_section_repeats_a_seed_run(game: str, seed_texts: list[str]) -> None:
    sheets = load_sheets(ROOT / "content" / game, ["zh-Hant", "zh-Hans"])
    copied: list[tuple[str, str, str]] = []
    for lang, sheet in sheets.items():
        for section in sheet.sections:
            han = _han(_section_text(section))
            for i in range(len(han) - SHARED_RUN + 1):
                run = han[i : i + SHARED_RUN]
                if any(run in seed for seed in seed_texts):
                    copied.append((lang, section.id, run))
                    break
    assert copied == []
