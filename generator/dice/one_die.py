"""What the operators that act on each die alone make of one die, exactly.

Owns :func:`unit`: the distribution of one die after its operators in the order written (keep
or drop by value, ``rr`` re-rolled until a face outside the selection shows, which has an exact
answer and no depth, ``ro`` once, ``mi``/``ma``), and for an explosion the whole chain of dice
it sets off, each scored after the operators that follow, followed to ``depth`` extra dice (the
rest of the chance is left out and told). Forms whose dice depend on each other raise
:class:`Unsupported`.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

from .parse import Dice, Op, compare, score_of

Chances = dict[int | None, Fraction]  # a die's value (None: dropped) -> its chance


class Unsupported(Exception):
    """A form the exact engine does not take: the dice depend on each other's faces."""


def faces_of(node: Dice) -> tuple[int, ...] | None:
    """The faces of a plain or Fudge die; None for a game's named die."""
    if node.die is not None:
        return None
    return (-1, 0, 1) if node.fudge else tuple(range(1, node.sides + 1))


def unit(
    node: Dice, faces: tuple[int, ...], depth: int, plain: bool = False
) -> tuple[dict[int | None, int], int]:
    """One die of ``node`` as whole weights over a denominator.

    ``plain``: the die's final value (None when dropped), for ranking; explosions are refused.
    Otherwise the score one die brings to the total with every die its explosion adds (a
    success, an icon count or the value), the chance beyond ``depth`` extra dice left out.
    """
    if not node.ops:  # the faces themselves, or their scores: whole counts, no fractions
        counts: dict[int | None, int] = {}
        for v in faces:
            key = v if plain else _score(node, v)
            counts[key] = counts.get(key, 0) + 1
        return counts, len(faces)
    base: dict[int, Fraction] = {}
    for v in faces:
        base[v] = base.get(v, Fraction(0)) + Fraction(1, len(faces))
    top = max(faces)
    ops = node.ops
    at = next((i for i, op in enumerate(ops) if op.op in ("e", "ep")), len(ops))
    wide: Chances = {v: p for v, p in base.items()}
    state = dict(wide)
    for op in ops[:at]:
        state = _apply(op, state, base, top, depth)
    if at == len(ops):
        if plain:
            return _whole(state)
        return _whole(_scored(state, node))
    if plain or any(op.op in ("e", "ep") for op in ops[at + 1 :]):
        raise Unsupported
    boom, after = ops[at], ops[at + 1 :]
    minus = 1 if boom.op == "ep" else 0  # a penetrating die counts one less than its face

    def one(x: int | None) -> dict[int, Fraction]:
        """The score of one die showing ``x`` once the operators after the explosion act."""
        got: Chances = {x: Fraction(1)}
        for op in after:
            got = _apply(op, got, base, top, depth)
        return {k: p for k, p in _scored(got, node).items() if k is not None}

    tail: dict[int, Fraction] = {}  # the score of an added die and all it sets off
    for d in range(depth, 0, -1):
        tail = _chain(wide, boom, top, one, tail if d < depth else None, minus)
    return _whole(_chain(state, boom, top, one, tail if depth else None, 0))  # type: ignore[arg-type]


def _chain(state: Chances, boom: Op, top: int, one, more: dict[int, Fraction] | None, minus: int):  # type: ignore[no-untyped-def]
    out: dict[int, Fraction] = {}
    for x, p in state.items():
        mine = one(x if x is None else x - minus)
        if x is not None and _picked(boom, x, top):
            if more is None:
                continue  # deeper than the depth: left out
            mine = _add(mine, more)
        for s, q in mine.items():
            out[s] = out.get(s, Fraction(0)) + p * q
    return out


def _add(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def _picked(op: Op, value: int, top: int) -> bool:
    return any(compare(s.kind, value, top if s.value == -1 else s.value) for s in op.sels)


def _apply(op: Op, state: Chances, base: dict[int, Fraction], top: int, depth: int) -> Chances:
    """One operator on every value a die may show (dropped dice stay dropped)."""
    out: Chances = {}

    def put(v: int | None, p: Fraction) -> None:
        out[v] = out.get(v, Fraction(0)) + p

    if op.op == "ec":
        # compounding: a selected face is rolled again and added, at most ``depth`` times;
        # ``more`` is what the fresh rolls add when ``k`` of them may still be made
        more: dict[int, Fraction] = {}
        for k in range(1, depth + 1):
            step: dict[int, Fraction] = {}
            for face, share in base.items():
                if not _picked(op, face, top):
                    step[face] = step.get(face, Fraction(0)) + share
                elif k > 1:
                    for w, q in more.items():
                        step[face + w] = step.get(face + w, Fraction(0)) + share * q
            more = step
        for v, p in state.items():
            if v is None or not _picked(op, v, top):
                put(v, p)
            elif depth:
                for w, q in more.items():
                    put(v + w, p * q)
        return out
    if op.op in ("mi", "ma"):
        target = op.sels[-1].value
        for v, p in state.items():
            low = v is not None and (v < target if op.op == "mi" else v > target)
            put(target if low else v, p)
        return out
    if op.op in ("k", "p"):
        for v, p in state.items():
            if v is None or _picked(op, v, top) == (op.op == "k"):
                put(v, p)
            else:
                put(None, p)
        return out
    # rr / ro: a selected die is rolled again from the plain die
    again = base
    if op.op == "rr":
        rest = {v: p for v, p in base.items() if not _picked(op, v, top)}
        mass = sum(rest.values(), Fraction(0))
        if not mass:
            raise Unsupported
        again = {v: p / mass for v, p in rest.items()}
    for v, p in state.items():
        if v is not None and _picked(op, v, top):
            for w, q in again.items():
                put(w, p * q)
        else:
            put(v, p)
    return out


def _score(node: Dice, v: int | None) -> int:
    """A die's value as the score it adds: a success, an icon count or the value (0 dropped)."""
    if v is None:
        return 0
    if node.success:
        return score_of(node, v)
    if node.icons:
        return node.icons.count(v)
    return v


def _scored(state: Chances, node: Dice) -> Chances:
    """Every value a die may show as the score it adds."""
    out: Chances = {}
    for v, p in state.items():
        s = _score(node, v)
        out[s] = out.get(s, Fraction(0)) + p
    return out


def _whole(chances: Chances) -> tuple[dict[int | None, int], int]:
    denom = 1
    for p in chances.values():
        denom = denom * p.denominator // gcd(denom, p.denominator)
    return {v: int(p * denom) for v, p in chances.items() if p}, denom
