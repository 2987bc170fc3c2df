"""The small arithmetic the exact odds walk uses: which dice a selector picks, how a set of dice
is kept or dropped, how an icon die scores, and the binary operators on totals.

Plain functions of the parsed tree (:mod:`.tree`), with no state: :mod:`.odds` walks the
expression and calls them.
"""

from __future__ import annotations

from collections.abc import Callable

from .one_die import Unsupported
from .parse import (
    Dice,
    Op,
    compare,
    score_of,
)


def _powers(x: int, n: int) -> list[int]:
    """``x ** 0`` to ``x ** n``, each from the one before."""
    out = [1]
    for _i in range(n):
        out.append(out[-1] * x)
    return out


def _split(ops: tuple[Op, ...]) -> tuple[tuple[Op, ...], tuple[Op, ...]]:
    """The operators on each die alone, then the trailing ones that keep or drop by rank."""
    i = len(ops)
    while i and ops[i - 1].op in ("k", "p") and all(s.kind in ("h", "l") for s in ops[i - 1].sels):
        i -= 1
    head, tail = ops[:i], ops[i:]
    if any(s.kind in ("h", "l") for op in head for s in op.sels):
        raise Unsupported  # a rank kept, then an operator on each die: left to the roller
    return head, tail


def _ranks(n: int, ops: tuple[Op, ...]) -> frozenset[int] | None:
    """The ranks (0 the highest) kept by keep and drop operators that select by rank only."""
    if any(s.kind not in ("h", "l") for op in ops for s in op.sels):
        return None
    kept = list(range(n))
    for op in ops:
        picked: set[int] = set()
        for sel in op.sels:
            picked.update(kept[: sel.value] if sel.kind == "h" else kept[::-1][: sel.value])
        kept = [r for r in kept if (r in picked) == (op.op == "k")]
    return frozenset(kept)


def _apply_ops(values: tuple[int, ...], ops: tuple[Op, ...]) -> list[bool]:
    """Which of a set's items its operators keep, as the roller decides it."""
    kept = [True] * len(values)
    for op in ops:
        live = [i for i in range(len(values)) if kept[i]]
        picked: set[int] = set()
        for sel in op.sels:
            if sel.kind == "h":
                picked.update(sorted(live, key=lambda i: values[i], reverse=True)[: sel.value])
            elif sel.kind == "l":
                picked.update(sorted(live, key=lambda i: values[i])[: sel.value])
            else:
                picked.update(i for i in live if compare(sel.kind, values[i], sel.value))
        for i in live:
            kept[i] = (i in picked) == (op.op == "k")
    return kept


def _scorer(node: Dice, top: int) -> Callable[[int], int]:
    if node.success:
        return lambda v: score_of(node, v)
    if node.icons:
        icons = node.icons
        return icons.count
    return lambda v: v


def _label(node: Dice) -> str:
    die = f"[{node.die}]" if node.die else "F" if node.fudge else str(node.sides)
    return f"{node.count}d{die}"


def _apply(op: str, x: int, y: int) -> int:
    if op == "+":
        return x + y
    if op in ("-", "vs"):  # opposed: the margin of the first over the second
        return x - y
    if op == "*":
        return x * y
    if op in ("/", "//"):
        return x // y
    if op == "%":
        return x % y
    return int(compare(op, x, y))
