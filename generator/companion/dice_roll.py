"""Rolling a parsed dice expression: explosions, re-rolls, keep/drop, successes, icons.

The evaluator dispatches on the node type through a table and draws every face from a
:class:`~generator.companion.rng.Source` passed in. A roll never throws anything but a
:class:`~generator.companion.dice_parse.DiceError`: more than 1,000 faces rolled (re-rolls and
explosions included) or an unknown content die are reported at their column.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .dice_parse import Const, Dice, DiceError, Expr, compare, parse
from .rng import Source

MAX_ROLLS = 1000


class DieFaces(NamedTuple):
    """A die from game content: the value and label of each face, in face order."""

    values: tuple[int, ...]
    labels: tuple[str | None, ...] | None = None  # None where the face shows its value


FaceResolver = Callable[[str], DieFaces | None]


class DieRoll:
    """One die as it finally lies, and how it got there."""

    __slots__ = ("value", "label", "kept", "exploded", "rerolled_from", "success", "score")

    def __init__(self, value: int, label: str | None = None, *, exploded: bool = False) -> None:
        self.value = value
        self.label = label
        self.kept = True
        self.exploded = exploded  # added by an explosion
        self.rerolled_from: int | None = None
        self.success: bool | None = None
        self.score: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "kept": self.kept}
        for key in ("label", "success", "score", "rerolled_from"):
            v = getattr(self, key)
            if v is not None:
                out[key] = v
        if self.exploded:
            out["exploded"] = True
        return out


class TermResult:
    """One signed term: a constant or a group of dice, with its value.

    Plain dice (no modifiers) keep only their ``faces``; the :class:`DieRoll` records are
    built when first asked for, which keeps the common ``2d6`` fast.
    """

    __slots__ = ("sign", "value", "faces", "text", "successes", "records")

    def __init__(
        self,
        sign: int,
        value: int,
        faces: list[int] | None = None,
        text: str = "",
        successes: bool = False,
        records: list[DieRoll] | None = None,
    ) -> None:
        self.sign, self.value, self.faces, self.text = sign, value, faces, text
        self.successes, self.records = successes, records

    @property
    def dice(self) -> list[DieRoll]:
        if self.records is None:
            self.records = [DieRoll(v) for v in self.faces or ()]
        return self.records


class RollResult:
    """The outcome of one expression."""

    __slots__ = ("expr", "total", "terms", "rolls")

    def __init__(self, expr: str, total: int, terms: list[TermResult], rolls: list[int]) -> None:
        self.expr, self.total, self.terms = expr, total, terms
        self.rolls = rolls  # every face rolled, in order, re-rolled and exploded ones included

    @property
    def dice(self) -> list[int]:
        """The final faces of every die, in order (explosions follow their die)."""
        out: list[int] = []
        for t in self.terms:
            out.extend(
                t.faces if t.records is None and t.faces is not None else [d.value for d in t.dice]
            )
        return out

    @property
    def labels(self) -> list[str]:
        return [
            d.label
            for t in self.terms
            for d in t.dice
            if d.label is not None and not d.label.isdigit()
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "expr": self.expr,
            "total": self.total,
            "dice": self.dice,
            "rolls": self.rolls,
            "labels": self.labels,
            "detail": [[d.to_json() for d in t.dice] for t in self.terms if t.dice],
            "text": describe(self),
        }


class _Roller:
    def __init__(self, expr: Expr, source: Source, resolve: FaceResolver | None) -> None:
        self.expr = expr
        self.source = source
        self.resolve = resolve
        self.rolls: list[int] = []

    def face(self, faces: DieFaces | None, sides: int, col: int) -> tuple[int, str | None]:
        if len(self.rolls) >= MAX_ROLLS:
            raise DiceError(
                self.expr.text,
                col,
                f"more than {MAX_ROLLS} dice rolled (re-rolls and explosions included)",
            )
        if faces is None:
            value = self.source.below(sides) + 1
            self.rolls.append(value)
            return value, None
        i = self.source.below(len(faces.values))
        value = faces.values[i]
        self.rolls.append(value)
        return value, faces.labels[i] if faces.labels else None

    def const(self, node: Const, sign: int) -> TermResult:
        return TermResult(sign, node.value, text=str(node.value))

    def dice(self, node: Dice, sign: int) -> TermResult:
        faces = self._faces(node)
        sides = node.sides
        explode = node.explode
        if explode and explode[1] == -1 and faces is not None:
            explode = ("=", max(faces.values))
        out: list[DieRoll] = []
        for _ in range(node.count):
            value, label = self.face(faces, sides, node.col)
            out.append(DieRoll(value, label))
            while explode and compare(explode[0], value, explode[1]):
                value, label = self.face(faces, sides, node.col)
                out.append(DieRoll(value, label, exploded=True))
        if node.reroll and node.success:
            cmp, target = node.success
            left = node.reroll
            for die in out:
                if left == 0:
                    break
                if not compare(cmp, die.value, target):
                    value, label = self.face(faces, sides, node.col)
                    die.rerolled_from, die.value, die.label = die.value, value, label
                    left -= 1
        if node.keep:
            self._keep(out, *node.keep)
        kept = [d for d in out if d.kept]
        if node.success:
            cmp, target = node.success
            for d in kept:
                d.success = compare(cmp, d.value, target)
            value = sum(1 for d in kept if d.success)
        elif node.icons:
            for d in kept:
                d.score = node.icons.count(d.value)
            value = sum(d.score or 0 for d in kept)
        else:
            value = sum(d.value for d in kept)
        return TermResult(sign, value, records=out, successes=bool(node.success or node.icons))

    def _faces(self, node: Dice) -> DieFaces | None:
        if node.die is None:
            return None
        faces = self.resolve(node.die) if self.resolve else None
        if faces is None or not faces.values:
            col = self.expr.text.find(node.die) + 1 or node.col
            raise DiceError(
                self.expr.text, col, f"unknown die {node.die!r}; name a game's die as [game:die]"
            )
        return faces

    @staticmethod
    def _keep(out: list[DieRoll], how: str, n: int) -> None:
        high_first = how in ("kh", "dh")
        order = sorted(range(len(out)), key=lambda i: out[i].value, reverse=high_first)
        chosen = set(order[:n]) if how[0] == "k" else set(order[n:])
        for i, d in enumerate(out):
            d.kept = i in chosen


_PLAIN: set[Expr] = set()

_DISPATCH: Mapping[type, Callable[[_Roller, Any, int], TermResult]] = {
    Const: _Roller.const,
    Dice: _Roller.dice,
}


def _plain(expr: Expr) -> bool:
    """Whether every term is a constant or unmodified numbered dice (the fast path)."""
    return all(
        isinstance(n, Const)
        or (n.die is None and not (n.keep or n.explode or n.success or n.icons))
        for _, n in expr.terms
    )


def roll_expr(expr: Expr, source: Source, resolve: FaceResolver | None = None) -> RollResult:
    """Roll a parsed expression."""
    if expr in _PLAIN or (_plain(expr) and not _PLAIN.add(expr)):  # type: ignore[func-returns-value]
        below = source.below
        terms: list[TermResult] = []
        rolls: list[int] = []
        total = 0
        for sign, node in expr.terms:
            if type(node) is Const:
                terms.append(TermResult(sign, node.value, text=str(node.value)))
                total += sign * node.value
                continue
            sides = node.sides
            faces = [below(sides) + 1 for _ in range(node.count)]
            value = sum(faces)
            rolls += faces
            total += sign * value
            terms.append(TermResult(sign, value, faces))
        return RollResult(expr.text, total, terms, rolls)
    roller = _Roller(expr, source, resolve)
    terms = [_DISPATCH[type(node)](roller, node, sign) for sign, node in expr.terms]
    total = sum(t.sign * t.value for t in terms)
    return RollResult(expr.text, total, terms, roller.rolls)


def roll(text: str, source: Source, resolve: FaceResolver | None = None) -> RollResult:
    """Parse (cached) and roll ``text``."""
    return roll_expr(parse(text), source, resolve)


def describe(result: RollResult) -> str:
    """A one-line account: ``4d6kh3 = [6, 5, ~2, 4] = 15``."""
    parts: list[str] = []
    for i, t in enumerate(result.terms):
        sign = "-" if t.sign < 0 else "+"
        body = t.text or "[" + ", ".join(_die_text(d) for d in t.dice) + "]"
        if t.successes:
            body += f"→{t.value}"
        parts.append(body if i == 0 and sign == "+" else f"{sign} {body}" if i else f"-{body}")
    return f"{result.expr} = {' '.join(parts)} = {result.total}"


def _die_text(d: DieRoll) -> str:
    text = d.label or str(d.value)
    if d.label is not None and d.value:
        text = f"{d.label}({d.value})"
    if d.rerolled_from is not None:
        text = f"{d.rerolled_from}→{text}"
    if d.exploded:
        text = "!" + text
    if not d.kept:
        text = "~" + text
    elif d.success:
        text += "*"
    elif d.score:
        text += "*" * d.score
    return text
