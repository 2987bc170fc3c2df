"""What a roll is made of: the faces of a die, each die rolled (kept, dropped, re-rolled or
exploded), each node's result with its dice, the selection of dice an operator acts on, and a
roll's one-line account.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..dice.parse import (
    Binary,
    Const,
    Dice,
    Group,
    Node,
    Op,
    Sel,
    Unary,
    compare,
)

MAX_ROLLS = 1000


class DieFaces(NamedTuple):
    """A die from game content: the value and label of each face, in face order."""

    values: tuple[int, ...]
    labels: tuple[str | None, ...] | None = None  # None where the face shows its value


# a game's die by name (``d[colour]``), or None for a name the game has no die for
FaceResolver = Callable[[str], DieFaces | None]


class DieRoll:
    """One die as it finally lies, and how it got there."""

    __slots__ = (
        "value", "label", "kept", "name", "history", "rerolled", "exploded", "added",
        "set_by", "success", "score",
    )  # fmt: skip

    def __init__(self, value: int, label: str | None, name: str, added: str | None = None) -> None:
        self.value = value
        self.label = label
        self.name = name
        self.kept = True
        self.history: list[int] = []  # earlier faces, replaced by a re-roll, mi or ma
        self.rerolled = False
        self.exploded = False  # set off another die
        self.added = added  # "explosion" when an e or ra operator added it
        self.set_by: str | None = None  # "mi" or "ma"
        self.success: bool | None = None
        self.score: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The die as JSON: its name, value, whether kept, and how it changed."""
        out: dict[str, Any] = {"die": self.name, "value": self.value, "kept": self.kept}
        if self.history:
            out["rolled"] = [*self.history, self.value]
        for key in ("rerolled", "exploded"):
            if getattr(self, key):
                out[key] = True
        for key in ("added", "set_by", "label", "success", "score"):
            v = getattr(self, key)
            if v is not None:
                out[key] = v
        return out

    def text(self) -> str:
        """The die in roll notation: label, earlier faces, and marks for added, dropped or scoring dice."""
        text = self.label or str(self.value)
        if self.label is not None and self.value:
            text = f"{self.label}({self.value})"
        if self.history:
            text = "→".join(str(v) for v in self.history) + "→" + text
        if self.added:
            text = "!" + text
        if not self.kept:
            return "~" + text
        if self.score is not None and self.score < 0:
            return text + "-"  # a failure that takes a success away
        if self.success:
            return text + "*" * max(self.score or 1, 1)
        return text + "*" * (self.score or 0)


class Elem:
    """One item of a set: the result of an expression, kept or dropped."""

    __slots__ = ("res", "kept")

    def __init__(self, res: Res) -> None:
        self.res = res
        self.kept = True

    @property
    def value(self) -> int:
        """The total of the item's expression."""
        return self.res.total


class Res:
    """The result of one node: its total, its children and, for dice and sets, its items."""

    __slots__ = ("node", "total", "kids", "items", "own")

    def __init__(self, node: Node, total: int = 0, kids: list[Res] | None = None) -> None:
        self.node = node
        self.total = total
        self.kids = kids or []
        self.items: list[Any] = []  # DieRoll for dice, Elem for sets
        self.own = False  # brackets whose one item is their own value


def _name(node: Dice) -> str:
    if node.die is not None:
        return f"d[{node.die}]"
    return "dF" if node.fudge else "d%" if node.sides == 100 else f"d{node.sides}"


def select(items: list[Any], sels: tuple[Sel, ...], top: int, limit: int | None = None) -> list:
    """The kept items any selector picks, in their order (``limit``: at most that many)."""
    kept = [d for d in items if d.kept]
    chosen: set[int] = set()
    for sel in sels:
        if sel.kind == "h":
            picked = sorted(kept, key=lambda d: d.value, reverse=True)[: sel.value]
        elif sel.kind == "l":
            picked = sorted(kept, key=lambda d: d.value)[: sel.value]
        else:
            target = top if sel.value == -1 else sel.value
            picked = [d for d in kept if compare(sel.kind, d.value, target)]
        if limit is not None:
            picked = picked[: limit - len(chosen)]
        chosen.update(id(d) for d in picked)
    return [d for d in kept if id(d) in chosen]


def keep_or_drop(items: list[Any], op: Op, top: int) -> None:
    """Mark as dropped the items a keep (k) or drop (p) operator leaves out."""
    picked = {id(d) for d in select(items, op.sels, top)}
    for d in items:
        if d.kept and (id(d) in picked) != (op.op == "k"):
            d.kept = False


def text_of(res: Res) -> str:
    """The account of one node: faces in square brackets, dropped ones marked ``~``."""
    node = res.node
    if isinstance(node, Const):
        return str(node.value)
    if isinstance(node, Dice):
        body = "[" + ", ".join(d.text() for d in res.items) + "]"
        return body + f"→{res.total}" if node.success or node.icons else body
    if isinstance(node, Group):
        if not node.is_set:
            mark = "~" if res.own and not res.items[0].kept else ""
            return f"({mark}{text_of(res.kids[0])})"
        parts = [("" if e.kept else "~") + text_of(e.res) for e in res.items]
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    if isinstance(node, Unary):
        return node.op + text_of(res.kids[0])
    if isinstance(node, Binary):
        return f"{text_of(res.kids[0])} {node.op} {text_of(res.kids[1])}"
    return f"{text_of(res.kids[0])}[{node.note}]"  # type: ignore[union-attr]
