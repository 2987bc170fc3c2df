"""Exact odds of a dice expression at the table: the engine, and the roller for what it leaves.

Owns :func:`distribution` and :func:`symbols`. The engine (:mod:`generator.dice.odds`) works out
nearly every form by order statistics and convolution, under one budget of steps counted before
they are taken. The few forms whose dice depend on each other in ways it does not take (an
explosion before keep-highest, ``ra``, a keep by rank followed by a re-roll) are played here
instead: every multiset of first faces, weighted by how many orders give it, is scored by the same
:class:`~generator.companion.dice_ops.Roller` that rolls at the table, fed the faces chosen, so
odds and rolls cannot disagree. Each play is paid from the same budget, and the multisets are
counted before any is made. Re-rolls and explosions there are followed to ``depth`` extra dice
per die; the chance of going deeper is reported, never hidden.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, factorial, gcd, prod
from typing import TYPE_CHECKING

from ..dice.odds import DEFAULT_DEPTH, MAX_DEPTH, Budget, Odds, exact
from ..dice.parse import Dice, Expr, Node
from .dice_ops import Roller

if TYPE_CHECKING:
    from .dice_roll import FaceResolver

__all__ = ["DEFAULT_DEPTH", "MAX_DEPTH", "Odds", "distribution", "symbols"]

RUN_COST = 60  # budget steps one play of the roller costs, per die it rolls

Weights = dict[int, int]


def distribution(
    expr: Expr, resolve: FaceResolver | None = None, depth: int = DEFAULT_DEPTH
) -> Odds:
    """The exact distribution of ``expr``'s total (``resolve`` gives a game's dice)."""

    def faces(name: str) -> tuple[int, ...] | None:
        found = resolve(name) if resolve else None
        return tuple(found.values) if found is not None else None

    def played(node: Node, budget: Budget) -> tuple[Weights, int]:
        return _Player(expr.text, resolve, depth, budget).play(node)

    return exact(expr, faces, depth, played)


class _Need(Exception):
    """The roller asked for a face beyond the ones chosen so far."""

    def __init__(self, n: int) -> None:
        self.n = n


class _Chosen:
    """A source that gives the faces chosen, in order, then asks for the next one."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.at = 0

    def below(self, n: int) -> int:
        if self.at < len(self.faces):
            self.at += 1
            return self.faces[self.at - 1]
        raise _Need(n)


class _Player:
    """Plays one subtree on every way its dice can fall."""

    def __init__(self, text: str, resolve: FaceResolver | None, depth: int, budget: Budget) -> None:
        self.text = text
        self.resolve = resolve
        self.depth = depth
        self.budget = budget

    def play(self, node: Node) -> tuple[Weights, int]:
        col = getattr(node, "col", 1)
        if isinstance(node, Dice):
            faces = self.faces(node)
            return self.enumerate(node, self.multisets(node, faces), node.count)
        n = Expr("", node).dice_count
        self.budget.spend(RUN_COST * (n + 1), col, _label(node))
        return self.enumerate(node, [([], Fraction(1))], n)

    def faces(self, node: Dice) -> list[int]:
        if node.die is None:
            return [-1, 0, 1] if node.fudge else list(range(1, node.sides + 1))
        found = self.resolve(node.die) if self.resolve else None
        return list(found.values) if found is not None else [0]

    def multisets(self, node: Dice, faces: list[int]) -> list[tuple[list[int], Fraction]]:
        """Every multiset of first faces (by value), with the chance of rolling it in any order."""
        first: dict[int, int] = {}
        for i, v in enumerate(faces):
            first.setdefault(v, i)
        values = sorted(first)
        share = _counts(faces)
        n = node.count
        # how many multisets there are, counted before any is made
        count = comb(n + len(values) - 1, len(values) - 1)
        self.budget.spend(count * RUN_COST * (n + 1), node.col, _label(node))
        out = []
        total = len(faces) ** n
        for combo in combinations_with_replacement(values, n):
            counts = _counts(list(combo))
            ways = factorial(n) // prod(factorial(c) for c in counts.values())
            weight = ways * prod(share[v] ** c for v, c in counts.items())
            out.append(([first[v] for v in combo], Fraction(weight, total)))
        return out

    def enumerate(
        self, node: Node, start: list[tuple[list[int], Fraction]], fixed: int
    ) -> tuple[Weights, int]:
        """Run the roller on every way the dice can fall, from the given first faces."""
        found: dict[int, Fraction] = defaultdict(Fraction)
        stack = list(start)
        sub = Expr(self.text, node)
        col = getattr(node, "col", 1)
        what = _label(node)
        # the first plays were paid for when they were counted; each one they add is paid here
        paid = len(start)
        while stack:
            chosen, p = stack.pop()
            if paid:
                paid -= 1
            else:
                self.budget.spend(RUN_COST * (len(chosen) + 1), col, what)
            try:
                total = Roller(sub, _Chosen(chosen), self.resolve).run().total
            except _Need as need:
                if len(chosen) - fixed >= self.depth * max(fixed, 1):
                    continue  # deeper than the depth: left out, and reported
                q = p / need.n
                stack.extend((chosen + [i], q) for i in range(need.n))
                continue
            found[total] += p
        denom = 1
        for p in found.values():
            denom = denom * p.denominator // gcd(denom, p.denominator)
        return {v: int(p * denom) for v, p in found.items()}, denom


def _label(node: Node) -> str:
    if isinstance(node, Dice):
        die = f"[{node.die}]" if node.die else "F" if node.fudge else str(node.sides)
        return f"{node.count}d{die}"
    return f"({Expr('', node).dice_count} dice)"


def _counts(values: list[int]) -> dict[int, int]:
    out: dict[int, int] = defaultdict(int)
    for v in values:
        out[v] += 1
    return dict(out)


# ---------------------------------------------------------------- labelled faces


def symbols(expr: Expr, resolve: FaceResolver | None) -> dict[str, dict[int, Fraction]]:
    """For each labelled face of a game's die rolled plainly: how many dice show it, and how likely.

    Icon dice (faces that are pictures worth nothing) say nothing in a total; what the table
    asks is "how many eyes". Each die shows a label with its share of the faces, independently,
    so the count is binomial.
    """
    out: dict[str, dict[int, Fraction]] = {}
    for _sign, node in expr.terms:
        if not isinstance(node, Dice) or node.die is None or node.ops or resolve is None:
            continue
        found = resolve(node.die)
        if found is None or not found.labels:
            continue
        shares = _counts_of([lab for lab in found.labels if lab and not lab.isdigit()])
        n, sides = node.count, len(found.values)
        for label, k in shares.items():
            p = Fraction(k, sides)
            out[label] = {
                i: Fraction(factorial(n), factorial(i) * factorial(n - i))
                * p**i
                * (1 - p) ** (n - i)
                for i in range(n + 1)
            }
    return out


def _counts_of(labels: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for label in labels:
        out[label] = out.get(label, 0) + 1
    return out
