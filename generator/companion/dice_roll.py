"""Rolling a dice expression: the public entry points, the result and the fast path.

:func:`roll` parses (cached) and rolls. Sums of numbers and numbered dice with at most one
``kh``/``kl``/``ph``/``pl`` each, the forms rolled most often, are rolled here by a precompiled
plan without building a record per die; the account and the JSON are made only when asked for,
with the same choice of dropped dice as the full evaluator in :mod:`dice_ops` (imported only
for other expressions). A roll never raises anything but
:class:`~generator.companion.dice_parse.DiceError`.
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import Record
from .dice_parse import Binary, Const, Dice, DiceError, Expr, Unary, parse
from .rng import Source

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["MAX_ROLLS", "DiceError", "DieFaces", "FaceResolver", "RollResult", "roll"]

MAX_ROLLS = 1000


class DieFaces(Record):
    """A die from game content: the value and label of each face, in face order."""

    values: tuple[int, ...]
    labels: tuple[str | None, ...] | None = None  # None where the face shows its value


if TYPE_CHECKING:
    FaceResolver = Callable[[str], DieFaces | None]

# one term of a fast plan: joining operator ("" for the first), unary signs, their sign,
# the constant (None for dice), dice count, sides, keep/drop ("" for none) and how many
Step = tuple[str, str, int, int | None, int, int, str, int]


class RollResult:
    """The outcome of one expression."""

    __slots__ = ("expr", "total", "rolls", "_plan", "_res", "_groups")

    def __init__(
        self,
        expr: str,
        total: int,
        rolls: list[int],
        plan: tuple[Step, ...] | None = None,
        res: Any = None,
        groups: list[list[Any]] | None = None,
    ) -> None:
        self.expr, self.total = expr, total
        self.rolls = rolls  # every face rolled, in order, re-rolled and exploded ones included
        self._plan, self._res, self._groups = plan, res, groups

    @property
    def dice(self) -> list[int]:
        """The final faces of every die, in order (dice added by explosions follow their group)."""
        if self._groups is None:
            return list(self.rolls)
        return [d.value for g in self._groups for d in g]

    @property
    def labels(self) -> list[str]:
        """The face labels rolled on game dice, leaving out plain numbers."""
        return [
            d.label
            for g in self._groups or ()
            for d in g
            if d.label is not None and not d.label.isdigit()
        ]

    def detail(self) -> list[list[dict[str, Any]]]:
        """Each group of dice: every die, its final face, kept or dropped and what happened."""
        if self._groups is not None:
            return [[d.to_json() for d in g] for g in self._groups if g]
        out = []
        for faces, step in _fast_groups(self._plan or (), self.rolls):
            if faces:
                kept = _kept(faces, step[6], step[7])
                name = "d%" if step[5] == 100 else f"d{step[5]}"
                out.append(
                    [{"die": name, "value": v, "kept": k} for v, k in zip(faces, kept, strict=True)]
                )
        return out

    def text(self) -> str:
        """A one-line account: ``4d6kh3 = [6, 5, ~2, 4] = 15``."""
        if self._res is not None:
            from .dice_ops import text_of

            if self._symbols_only():
                return f"{self.expr} = {text_of(self._res)}"  # a sum of symbols means nothing
            return f"{self.expr} = {text_of(self._res)} = {self.total}"
        parts: list[str] = []
        groups = iter(_fast_groups(self._plan or (), self.rolls))
        for join, signs, _, const, _, _, how, n in self._plan or ():
            if const is not None:
                body = str(const)
            else:
                faces = next(groups)[0]
                marks = _kept(faces, how, n)
                body = ", ".join(
                    str(v) if k else f"~{v}" for v, k in zip(faces, marks, strict=True)
                )
                body = f"[{body}]"
            parts.append(f" {join} {signs}{body}" if join else signs + body)
        return f"{self.expr} = {''.join(parts)} = {self.total}"

    def _symbols_only(self) -> bool:
        """Every die rolled shows a symbol face worth nothing (action dice): no total to tell."""
        dice = [d for g in self._groups or () for d in g]
        return bool(dice) and all(
            d.label is not None and not d.label.isdigit() and d.value == 0 for d in dice
        )

    def to_json(self) -> dict[str, Any]:
        """The roll as JSON: expression, total, dice, rolls, labels and detail."""
        return {
            "expr": self.expr,
            "total": self.total,
            "dice": self.dice,
            "rolls": self.rolls,
            "labels": self.labels,
            "detail": self.detail(),
            "text": self.text(),
        }


def _fast_groups(plan: tuple[Step, ...], rolls: list[int]) -> list[tuple[list[int], Step]]:
    out, at = [], 0
    for step in plan:
        if step[3] is None:
            out.append((rolls[at : at + step[4]], step))
            at += step[4]
    return out


def _kept(faces: list[int], how: str, n: int) -> list[bool]:
    """Which dice ``kh``/``kl``/``ph``/``pl`` N keep; ties go to the earlier die, as in dice_ops."""
    if not how:
        return [True] * len(faces)
    order = sorted(range(len(faces)), key=faces.__getitem__, reverse=how[1] == "h")[:n]
    chosen = set(order)
    return [(i in chosen) == (how[0] == "k") for i in range(len(faces))]


def _plan(expr: Expr) -> tuple[Step, ...] | None:
    """A fast plan when the expression is a sum of numbers and plain numbered dice."""
    terms: list[tuple[str, Any]] = []
    node: Any = expr.root
    while type(node) is Binary and node.op in ("+", "-"):
        terms.append((node.op, node.right))
        node = node.left
    terms.append(("", node))
    steps: list[Step] = []
    for join, leaf in reversed(terms):
        signs = ""
        while type(leaf) is Unary:
            signs += leaf.op
            leaf = leaf.operand
        sign = -1 if signs.count("-") % 2 else 1
        if type(leaf) is Const:
            steps.append((join, signs, sign, leaf.value, 0, 0, "", 0))
            continue
        if type(leaf) is not Dice or leaf.die or leaf.fudge or leaf.success or leaf.icons:
            return None
        how, n = "", 0
        if leaf.ops:
            op = leaf.ops[0]
            if len(leaf.ops) > 1 or op.op not in ("k", "p") or len(op.sels) > 1:
                return None
            if op.sels[0].kind not in ("h", "l"):
                return None
            how, n = op.op + op.sels[0].kind, op.sels[0].value
        steps.append((join, signs, sign, None, leaf.count, leaf.sides, how, n))
    return tuple(steps)


if TYPE_CHECKING:
    Faces = Callable[[int, int], list[int]]  # (sides, count) -> faces 1..sides
    Fast = Callable[[Faces], tuple[int, list[int]]]


@lru_cache(maxsize=512)
def _prepared(text: str) -> tuple[Expr, tuple[Step, ...] | None, Fast | None]:
    expr = parse(text)
    plan = _plan(expr)
    return expr, plan, None if plan is None else _compiled(plan)


def _compiled(plan: tuple[Step, ...]) -> Fast:
    """A function rolling ``plan``: one dice term gets its own loop, others the general one."""
    if len(plan) != 1 or plan[0][3] is not None or plan[0][2] != 1:
        return lambda faces_of: _general(plan, faces_of)
    _, _, _, _, count, sides, how, n = plan[0]
    if not how:

        def plain(faces_of: Faces) -> tuple[int, list[int]]:
            faces = faces_of(sides, count)
            return sum(faces), faces

        return plain
    start, stop = {"kh": (count - n, count), "kl": (0, n), "ph": (0, count - n)}.get(
        how, (n, count)
    )

    def kept(faces_of: Faces) -> tuple[int, list[int]]:
        faces = faces_of(sides, count)
        return sum(sorted(faces)[start:stop]), faces

    return kept


def _general(plan: tuple[Step, ...], faces_of: Faces) -> tuple[int, list[int]]:
    rolls: list[int] = []
    total = 0
    for join, _, sign, const, count, sides, how, n in plan:
        if const is not None:
            value = const
        else:
            faces = faces_of(sides, count)
            rolls += faces
            if not how:
                value = sum(faces)
            else:
                faces.sort()
                if how == "kh":
                    value = sum(faces[count - n :])
                elif how == "kl":
                    value = sum(faces[:n])
                elif how == "ph":
                    value = sum(faces[: count - n])
                else:
                    value = sum(faces[n:])
        total += -sign * value if join == "-" else sign * value
    return total, rolls


def roll_expr(expr: Expr, source: Source, resolve: FaceResolver | None = None) -> RollResult:
    """Roll a parsed expression with the full evaluator."""
    from .dice_ops import Roller

    roller = Roller(expr, source, resolve)
    res = roller.run()
    return RollResult(expr.text, res.total, roller.rolls, res=res, groups=roller.groups)


def roll(text: str, source: Source, resolve: FaceResolver | None = None) -> RollResult:
    """Parse (cached) and roll ``text``."""
    expr, plan, fast = _prepared(text)
    if fast is None:
        return roll_expr(expr, source, resolve)
    faces_of = getattr(source, "dice_faces", None)
    if faces_of is None:
        below = source.below

        def faces_of(sides: int, count: int) -> list[int]:
            return [below(sides) + 1 for _ in range(count)]

    total, rolls = fast(faces_of)
    return RollResult(text, total, rolls, plan)


def describe(result: RollResult) -> str:
    """A one-line account: ``4d6kh3 = [6, 5, ~2, 4] = 15``."""
    return result.text()
