"""Chances stated in a rule text, checked against the dice engine.

Owns :func:`stated_odds`. A sentence that names one dice expression in the notation
(``1d6>=5``, ``(2d6)>=7``, ``3d6>=4r3``) and states a chance ("a 1 in 3 chance", "33%") is
checked: the chance is read as that of the expression's total being at least 1 (a success, a
comparison that holds; a sentence about a plain sum is not read), worked out exactly by :mod:`generator.dice.odds`. A statement further
than its rounding allows from the exact chance is a warning; a sentence whose expression the
engine cannot take, or names two expressions, is left alone.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..dice.odds import Unsupported, exact
from ..dice.parse import Binary, Dice, DiceError, Group, Node, Note, parse
from ..locale import _

# a dice expression written in a text: dice, then operators and targets up to a space or a
# sentence mark (a leading bracket kept, so "(2d6)>=7" is read whole)
EXPR = re.compile(r"(?<![\w\[\]])\(?\d*d(?:\d+|%|F)(?:[^\s,;:!?。，；：]|!(?=\w|[<>=!]))*")
STATED = re.compile(r"\b(\d+) in (\d+)\b|(\d+(?:\.\d+)?)\s?%")
SENTENCE = re.compile(r"(?<=[.;。；!?])\s*|\n")


def stated_odds(text: str) -> list[str]:
    """A message for each chance ``text`` states that the engine disagrees with."""
    found: list[str] = []
    for sentence in SENTENCE.split(text):
        exprs = [m.group(0).rstrip(".)") for m in EXPR.finditer(sentence)]
        exprs = [e + ")" * (e.count("(") - e.count(")")) for e in exprs]
        claims = list(STATED.finditer(sentence))
        if len(exprs) != 1 or not claims:
            continue
        try:
            expr = parse(exprs[0])
            if not _counts(expr.root):
                continue  # a sum: "1 in 6" may be said of one face, not of a total
            chance = exact(expr).at_least(1)
        except (DiceError, Unsupported):
            continue
        for claim in claims:
            said, value, slack = _claim(claim)
            if abs(chance - value) > slack:
                found.append(
                    _(
                        "states {said} for {expr}, but the chance of at least one is "
                        "{chance} ({exact})"
                    ).format(
                        said=said,
                        expr=exprs[0],
                        chance=f"{float(chance) * 100:.1f}%",
                        exact=chance,
                    )
                )
    return found


def _counts(node: Node) -> bool:
    """Whether a total counts successes or is a comparison (1 when it holds)."""
    while isinstance(node, (Note, Group)) and not (isinstance(node, Group) and node.is_set):
        node = node.node if isinstance(node, Note) else node.items[0]
    if isinstance(node, Binary):
        return node.op in ("==", "!=", ">=", "<=", ">", "<")
    return isinstance(node, Dice) and node.success is not None


def _claim(m: re.Match[str]) -> tuple[str, Fraction, Fraction]:
    """The text of a stated chance, its value, and how far rounding lets it be."""
    if m.group(1) is not None:
        n, of = int(m.group(1)), int(m.group(2))
        value = Fraction(n, of) if of else Fraction(0)
        return m.group(0), value, Fraction(1, 100)  # "1 in 3" of 32% to 34%
    digits = m.group(3)
    places = len(digits.partition(".")[2])
    value = Fraction(digits) / 100
    return m.group(0), value, Fraction(1, 2 * 100 * 10**places)
