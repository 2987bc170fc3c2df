"""Rule-sheet sources of The Battle of Five Armies: clean, translated, paraphrased, printable."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from pypdf import PdfReader

from generator.pipeline.rules import load_sheets
from generator.pipeline.rules_check import check_rules
from generator.text.chinese import script_only, to_simplified

from .helpers import pnp
from .rulestext import section_text

ROOT = Path(__file__).resolve().parents[1]
GAME_DIR = ROOT / "content" / "five-armies"
_REF = re.compile(r"\[\[([a-z0-9_-]+)\]\]")


def _rules_yaml(name: str) -> dict:
    return yaml.safe_load((GAME_DIR / "rules" / name).read_text("utf-8"))


def _english_section(section_id: str) -> dict:
    return next(s for s in _rules_yaml("en.yaml")["sections"] if s["id"] == section_id)


def test_rule_sources_have_no_errors_and_no_stale_or_missing_translations() -> None:
    assert [str(i) for i in check_rules(GAME_DIR)] == []


def test_two_to_four_short_sections_are_player_aids() -> None:
    aids = [s for s in _rules_yaml("en.yaml")["sections"] if s.get("aid")]
    assert 2 <= len(aids) <= 4, [s["id"] for s in aids]
    for section in aids:
        words = len(re.findall(r"[A-Za-z0-9']+", _REF.sub("x", yaml.safe_dump(section["blocks"]))))
        assert words <= 100, f"aid {section['id']!r} has {words} words"


def test_glossary_simplified_column_is_the_traditional_column_for_mainland_readers() -> None:
    terms = _rules_yaml("glossary.yaml")["terms"]
    differing = {
        tid: (t["zh-Hans"], to_simplified(t["zh-Hant"]))
        for tid, t in terms.items()
        if t["zh-Hans"] not in (script_only(t["zh-Hant"], "zh-Hans"), to_simplified(t["zh-Hant"]))
    }
    assert differing == {}


def test_chinese_sheets_print_every_section_in_chinese() -> None:
    sheets = load_sheets(GAME_DIR, ["zh-Hant", "zh-Hans"])
    for lang, sheet in sheets.items():
        english = [s.id for s in sheet.sections if s.lang != lang]
        assert english == [], f"{lang} falls back to English for {english}"


def test_simplified_sheet_mixes_hand_written_and_derived_sections() -> None:
    sheet = load_sheets(GAME_DIR, ["zh-Hans"])["zh-Hans"]
    assert {"hand", "derived"} <= {s.status for s in sheet.sections}


def test_simplified_sheet_never_prints_the_taiwanese_particle_zhe() -> None:
    # OpenCC's t2s keeps 著 (隔著, 帶著); mainland readers expect 着, so the sources avoid it.
    sheet = load_sheets(GAME_DIR, ["zh-Hans"])["zh-Hans"]
    assert [s.id for s in sheet.sections if "著" in section_text(s)] == []


def test_attacker_needs_six_only_against_fortification_ford_and_slope() -> None:
    table = _english_section("combat-round")["blocks"][0]["table"]
    normal = [row for row in table["rows"] if row[0] == "5+"]
    sixes = [row[1] for row in table["rows"] if row[0] == "6"]
    assert len(normal) == 1 and len(sixes) == 3
    named = sorted(t for cell in sixes for t in _REF.findall(cell) if t != "region")
    assert named == ["ford", "fortification", "slope"]
    assert sum("first round" in cell for cell in sixes) == 2  # ford and slope: first round only


def test_victory_table_scores_three_fortifications_at_four_and_four_settlements_at_two() -> None:
    rows = _english_section("victory")["blocks"][0]["table"]["rows"]
    points = {int(re.match(r"\d+", r[1]).group(0)): _REF.findall(r[0]) for r in rows}
    assert sorted(points) == [2, 4]
    assert sorted(points[4]) == ["east-hill", "front-gate", "ravenhill"]
    assert len(points[2]) == 4
    notes = _rules_yaml("glossary.yaml")["terms"]
    assert all("Fortification" in notes[t]["note"] for t in points[4])
    assert all("Settlement" in notes[t]["note"] for t in points[2])


def test_rule_sheets_build_within_four_a4_pages_in_every_language(tmp_path: Path) -> None:
    result = pnp(
        "rules", "build", "five-armies", "--out", str(tmp_path), "--content", str(ROOT / "content")
    )
    assert result.returncode == 0, result.stderr
    out = tmp_path / "five-armies"
    for lang in ("en", "zh-Hant", "zh-Hans"):
        pages = PdfReader(out / f"rules.{lang}.pdf").pages
        assert 2 <= len(pages) <= 4, f"rules.{lang}.pdf has {len(pages)} pages"
        assert len(PdfReader(out / f"aids.{lang}.pdf").pages) >= 1
