"""Our rolls beside d20's on the same random draws, for the notation both read the same way.

d20 draws each face with ``random.randrange(sides) + 1`` from the module-level generator; a
source answering ``below(n)`` with ``Random(seed).randrange(n)`` makes our dice show the same
faces in the same order. Excluded on purpose, because the two differ by design: ``d%`` (d20
rolls tens, 0-90), ``/`` (d20 divides exactly; we round down), and a comparison written
directly after dice (d20 compares the total; we count successes, as ``pnp roll`` always has).
"""

from __future__ import annotations

import random

import pytest

from generator.companion.dice_roll import roll

d20 = pytest.importorskip("d20")


class RandomSource:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def below(self, n: int) -> int:
        return self.random.randrange(n)


SHARED = [
    "2d6",
    "4d6kh3",
    "4d6kl1 + 2",
    "8d6kh3kl1",
    "10d6k1k2k3",
    "4d6p1",
    "5d6ph2",
    "3d6e6",
    "2d4e>3",
    "4d6ro1",
    "6d6ro<3",
    "1d20rr<3",
    "3d6rr1rr2",
    "4d6ra1",
    "4d6ra6",
    "10d6mi2",
    "10d6ma5",
    "4d6mi2ma5kh3",
    "(1d4, 2+2, 3d6kl1)kh1",
    "(1d20, 1d20)kh1 + 5",
    "(2d6, 3d4, 10)pl1",
    "(1d4+1)*2",
    "2d6*10",
    "15 // 2",
    "17 % 5",
    "-2d6 + 3",
    "--1d8 - -2",
    "(2d6) >= 7",
    "1d20 + 2 >= 15",
    "(1d6) == (1d6)",
    "(2d6) != 7",
    "1d20[fire] + 9[cold]",
    "0d6 + 1",
    "(4d6)kh3",
    "2d20kh1 + 2d20kl1",
    "1d6 + 2 * 3 - 4 // 2 + 7 % 4",
]


@pytest.mark.parametrize("expr", SHARED)
def test_totals_match_d20_on_the_same_draws(expr: str) -> None:
    for seed in range(40):
        random.seed(seed)
        theirs = d20.roll(expr).total
        ours = roll(expr, RandomSource(seed)).total
        assert ours == theirs, (expr, seed)
