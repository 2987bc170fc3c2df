"""Exact odds in words: a distribution as a table with a terminal histogram, in three languages.

Owns how :class:`~generator.companion.odds.Odds` are told: every total with its chance and the
chance of at least it, a bar of eighths scaled to the likeliest total, the mean, the chance asked
for and what was left out beyond the depth; and, for labelled faces, how many dice show each.
"""

from __future__ import annotations

from fractions import Fraction

from ..locale import _
from .odds import Odds

BAR = 30  # characters of the longest histogram bar
_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(p: Fraction | float, top: Fraction | float) -> str:
    """A terminal histogram bar of ``p`` against the largest chance ``top``, in eighths."""
    if not top:
        return ""
    eighths = round(p / top * BAR * 8)
    return "█" * (eighths // 8) + _EIGHTHS[eighths % 8].strip()


def pct(p: Fraction | float) -> str:
    """A chance as a percentage with two decimals (``<0.01%`` for a tiny one that is not 0)."""
    if p and p < 0.0001:
        return "<0.01%"
    return f"{float(p) * 100:.2f}%"


def lines(
    odds: Odds, lang: str, at_least: int | None = None, title: str | None = None
) -> list[str]:
    """The distribution as a table with histogram, the mean and the chances asked for."""

    out = [_("Exact odds of {expr}").format(expr=title or odds.text)]
    if not odds.weights:
        return out
    width = max(len(str(v)) for v in odds.weights) + 2
    head = (_("total"), _("chance"), _("at least"))
    out.append(f"  {head[0]:>{width}}  {head[1]:>8}  {head[2]:>8}")
    top = max(odds.weights.values()) / odds.denom
    for v in odds.weights:
        p, up = odds.share(v), odds.share_at_least(v)
        out.append(f"  {v:>{width}}  {pct(p):>8}  {pct(up):>8}  {bar(p, top)}")
    out.append(_("Mean: {mean}").format(mean=f"{float(odds.mean):.2f}"))
    if at_least is not None:
        out.append(
            _("Chance of at least {n}: {chance}").format(
                n=at_least, chance=pct(odds.at_least(at_least))
            )
        )
    if odds.left_out:
        out.append(
            _(
                "Re-rolls and explosions are followed to {depth} extra dice; the deeper "
                "outcomes ({chance} in all) are left out of this table."
            ).format(depth=odds.depth, chance=pct(odds.left_out))
        )
    return out


def symbol_lines(
    found: dict[str, dict[int, Fraction]], names: dict[str, str], lang: str
) -> list[str]:
    """Per labelled face: the chance of each count, and of at least one."""

    out = []
    for label, rows in found.items():
        some = 1 - rows.get(0, Fraction(0))
        counts = " · ".join(f"×{i} {pct(p)}" for i, p in rows.items())
        out.append(
            _("{face}: {counts} (at least one: {chance})").format(
                face=names.get(label, label), counts=counts, chance=pct(some)
            )
        )
    return out


def versus(odds: Odds) -> dict[str, Fraction]:
    """An opposed roll's chances: the first side wins (margin above 0), the second, a tie."""
    first = odds.at_least(1)
    tie = odds.chance.get(0, Fraction(0))
    return {"first": first, "second": odds.shown - first - tie, "tie": tie}


def versus_lines(odds: Odds, first: str, second: str) -> list[str]:
    """An opposed roll told as who wins how often."""
    found = versus(odds)
    return [
        _("The first side ({side}) wins: {chance}").format(side=first, chance=pct(found["first"])),
        _("The second side ({side}) wins: {chance}").format(
            side=second, chance=pct(found["second"])
        ),
        _("A tie: {chance}").format(chance=pct(found["tie"])),
    ]
