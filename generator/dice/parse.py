"""The dice notation: text -> an immutable tree, with located errors.

Grammar (whitespace between tokens ignored, at most 200 characters)::

    roll     := expr ['vs' expr]                opposed: the first total less the second
    expr     := sum (CMP sum)*                  CMP: == != >= <= > < (= is ==); gives 1 or 0
    sum      := product (('+'|'-') product)*
    product  := unary (('*'|'/'|'//'|'%') unary)*    / rounds down like //
    unary    := ('+'|'-')* atom
    atom     := (INT | dice | group) ('[' note ']')*
    group    := '(' [expr (',' expr)* [',']] ')' setop*     one item without a comma: brackets
    dice     := [INT] 'd' (INT | '%' | 'F' | '[' name ']') diceop* [count] ['@' DIGITS]
    count    := (CMP INT | 'cs' [selector] | 'cf' [selector]) ['r' INT] [('df'|'f') selector]
                ['ds' selector]                 successes, re-rolls of failures, minus
                                                failures, successes that count twice
    setop    := ('k' | 'p') selector                keep / drop; 'dh' 'dl' are 'ph' 'pl'
    diceop   := setop | ('rr'|'ro'|'ra'|'e'|'mi'|'ma') selector
              | ('!' | '!!' | '!p') [selector]  explode, compound, penetrate
    selector := ['h'|'l'|'<'|'>'|'='|'>='|'<='] INT      a bare INT selects that face

A comparison followed by a whole number directly after dice counts the dice that meet it
(``6d6>=5``); anywhere else it compares totals. Every problem raises :class:`DiceError`, whose
message says what was expected and shows the expression with a caret under the column at
fault. Nesting (brackets and signs) stops at :data:`MAX_DEPTH`, so no input exhausts the stack.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache

from ..locale import _
from .mods import modifiers, set_ops
from .tree import (
    COMPARATORS,
    MAX_CHARS,
    MAX_CONST,
    MAX_DEPTH,
    MAX_DICE,
    MAX_SIDES,
    Binary,
    Const,
    Cursor,
    Dice,
    DiceError,
    Expr,
    Group,
    Node,
    Note,
    Op,
    Sel,
    Unary,
    compare,
    score_of,
)

_MOD_START = "kpdrem!@<>=cf"  # what may begin an operator after dice (parsed in dice_mods)

__all__ = [
    "COMPARATORS",
    "MAX_CHARS",
    "MAX_CONST",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_SIDES",
    "Binary",
    "Const",
    "Dice",
    "DiceError",
    "Expr",
    "Group",
    "Node",
    "Note",
    "Op",
    "Sel",
    "Unary",
    "compare",
    "score_of",
    "fill_params",
    "parse",
]


def _placeholders(expr: str) -> Iterator[tuple[str, str | None]]:
    """``expr`` read as ``str.format`` reads it: (text, the inside of the ``{...}`` after it, or
    None at the end) pairs, ``{{`` and ``}}`` standing for one brace. ValueError, with the
    column, for a brace that does not pair up."""
    text: list[str] = []
    at = 0
    while at < len(expr):
        char = expr[at]
        if char in "{}" and expr.startswith(char * 2, at):
            text.append(char)
            at += 2
            continue
        if char == "}":
            raise ValueError(_("braces do not pair up (column {col})").format(col=at + 1))
        if char == "{":
            end = expr.find("}", at)
            if end < 0:
                raise ValueError(_("braces do not pair up (column {col})").format(col=at + 1))
            yield "".join(text), expr[at + 1 : end]
            text = []
            at = end + 1
            continue
        text.append(char)
        at += 1
    yield "".join(text), None


def fill_params(expr: str, values: Mapping[str, object]) -> str:
    """A named roll's expression with each ``{name}`` replaced by its value.

    Only plain names are filled: a placeholder with a format (``{n:>99}``), a conversion, an
    attribute or an index is refused (ValueError), so content cannot make a huge text or reach
    into a value through the expression.
    """

    out: list[str] = []
    for literal, field in _placeholders(expr):
        out.append(literal)
        if field is None:
            continue
        if not field.isidentifier():
            raise ValueError(
                _("placeholder {placeholder} must be a plain {{name}}").format(
                    placeholder=f"{{{field}}}"
                )
            )
        if field not in values:
            raise ValueError(
                _("placeholder {name} is not one of the roll's params").format(name=repr(field))
            )
        out.append(str(values[field]))
    return "".join(out)


class _Parser(Cursor):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.depth = 0
        self.ndice = 0

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(
                _("expected at most {depth} levels of brackets and signs").format(depth=MAX_DEPTH)
            )

    # ------------------------------------------------------------ grammar

    def parse(self) -> Node:
        root = self.expr()
        if self.peek(2) == "vs":
            col = self.i + 1
            self.i += 2
            root = Binary("vs", root, self.expr(), col)
        if self.peek():
            ch = self.low[self.i]
            if ch == ")":
                raise self.fail(_("expected an operator or the end; this ')' closes nothing"))
            if ch == ",":
                raise self.fail(_("expected an operator or the end; ',' only separates set items"))
            raise self.fail(
                _(
                    "unexpected {got}; expected an operator (+ - * / // % == < > ...) or the end"
                ).format(got=self.shown())
            )
        return root

    def expr(self) -> Node:
        left = self.sum()
        while (c := self.cmp()) is not None:
            col = self.i + 1
            self.i += len(c)
            left = Binary("==" if c == "=" else c, left, self.sum(), col)
        return left

    def sum(self) -> Node:
        left = self.product()
        while (ch := self.peek()) in ("+", "-") and ch:
            col = self.i + 1
            self.i += 1
            left = Binary(ch, left, self.product(), col)
        return left

    def product(self) -> Node:
        left = self.unary()
        while (ch := self.peek()) in ("*", "/", "%") and ch:
            col = self.i + 1
            op = "//" if self.low.startswith("//", self.i) else ch
            self.i += len(op)
            left = Binary(op, left, self.unary(), col)
        return left

    def unary(self) -> Node:
        signs: list[tuple[str, int]] = []
        while (ch := self.peek()) in ("+", "-") and ch:
            self.enter()
            signs.append((ch, self.i + 1))
            self.i += 1
        node = self.atom()
        for ch, col in reversed(signs):
            node = Unary(ch, node, col)
        self.depth -= len(signs)
        return node

    def atom(self) -> Node:
        ch = self.peek()
        start = self.i
        node: Node
        if ch == "(":
            node = self.group()
        elif ch and ch in "0123456789":
            value = self.number(_("a number"), 0, MAX_CONST)
            if self.peek() == "d":
                if value > MAX_DICE:
                    raise self.fail(
                        _("expected a number of dice from 0 to {most}").format(most=MAX_DICE), start
                    )
                node = self.dice(value, start)
            else:
                node = Const(value, start + 1)
        elif ch == "d":
            node = self.dice(1, start)
        else:
            raise self.fail(
                _("unexpected {got}; expected a number, dice such as 2d6, or '('").format(
                    got=self.shown()
                )
            )
        while self.peek() == "[":
            end = self.text.find("]", self.i)
            if end < 0:
                raise self.fail(_("expected ']' to close this note"))
            node = Note(node, self.text[self.i + 1 : end].strip(), self.i + 1)
            self.i = end + 1
        return node

    def group(self) -> Group:
        self.enter()
        col = self.i + 1
        self.i += 1
        items: list[Node] = []
        comma = False
        if self.peek() != ")":
            while True:
                items.append(self.expr())
                ch = self.peek()
                if ch == ",":
                    comma = True
                    self.i += 1
                    if self.peek() == ")":
                        break
                    continue
                if ch == ")":
                    break
                raise self.fail(
                    _("expected ',' or ')' to close the '(' of column {col}").format(col=col)
                )
        self.i += 1
        self.depth -= 1
        ops: tuple[Op, ...] = ()
        if self.peek() and self.low[self.i] in _MOD_START:
            ops = set_ops(self)
        return Group(tuple(items), col, comma or len(items) != 1, ops)

    def dice(self, count: int, start: int) -> Dice:
        self.i += 1  # the 'd'
        ch = self.peek()
        die = None
        fudge = False
        if ch == "%":
            sides = 100
            self.i += 1
        elif ch == "f":
            sides, fudge = 3, True
            self.i += 1
        elif ch == "[":
            end = self.text.find("]", self.i)
            name = self.text[self.i + 1 : end].strip() if end > 0 else ""
            if not name or not all(c.isalnum() or c in "-_:" for c in name):
                raise self.fail(
                    _("expected a die name of letters, digits, '-', '_' and ':', then ']'"),
                    self.i + 1,
                )
            sides, die = 0, name
            self.i = end + 1
        elif ch and ch in "0123456789":
            sides = self.number(_("a number of sides"), 1, MAX_SIDES)
        else:
            raise self.fail(_("expected the number of sides after 'd' (d6, d%, dF, d[name])"))
        self.ndice += count
        if self.ndice > MAX_DICE:
            raise self.fail(
                _("{count} dice in one roll; expected at most {most}").format(
                    count=self.ndice, most=MAX_DICE
                ),
                start,
            )
        node = Dice(count, sides, start + 1, die, fudge=fudge)
        if self.peek() and self.low[self.i] in _MOD_START:
            node = modifiers(self, node)
        return node


@lru_cache(maxsize=512)
def parse(text: str) -> Expr:
    """Parse a dice expression (cached: the same text always gives the same tree)."""
    if not isinstance(text, str) or not text.strip():
        raise DiceError(str(text or ""), 1, _("expected a dice expression such as 2d6; found none"))
    if len(text) > MAX_CHARS:
        raise DiceError(
            text,
            MAX_CHARS + 1,
            _("expected at most {most} characters; the expression is longer").format(
                most=MAX_CHARS
            ),
        )
    return Expr(text, _Parser(text).parse())
