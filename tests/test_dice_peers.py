"""Notation players type in other rollers: compounding, penetrating, counted successes and
failures, roll-under with doubles, opposed rolls. Each form parses, rolls and has exact odds.

The examples are the forms the Roll20 dice reference and Foundry's dice modifiers document
(``2d6!!kh1``, ``5d6!p``, ``10d6cs>4``, ``6d6cf<3``, ``6d6cs>=5df=1``, ``3d6>3f1``); every
expected chance is worked out by hand in the test.
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from generator.companion.dice_roll import roll
from generator.companion.odds import distribution
from generator.companion.rng import seeded
from generator.dice.parse import DiceError, parse

from .helpers import pnp


def odds(text: str, depth: int = 6) -> dict[int, F]:
    return distribution(parse(text), depth=depth).chance


def test_compounding_adds_to_the_same_die() -> None:
    # d6!!: 1..5 as rolled; a 6 rolls again and adds (7..11), 6, 6 adds a third (13..17)
    got = odds("d6!!", depth=2)
    assert all(got[v] == F(1, 6) for v in range(1, 6))
    assert all(got[6 + v] == F(1, 36) for v in range(1, 6))
    assert all(got[12 + v] == F(1, 216) for v in range(1, 6))
    assert 6 not in got and 12 not in got and 18 not in got


def test_compounding_then_keep_has_the_mean_the_other_rollers_give() -> None:
    # one compounded die has mean 3.5 * 6/5 = 4.2; the better of two is 5.80 (a plain
    # explosion read as added dice gives 4.47)
    assert abs(float(distribution(parse("2d6!!kh1"), depth=12).mean) - 5.80) < 0.005
    assert abs(float(distribution(parse("d6!!"), depth=12).mean) - 4.2) < 0.0001


def test_penetrating_dice_count_one_less() -> None:
    # d6!p: a 6 adds a die that counts one less: 6 then 1 is 6, 6 then 5 is 10; 6, 6, r
    # is 6 + 5 + (r - 1)
    got = odds("d6!p", depth=2)
    assert got[5] == F(1, 6)
    assert got[6] == F(1, 36)
    assert got[10] == F(1, 36)
    assert got[11] == F(1, 216) and got[15] == F(1, 216)
    assert 16 not in got


def test_counted_successes_and_failures() -> None:
    # Foundry: 10d6cs>4 counts the 5s and 6s; cs alone counts the highest face
    assert odds("10d6cs>4") == odds("10d6>4")
    assert odds("4d6cs") == odds("4d6=6")
    # 6d6cf<3 counts the 1s and 2s, a binomial of 6 with 1/3
    got = odds("6d6cf<3")
    assert got[0] == F(2, 3) ** 6 and got[6] == F(1, 3) ** 6


def test_failures_take_successes_away() -> None:
    # Foundry 6d6cs>=5df=1 and Roll20 3d6>3f1: each die is +1, -1 or 0
    one = {1: F(1, 3), -1: F(1, 6), 0: F(1, 2)}  # cs>=5 df=1 on one die
    assert odds("1d6cs>=5df=1") == one
    two = odds("2d6cs>=5df=1")
    assert two[2] == F(1, 9) and two[-2] == F(1, 36) and two[0] == 2 * F(1, 3) * F(1, 6) + F(1, 4)
    assert odds("3d6>3f1") == odds("3d6cs>3df1")
    assert float(distribution(parse("3d6>3f1")).mean) == 1.0


def test_roll_under_with_double_successes() -> None:
    # a d20 at or under 12 succeeds; at or under 3 it counts twice
    assert odds("1d20<=12ds<=3") == {0: F(8, 20), 1: F(9, 20), 2: F(3, 20)}
    assert odds("d20cs<=12") == {0: F(8, 20), 1: F(12, 20)}
    # World of Darkness style: 7+ succeeds, a 10 counts twice
    assert distribution(parse("5d10>=7ds10")).mean == F(5, 2)


def test_opposed_rolls_say_who_wins() -> None:
    # two equal sides tie when both show the same total: sum of (ways/36)^2 = 146/1296
    got = odds("2d6 vs 2d6")
    assert got[0] == F(146, 1296)
    assert sum(p for v, p in got.items() if v > 0) == sum(p for v, p in got.items() if v < 0)
    # one die against one: the first wins 15 of 36 times
    assert sum(p for v, p in odds("d6 vs d6").items() if v > 0) == F(15, 36)


def test_pnp_odds_prints_who_wins(data_dir: object) -> None:
    done = pnp("odds", "d6 vs d6")
    assert done.returncode == 0, done.stderr
    assert "The first side (d6) wins: 41.67%" in done.stdout and "A tie: 16.67%" in done.stdout
    data = json.loads(pnp("odds", "d6 vs d6", "--json").stdout)
    assert data["versus"]["tie"] == pytest.approx(1 / 6)
    rolled = pnp("roll", "d6 vs d6", "--seed", "4")
    assert rolled.returncode == 0, rolled.stderr
    assert "wins by" in rolled.stdout or "a tie" in rolled.stdout


NEW_FORMS = [
    "2d6!!kh1",
    "4d6!!>5",
    "5d6!p",
    "10d6cs>4",
    "6d6cf<3",
    "6d6cs>=5df=1",
    "3d6>3f1",
    "5d10>=7ds10",
    "5d20<=12ds<=3",
    "5d6>=5 vs 4d6>=5",
    "4d6!kh3",
]


@pytest.mark.parametrize("text", NEW_FORMS)
def test_roll_and_odds_take_the_same_forms(text: str) -> None:
    # every total rolled is one the odds list, and the roller's mean is near the exact one
    exact = distribution(parse(text), depth=12)
    source = seeded(11)
    totals = [roll(text, source).total for _ in range(800)]
    assert set(totals) <= set(exact.chance)
    spread = max(abs(v - float(exact.mean)) for v in exact.chance) or 1
    assert abs(sum(totals) / len(totals) - float(exact.mean)) < spread * 0.1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("6d6ds6", "expected a success target before ds"),
        ("6d6df1", "expected a success target before df"),
        ("3d6!!h1", "expected a face or a comparison after !! or !p"),
        ("3d6!!<=6", "every face of d6 would explode"),
    ],
)
def test_bad_new_forms_are_located_errors(text: str, said: str) -> None:
    with pytest.raises(DiceError) as caught:
        parse(text)
    assert said in str(caught.value)


def test_penetrating_then_drop_stays_a_drop() -> None:
    # !pl1 was and is: explode, then drop the lowest (a penetrating die never selects by rank)
    assert parse("4d6!pl1").root.ops[0].op == "e"  # type: ignore[union-attr]
    assert parse("4d6!p").root.ops[0].op == "ep"  # type: ignore[union-attr]
