"""Dice that explode and are then kept by rank: every added die joins the pool.

Owns :func:`exploded_pool`. When the faces that explode are the highest ones (``4d6!kh3``,
``5d10!>8kl2``), every die that exploded outranks every die that did not, so the pool sorts
itself: the ``m`` exploding dice on top, then one last die for each die rolled. For each ``m``,
the ways the chains can share ``m`` explosions (each die setting off at most ``depth`` more) are
counted by a power, and the two parts are kept by order statistics apart. A chain longer than
``depth`` is left out, as everywhere else.
"""

from __future__ import annotations

from collections.abc import Callable

from .pools import Weights, keep_ranks, keep_ranks_work, power, power_work

Work = Callable[[int], None]  # pays for steps before they are taken


def tops_explode(faces: tuple[int, ...], picked: Callable[[int], bool]) -> bool:
    """Whether every face that explodes is higher than every face that does not."""
    boom = [v for v in faces if picked(v)]
    calm = [v for v in faces if not picked(v)]
    return bool(boom) and bool(calm) and min(boom) > max(calm)


def exploded_pool(
    faces: tuple[int, ...],
    picked: Callable[[int], bool],
    n: int,
    depth: int,
    ranks_of: Callable[[int], frozenset[int]],
    score: Callable[[int], int],
    pay: Work,
) -> tuple[Weights, int]:
    """The kept score of ``n`` exploding dice, over ``len(faces) ** (n * (depth + 1))``."""
    sides = len(faces)
    boom: Weights = {}
    calm: Weights = {}
    for v in faces:
        part = boom if picked(v) else calm
        part[v] = part.get(v, 0) + 1
    a, b = sum(boom.values()), sum(calm.values())
    spreads = [score(v) for v in faces]
    span = max(spreads) - min(spreads)
    # ways the n chains share m explosions, each chain at most ``depth`` long
    chain = {j: 1 for j in range(depth + 1)}
    most = n * depth + 1  # how many counts of explosions there are
    pay(power_work(chain, n) + most * (n + most))  # the shares, and the ranks of each pool
    shares = power(chain, n)
    work = 0
    for m in shares:
        ranks = ranks_of(n + m)
        work += keep_ranks_work(boom, m, frozenset(r for r in ranks if r < m), span)
        work += keep_ranks_work(calm, n, frozenset(r - m for r in ranks if r >= m), span)
    pay(work)
    out: Weights = {}
    for m, ways in shares.items():
        ranks = ranks_of(n + m)
        top = keep_ranks(boom, a, m, frozenset(r for r in ranks if r < m), score)
        rest = keep_ranks(calm, b, n, frozenset(r - m for r in ranks if r >= m), score)
        scale = ways * sides ** (n * depth - m)
        for x, wx in top.items():
            for y, wy in rest.items():
                out[x + y] = out.get(x + y, 0) + wx * wy * scale
    return out, sides ** (n * (depth + 1))
