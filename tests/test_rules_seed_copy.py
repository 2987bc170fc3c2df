"""No printed Chinese rule sheet repeats a run of the seed documents' wording.

Facts carry over from the seeds, sentences do not: a run of twelve Chinese characters that
also stands in a seed document counts as copied. Skipped where the seeds are not beside the
repository (a plain clone).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.pipeline.rules import load_sheets

from .rulestext import han, section_text

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
GAMES = sorted(p.parent.parent.name for p in (ROOT / "content").glob("*/rules/en.yaml"))
SHARED_RUN = 12  # a run this long shared with a seed counts as copying


@pytest.fixture(scope="module")
def seed_texts() -> list[str]:
    files = sorted(SEEDS.glob("*.txt"))
    if not files:
        pytest.skip("the seed documents are not beside the repository")
    return [han(f.read_text(encoding="utf-8")) for f in files]


def test_every_shipped_game_has_rule_sheets() -> None:
    shipped = {"barons-of-fyn", "five-armies", "manoeuvre", "maquis", "pocket-battles", "ragnarok"}
    assert shipped <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_no_printed_chinese_section_repeats_a_seed_run(game: str, seed_texts: list[str]) -> None:
    sheets = load_sheets(ROOT / "content" / game, ["zh-Hant", "zh-Hans"])
    copied: list[tuple[str, str, str]] = []
    for lang, sheet in sheets.items():
        for section in sheet.sections:
            text = han(section_text(section))
            for i in range(len(text) - SHARED_RUN + 1):
                run = text[i : i + SHARED_RUN]
                if any(run in seed for seed in seed_texts):
                    copied.append((lang, section.id, run))
                    break
    assert copied == []
