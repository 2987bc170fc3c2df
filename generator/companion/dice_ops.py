"""Evaluating a dice tree: every operator, what happened to each die, and its one-line account.

:class:`Roller` walks the tree from :mod:`dice_parse` left to right, drawing every face from the
:class:`~generator.companion.rng.Source` it is given, so a seed or a fair session replays
exactly. Operators act in the order written on the dice still kept, as d20 defines them:
``k``/``p`` keep or drop, ``rr`` re-rolls until no selected face is left, ``ro`` re-rolls once,
``e`` explodes (each selected die adds one, new dice may explode again), ``ec`` (``!!``)
compounds (the new faces add to the same die), ``ep`` (``!p``) penetrates (each added die counts
one less than its face), ``ra`` adds one die for the first selected, ``mi``/``ma`` raise or lower
every die to a value; a count scores each die by :func:`~generator.dice.tree.score_of`
(successes, doubles, failures taken away), and ``vs`` gives the first total less the second. More than
:data:`MAX_ROLLS` faces in one roll, division by zero and an unknown content die are reported as
:class:`DiceError` at their column; nothing else is raised. What a roll is made of (the dice, each
node's result, the selection of dice, the one-line account) is :mod:`.dice_result`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..dice.parse import (
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
    score_of,
)
from ..locale import _
from .dice_result import (
    MAX_ROLLS,
    DieFaces,
    DieRoll,
    Elem,
    FaceResolver,
    Res,
    _name,
    keep_or_drop,
    select,
)
from .rng import Source


class Roller:
    """Rolls one parsed expression against a source."""

    def __init__(self, expr: Expr, source: Source, resolve: FaceResolver | None) -> None:
        self.expr = expr
        self.below = source.below
        self.resolve = resolve
        self.rolls: list[int] = []
        self.groups: list[list[DieRoll]] = []

    def fail(self, col: int, message: str) -> DiceError:
        """A dice error located at a column of the expression."""
        return DiceError(self.expr.text, col, message)

    def run(self) -> Res:
        """Roll the whole expression and return the result of its root."""
        return self.eval(self.expr.root)

    def eval(self, node: Node) -> Res:
        """The result of one node, by its kind (:data:`EVALUATORS`)."""
        return EVALUATORS[type(node)](self, node)

    def const(self, node: Const) -> Res:
        """A number as written."""
        return Res(node, node.value)

    def unary(self, node: Unary) -> Res:
        """A sign before a node."""
        res = self.eval(node.operand)
        return Res(node, -res.total if node.op == "-" else res.total, [res])

    def note(self, node: Note) -> Res:
        """A node with a note after it (``9[fire]``): its total, unchanged."""
        res = self.eval(node.node)
        return Res(node, res.total, [res])

    def binary(self, node: Binary) -> Res:
        """The result of an arithmetic operator on two nodes; refuses division by zero."""
        left = self.eval(node.left)
        right = self.eval(node.right)
        a, b, op = left.total, right.total, node.op
        if op in ("/", "//", "%") and b == 0:
            raise self.fail(
                node.col,
                _("cannot divide by zero: expected a non-zero right of {op!r}").format(op=op),
            )
        if op == "+":
            value = a + b
        elif op == "-":
            value = a - b
        elif op == "*":
            value = a * b
        elif op in ("/", "//"):
            value = a // b
        elif op == "%":
            value = a % b
        elif op == "vs":
            value = a - b  # opposed: the margin of the first over the second
        else:
            value = int(compare(op, a, b))
        return Res(node, value, [left, right])

    def group(self, node: Group) -> Res:
        """The result of a bracketed group or set, after its keep and drop operators."""
        kids = [self.eval(item) for item in node.items]
        res = Res(node, 0, kids)
        inner = kids[0] if not node.is_set else None
        if inner is not None and inner.items:
            res.items = inner.items  # (4d6)kh3 works on the dice inside
        else:
            res.items = [Elem(k) for k in kids]
            res.own = inner is not None
        for op in node.ops:
            keep_or_drop(res.items, op, 0)
        if inner is not None and not res.own:
            res.total = self.retotal(inner)
        else:
            res.total = sum(e.res.total for e in res.items if e.kept)
        return res

    def retotal(self, res: Res) -> int:
        """A total again after brackets kept or dropped some of the items inside."""
        node = res.node
        if isinstance(node, Dice):
            res.total = self.count(node, res.items)
        elif isinstance(node, Group) and (node.is_set or res.own):
            res.total = sum(e.res.total for e in res.items if e.kept)
        elif isinstance(node, (Group, Note)):
            res.total = self.retotal(res.kids[0])
        return res.total

    # ------------------------------------------------------------ dice

    def draw(self, node: Dice, faces: DieFaces | None) -> tuple[int, str | None]:
        """Roll one die of a node: its value and face label; refuses too many rolls in all."""
        if len(self.rolls) >= MAX_ROLLS:
            raise self.fail(
                node.col,
                _(
                    "more than {most} dice rolled (re-rolls and explosions included); "
                    "expected fewer dice or a narrower re-roll"
                ).format(most=MAX_ROLLS),
            )
        label = None
        if faces is not None:
            i = self.below(len(faces.values))
            value = faces.values[i]
            label = faces.labels[i] if faces.labels else None
        elif node.fudge:
            value = self.below(3) - 1
        else:
            value = self.below(node.sides) + 1
        self.rolls.append(value)
        return value, label

    def faces(self, node: Dice) -> DieFaces | None:
        """A game die's faces for the node, or None for plain dice; refuses an unknown die."""
        if node.die is None:
            return None
        faces = self.resolve(node.die) if self.resolve else None
        if faces is None or not faces.values:
            col = self.expr.text.find(node.die) + 1 or node.col
            raise self.fail(
                col,
                _("unknown die {die!r}; expected a game's die as [game:die]").format(die=node.die),
            )
        return faces

    def dice(self, node: Dice) -> Res:
        """Roll a dice node and apply its operators (keep, re-roll, explode, min and max, successes)."""
        faces = self.faces(node)
        name = _name(node)
        top = max(faces.values) if faces else 1 if node.fudge else node.sides
        dice = [DieRoll(*self.draw(node, faces), name) for _ in range(node.count)]
        for op in node.ops:
            if op.op in ("k", "p"):
                keep_or_drop(dice, op, top)
            elif op.op in ("rr", "ro"):
                picked = select(dice, op.sels, top)
                while picked:
                    for d in picked:
                        self.reroll(node, faces, d)
                    picked = select(dice, op.sels, top) if op.op == "rr" else []
            elif op.op in ("e", "ra"):
                self.explode(node, faces, dice, op, top)
            elif op.op == "ec":
                self.compound(node, faces, dice, op, top)
            elif op.op == "ep":
                self.penetrate(node, faces, dice, op, top)
            else:
                target = op.sels[-1].value
                for d in dice:
                    if d.kept and (d.value < target if op.op == "mi" else d.value > target):
                        d.history.append(d.value)
                        d.value, d.set_by = target, op.op
        if node.reroll and node.success:
            left = node.reroll
            for d in dice:
                if left and d.kept and not compare(node.success[0], d.value, node.success[1]):
                    self.reroll(node, faces, d)
                    left -= 1
        self.groups.append(dice)
        res = Res(node, 0)
        res.items = dice
        res.total = self.count(node, dice)
        return res

    def reroll(self, node: Dice, faces: DieFaces | None, d: DieRoll) -> None:
        """Roll a die again, keeping its earlier face in its history."""
        d.history.append(d.value)
        d.value, d.label = self.draw(node, faces)
        d.rerolled = True

    def explode(
        self, node: Dice, faces: DieFaces | None, dice: list[DieRoll], op: Op, top: int
    ) -> None:
        """Add a die for each die an explode (e) operator picks, again and again, or once for ra."""
        limit = 1 if op.op == "ra" else None
        picked = select(dice, op.sels, top, limit)
        done: set[int] = set()
        while picked:
            for d in picked:
                d.exploded = True
                dice.append(DieRoll(*self.draw(node, faces), _name(node), "explosion"))
            if limit:
                return
            done.update(id(d) for d in picked)
            picked = [d for d in select(dice, op.sels, top) if id(d) not in done]

    def compound(
        self, node: Dice, faces: DieFaces | None, dice: list[DieRoll], op: Op, top: int
    ) -> None:
        """``!!``: a selected die is rolled again and the new face added to it, while selected."""
        for d in select(dice, op.sels, top):
            face = d.value
            while any(compare(s.kind, face, top if s.value == -1 else s.value) for s in op.sels):
                d.history.append(d.value)
                face, _label = self.draw(node, faces)
                d.value += face
                d.exploded = True

    def penetrate(
        self, node: Dice, faces: DieFaces | None, dice: list[DieRoll], op: Op, top: int
    ) -> None:
        """``!p``: like an explosion, but each added die counts one less than its face."""
        for d in select(dice, op.sels, top):
            face = d.value
            while any(compare(s.kind, face, top if s.value == -1 else s.value) for s in op.sels):
                face, label = self.draw(node, faces)
                added = DieRoll(face - 1, label, _name(node), "explosion")
                added.history.append(face)
                d.exploded = True
                dice.append(added)
                d = added

    @staticmethod
    def count(node: Dice, dice: list[DieRoll]) -> int:
        """The total of a dice node: successes, icon score, or sum of kept dice."""
        kept = [d for d in dice if d.kept]
        if node.success:
            cmp, target = node.success
            for d in dice:
                d.success = compare(cmp, d.value, target) if d.kept else None
                if d.kept and (node.fail or node.double):
                    d.score = score_of(node, d.value)
            if node.fail or node.double:
                return sum(d.score or 0 for d in kept)
            return sum(1 for d in kept if d.success)
        if node.icons:
            for d in dice:
                d.score = node.icons.count(d.value) if d.kept else None
            return sum(d.score or 0 for d in kept)
        return sum(d.value for d in kept)


# the evaluator of each kind of node, as d20 dispatches its tree
EVALUATORS: dict[type, Callable[[Roller, Any], Res]] = {
    Const: Roller.const,
    Dice: Roller.dice,
    Group: Roller.group,
    Unary: Roller.unary,
    Binary: Roller.binary,
    Note: Roller.note,
}
