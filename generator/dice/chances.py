"""An expression's exact odds as a table: every total, its chance and the chance of at least it.

Owns :class:`Odds`, made by :mod:`.odds` (and by the companion for a bag's or a deck's next
draw): whole weights over one denominator, the fractions made only when asked for, the "at
least" column summed once from the top.
"""

from __future__ import annotations

from fractions import Fraction

Weights = dict[int, int]


class Odds:
    """The exact distribution of one expression's total."""

    def __init__(self, text: str, weights: Weights, denom: int, depth: int) -> None:
        self.text = text
        self.depth = depth
        self.weights = {v: w for v, w in sorted(weights.items()) if w}
        self.denom = denom
        whole = sum(self.weights.values())
        self.shown = Fraction(whole, denom)
        self.left_out = 1 - self.shown  # outcomes deeper than ``depth`` extra dice
        self.mean = Fraction(sum(v * w for v, w in self.weights.items()), whole or 1)
        # the weight of at least each total, in one pass from the top
        self._above: dict[int, int] = {}
        run = 0
        for v in reversed(self.weights):
            run += self.weights[v]
            self._above[v] = run

    @property
    def chance(self) -> dict[int, Fraction]:
        """Every total with its exact chance, lowest first."""
        return {v: Fraction(w, self.denom) for v, w in self.weights.items()}

    def share(self, v: int) -> float:
        """The chance of the total ``v``, as a float."""
        return self.weights.get(v, 0) / self.denom

    def at_least(self, n: int) -> Fraction:
        """The chance that the total is ``n`` or more."""
        above = [v for v in self._above if v >= n]
        return Fraction(self._above[min(above)], self.denom) if above else Fraction(0)

    def share_at_least(self, v: int) -> float:
        """The chance of ``v`` or more for a total ``v`` of the table, as a float."""
        return self._above[v] / self.denom

    def to_json(self) -> dict[str, object]:
        """Every total with its chance and the chance of at least it, as floats and fractions."""
        return {
            "expr": self.text,
            "mean": float(self.mean),
            "depth": self.depth,
            "left_out": float(self.left_out),
            "rows": [
                {
                    "total": v,
                    "chance": self.share(v),
                    "exact": str(Fraction(w, self.denom)),
                    "at_least": self.share_at_least(v),
                }
                for v, w in self.weights.items()
            ],
        }
