"""The operators after dice and sets: parsing them, and checking them once at parse time.

Operators in a row with the same name merge (``10d6k1k2k3`` keeps 1s, 2s and 3s), as in d20;
``mi``/``ma`` never merge. The checks refuse a combination that cannot mean anything or could
never stop (an explosion or a re-roll on every face), at the column of the operator at fault.
"""

from __future__ import annotations

from typing import Any

from ..locale import _
from .tree import MAX_DICE, MAX_SIDES, Cursor, Dice, DiceError, Op, Sel, compare

_TWO = ("rr", "ro", "ra", "mi", "ma")


def modifiers(p: Cursor, node: Dice) -> Dice:
    """Operators, a success target (``>=5``), ``rN`` and ``@DIGITS`` after ``node``, checked."""
    ops: list[Op] = []
    extra: dict[str, Any] = {}
    cols: dict[str, int] = {}
    while True:
        ops += _ops(p, set_only=False)
        ch = p.peek()
        col = p.i + 1
        if ch == "@" and "icons" not in extra:
            p.i += 1
            if not p.int_here():
                raise p.fail(_("expected icon entries such as @33445"))
            digits = p.i
            p.number(_("icon entries"), 0, 10**7 - 1)
            extra["icons"] = tuple(int(c) for c in p.text[digits : p.i])
        elif ch == "r" and "reroll" not in extra:
            p.i += 1
            extra["reroll"] = p.number(_("how many failed dice to re-roll"), 0, MAX_DICE)
        elif "success" not in extra and (c := p.cmp()) is not None and _target(p, c):
            p.i += len(c)
            extra["success"] = ("=" if c == "==" else c, p.number(_("a target"), 0, MAX_SIDES))
        elif (two := p.peek(2)) in ("cs", "cf") and "success" not in extra:
            p.i += 2  # Foundry's count of successes, or of failures (the dice that meet it)
            extra["success"] = _count_target(p, node, two)
        elif (two == "df" or (ch == "f" and "success" in extra)) and "fail" not in extra:
            p.i += 2 if two == "df" else 1  # each die that meets it takes a success away
            extra["fail"] = _count_target(p, node, two if two == "df" else "f")
        elif two == "ds" and "double" not in extra:
            p.i += 2  # a success that also meets it counts twice
            extra["double"] = _count_target(p, node, two)
        else:
            break
        cols[next(reversed(extra))] = col
    if not ops and not extra:
        return node
    return checked(p.text, node._replace(ops=merged(ops), **extra), cols)


def _count_target(p: Cursor, node: Dice, word: str) -> tuple[str, int]:
    """The comparison after ``cs``, ``cf``, ``df``, ``f`` or ``ds``: ``>=5``, ``<3`` or a face.

    ``cs`` alone counts the dice on the highest face, as in Foundry.
    """
    c = p.cmp()
    if c is not None and c != "!=":
        p.i += len(c)
        return ("=" if c == "==" else c, p.number(_("a target"), 0, MAX_SIDES))
    if p.int_here():
        return ("=", p.number(_("a face value"), 0, MAX_SIDES))
    if word in ("cs", "cf") and node.die is None:
        return ("=", 1 if node.fudge else node.sides)
    raise p.fail(
        _("expected a target after {word}, such as {word}>=5 or {word}1").format(word=word)
    )


def set_ops(p: Cursor) -> tuple[Op, ...]:
    """Keep and drop operators after a set or brackets."""
    return merged(_ops(p, set_only=True))


def merged(ops: list[Op]) -> tuple[Op, ...]:
    """Consecutive equal operators act as one with all their selectors."""
    out: list[Op] = []
    for op in ops:
        if out and out[-1].op == op.op and op.op not in ("mi", "ma"):
            out[-1] = Op(op.op, out[-1].sels + op.sels, out[-1].col)
        else:
            out.append(op)
    return tuple(out)


def _target(p: Cursor, c: str) -> bool:
    """Whether ``c`` here is followed by a plain number (not dice): a success target."""
    j = p.i + len(c)
    while j < p.n and p.text[j].isspace():
        j += 1
    if j >= p.n or p.low[j] not in "0123456789":
        return False
    while j < p.n and p.low[j] in "0123456789":
        j += 1
    while j < p.n and p.text[j].isspace():
        j += 1
    if p.low.startswith("ds", j) or (
        p.low.startswith("df", j) and p.low[j + 2 : j + 3] in "<>=0123456789" and j + 2 < p.n
    ):
        return True  # 7ds10: a double at 10, not seven dice
    return not p.low.startswith("d", j)


def _ops(p: Cursor, set_only: bool) -> list[Op]:
    out: list[Op] = []
    while True:
        two = p.peek(2)
        col = p.i + 1
        if two in ("dh", "dl"):
            op, step = "p", 1  # the selector reads the h or l
        elif two[:1] in ("k", "p"):
            op, step = two[:1], 1
        elif two in _TWO:
            op, step = two, 2
        elif two == "!!":
            op, step = "ec", 2  # compounding: the new faces add to the same die
        elif two == "!p" and p.peek(3)[2:] not in ("h", "l"):
            op, step = "ep", 2  # penetrating: each added die counts one less (!pl1 drops)
        elif two[:1] in ("e", "!") and two != "!=":
            op, step = "e", 1
        else:
            return out
        if set_only and op not in ("k", "p"):
            raise p.fail(
                _("expected k or p here; {op!r} works on dice, not on a set").format(op=two[:step])
            )
        p.i += step
        out.append(Op(op, (_selector(p, op),), col))


def _selector(p: Cursor, op: str) -> Sel:
    ch = p.peek()
    if ch in ("h", "l") and ch:
        p.i += 1
        return Sel(ch, p.number(_("how many dice"), 0, MAX_DICE) if p.int_here() else 1)
    c = p.cmp()
    if c is not None and c not in ("==", "!="):
        p.i += len(c)
        return Sel(c, p.number(_("a face value"), 0, MAX_SIDES))
    if p.int_here():
        return Sel("=", p.number(_("a face value"), 0, MAX_SIDES))
    if op in ("e", "ec", "ep"):
        return Sel("=", -1)  # the highest face
    if op == "k":
        return Sel("h", 1)
    raise p.fail(_("expected a selector after {op!r}: a face (1), h2, l2, <3 or >4").format(op=op))


def faces_of(node: Dice) -> list[int] | None:
    """The face values of numbered or Fudge dice; None for a content die."""
    if node.die is not None:
        return None
    return [-1, 0, 1] if node.fudge else list(range(1, node.sides + 1))


def selects(sel: Sel, value: int, top: int) -> bool:
    """Whether a value selector picks ``value`` (``h``/``l`` are never sure to)."""
    if sel.kind in ("h", "l"):
        return False
    return compare(sel.kind, value, top if sel.value == -1 else sel.value)


def checked(text: str, node: Dice, cols: dict[str, int]) -> Dice:
    """``node`` itself when it makes sense; otherwise a located :class:`DiceError`."""
    faces = faces_of(node)
    name = "dF" if node.fudge else f"d{node.sides}"
    for key, word in (("fail", "df"), ("double", "ds")):
        if getattr(node, key) and not node.success:
            raise DiceError(
                text,
                cols[key],
                _("expected a success target before {word}, as in 6d6>=5{word}1").format(word=word),
            )
    if node.reroll and not node.success:
        raise DiceError(
            text, cols["reroll"], _("expected a success target before r, as in 6d6>=5r2")
        )
    if node.icons is not None:
        if node.success:
            raise DiceError(
                text, cols["icons"], _("expected either a success target or icons, not both")
            )
        bad = [v for v in node.icons if faces is not None and v not in faces]
        if bad:
            raise DiceError(
                text,
                cols["icons"] + 1,
                _("icon entry {entry} is not a face of {die}; expected faces only").format(
                    entry=bad[0], die=name
                ),
            )
    grown = False
    for op in node.ops:
        if op.op in ("ec", "ep") and any(s.kind in ("h", "l") for s in op.sels):
            raise DiceError(
                text, op.col, _("expected a face or a comparison after !! or !p, as in !!>5")
            )
        if op.op in ("mi", "ma"):
            if op.sels[-1].kind != "=" or op.sels[-1].value < 0:
                raise DiceError(
                    text,
                    op.col,
                    _("expected a face value after {op}, as in {op}2").format(op=op.op),
                )
        elif op.op in ("k", "p") and not grown:
            for sel in op.sels:
                if sel.kind in ("h", "l") and sel.value > node.count:
                    said = (
                        _("cannot keep {want} of {count} dice; expected at most {count}")
                        if op.op == "k"
                        else _("cannot drop {want} of {count} dice; expected at most {count}")
                    )
                    raise DiceError(text, op.col, said.format(want=sel.value, count=node.count))
        elif op.op == "rr" and any(sel.kind in ("h", "l") for sel in op.sels):
            raise DiceError(
                text,
                op.col,
                _("expected a face (rr1) or a comparison (rr<3) after rr; h and l never stop"),
            )
        if op.op in ("e", "ep", "ra"):
            grown = True
        if op.op in ("e", "ec", "ep", "rr") and faces is not None:
            top = max(faces)
            if all(any(selects(s, v, top) for s in op.sels) for v in faces):
                said = (
                    _(
                        "every face of {die} would explode, so the roll would never end; "
                        "expected a selector that leaves a face out"
                    )
                    if op.op != "rr"
                    else _(
                        "every face of {die} would be re-rolled, so the roll would never end; "
                        "expected a selector that leaves a face out"
                    )
                )
                raise DiceError(text, op.col, said.format(die=name))
    return node
