"""The dice notation: text -> tokens -> an immutable tree, with located errors.

Grammar (whitespace ignored, at most 200 characters)::

    expr  := [+|-] term (('+'|'-') term)*
    term  := INT | [INT] 'd' (INT | '%' | '[' name ']') mod*
    mod   := ('kh'|'kl'|'dh'|'dl'|'k') [INT]    keep / drop highest or lowest (default 1)
           | '!' [cmp INT]                      explode (default: on the highest face)
           | cmp INT                            count successes (>=, <=, >, <, =)
           | 'r' INT                            re-roll up to INT failed dice once
           | '@' DIGITS                         icon die: score once per matching entry

Every problem raises :class:`DiceError`, whose message shows the expression with a caret under
the column at fault. The parser is a loop, not a recursion, so no input can exhaust the stack.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..errors import PnpError

MAX_CHARS = 200
MAX_DICE = 999
MAX_SIDES = 10_000
MAX_CONST = 1_000_000
COMPARATORS = (">=", "<=", ">", "<", "=")


class DiceError(PnpError):
    """A dice expression that cannot be parsed or rolled; points at a column."""

    def __init__(self, text: str, col: int, message: str) -> None:
        self.text = text
        self.col = col
        self.message = message
        shown = text if len(text) <= MAX_CHARS + 20 else text[: MAX_CHARS + 20] + "..."
        caret = " " * (min(col, len(shown) + 1) - 1) + "^"
        super().__init__(f"{message} (column {col})\n  {shown}\n  {caret}")


class Const(NamedTuple):
    """A whole number in the expression."""

    value: int
    col: int


class Dice(NamedTuple):
    """``count`` dice of ``sides`` faces (or the content die ``die``) and their modifiers."""

    count: int
    sides: int
    col: int
    die: str | None = None
    keep: tuple[str, int] | None = None  # ("kh"|"kl"|"dh"|"dl", n)
    explode: tuple[str, int] | None = None  # (comparator, value)
    success: tuple[str, int] | None = None  # (comparator, target)
    reroll: int = 0
    icons: tuple[int, ...] | None = None


class Expr(NamedTuple):
    """A parsed expression: signed terms in order."""

    text: str
    terms: tuple[tuple[int, Const | Dice], ...]

    @property
    def dice_count(self) -> int:
        return sum(t.count for _, t in self.terms if isinstance(t, Dice))


class Tok(NamedTuple):
    kind: str  # int, d, %, name, +, -, !, @, cmp, keep, r, end
    text: str
    col: int


_SIMPLE = {"+": "+", "-": "-", "!": "!", "@": "@", "%": "%"}


def lex(text: str) -> list[Tok]:
    """Split ``text`` into tokens; unknown characters raise DiceError at their column."""
    out: list[Tok] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        col = i + 1
        if ch.isspace():
            i += 1
        elif "0" <= ch <= "9":
            j = i
            while j < n and "0" <= text[j] <= "9":
                j += 1
            out.append(Tok("int", text[i:j], col))
            i = j
        elif ch in _SIMPLE:
            out.append(Tok(_SIMPLE[ch], ch, col))
            i += 1
        elif ch in "<>=":
            two = text[i : i + 2]
            if two in (">=", "<="):
                out.append(Tok("cmp", two, col))
                i += 2
            else:
                out.append(Tok("cmp", ch, col))
                i += 1
        elif ch == "[":
            j = text.find("]", i)
            if j < 0:
                raise DiceError(text, col, "'[' is never closed with ']'")
            name = text[i + 1 : j].strip()
            if not name or not all(c.isalnum() or c in "-_:" for c in name):
                raise DiceError(text, col + 1, "a die name has letters, digits, '-', '_' and ':'")
            out.append(Tok("name", name, col + 1))
            i = j + 1
        elif ch in "kKdD" and i + 1 < n and text[i + 1] in "hlHL":
            out.append(Tok("keep", (ch + text[i + 1]).lower(), col))
            i += 2
        elif ch in "kK":
            out.append(Tok("keep", "kh", col))
            i += 1
        elif ch in "dD":
            out.append(Tok("d", "d", col))
            i += 1
        elif ch in "rR":
            out.append(Tok("r", "r", col))
            i += 1
        else:
            shown = ch if ch.isprintable() else repr(ch)
            raise DiceError(text, col, f"unexpected {shown!r}; write dice like 2d6, 4d6kh3, 6d6>=5")
    out.append(Tok("end", "", n + 1))
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = lex(text)
        self.i = 0

    def peek(self) -> Tok:
        return self.toks[self.i]

    def take(self) -> Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def fail(self, tok: Tok, message: str) -> DiceError:
        return DiceError(self.text, tok.col, message)

    def number(self, what: str, low: int, high: int) -> int:
        tok = self.take()
        if tok.kind != "int":
            raise self.fail(tok, f"expected {what} here")
        if len(tok.text) > 7 or not low <= int(tok.text) <= high:
            raise self.fail(tok, f"{what} must be {low}..{high}")
        return int(tok.text)

    def parse(self) -> Expr:
        terms: list[tuple[int, Const | Dice]] = []
        sign = 1
        if self.peek().kind in ("+", "-"):
            sign = -1 if self.take().kind == "-" else 1
        while True:
            terms.append((sign, self.term()))
            tok = self.take()
            if tok.kind == "end":
                break
            if tok.kind not in ("+", "-"):
                raise self.fail(tok, f"expected + or - before {tok.text!r}")
            sign = -1 if tok.kind == "-" else 1
        expr = Expr(self.text, tuple(terms))
        if expr.dice_count > MAX_DICE:
            last = max((t for _, t in terms if isinstance(t, Dice)), key=lambda t: t.col)
            raise DiceError(
                self.text, last.col, f"{expr.dice_count} dice in one roll; the limit is {MAX_DICE}"
            )
        return expr

    def term(self) -> Const | Dice:
        tok = self.peek()
        if tok.kind == "int" and self.toks[self.i + 1].kind != "d":
            return Const(self.number("a number", 0, MAX_CONST), tok.col)
        count = 1
        if tok.kind == "int":
            count = self.number("the number of dice", 1, MAX_DICE)
        d = self.take()
        if d.kind != "d":
            raise self.fail(d, "expected a number or dice such as 2d6")
        side_tok = self.take()
        die: str | None = None
        if side_tok.kind == "%":
            sides = 100
        elif side_tok.kind == "name":
            sides, die = 0, side_tok.text
        elif side_tok.kind == "int":
            self.i -= 1
            sides = self.number("the number of sides", 1, MAX_SIDES)
        else:
            raise self.fail(side_tok, "expected the number of sides after 'd' (d6, d%, d[name])")
        return self.modifiers(Dice(count, sides, tok.col, die))

    def modifiers(self, dice: Dice) -> Dice:
        fields: dict[str, object] = {}
        first_col: dict[str, int] = {}
        while True:
            tok = self.peek()
            if tok.kind == "keep":
                self.take()
                n = self.number("how many dice", 0, MAX_DICE) if self.peek().kind == "int" else 1
                self._once(fields, first_col, "keep", tok, (tok.text, n), "one keep or drop")
            elif tok.kind == "!":
                self.take()
                rule = ("=", dice.sides) if dice.die is None else ("=", -1)
                if self.peek().kind == "cmp":
                    cmp = self.take().text
                    rule = (cmp, self.number("a face value", 0, MAX_SIDES))
                self._once(fields, first_col, "explode", tok, rule, "one explosion")
            elif tok.kind == "cmp":
                self.take()
                self._once(
                    fields,
                    first_col,
                    "success",
                    tok,
                    (tok.text, self.number("a target", 0, MAX_SIDES)),
                    "one success target",
                )
            elif tok.kind == "r":
                self.take()
                self._once(
                    fields,
                    first_col,
                    "reroll",
                    tok,
                    self.number("how many failed dice to re-roll", 0, MAX_DICE),
                    "one re-roll",
                )
            elif tok.kind == "@":
                self.take()
                digits = self.take()
                if digits.kind != "int":
                    raise self.fail(digits, "expected icon entries such as @33445")
                self._once(
                    fields,
                    first_col,
                    "icons",
                    tok,
                    tuple(int(c) for c in digits.text),
                    "one icon list",
                )
            else:
                break
        return self._checked(dice, fields, first_col)

    def _once(
        self,
        fields: dict[str, object],
        cols: dict[str, int],
        key: str,
        tok: Tok,
        value: object,
        what: str,
    ) -> None:
        if key in fields:
            raise self.fail(tok, f"only {what} per die")
        fields[key] = value
        cols[key] = tok.col

    def _checked(self, dice: Dice, f: dict[str, object], cols: dict[str, int]) -> Dice:
        out = Dice(dice.count, dice.sides, dice.col, dice.die, **f)  # type: ignore[arg-type]
        t = self.text
        if out.keep and out.keep[1] > out.count:
            raise DiceError(
                t,
                cols["keep"],
                f"cannot {'keep' if out.keep[0][0] == 'k' else 'drop'} {out.keep[1]} of {out.count} dice",
            )
        if out.reroll and not out.success:
            raise DiceError(
                t,
                cols["reroll"],
                "re-rolling failed dice needs a success target first, as in 6d6>=5r2",
            )
        if out.success and out.icons:
            raise DiceError(t, cols["icons"], "a die counts either successes or icons, not both")
        if out.icons and out.die is None:
            bad = [v for v in out.icons if not 1 <= v <= out.sides]
            if bad:
                raise DiceError(
                    t, cols["icons"] + 1, f"icon entry {bad[0]} is not a face of d{out.sides}"
                )
        if out.explode and out.die is None:
            cmp, value = out.explode
            faces = range(1, out.sides + 1)
            if all(compare(cmp, v, value) for v in faces):
                raise DiceError(
                    t,
                    cols["explode"],
                    f"every face of d{out.sides} would explode; the roll would never end",
                )
        return out


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
    return value == target


@lru_cache(maxsize=512)
def parse(text: str) -> Expr:
    """Parse a dice expression (cached: the same text always gives the same tree)."""
    if not isinstance(text, str) or not text.strip():
        raise DiceError(str(text or ""), 1, "empty dice expression; try 2d6")
    if len(text) > MAX_CHARS:
        raise DiceError(
            text, MAX_CHARS + 1, f"the expression is longer than {MAX_CHARS} characters"
        )
    return _Parser(text).parse()
