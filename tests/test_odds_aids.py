"""The exact odds of each game's named rolls on its player aid, in three languages, and the rule
check that warns when a rule text states a chance the dice do not give.

Every expected percentage is worked out here by hand (binomials), apart from the engine.
"""

from __future__ import annotations

import shutil
from fractions import Fraction as F
from math import comb
from pathlib import Path

import pypdf
import pytest

from generator.pipeline.rules_check import check_rules
from generator.rules.odds_aid import pct

from .helpers import ROOT, pnp

FIXTURES = Path(__file__).parent / "fixtures"


def at_least(n: int, p: F, k: int) -> F:
    """The chance of at least ``k`` successes in ``n`` tries of chance ``p``."""
    return sum((comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)), F(0))


def reroll_once(n: int, p: F, k: int) -> F:
    """At least ``k`` successes when every miss of ``n`` dice is rolled once more."""
    q = p + (1 - p) * p  # each die: a hit, or a miss then a hit
    return at_least(n, q, k)


def row(*cells: F) -> str:
    return " ".join(pct(c) for c in cells)


HALF, THIRD = F(1, 2), F(1, 3)
# game: (title of the first odds card per language, a row of its table as the PDF prints it)
EXPECTED = {
    # seed 000 chapter 10: five dice hitting on 5+, no leader re-roll
    "five-armies": (
        {
            "en": "Odds: Combat roll with leader re-roll",
            "zh-Hant": "機率：戰鬥擲骰與領導力重擲",
            "zh-Hans": "概率：战斗掷骰与领导力重掷",
        },
        "5 " + row(*(at_least(5, THIRD, k) for k in range(1, 6))),
    ),
    # the Eagles: three dice on 4+, each miss rolled once more
    "five-armies-eagles": (
        {"en": "Odds: Eagle attack", "zh-Hant": "機率：巨鷹攻擊", "zh-Hans": "概率：巨鹰攻击"},
        row(*(reroll_once(3, HALF, k) for k in range(1, 4))),
    ),
    # seed 003: a charge's two dice on the row 33445: a 3 or 4 scores 2, a 5 scores 1
    "pocket-battles": (
        {"en": "Odds: melee", "zh-Hant": "機率：近戰", "zh-Hans": "概率：近战"},
        "33445 " + row(F(3, 4), F(7, 12), F(2, 9)),
    ),
    # seed 004 section 1.2: the d10 reads 0 as 10, so at least 10 is a tenth
    "manoeuvre": (
        {"en": "Odds: d10", "zh-Hant": "機率：d10", "zh-Hans": "概率：d10"},
        row(F(9, 10), F(7, 10), F(5, 10), F(3, 10), F(1, 10)),
    ),
    # seed 001: three attack dice read each on its own, a hit on 4 or more
    "ragnarok": (
        {
            "en": "Odds: hand-to-hand attack test",
            "zh-Hant": "機率：近戰攻擊測試",
            "zh-Hans": "概率：近战攻击测试",
        },
        "4 " + row(*(at_least(3, HALF, k) for k in range(1, 4))),
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("aids")
    for game in ("five-armies", "pocket-battles", "manoeuvre", "ragnarok"):
        done = pnp("rules", "build", str(ROOT / "content" / game), "--out", str(out))
        assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("case", sorted(EXPECTED))
@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_each_game_with_named_rolls_prints_their_odds_on_its_aid(
    built: Path, case: str, lang: str
) -> None:
    titles, expected_row = EXPECTED[case]
    game = case.removesuffix("-eagles")
    reader = pypdf.PdfReader(built / game / f"aids.{lang}.pdf")
    text = "\n".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert titles[lang] in text
    assert expected_row in text


def test_a_roll_without_aid_adds_no_card(built: Path) -> None:
    # ragnarok's scatter roll has no aid table; its direction is not on the cards
    reader = pypdf.PdfReader(built / "ragnarok" / "aids.en.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Odds: scatter" not in text


def _game_with(tmp_path: Path, sentence: str) -> Path:
    dest = tmp_path / "rules_good"
    shutil.copytree(FIXTURES / "rules_good", dest)
    en = dest / "rules" / "en.yaml"
    text = en.read_text(encoding="utf-8")
    marker = '      - callout: "A [[leader]] in the battle lets the owner reroll one die."'
    assert marker in text
    en.write_text(text.replace(marker, marker + f'\n      - p: "{sentence}"'), encoding="utf-8")
    return dest


def test_rules_check_warns_when_a_stated_chance_is_wrong(tmp_path: Path) -> None:
    # two dice on 5+ hit at least once with 1 - (2/3)^2 = 5/9, not one half
    game = _game_with(tmp_path, "Rolling 2d6>=5 hits at least once 50% of the time.")
    found = [i for i in check_rules(game) if "states 50% for 2d6>=5" in i.message]
    assert len(found) == 1
    assert found[0].severity == "warning"
    assert "55.6% (5/9)" in found[0].message
    lines = (game / "rules" / "en.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, t in enumerate(lines, 1) if "Rolling 2d6>=5" in t)
    assert found[0].location.file.endswith("en.yaml") and found[0].location.line == line
    assert found[0].key == "sections[1].blocks[3].p"


@pytest.mark.parametrize(
    "sentence",
    [
        "Rolling 2d6>=5 hits at least once 56% of the time.",
        "One die on 1d6>=5 is a 1 in 3 chance.",
        "A (2d6)>=7 roll succeeds 58.3% of the time.",
        "A plain 1d6 shows a six 1 in 6 times.",  # a sum: not read as a chance
    ],
)
def test_rules_check_accepts_a_right_chance(tmp_path: Path, sentence: str) -> None:
    game = _game_with(tmp_path, sentence)
    assert not [i for i in check_rules(game) if "the chance of at least one" in i.message]


def test_an_aid_naming_no_option_of_its_roll_is_a_located_error(tmp_path: Path) -> None:
    game = tmp_path / "five-armies"
    shutil.copytree(ROOT / "content" / "five-armies", game)
    table = game / "table.yaml"
    text = table.read_text(encoding="utf-8")
    assert "aid: {rows: strength," in text
    table.write_text(text.replace("aid: {rows: strength,", "aid: {rows: strenght,"), "utf-8")
    done = pnp("check", str(game))
    assert done.returncode == 1
    assert "rolls.combat.aid" in done.stdout + done.stderr
    assert "no option 'strenght' in this roll" in done.stdout + done.stderr
