"""Rule-sheet sources of The Barons of Fyn and Rag'narok: clean, translated, paraphrased, printable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.pipeline.rules import load_sheets
from generator.pipeline.rules_check import check_rules

from .helpers import pnp
from .rulestext import section_text

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("barons-of-fyn", "ragnarok")


def _english(game: str) -> dict:
    return yaml.safe_load((ROOT / "content" / game / "rules" / "en.yaml").read_text("utf-8"))


def _section(doc: dict, section_id: str) -> dict:
    return next(s for s in doc["sections"] if s["id"] == section_id)


@pytest.mark.parametrize("game", GAMES)
def test_rule_sources_have_no_errors_and_no_stale_or_missing_translations(game: str) -> None:
    issues = check_rules(ROOT / "content" / game)
    assert [str(i) for i in issues] == []


@pytest.mark.parametrize("game", GAMES)
def test_two_to_four_short_sections_are_player_aids(game: str) -> None:
    aids = [s for s in _english(game)["sections"] if s.get("aid")]
    assert 2 <= len(aids) <= 4, [s["id"] for s in aids]
    for section in aids:
        words = len(re.findall(r"[A-Za-z0-9']+", yaml.safe_dump(section["blocks"])))
        assert words <= 110, f"aid {section['id']!r} has {words} words"


@pytest.mark.parametrize("game", GAMES)
def test_chinese_sheets_print_every_section_in_chinese(game: str) -> None:
    sheets = load_sheets(ROOT / "content" / game, ["zh-Hant", "zh-Hans"])
    for lang, sheet in sheets.items():
        english = [s.id for s in sheet.sections if s.lang != lang]
        assert english == [], f"{lang} falls back to English for {english}"


@pytest.mark.parametrize("game", GAMES)
def test_simplified_sheet_mixes_hand_written_and_derived_sections(game: str) -> None:
    sheet = load_sheets(ROOT / "content" / game, ["zh-Hans"])["zh-Hans"]
    assert {"hand", "derived"} <= {s.status for s in sheet.sections}


def test_ragnarok_simplified_sheet_measures_in_limi_never_gongfen() -> None:
    sheet = load_sheets(ROOT / "content" / "ragnarok", ["zh-Hans"])["zh-Hans"]
    with_gongfen = [s.id for s in sheet.sections if "公分" in section_text(s)]
    with_limi = [s.id for s in sheet.sections if "厘米" in section_text(s)]
    assert with_gongfen == []
    assert with_limi  # distances are printed at all


def test_barons_hit_table_is_five_plus_difference_with_one_and_ten_fixed() -> None:
    table = _section(_english("barons-of-fyn"), "combat-details")["blocks"][0]["table"]
    seen = []
    for diff_cell, hit_cell in table["rows"]:
        diff = int(re.match(r"[+−-]?\d+", diff_cell).group(0).replace("−", "-"))
        hit = int(re.match(r"\d+", hit_cell).group(0))
        assert hit == min(max(5 + diff, 1), 9), (diff_cell, hit_cell)
        seen.append(diff)
    assert seen == sorted(seen) and seen[0] <= -4 and seen[-1] >= 4


def test_barons_hand_limit_table_gives_the_source_modifiers() -> None:
    table = _section(_english("barons-of-fyn"), "hand-limit")["blocks"][1]["table"]
    modifiers = {re.search(r"\[\[([a-z-]+)\]\]", row[0]).group(1): row[1] for row in table["rows"]}
    assert modifiers == {"capital": "5", "city": "+2", "town": "+1", "village": "+0"}


def test_ragnarok_range_bands_step_every_ten_centimetres() -> None:
    blocks = _section(_english("ragnarok"), "ranged-attack")["blocks"]
    table = next(b["table"] for b in blocks if "table" in b)
    bands = [(re.findall(r"\d+", d), b) for d, b in table["rows"][:-1]]
    for n, (numbers, band) in enumerate(bands):
        assert int(band) == n
        assert int(numbers[0]) == (10 if n == 0 else 10 * n)


@pytest.mark.parametrize("game", GAMES)
def test_built_rule_sheets_fill_two_to_four_a4_pages_and_one_aid_page(
    game: str, tmp_path: Path
) -> None:
    done = pnp("rules", "build", game, "--out", str(tmp_path), cwd=ROOT)
    assert done.returncode == 0, done.stderr
    for lang in ("en", "zh-Hant", "zh-Hans"):
        pages = len(PdfReader(str(tmp_path / game / f"rules.{lang}.pdf")).pages)
        assert 2 <= pages <= 4, f"rules.{lang}.pdf has {pages} pages"
        aids = len(PdfReader(str(tmp_path / game / f"aids.{lang}.pdf")).pages)
        assert aids == 1, f"aids.{lang}.pdf has {aids} pages"
