"""Rolling a dice expression: the public entry points and the result.

:func:`roll` parses the text (cached: a table rolls the same few expressions again and again)
and rolls it with the one evaluator, :class:`~generator.companion.dice_ops.Roller`; the result
gives the total, every face, the account (``4d6kh3 = [6, 5, ~2, 4] = 15``) and the JSON. A roll
never raises anything but :class:`~generator.dice.parse.DiceError`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..dice.parse import Binary, DiceError, Expr, parse
from ..locale import _
from .dice_ops import Roller
from .dice_result import MAX_ROLLS, DieFaces, DieRoll, FaceResolver, Res, text_of
from .rng import Source

__all__ = ["MAX_ROLLS", "DiceError", "DieFaces", "FaceResolver", "RollResult", "roll"]


class RollResult:
    """The outcome of one expression."""

    __slots__ = ("expr", "total", "rolls", "_res", "_groups")

    def __init__(
        self, expr: str, total: int, rolls: list[int], res: Res, groups: list[list[DieRoll]]
    ) -> None:
        self.expr, self.total = expr, total
        self.rolls = rolls  # every face rolled, in order, re-rolled and exploded ones included
        self._res, self._groups = res, groups

    @property
    def dice(self) -> list[int]:
        """The final faces of every die, in order (dice added by explosions follow their group)."""
        return [d.value for g in self._groups for d in g]

    @property
    def labels(self) -> list[str]:
        """The face labels rolled on game dice, leaving out plain numbers."""
        return [
            d.label
            for g in self._groups
            for d in g
            if d.label is not None and not d.label.isdigit()
        ]

    def detail(self) -> list[list[dict[str, Any]]]:
        """Each group of dice: every die, its final face, kept or dropped and what happened."""
        return [[d.to_json() for d in g] for g in self._groups if g]

    def text(self) -> str:
        """A one-line account: ``4d6kh3 = [6, 5, ~2, 4] = 15``."""
        if self._symbols_only():
            return f"{self.expr} = {text_of(self._res)}"  # a sum of symbols means nothing
        root = self._res.node
        if isinstance(root, Binary) and root.op == "vs":
            return f"{self.expr} = {text_of(self._res)}: {versus_words(self.total)}"
        return f"{self.expr} = {text_of(self._res)} = {self.total}"

    def _symbols_only(self) -> bool:
        """Every die rolled shows a symbol face worth nothing (action dice): no total to tell."""
        dice = [d for g in self._groups for d in g]
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


def roll_expr(expr: Expr, source: Source, resolve: FaceResolver | None = None) -> RollResult:
    """Roll a parsed expression."""
    roller = Roller(expr, source, resolve)
    res = roller.run()
    return RollResult(expr.text, res.total, roller.rolls, res, roller.groups)


def versus_words(margin: int) -> str:
    """Who won an opposed roll, and by how much."""
    if margin > 0:
        return _("the first side wins by {n}").format(n=margin)
    if margin < 0:
        return _("the second side wins by {n}").format(n=-margin)
    return _("a tie")


@lru_cache(maxsize=512)
def _parsed(text: str) -> Expr:
    return parse(text)


def roll(text: str, source: Source, resolve: FaceResolver | None = None) -> RollResult:
    """Parse (cached) and roll ``text``."""
    return roll_expr(_parsed(text), source, resolve)


def content_die(expr: str) -> str | None:
    """The name inside the first ``d[...]`` (a game's die), or None; ``9[fire]`` is a note."""
    at = expr.find("[")
    while at >= 0:
        before = expr[:at].rstrip()
        if before[-1:] in ("d", "D"):
            return expr[at + 1 :].split("]", 1)[0].strip()
        at = expr.find("[", at + 1)
    return None


def is_dice(expr: str) -> bool:
    """Whether ``expr`` reads as a dice expression (a bare word such as ``first-player`` does
    not: it may name a roll of the session's game)."""
    try:
        _parsed(expr)
    except DiceError:
        return False
    return True


def is_named(expr: str) -> bool:
    """``GAME:ROLL`` (not a dice expression with a game's die in it)."""
    head = expr.split(":", 1)[0]
    return ":" in expr and "[" not in head and bool(head) and head[0].isalpha()
