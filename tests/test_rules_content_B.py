"""Rule-sheet sources of The Barons of Fyn and Rag'narok: clean, translated, paraphrased, printable."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.rules import check_rules
from generator.rules.build import load_sheets
from generator.rules.chinese import to_simplified

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
GAMES = ("barons-of-fyn", "ragnarok")
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


def _english(game: str) -> dict:
    return yaml.safe_load((ROOT / "content" / game / "rules" / "en.yaml").read_text("utf-8"))


def _section(doc: dict, section_id: str) -> dict:
    return next(s for s in doc["sections"] if s["id"] == section_id)


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
    with_gongfen = [s.id for s in sheet.sections if "公分" in _section_text(s)]
    with_limi = [s.id for s in sheet.sections if "厘米" in _section_text(s)]
    assert with_gongfen == []
    assert with_limi  # distances are printed at all


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
    done = subprocess.run(
        [sys.executable, "-m", "generator.cli", "rules", "build", game, "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    for lang in ("en", "zh-Hant", "zh-Hans"):
        pages = len(PdfReader(str(tmp_path / game / f"rules.{lang}.pdf")).pages)
        assert 2 <= pages <= 4, f"rules.{lang}.pdf has {pages} pages"
        aids = len(PdfReader(str(tmp_path / game / f"aids.{lang}.pdf")).pages)
        assert aids == 1, f"aids.{lang}.pdf has {aids} pages"
