"""Lengths: parsing ``63.5mm``, ``2.5in``, ``1cm``, ``10pt`` (and ``50%`` where allowed) into points.

Everything inside the layout and render stages works in PDF points (1/72 in); this module is
the only place that knows the conversion factors.
"""

from __future__ import annotations

import re

from ..locale import _

MM = 72.0 / 25.4
CM = MM * 10
INCH = 72.0
PT = 1.0

UNITS: dict[str, float] = {"mm": MM, "cm": CM, "in": INCH, "pt": PT}
_LENGTH = re.compile(r"^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt|%)?\s*$")


def parse_length(value: object, *, allow_percent: bool = False) -> float | tuple[float, str]:
    """Parse a length. Bare numbers are millimetres. Returns points, or ``(fraction, "%")``.

    Raises ValueError with a message fit for a user.
    """
    if isinstance(value, bool):
        raise ValueError(_("expected a length such as 63.5mm, 2.5in, 1cm or 10pt"))
    if isinstance(value, (int, float)):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(_("expected a finite length such as 63.5mm, 2.5in, 1cm or 10pt"))
        return float(value) * MM
    if not isinstance(value, str):
        raise ValueError(_("expected a length such as 63.5mm, 2.5in, 1cm or 10pt"))
    m = _LENGTH.match(value)
    if not m:
        raise ValueError(
            _("{value!r} is not a length; write a number and one of mm, cm, in, pt").format(
                value=value
            )
        )
    number, unit = float(m.group(1)), m.group(2) or "mm"
    if unit == "%":
        if not allow_percent:
            raise ValueError(_("{value!r}: a percentage is not allowed here").format(value=value))
        return (number / 100.0, "%")
    return number * UNITS[unit]
