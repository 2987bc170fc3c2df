"""``pnp odds``: the exact distribution of rolls and draws, checked against odds worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from generator.companion.odds import distribution
from generator.dice.parse import parse

from .helpers import pnp


def odds_of(text: str, depth: int = 6) -> dict[int, F]:
    return distribution(parse(text), depth=depth).chance


def test_two_d6_is_the_triangle_by_hand() -> None:
    # 36 equally likely pairs; a total t from 2 to 12 comes in 6 - |t - 7| of them
    assert odds_of("2d6") == {t: F(6 - abs(t - 7), 36) for t in range(2, 13)}


def test_keep_highest_three_of_four_d6_by_hand() -> None:
    got = odds_of("4d6kh3")
    # 18 needs three 6s among the four dice: 6666 (1) or three 6s and one other (4 * 5) = 21
    assert got[18] == F(21, 1296)
    # 3 needs all four dice at 1
    assert got[3] == F(1, 1296)
    assert sum(got.values()) == 1
    assert distribution(parse("4d6kh3")).mean == F(15869, 1296)


def test_success_counts_are_binomial() -> None:
    # each die meets >=5 with chance 1/3
    assert odds_of("3d6>=5") == {0: F(8, 27), 1: F(12, 27), 2: F(6, 27), 3: F(1, 27)}


def test_rerolling_failures_once_by_hand() -> None:
    # 1d6>=5r1: a failure (2/3) is rolled again once: success 1/3 + 2/3 * 1/3 = 5/9
    assert odds_of("1d6>=5r1") == {0: F(4, 9), 1: F(5, 9)}
    # 2d6>=5r1: only one of two failures is re-rolled
    got = odds_of("2d6>=5r1")
    # no success: both fail (4/9) and the re-rolled one fails again (2/3)
    assert got[0] == F(4, 9) * F(2, 3)
    assert sum(got.values()) == 1


def test_reroll_until_not_one_is_uniform_on_the_rest() -> None:
    # re-rolled until a 1 no longer shows: each other face a fifth, exactly, at any depth
    for depth in (0, 6):
        odds = distribution(parse("d6rr1"), depth=depth)
        assert odds.chance == {face: F(1, 5) for face in range(2, 7)}
        assert odds.left_out == 0


def test_explosions_are_followed_to_the_depth_and_the_rest_is_told() -> None:
    odds = distribution(parse("d6!"), depth=2)
    # 1..5: 1/6 each; 6 then 1..5: 1/36 each; 6, 6 then 1..5: 1/216; deeper: 1/216 left out
    assert odds.chance[5] == F(1, 6)
    assert odds.chance[7] == F(1, 36)
    assert odds.chance[13] == F(1, 216)
    assert 19 not in odds.chance
    assert odds.left_out == F(1, 216)


def test_icon_scores_count_the_matching_entries() -> None:
    # a melee row 33445: a 3 or a 4 scores two, a 5 one, 1, 2 and 6 nothing
    assert odds_of("1d6@33445") == {0: F(1, 2), 1: F(1, 6), 2: F(1, 3)}
    two = odds_of("2d6@33445")
    assert two[4] == F(1, 9) and two[0] == F(1, 4)


def test_sets_arithmetic_and_comparisons() -> None:
    # d20+5 >= 15: the die shows 10 or more, 11 faces of 20
    assert odds_of("d20+5>=15") == {0: F(9, 20), 1: F(11, 20)}
    # the better of d4 and d4: P(max <= k) = (k/4)^2
    got = odds_of("(1d4,1d4)kh1")
    assert got == {k: F(k * k - (k - 1) ** 2, 16) for k in range(1, 5)}
    assert odds_of("4dF")[0] == F(19, 81)


def test_odds_agree_with_many_rolls_of_the_same_roller() -> None:
    from generator.companion.dice_roll import roll
    from generator.companion.rng import seeded

    exact = distribution(parse("3d6kh2ro1")).chance
    source = seeded(5)
    n = 6000
    seen: dict[int, int] = {}
    for _ in range(n):
        total = roll("3d6kh2ro1", source).total
        seen[total] = seen.get(total, 0) + 1
    assert set(seen) <= set(exact)
    for total, p in exact.items():
        assert abs(seen.get(total, 0) / n - float(p)) < 0.03


def test_cli_table_histogram_mean_and_at_least(data_dir: Path) -> None:
    done = pnp("odds", "2d6", "--at-least", "10")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Exact odds of 2d6"
    seven = next(line for line in lines if line.split()[:1] == ["7"])
    assert "16.67%" in seven and "58.33%" in seven and "█" * 30 in seven
    assert "Mean: 7.00" in done.stdout
    assert "Chance of at least 10: 16.67%" in done.stdout
    data = json.loads(pnp("odds", "2d6", "--at-least", "10", "--json").stdout)
    assert data["at_least"]["chance"] == pytest.approx(6 / 36)
    assert [r["exact"] for r in data["rows"]][:2] == ["1/36", "1/18"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("zh-Hant", ["的精確機率", "平均：7.00", "至少 10 的機率"]),
        ("zh-Hans", ["的精确概率", "平均：7.00", "至少 10 的概率"]),
    ],
)
def test_cli_speaks_chinese(data_dir: Path, lang: str, words: list[str]) -> None:
    done = pnp("odds", "2d6", "--at-least", "10", "--lang", lang)
    assert done.returncode == 0, done.stderr
    for word in words:
        assert word in done.stdout


def test_a_games_named_roll_with_its_options(data_dir: Path) -> None:
    done = pnp("odds", "pocket-battles:melee", "--icons", "33445", "--dice", "2", "--json")
    data = json.loads(done.stdout)
    chances = {r["total"]: r["exact"] for r in data["rows"]}
    # 2d6@33445: no score needs both dice on 1, 2 or 6: (1/2)^2
    assert chances[0] == "1/4"
    assert chances[4] == "1/9"  # both dice on 3 or 4: (1/3)^2


def test_labelled_dice_tell_how_many_show_each_face(data_dir: Path) -> None:
    done = pnp("odds", "2d[five-armies:free-peoples-action]", "--json")
    assert done.returncode == 0, done.stderr
    faces = json.loads(done.stdout)["faces"]
    # the character face is on 2 of 6 faces: none on two dice (2/3)^2 = 4/9
    assert faces["character-die"]["0"] == pytest.approx(4 / 9)
    assert faces["character-die"]["2"] == pytest.approx(1 / 9)


def test_a_bag_from_the_open_session(data_dir: Path) -> None:
    assert pnp("session", "new", "five-armies", "--seed", "3").returncode == 0
    fresh = json.loads(pnp("odds", "five-armies:fate", "--json").stdout)
    assert pnp("turn", "next").returncode == pnp("turn", "next").returncode == 0  # the fate phase
    assert pnp("fate", "draw", "--generals", "2").returncode == 0
    after = json.loads(pnp("odds", "five-armies:fate", "--json").stdout)
    left = json.loads(pnp("fate", "odds", "--json").stdout)
    assert after["tiles"] == left["tiles"] == fresh["tiles"] - 1
    # each advance as often as the tiles left carry it, over the tiles left
    assert {str(r["total"]): r["exact"] for r in after["rows"]} == {
        v: str(F(c, left["tiles"])) for v, c in left["counts"].items()
    }


def test_odds_inside_pnp_play_take_bare_roll_names(data_dir: Path) -> None:
    done = pnp("play", "pocket-battles", input="odds shoot --icons 66\nquit\n")
    assert "Exact odds of shooting (1d6@66)" in done.stdout
    # a row 66 scores two on a 6 (1/6) and nothing otherwise (5/6)
    rows = {line.split()[0]: line.split()[1] for line in done.stdout.splitlines()[3:5]}
    assert rows == {"0": "83.33%", "2": "16.67%"}


def test_too_many_outcomes_is_a_located_error(data_dir: Path) -> None:
    done = pnp("odds", "2d6+99d10000")
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "too many outcomes to work out exactly: 99d10000 would take" in done.stderr
    assert "(column 5)" in done.stderr


def test_a_number_decks_next_number_by_hand(data_dir: Path) -> None:
    # every Barons of Fyn card carries numbers 1..10 at each position, evenly: a tenth each
    data = json.loads(pnp("odds", "barons-of-fyn:fyn", "--position", "2", "--json").stdout)
    assert {r["total"] for r in data["rows"]} == set(range(1, 11))
    assert sum(F(r["exact"]) for r in data["rows"]) == 1


def test_a_decks_next_card_from_what_is_left(data_dir: Path) -> None:
    # ten patrol cards; after three are drawn each of the seven left is a seventh
    assert pnp("session", "new", "maquis", "--seed", "2").returncode == 0
    for _ in range(3):
        assert pnp("deck", "draw", "patrol").returncode == 0
    data = json.loads(pnp("odds", "maquis:patrol", "--json").stdout)
    assert data["unseen"] == 7 and len(data["cards"]) == 7
    assert all(c["chance"] == pytest.approx(1 / 7) for c in data["cards"])
    zh = pnp("odds", "maquis:patrol", "--lang", "zh-Hans").stdout
    assert "的下一张牌（尚未见过的牌 7 张）" in zh


def test_a_secret_hand_is_counted_as_unseen(data_dir: Path) -> None:
    assert pnp("session", "new", "manoeuvre", "--seed", "2").returncode == 0
    assert pnp("deck", "draw", "france", "--player", "Ann", "--count", "5").returncode == 0
    data = json.loads(pnp("odds", "manoeuvre:france", "--json").stdout)
    assert data["unseen"] == 60  # the hand's 5 still count: the odds tell nothing of it


def test_too_many_outcomes_is_refused_before_filling_the_memory(data_dir: Path) -> None:
    # an explosion before keep-highest is played out way by way: they are counted, not made
    import resource
    import subprocess
    import sys

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))

    done = subprocess.run(
        [sys.executable, "-m", "generator.cli", "odds", "300d6!kh3"],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert "too many outcomes to work out exactly" in done.stderr
    assert "MemoryError" not in done.stderr
