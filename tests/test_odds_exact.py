"""The odds engine against independent exact computations: icepool, and every roll played out.

Large pools are checked against icepool (a separate exact engine, fraction for fraction); small
pools with every operator are checked against a brute force that feeds every sequence of faces
to the table's own roller, so the odds and the rolls cannot disagree.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction as F
from itertools import product
from math import prod

import icepool
import pytest
from icepool import Die, Pool, d4, d6, d8, d10, d12, d20

from generator.companion.dice_ops import Roller
from generator.companion.odds import distribution
from generator.dice.odds import exact
from generator.dice.parse import parse


def ours(text: str, depth: int = 6) -> dict[int, F]:
    return distribution(parse(text), depth=depth).chance


def theirs(die: icepool.Die) -> dict[int, F]:
    total = die.denominator()
    return {int(o): F(q, total) for o, q in die.items() if q}


def success(target: int) -> icepool.Die:
    return d6.map(lambda v: int(v >= target))


ICEPOOL: list[tuple[str, Callable[[], icepool.Die]]] = [
    ("2d6", lambda: 2 @ d6),
    ("100d6", lambda: 100 @ d6),
    ("50dF", lambda: 50 @ Die([-1, 0, 1])),
    ("4d6kh3", lambda: d6.highest(4, 3)),
    ("4d6dl1", lambda: d6.highest(4, 3)),
    ("30d6kh3", lambda: d6.highest(30, 3)),
    ("300d6kh3", lambda: d6.highest(300, 3)),
    ("10d6kl2", lambda: d6.lowest(10, 2)),
    ("8d10kh4kl1", lambda: d10.pool(8)[1, 0, 0, 0, 1, 1, 1, 1].sum()),  # lowest first
    ("5d8dh1dl1", lambda: d8.pool(5)[0, 1, 1, 1, 0].sum()),
    (
        "5d8kh3kl1",
        lambda: d8.pool(5)[1, 0, 1, 1, 1].sum(),
    ),  # k merges: the highest 3 and the lowest
    ("(10d6)kh3+(10d6)kh3", lambda: 2 @ d6.highest(10, 3)),
    ("(" + ",".join(["d6"] * 20) + ")kh3", lambda: d6.highest(20, 3)),
    ("(d6,d8,d10,d12)kh2", lambda: Pool([d6, d8, d10, d12]).highest(2).sum()),
    ("(2d6,d12)kl1", lambda: Pool([2 @ d6, d12]).lowest(1).sum()),
    ("(d4,d6,d8)p>5", lambda: Pool([d4, d6, d8]).keep_outcomes(lambda v: v <= 5).sum()),
    ("4d6rr1kh3", lambda: d6.reroll([1], depth="inf").highest(4, 3)),
    ("4d6ro1", lambda: 4 @ d6.reroll([1], depth=1)),
    ("3d6mi2ma5", lambda: 3 @ d6.map(lambda v: min(max(v, 2), 5))),
    ("6d6>=5", lambda: 6 @ success(5)),
    ("200d6>=6", lambda: 200 @ success(6)),
    (
        "20d6>=5r2",
        lambda: (
            d6.reroll_to_pool(20, [1, 2, 3, 4], max_rerolls=2)
            .keep_outcomes(lambda v: v >= 5)
            .size()
        ),
    ),
    (
        "6d6>=5r6",
        lambda: (
            d6.reroll_to_pool(6, [1, 2, 3, 4], max_rerolls=6).keep_outcomes(lambda v: v >= 5).size()
        ),
    ),
    (  # more re-rolls than dice: every miss is rolled again
        "5d6>=5r9",
        lambda: (
            d6.reroll_to_pool(5, [1, 2, 3, 4], max_rerolls=9).keep_outcomes(lambda v: v >= 5).size()
        ),
    ),
    ("3d6@33445", lambda: 3 @ d6.map(lambda v: "33445".count(str(v)))),
    ("d20+5>=15", lambda: (d20 + 5 >= 15).map(lambda b: int(b))),
    ("d20-2*d6", lambda: d20 - 2 * d6),
    ("2d6//2", lambda: (2 @ d6) // 2),
    ("d100%7", lambda: icepool.d100 % 7),
    ("3d20kl1+d4", lambda: d20.lowest(3, 1) + d4),
    ("(6d12kh2)<=20", lambda: (d12.highest(6, 2) <= 20).map(lambda b: int(b))),
    # a target straight after the dice counts the kept dice that meet it
    ("6d12kh2<=5", lambda: d12.pool(6).highest(2).keep_outcomes(lambda v: v <= 5).size()),
]


@pytest.mark.parametrize(("text", "make"), ICEPOOL, ids=[t for t, _ in ICEPOOL])
def test_the_engine_agrees_with_icepool(text: str, make: Callable[[], icepool.Die]) -> None:
    assert ours(text) == theirs(make())


def test_a_games_own_die_by_its_faces() -> None:
    faces = (0, 0, 1, 1, 2, 5)
    got = exact(parse("7d[banner]kh2"), lambda name: faces if name == "banner" else None)
    assert got.chance == theirs(Die(faces).highest(7, 2))


# ---------------------------------------------------------------- every roll played out


class _Need(Exception):
    pass


class _Fed:
    def __init__(self, faces: list[int]) -> None:
        self.faces, self.at = faces, 0

    def below(self, n: int) -> int:
        if self.at == len(self.faces):
            raise _Need(n)
        self.at += 1
        return self.faces[self.at - 1]


def played(text: str, extra: int) -> tuple[dict[int, F], F]:
    """Every sequence of faces fed to the roller, at most ``extra`` faces past the dice."""
    expr = parse(text)
    found: dict[int, F] = {}
    left_out = F(0)
    stack: list[tuple[list[int], F]] = [([], F(1))]
    while stack:
        faces, p = stack.pop()
        try:
            total = Roller(expr, _Fed(faces), None).run().total
        except _Need as need:
            if len(faces) >= expr.dice_count + extra:
                left_out += p
                continue
            stack.extend((faces + [i], p / need.args[0]) for i in range(need.args[0]))
            continue
        found[total] = found.get(total, F(0)) + p
    return found, left_out


# expression, extra faces the brute force follows (enough that nothing is left out)
PLAYED = [
    ("3d6kh2ro1", 3),
    ("3d4p1", 0),
    ("4d4k>2", 0),
    ("2d6>=5r1", 1),
    ("3d4>=3r2", 2),
    ("(2d4,d6)kh1", 0),
    ("3d4kh2kh1", 0),
    ("(3d4)kh2+d4", 0),
    ("((2d4))kl1", 0),
    ("2d6ra6", 1),
    ("3d4rr<2kh2", 9),
    ("d6rr1", 9),
    ("2d6mi3", 0),
    ("2d4k1k2k3", 0),
    ("3d4kl2>=2", 0),
    ("4d4kh2@1234", 0),
]


@pytest.mark.parametrize(("text", "extra"), PLAYED, ids=[t for t, _ in PLAYED])
def test_the_engine_agrees_with_every_roll_played_out(text: str, extra: int) -> None:
    want, left_out = played(text, extra)
    got = ours(text)
    if left_out:  # re-rolled until a face is left: the engine's answer is the limit
        assert set(got) == set(want)
        assert all(abs(got[v] - want[v]) <= left_out for v in got)
    else:
        assert got == want


def chains(sides: int, boom: set[int], depth: int) -> list[tuple[tuple[int, ...], F]]:
    """Every chain one exploding die can make with at most ``depth`` more dice, by hand."""
    out = []
    stack: list[tuple[tuple[int, ...], F]] = [((), F(1))]
    while stack:
        dice, p = stack.pop()
        for v in range(1, sides + 1):
            seq = (*dice, v)
            if v not in boom:
                out.append((seq, p / sides))
            elif len(seq) <= depth:
                stack.append((seq, p / sides))
    return out


def exploded_by_hand(
    n: int, sides: int, boom: set[int], depth: int, keep: tuple[str, int] | None
) -> dict[int, F]:
    """Every pool of ``n`` chains: all their dice sorted, the kept ones summed."""
    one = chains(sides, boom, depth)
    out: dict[int, F] = {}
    for picks in product(one, repeat=n):
        pool = sorted((v for dice, _ in picks for v in dice), reverse=True)
        p = prod((q for _, q in picks), start=F(1))
        if keep is not None:
            pool = pool[: keep[1]] if keep[0] == "h" else pool[::-1][: keep[1]]
        out[sum(pool)] = out.get(sum(pool), F(0)) + p
    return out


EXPLODING = [
    ("d6!", 1, 6, {6}, None),
    ("2d4!", 2, 4, {4}, None),
    ("3d4!>3", 3, 4, {4}, None),
    ("2d4e>=3", 2, 4, {3, 4}, None),
    ("2d6!kh1", 2, 6, {6}, ("h", 1)),
    ("3d4!kh2", 3, 4, {4}, ("h", 2)),
    ("3d4!kl2", 3, 4, {4}, ("l", 2)),
    ("2d4!>2kh1", 2, 4, {3, 4}, ("h", 1)),
    ("3d4!dl1", 3, 4, {4}, ("h", 100)),  # drops the lowest: placed below as ranks
]


@pytest.mark.parametrize(("text", "n", "sides", "boom", "keep"), EXPLODING)
@pytest.mark.parametrize("depth", [0, 1, 3])
def test_explosions_follow_the_depth_on_each_die(
    text: str, n: int, sides: int, boom: set[int], keep: tuple[str, int] | None, depth: int
) -> None:
    # each die sets off at most ``depth`` more dice; a longer chain is left out and told
    got = distribution(parse(text), depth=depth)
    if text.endswith("dl1"):
        want: dict[int, F] = {}
        for picks in product(chains(sides, boom, depth), repeat=n):
            pool = sorted(v for dice, _ in picks for v in dice)[1:]
            p = prod((q for _, q in picks), start=F(1))
            want[sum(pool)] = want.get(sum(pool), F(0)) + p
    else:
        want = exploded_by_hand(n, sides, boom, depth, keep)
    assert got.chance == want
    assert got.left_out == 1 - sum(want.values())


# ---------------------------------------------------------------- answered or refused at once

HARD = [
    "999dF",
    "20d6>=5r2",
    "(" + ",".join(["d6"] * 20) + ")kh3",
    "(10d6)kh3+(10d6)kh3+(10d6)kh3+(10d6)kh3",
    "6d6>=5r6",
    "50d6!",
    "300d6!kh3",
    "99d10000",
    "999d6kh500",
    "999d6>=5r999",
    "999d6>=5r500",
    "d10000!",
    "300d100",
    "99d6*99d6",
]


@pytest.mark.parametrize("text", HARD)
def test_every_expression_is_answered_or_refused_at_once(text: str) -> None:
    # these ran for a minute or more; now each is worked out or refused, saying what is too large
    done = subprocess.run(
        [sys.executable, "-m", "generator.cli", "odds", text],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert "Traceback" not in done.stderr
    if done.returncode:
        assert "too many outcomes to work out exactly" in done.stderr
        assert "would take more than" in done.stderr
    else:
        assert "Mean:" in done.stdout
