"""Exact odds of a dice expression: the distribution of its total, worked out over the dice tree.

Owns :func:`distribution`. Nothing is simulated. Numbers, plain dice, sums, sets and arithmetic
are combined by convolution over the tree of :mod:`dice_parse`. Dice whose operators act on each
die alone (re-rolls, explosions, ``mi``/``ma``, keep or drop by value, success counts, icon
scores) are worked out for one die and convolved; dice whose operators compare the dice with
each other (keep the highest, ``ra``, re-roll N failures) are enumerated over every multiset
of first faces, each weighted by how many orders give it. Every outcome is scored by the same
:class:`~generator.companion.dice_ops.Roller` that rolls at the table, fed the faces chosen, so
the odds and the rolls cannot disagree. Re-rolls and explosions that could go on for ever are
followed to ``depth`` extra dice; the chance of going deeper is reported, never hidden.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from typing import TYPE_CHECKING

from ..dice.parse import Binary, Const, Dice, DiceError, Expr, Group, Node, Note, Unary, compare
from ..locale import _
from .dice_ops import Roller

if TYPE_CHECKING:
    from .dice_roll import FaceResolver

__all__ = ["DEFAULT_DEPTH", "MAX_DEPTH", "Odds", "distribution"]

DEFAULT_DEPTH = 6  # extra dice (re-rolls, explosions) followed per enumerated roll
MAX_DEPTH = 12
MAX_WORK = 2_000_000  # roller runs and convolution products one answer may take
MAX_CELLS = 20_000_000  # faces held at once by the multisets of one group of dice (memory)

# a distribution: total -> weight, over a common denominator (weights may sum to less than
# the denominator: the rest is the chance left out beyond the depth)
Weights = dict[int, int]


class Odds:
    """The exact distribution of one expression's total."""

    def __init__(self, text: str, weights: Weights, denom: int, depth: int) -> None:
        self.text = text
        self.depth = depth
        self.chance = {v: Fraction(w, denom) for v, w in sorted(weights.items()) if w}
        self.shown = sum(self.chance.values(), Fraction(0))
        self.left_out = 1 - self.shown  # outcomes deeper than ``depth`` extra dice

    @property
    def mean(self) -> Fraction:
        """The average total over the outcomes listed."""
        if not self.shown:
            return Fraction(0)
        return sum((v * p for v, p in self.chance.items()), Fraction(0)) / self.shown

    def at_least(self, n: int) -> Fraction:
        """The chance that the total is ``n`` or more."""
        return sum((p for v, p in self.chance.items() if v >= n), Fraction(0))

    def to_json(self) -> dict[str, object]:
        """Every total with its chance and the chance of at least it, as floats and fractions."""
        return {
            "expr": self.text,
            "mean": float(self.mean),
            "depth": self.depth,
            "left_out": float(self.left_out),
            "rows": [
                {
                    "total": v,
                    "chance": float(p),
                    "exact": str(p),
                    "at_least": float(self.at_least(v)),
                }
                for v, p in self.chance.items()
            ],
        }


class _Budget:
    def __init__(self, text: str) -> None:
        self.text = text
        self.left = MAX_WORK

    def spend(self, n: int, col: int) -> None:
        self.left -= n
        if self.left < 0:
            raise DiceError(
                self.text,
                col,
                _("too many outcomes to work out exactly; expected fewer dice or faces here"),
            )


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


def distribution(
    expr: Expr, resolve: FaceResolver | None = None, depth: int = DEFAULT_DEPTH
) -> Odds:
    """The exact distribution of ``expr``'s total (``resolve`` gives a game's dice)."""
    walker = _Walker(expr, resolve, depth)
    weights, denom = walker.dist(expr.root)
    return Odds(expr.text, weights, denom, depth)


class _Walker:
    def __init__(self, expr: Expr, resolve: FaceResolver | None, depth: int) -> None:
        self.expr = expr
        self.resolve = resolve
        self.depth = depth
        self.budget = _Budget(expr.text)

    def dist(self, node: Node) -> tuple[Weights, int]:
        if isinstance(node, Const):
            return {node.value: 1}, 1
        if isinstance(node, Note):
            return self.dist(node.node)
        if isinstance(node, Unary):
            weights, denom = self.dist(node.operand)
            if node.op == "-":
                weights = {-v: w for v, w in weights.items()}
            return weights, denom
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, Group):
            if node.ops:
                return self.enumerate(node, [([], Fraction(1))], _dice_in(node))
            parts = [self.dist(item) for item in node.items] or [({0: 1}, 1)]
            out = parts[0]
            for part in parts[1:]:
                out = self.combine(out, part, "+", node.col)
            return out
        return self.dice(node)

    def binary(self, node: Binary) -> tuple[Weights, int]:
        left, right = self.dist(node.left), self.dist(node.right)
        if node.op in ("/", "//", "%") and right[0].get(0):
            raise DiceError(
                self.expr.text,
                node.col,
                _("cannot divide by zero: expected a non-zero right of {op!r}").format(op=node.op),
            )
        return self.combine(left, right, node.op, node.col)

    def combine(
        self, a: tuple[Weights, int], b: tuple[Weights, int], op: str, col: int
    ) -> tuple[Weights, int]:
        self.budget.spend(len(a[0]) * len(b[0]), col)
        out: Weights = defaultdict(int)
        for x, wx in a[0].items():
            for y, wy in b[0].items():
                out[_apply(op, x, y)] += wx * wy
        return dict(out), a[1] * b[1]

    # ------------------------------------------------------------ dice

    def faces(self, node: Dice) -> list[int]:
        if node.die is not None:
            found = self.resolve(node.die) if self.resolve else None
            if found is None or not found.values:
                col = self.expr.text.find(node.die) + 1 or node.col
                raise DiceError(
                    self.expr.text,
                    col,
                    _("unknown die {die!r}; expected a game's die as [game:die]").format(
                        die=node.die
                    ),
                )
            return list(found.values)
        return [-1, 0, 1] if node.fudge else list(range(1, node.sides + 1))

    def dice(self, node: Dice) -> tuple[Weights, int]:
        if node.count == 0:
            return {0: 1}, 1
        faces = self.faces(node)
        if not node.ops and not node.success and not node.icons:
            one: tuple[Weights, int] = (_counts(faces), len(faces))
            return self.power(one, node.count, node.col)
        if _each_alone(node):
            start = [([i], Fraction(1, len(faces))) for i in range(len(faces))]
            one = self.enumerate(node._replace(count=1), start, 1)
            return self.power(one, node.count, node.col)
        return self.enumerate(node, self.multisets(node, faces), node.count)

    def power(self, one: tuple[Weights, int], count: int, col: int) -> tuple[Weights, int]:
        """``count`` independent copies of ``one`` added up (by repeated squaring)."""
        out: tuple[Weights, int] = ({0: 1}, 1)
        base = one
        while count:
            if count & 1:
                out = self.combine(out, base, "+", col)
            count >>= 1
            if count:
                base = self.combine(base, base, "+", col)
        return out

    def multisets(self, node: Dice, faces: list[int]) -> list[tuple[list[int], Fraction]]:
        """Every multiset of first faces (by value), with the chance of rolling it in any order."""
        first: dict[int, int] = {}
        for i, v in enumerate(faces):
            first.setdefault(v, i)
        values = sorted(first)
        share = _counts(faces)
        n = node.count
        # how many multisets there are, counted before any is made: a large pool is refused
        # at once rather than after filling the memory with them
        count = comb(n + len(values) - 1, len(values) - 1)
        self.budget.spend(max(count, (count * n) * MAX_WORK // MAX_CELLS), node.col)
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
        sub = Expr(self.expr.text, node)
        col = getattr(node, "col", 1)
        while stack:
            chosen, p = stack.pop()
            self.budget.spend(1, col)
            try:
                total = Roller(sub, _Chosen(chosen), self.resolve).run().total
            except _Need as need:
                if len(chosen) - fixed >= self.depth and len(chosen) >= fixed:
                    continue  # deeper than the depth: left out, and reported
                q = p / need.n
                stack.extend((chosen + [i], q) for i in range(need.n))
                continue
            found[total] += p
        denom = 1
        for p in found.values():
            denom = denom * p.denominator // _gcd(denom, p.denominator)
        return {v: int(p * denom) for v, p in found.items()}, denom


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def _counts(values: list[int]) -> dict[int, int]:
    out: dict[int, int] = defaultdict(int)
    for v in values:
        out[v] += 1
    return dict(out)


def _each_alone(node: Dice) -> bool:
    """Whether every operator acts on each die by itself (so one die's odds can be convolved)."""
    if node.reroll:
        return False  # re-roll N failures: a budget shared by the dice
    for op in node.ops:
        if op.op == "ra" or any(sel.kind in ("h", "l") for sel in op.sels):
            return False
    return True


def _dice_in(node: Node) -> int:
    """How many dice a subtree rolls before re-rolls and explosions."""
    return Expr("", node).dice_count


def _apply(op: str, x: int, y: int) -> int:
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    if op in ("/", "//"):
        return x // y
    if op == "%":
        return x % y
    return int(compare(op, x, y))


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
