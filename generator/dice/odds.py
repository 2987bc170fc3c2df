"""Exact odds of a dice expression, worked out over its tree: the engine behind ``pnp odds`` and the aids.

Owns :func:`exact` and :class:`Odds`. Nothing is simulated and no roll is made: numbers, sums,
sets and arithmetic are combined over the tree of :mod:`.parse`; many dice alike are added by the
power recurrence (:func:`.pools.power`); keep and drop by rank work by order statistics
(:func:`.pools.keep_ranks`); what each operator does to one die (re-roll, explode, ``mi``/``ma``,
keep or drop by value, successes, icon scores) is worked out for one die by :mod:`.one_die`.
Every step is counted before it is made against one budget (:data:`MAX_WORK` steps, weighed
by the size of the numbers they multiply: well under a second), so any expression is answered
or refused at once, the refusal saying which part was too large; the rows of the answer count
too. A form the engine does not take raises :class:`Unsupported`; the companion then
plays every way the dice can fall with its roller, under the same budget.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

from ..locale import N_, _
from .chances import Odds
from .exploding import exploded_pool, tops_explode
from .odds_ops import _apply, _apply_ops, _label, _powers, _ranks, _scorer, _split
from .one_die import Unsupported, faces_of, unit
from .parse import (
    Binary,
    Const,
    Dice,
    DiceError,
    Expr,
    Group,
    Node,
    Note,
    Op,
    Unary,
    compare,
)
from .pools import (
    Weights,
    best_of,
    best_of_work,
    convolve,
    keep_ranks,
    keep_ranks_work,
    power,
    power_work,
)

__all__ = ["DEFAULT_DEPTH", "MAX_DEPTH", "MAX_WORK", "Odds", "Unsupported", "exact"]

DEFAULT_DEPTH = 6  # extra dice followed after each die for re-rolls and explosions
MAX_DEPTH = 12
MAX_WORK = 2_000_000  # steps one answer may take: about a third of a second on a busy machine

Dist = tuple[Weights, int]  # weights over a denominator (summing to less: the rest left out)
Faces = Callable[[str], "tuple[int, ...] | None"]


def exact(
    expr: Expr,
    faces: Faces | None = None,
    depth: int = DEFAULT_DEPTH,
    fallback: Fallback | None = None,
) -> Odds:
    """The exact distribution of ``expr``'s total (``faces`` gives a game's dice by name).

    Raises :class:`DiceError` when the answer would take more than :data:`MAX_WORK` steps
    (counted before they are taken). A part the engine does not take goes to ``fallback``
    with the budget left, or raises :class:`Unsupported` when there is none.
    """
    walker = _Walker(expr, faces, depth, fallback)
    weights, denom = walker.dist(expr.root)
    # telling the answer costs too: a row of the table and of the JSON for every total
    walker.budget.spend(
        len(weights) * (20 + denom.bit_length() // 100), 1, N_("telling every total")
    )
    return Odds(expr.text, weights, denom, depth)


class Budget:
    """The steps one answer may still take; each step is paid for before it is made."""

    def __init__(self, text: str, most: int = MAX_WORK) -> None:
        self.text = text
        self.left = most
        self.most = most

    def spend(self, n: int, col: int, what: str) -> None:
        """Pay ``n`` steps for ``what`` (at column ``col``), or refuse the whole answer.

        ``what`` is a part of the expression (``4d6``) or a marked message (``N_``), translated
        only when the answer is refused: paying costs no catalogue.
        """
        self.left -= n
        if self.left < 0:
            raise DiceError(
                self.text,
                col,
                _(
                    "too many outcomes to work out exactly: {what} would take more than the "
                    "{most} steps one answer may take; expected fewer dice or faces here"
                ).format(what=_(what), most=f"{self.most:,}"),
            )


Fallback = Callable[[Node, "Budget"], Dist]  # plays a part the engine does not take


class _Walker:
    def __init__(
        self, expr: Expr, faces: Faces | None, depth: int, fallback: Fallback | None
    ) -> None:
        self.expr = expr
        self.faces = faces
        self.depth = depth
        self.fallback = fallback
        self.budget = Budget(expr.text)

    def handed_over(self, node: Node) -> Dist:
        """A part the engine does not take, played by the fallback under the same budget."""
        if self.fallback is None:
            raise Unsupported
        return self.fallback(node, self.budget)

    def dist(self, node: Node) -> Dist:
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
        try:
            if isinstance(node, Group):
                return self.group(node)
            return self.dice(node)
        except Unsupported:
            return self.handed_over(node)

    def binary(self, node: Binary) -> Dist:
        left, right = self.dist(node.left), self.dist(node.right)
        if node.op in ("/", "//", "%") and right[0].get(0):
            raise DiceError(
                self.expr.text,
                node.col,
                _("cannot divide by zero: expected a non-zero right of {op!r}").format(op=node.op),
            )
        return self.combine(left, right, node.op, node.col)

    def combine(self, a: Dist, b: Dist, op: str, col: int) -> Dist:
        size = a[1].bit_length() + b[1].bit_length()  # bits of the weights multiplied
        work = len(a[0]) * len(b[0]) * (4 + size // 250)
        self.budget.spend(work, col, N_("combining two totals"))
        if op in ("+", "-", "vs"):  # the totals it makes, each a row to tell at the end
            rows = (max(a[0]) - min(a[0])) + (max(b[0]) - min(b[0])) + 1
        else:
            rows = len(a[0]) * len(b[0])
        if rows * 20 > self.budget.left:
            self.budget.spend(rows * 20, col, N_("telling every total"))
        how = None if op == "+" else (lambda x, y: _apply(op, x, y))
        return convolve(a[0], b[0], how), a[1] * b[1]

    def sum_of(self, parts: list[Dist], col: int) -> Dist:
        out: Dist = ({0: 1}, 1)
        for part in parts:
            out = self.combine(out, part, "+", col)
        return out

    # ------------------------------------------------------------ groups

    def group(self, node: Group) -> Dist:
        if not node.ops:
            return self.sum_of([self.dist(item) for item in node.items], node.col)
        if not node.is_set:
            inner = node.items[0]
            if isinstance(inner, Dice):  # (4d6)kh3 keeps among the dice inside
                return self.dice(inner._replace(ops=inner.ops + node.ops))
            if isinstance(inner, Group) and (inner.is_set or not inner.ops or inner.items):
                return self.group(inner._replace(ops=inner.ops + node.ops))
            items = [self.dist(inner)]
        else:
            items = [self.dist(item) for item in node.items]
        return self.kept_items(items, node.ops, node.col)

    def kept_items(self, items: list[Dist], ops: tuple[Op, ...], col: int) -> Dist:
        """The total of a set's items after its keep and drop operators."""
        ranked = _ranks(len(items), ops)
        if ranked is not None and all(it == items[0] for it in items):
            one, denom = items[0]
            if sum(one.values()) == denom:
                n = len(items)
                span = max(one) - min(one) if one else 0
                self.budget.spend(
                    keep_ranks_work(one, n, ranked, span), col, N_("keeping dice by rank")
                )
                return keep_ranks(one, denom, n, ranked, lambda v: v), denom**n
        denom = 1
        for _w, d in items:
            denom *= d
        n = len(items)
        if ranked is not None and ranked in (
            frozenset(range(len(ranked))),
            frozenset(range(n - len(ranked), n)),
        ):
            k, weights = len(ranked), [w for w, _d in items]
            self.budget.spend(best_of_work(weights, k), col, N_("keeping items by rank"))
            return best_of(weights, k, 0 in ranked or not ranked), denom
        ways = 1
        for w, _d in items:
            ways *= len(w)
        self.budget.spend(ways * len(items), col, N_("the items of this set"))
        out: Weights = {0: 1}
        combos: dict[tuple[int, ...], int] = {(): 1}
        for w, _d in items:
            combos = {c + (v,): cw * x for c, cw in combos.items() for v, x in w.items()}
        out = {}
        for values, weight in combos.items():
            total = sum(v for v, kept in zip(values, _apply_ops(values, ops), strict=True) if kept)
            out[total] = out.get(total, 0) + weight
        return out, denom

    # ------------------------------------------------------------ dice

    def dice(self, node: Dice) -> Dist:
        faces = self.die_faces(node)
        if node.count == 0:
            return {0: 1}, 1
        per_die, ranked = _split(node.ops)
        if ranked and not node.reroll and len(per_die) == 1 and per_die[0].op == "e":
            return self.exploded(node, faces, per_die[0], ranked)
        if ranked and (node.reroll or any(op.op in ("e", "ep", "ra") for op in per_die)):
            raise Unsupported
        if any(op.op == "ra" for op in per_die):
            raise Unsupported
        # one die's operators are worked out in fractions: a chain of explosions grows with
        # the depth, each step a few fractions
        steps = len(faces) * (self.depth + 1) ** 2 * 10 if node.ops else len(faces)
        self.budget.spend(steps, node.col, _label(node))
        if node.reroll and node.success:
            return self.reroll_failures(node, faces, per_die)
        if ranked:
            ranks = _ranks(node.count, ranked)
            if ranks is None:
                raise Unsupported
            values, denom = unit(node._replace(ops=per_die), faces, self.depth, plain=True)
            if None in values:
                raise Unsupported  # dice dropped by value first: the pool shrinks
            one = {v: w for v, w in values.items() if v is not None}
            score = _scorer(node, max(faces))
            spread = [score(v) for v in one]
            work = keep_ranks_work(one, node.count, ranks, max(spread) - min(spread))
            self.budget.spend(work, node.col, _label(node))
            # compounding may leave chains beyond the depth out: the pools of dice that all
            # stayed within it are counted, the rest of the chance is left out
            full = sum(one.values())
            return keep_ranks(one, full, node.count, ranks, score), denom**node.count
        one_w, denom = unit(node._replace(ops=per_die), faces, self.depth)
        scores = {v: w for v, w in one_w.items() if v is not None}
        self.budget.spend(power_work(scores, node.count), node.col, _label(node))
        weights = power(scores, node.count)
        return weights, denom**node.count

    def exploded(
        self, node: Dice, faces: tuple[int, ...], boom: Op, ranked: tuple[Op, ...]
    ) -> Dist:
        """``4d6!kh3``: the highest faces explode, and every added die joins the pool."""
        top = max(faces)

        def picked(v: int) -> bool:
            return any(compare(s.kind, v, top if s.value == -1 else s.value) for s in boom.sels)

        if not tops_explode(faces, picked):
            raise Unsupported

        def ranks_of(size: int) -> frozenset[int]:
            found = _ranks(size, ranked)
            if found is None:
                raise Unsupported
            return found

        def pay(work: int) -> None:
            self.budget.spend(work, node.col, _label(node))

        score = _scorer(node, top)
        return exploded_pool(faces, picked, node.count, self.depth, ranks_of, score, pay)

    def reroll_failures(self, node: Dice, faces: tuple[int, ...], per_die: tuple[Op, ...]) -> Dist:
        """``NdS>=Tr K``: successes, then up to K failed dice rolled once more."""
        assert node.success is not None
        if any(op.op == "e" for op in per_die):
            raise Unsupported
        values, denom = unit(node._replace(ops=per_die), faces, self.depth, plain=True)
        if None in values:
            raise Unsupported
        if node.fail or node.double or sum(w for w in values.values()) != denom:
            raise Unsupported
        cmp, target = node.success
        hit = sum(w for v, w in values.items() if v is not None and compare(cmp, v, target))
        again = sum(1 for v in faces if compare(cmp, v, target))  # a fresh die, out of len
        n, k, sides = node.count, node.reroll, len(faces)
        miss = denom - hit
        if k >= n:  # every miss is rolled again: each die alone, a hit or a miss then a hit
            one = {1: hit * sides + miss * again, 0: miss * (sides - again)}
            self.budget.spend(power_work(one, n), node.col, _label(node))
            return power(one, n), (denom * sides) ** n
        size = n * denom.bit_length() + k * sides.bit_length()  # bits of the weights
        self.budget.spend((n + 1) * (k + 1) * (1 + size // 1000), node.col, _label(node))
        hits, misses = _powers(hit, n), _powers(miss, n)
        goods, bads, fresh = _powers(again, k), _powers(sides - again, k), _powers(sides, k)
        out: Weights = {}
        for s in range(n + 1):
            base = comb(n, s) * hits[s] * misses[n - s]
            r = min(n - s, k)
            for j in range(r + 1):
                w = base * comb(r, j) * goods[j] * bads[r - j] * fresh[k - r]
                out[s + j] = out.get(s + j, 0) + w
        return out, denom**n * sides**k

    def die_faces(self, node: Dice) -> tuple[int, ...]:
        found = faces_of(node)
        if found is not None:
            return found
        assert node.die is not None
        got = self.faces(node.die) if self.faces else None
        if not got:
            col = self.expr.text.find(node.die) + 1 or node.col
            raise DiceError(
                self.expr.text,
                col,
                _("unknown die {die!r}; expected a game's die as [game:die]").format(die=node.die),
            )
        return tuple(got)
