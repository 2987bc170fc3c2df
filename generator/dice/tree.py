"""The dice notation's tree: the nodes an expression parses into, its limits and its error.

:mod:`.dice_parse` reads text into these immutable nodes (with :mod:`.dice_mods` for the
operators after dice and sets), :class:`Cursor` being the position both read from; the
companion's roller (:mod:`generator.companion.dice_ops`) walks them. Every problem is a
:class:`DiceError` located at a column.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import PnpError
from ..locale import _

MAX_CHARS = 200
MAX_DICE = 999
MAX_SIDES = 10_000
MAX_CONST = 1_000_000
MAX_DEPTH = 50
COMPARATORS = (">=", "<=", ">", "<", "=")
_CMPS = ("==", "!=", ">=", "<=", "=", "<", ">")
_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


class DiceError(PnpError):
    """A dice expression that cannot be parsed or rolled; points at a column."""

    def __init__(self, text: str, col: int, message: str) -> None:
        self.text = text
        self.col = col
        self.message = message
        shown = text if len(text) <= MAX_CHARS + 20 else text[: MAX_CHARS + 20] + "..."
        caret = " " * (min(col, len(shown) + 1) - 1) + "^"
        where = _("{message} (column {col})").format(message=message, col=col)
        super().__init__(f"{where}\n  {shown}\n  {caret}")


class Const(NamedTuple):
    """A whole number in the expression."""

    value: int
    col: int


class Sel(NamedTuple):
    """A selector: ``h``/``l`` take the N highest/lowest, the others compare each value to N."""

    kind: str  # h l < > = >= <=; ("=", -1) is the highest face of a content die
    value: int


class Op(NamedTuple):
    """A set or dice operator with its selectors (consecutive equal operators merged)."""

    op: str  # k p rr ro ra e (explode) ec (compound, !!) ep (penetrate, !p) mi ma
    sels: tuple[Sel, ...]
    col: int


class Dice(NamedTuple):
    """``count`` dice of ``sides`` faces (Fudge, d%, or the content die ``die``) and operators."""

    count: int  # type: ignore[assignment]  # the field, not tuple.count
    sides: int
    col: int
    die: str | None = None
    ops: tuple[Op, ...] = ()
    success: tuple[str, int] | None = None  # (comparator, target)
    reroll: int = 0  # re-roll up to this many failed dice once
    icons: tuple[int, ...] | None = None
    fudge: bool = False
    fail: tuple[str, int] | None = None  # a die meeting it takes one success away (df, f)
    double: tuple[str, int] | None = None  # a success meeting it counts twice (ds)


class Group(NamedTuple):
    """``(a, b, c)`` (a set) or ``(a)`` (brackets), with keep/drop operators."""

    items: tuple[Node, ...]
    col: int
    is_set: bool
    ops: tuple[Op, ...] = ()


class Unary(NamedTuple):
    """A sign (``+`` or ``-``) before an expression."""

    op: str
    operand: Node
    col: int


class Binary(NamedTuple):
    """An arithmetic or comparison operator between two expressions."""

    op: str  # + - * / // % == != >= <= > <
    left: Node
    right: Node
    col: int


class Note(NamedTuple):
    """A value with an annotation in square brackets, such as ``9[fire]``."""

    node: Node
    note: str
    col: int


Node = Const | Dice | Group | Unary | Binary | Note


class Expr(NamedTuple):
    """A parsed expression: its text and the root of its tree."""

    text: str
    root: Node

    @property
    def terms(self) -> tuple[tuple[int, Const | Dice], ...]:
        """Every number and dice group, left to right, as ``(1, node)`` pairs."""
        out: list[tuple[int, Const | Dice]] = []
        stack: list[Node] = [self.root]
        while stack:
            node = stack.pop()
            if isinstance(node, (Const, Dice)):
                out.append((1, node))
            elif isinstance(node, Group):
                stack.extend(reversed(node.items))
            elif isinstance(node, Binary):
                stack += [node.right, node.left]
            else:
                stack.append(node.operand if isinstance(node, Unary) else node.node)
        return tuple(out)

    @property
    def dice_count(self) -> int:
        """How many dice the expression rolls before any re-roll or explosion."""
        return sum(t.count for _, t in self.terms if isinstance(t, Dice))


def compare(cmp: str, value: int, target: int) -> bool:
    """Apply a comparator from the notation."""
    if cmp == ">=":
        return value >= target
    if cmp == "<=":
        return value <= target
    if cmp == ">":
        return value > target
    if cmp == "<":
        return value < target
    if cmp == "!=":
        return value != target
    return value == target


def score_of(node: Dice, value: int) -> int:
    """What one kept die adds to a count of successes: 1, 2 for a double, -1 for a failure."""
    if node.success is None:
        return value
    won = compare(node.success[0], value, node.success[1])
    out = int(won)
    if won and node.double and compare(node.double[0], value, node.double[1]):
        out += 1
    if node.fail and compare(node.fail[0], value, node.fail[1]):
        out -= 1
    return out


class Cursor:
    """A position in an expression's text, and reading tokens there (whitespace skipped)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.low = text.translate(_LOWER)  # ASCII only: same length, same columns
        self.i = 0
        self.n = len(text)

    def fail(self, message: str, i: int | None = None) -> DiceError:
        """A :class:`DiceError` at the cursor (or at ``i``)."""
        return DiceError(self.text, (self.i if i is None else i) + 1, message)

    def peek(self, k: int = 1) -> str:
        """The next ``k`` characters, lower-cased, after any whitespace."""
        while self.i < self.n and self.text[self.i].isspace():
            self.i += 1
        return self.low[self.i : self.i + k]

    def shown(self) -> str:
        """The character at the cursor, as an error message names it."""
        if self.i >= self.n:
            return _("the end of the expression")
        ch = self.text[self.i]
        return repr(ch) if ch.isprintable() else repr(repr(ch))

    def int_here(self) -> bool:
        """Whether a digit is next."""
        return self.peek() in "0123456789" and self.i < self.n

    def number(self, what: str, low: int, high: int) -> int:
        """The whole number next, from ``low`` to ``high``; else an error naming ``what``."""
        if not self.int_here():
            raise self.fail(
                _("unexpected {got}; expected {what} here").format(got=self.shown(), what=what)
            )
        start = self.i
        while self.i < self.n and self.low[self.i] in "0123456789":
            self.i += 1
        digits = self.text[start : self.i]
        if len(digits) > 7 or not low <= int(digits) <= high:
            raise self.fail(
                _("expected {what} from {low} to {high}").format(what=what, low=low, high=high),
                start,
            )
        return int(digits)

    def cmp(self) -> str | None:
        """The comparator next, or None."""
        two = self.peek(2)
        for c in _CMPS:
            if two.startswith(c):
                return c
        return None
