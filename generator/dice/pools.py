"""Exact arithmetic on distributions of whole numbers: sums of many dice and kept ranks of a pool.

A distribution here is a ``dict`` of value -> whole weight over a denominator held beside it, so
nothing is rounded. :func:`power` adds ``n`` independent copies by the power recurrence of a
polynomial (one pass over the answer, not repeated convolution); :func:`keep_ranks` gives the
sum of the dice at chosen ranks of a sorted pool by order statistics, walking the faces once
from one end and counting how many dice show each (never the multisets themselves). Every
function has a ``*_work`` twin that says, before anything is made, how many steps it would take:
the caller's one budget decides.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

Weights = dict[int, int]


def size(w: Weights) -> int:
    """The number of values a distribution holds."""
    return len(w)


def convolve(a: Weights, b: Weights, op: Callable[[int, int], int] | None) -> Weights:
    """Every pair of values combined by ``op`` (None: added), their weights multiplied."""
    out: Weights = {}
    if op is None:
        for x, wx in a.items():
            for y, wy in b.items():
                out[x + y] = out.get(x + y, 0) + wx * wy
        return out
    for x, wx in a.items():
        for y, wy in b.items():
            v = op(x, y)
            out[v] = out.get(v, 0) + wx * wy
    return out


def power_work(one: Weights, n: int) -> int:
    """Steps :func:`power` takes: one per value of the answer and non-zero weight of one die."""
    if not one or n <= 1:
        return len(one) + 1
    span = max(one) - min(one)
    return (n * span + 1) * len(one) * _cost(one, n)


def _cost(one: Weights, n: int) -> int:
    """Big weights cost more: a step on numbers of thousands of digits is a few steps."""
    bits = sum(one.values()).bit_length() * n  # the weights of n dice: up to denom ** n
    return 1 + bits // 1000


def power(one: Weights, n: int) -> Weights:
    """The sum of ``n`` independent values of ``one``, exactly (weights over ``denom ** n``).

    With ``P`` the polynomial of one die and ``Q = P ** n``, ``P * Q' = n * P' * Q`` gives each
    coefficient of ``Q`` from the ones before it (J. C. P. Miller's recurrence), the divisions
    being exact.
    """
    if n == 0 or not one:
        return {0: 1}
    if n == 1:
        return dict(one)
    lo = min(one)
    hi = max(one)
    p = [one.get(lo + j, 0) for j in range(hi - lo + 1)]
    terms = [(j, pj) for j, pj in enumerate(p) if pj and j]
    top = n * (hi - lo)
    q = [0] * (top + 1)
    p0 = p[0]
    q[0] = p0**n
    for k in range(1, top + 1):
        acc = 0
        for j, pj in terms:
            if j > k:
                break
            acc += ((n + 1) * j - k) * pj * q[k - j]
        q[k] = acc // (k * p0)
    base = n * lo
    return {base + k: w for k, w in enumerate(q) if w}


def keep_ranks_work(one: Weights, n: int, ranks: frozenset[int], score_span: int) -> int:
    """Steps :func:`keep_ranks` takes (an upper bound)."""
    if not ranks:
        return 1
    reach = min(max(ranks) + 1, n - min(ranks))
    states = reach * (reach * max(score_span, 1) + 1)
    return len(one) * states * (reach + 1) * _cost(one, n)


def keep_ranks(
    one: Weights, denom: int, n: int, ranks: frozenset[int], score: Callable[[int], int]
) -> Weights:
    """The total score of the dice at ``ranks`` (0 the highest) of ``n`` dice like ``one``.

    ``one`` must be a whole distribution (its weights sum to ``denom``). Faces are walked from
    the end nearer the ranks kept; at each face every count of dice showing it is weighed by
    the binomial, and a state stops as soon as no rank still to come is kept: the dice left
    only have to lie beyond the face, whatever they show.
    """
    if not ranks or n == 0:
        return {0: denom**n}
    values = sorted(one, reverse=True)
    if n - min(ranks) < max(ranks) + 1:  # nearer the low end: walk from there
        ranks = frozenset(n - 1 - r for r in ranks)
        values.reverse()
    last = max(ranks) + 1  # once this many dice are placed, nothing further is kept
    out: Weights = {}
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    rest = denom
    for v in values:
        w = one[v]
        rest -= w  # the weight of the faces still to come
        f = score(v)
        nxt: dict[tuple[int, int], int] = {}
        for (c, s), weight in states.items():
            left = n - c
            need = last - c  # dice on this face that would fill every kept rank
            kept = 0
            below = 0  # the ways of the counts short of ``need``, handled one by one
            for t in range(min(left + 1, need)):
                if t:
                    kept += (c + t - 1) in ranks
                ways = comb(left, t) * w**t
                below += ways * rest ** (left - t)
                if rest or t == left:
                    key = (c + t, s + f * kept)
                    nxt[key] = nxt.get(key, 0) + weight * ways
            if need <= left:
                # this many or more on this face: the kept score is the same, counted at once
                if need:
                    kept += (c + need - 1) in ranks
                more = (w + rest) ** left - below
                if more:
                    out[s + f * kept] = out.get(s + f * kept, 0) + weight * more
        states = nxt
    return {v: x for v, x in out.items() if x}


def best_of_work(items: list[Weights], k: int) -> int:
    """Steps :func:`best_of` takes (an upper bound)."""
    values = len({v for w in items for v in w})
    states = comb(values + k - 1, k) if k else 1
    return sum(len(w) for w in items) * states * (k + 1)


def best_of(items: list[Weights], k: int, highest: bool) -> Weights:
    """The sum of the ``k`` highest (or lowest) values of independent, unlike items.

    Items are taken one by one, keeping as the state only the ``k`` best values so far (sorted),
    so the work grows with the values an item may take, not with the product of all of them.
    """
    states: dict[tuple[int, ...], int] = {(): 1}
    for w in items:
        nxt: dict[tuple[int, ...], int] = {}
        for best, weight in states.items():
            for v, x in w.items():
                key = tuple(sorted((*best, v), reverse=highest)[:k])
                nxt[key] = nxt.get(key, 0) + weight * x
        states = nxt
    out: Weights = {}
    for best, weight in states.items():
        out[sum(best)] = out.get(sum(best), 0) + weight
    return out
