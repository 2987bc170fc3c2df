"""The work budget of one template evaluation: its limits, and the size of a value before it is built.

Every evaluation in the sandbox (:mod:`.sandbox`) draws on one :class:`Budget`: values may not
weigh more than :data:`MAX_BUILD`, loop steps, values built and characters printed spend from
:data:`MAX_WORK`, and the clock stops it after :data:`MAX_SECONDS`. The functions here estimate
what an operation would build before it runs, so an oversized result is refused, not made.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from jinja2 import (  # noqa: F401  (the errors are re-exported for the expander)
    StrictUndefined,
    TemplateError,
    TemplateSyntaxError,
    UndefinedError,
    nodes,
)
from jinja2.sandbox import SecurityError

from ..locale import _

MAX_BUILD = 100_000  # characters (or items) one value may weigh


MAX_WORK = 5_000_000  # loop steps + characters built and printed, in one evaluation


MAX_STEPS = 200_000  # range() steps one evaluation may create, nested loops included


MAX_BITS = 4_096  # the largest whole number, in bits (about 1,233 digits)


MAX_SECONDS = 2.0  # wall time of one evaluation


MAX_ARGUMENT = 1_000  # characters or items of an argument to an operation not sized in advance


WIDE_FORMAT = re.compile(r"%[-+ #0]*(\*|\d{4,})|\{[^{}]*:[^{}]*?(\d{4,})[^{}]*\}")


PADDING = {"center", "ljust", "rjust", "zfill", "expandtabs"}


# filters whose extra arguments may be long: their results are sized in advance (above), or
# they hand the argument back as it is
BIG_ARGUMENTS = {"default", "d", "batch", "slice"}


WIDTHS = {"center", "indent", "format", "wordwrap", "batch", "slice", "truncate"}


class Budget:
    """What one evaluation of a template may still spend: work units, range steps and time."""

    __slots__ = ("deadline", "steps", "work")

    def __init__(self) -> None:
        self.work = 0
        self.steps = 0
        self.deadline = time.monotonic() + MAX_SECONDS

    def spend(self, units: int) -> None:
        """Take ``units`` of work; SecurityError when the budget or the time has run out."""
        self.work += units
        if self.work > MAX_WORK:
            raise SecurityError(
                _("the template does more than {units} units of work").format(units=MAX_WORK)
            )
        if time.monotonic() > self.deadline:
            raise SecurityError(
                _("the template takes longer than {seconds} seconds").format(
                    seconds=f"{MAX_SECONDS:g}"
                )
            )


# the budget of the evaluation under way in this context (None outside one)
current_budget: ContextVar[Budget | None] = ContextVar("template_budget", default=None)


def too_big() -> SecurityError:
    """The refusal of a number past :data:`MAX_BITS`."""
    return SecurityError(_("a number larger than {bits} bits").format(bits=MAX_BITS))


def too_long() -> SecurityError:
    """The refusal of a value past :data:`MAX_BUILD`."""
    return SecurityError(
        _("value too long (more than {limit} characters or items)").format(limit=MAX_BUILD)
    )


def too_wide() -> SecurityError:
    """The refusal of a padding or format width past the limit."""
    return SecurityError(_("width too large"))


def spend(units: int) -> None:
    """Spend ``units`` of the current evaluation's work budget."""
    budget = current_budget.get()
    if budget is not None:  # outside an evaluation (jinja folding constants): nothing to count
        budget.spend(units)


def weight(value: Any, limit: int = MAX_BUILD) -> int:
    """How many characters or items ``value`` stands for, nested values counted in full;
    counting stops a little past ``limit``."""
    if isinstance(value, str | bytes):
        return len(value)
    if isinstance(value, bool) or value is None:
        return 1
    if isinstance(value, int):
        return value.bit_length() // 3 + 1
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, list | tuple | set | frozenset):
        total = 0
        for item in value:
            if total > limit:
                break
            total += weight(item, limit - total)
        return total
    return 1


def bounded(value: Any) -> Any:
    """``value`` if it is within the size limits (its weight spent), else SecurityError."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
        raise too_big()
    size = weight(value)
    if size > MAX_BUILD:
        raise too_long()
    spend(size)
    return value


def refuse_over(estimate: int) -> None:
    """Refuse an operation whose result would weigh more than :data:`MAX_BUILD`."""
    if estimate > MAX_BUILD:
        raise too_long()


def small_arguments(values: tuple[Any, ...]) -> None:
    """Refuse an argument over :data:`MAX_ARGUMENT` for an operation whose result is not sized
    in advance (a filter's default, a text method's table), which could copy it per item."""
    for value in values:
        if weight(value, MAX_ARGUMENT) > MAX_ARGUMENT:
            raise SecurityError(
                _("an argument longer than {limit} characters or items").format(limit=MAX_ARGUMENT)
            )


def check_format(text: Any) -> None:
    """Refuse a format pattern with a width past the limit."""
    if isinstance(text, str) and WIDE_FORMAT.search(text):
        raise SecurityError(_("format width too large"))


def int_arg(value: Any) -> int:
    """An argument read as a whole number (0 when it is not one)."""
    try:
        return abs(int(value))
    except (TypeError, ValueError, OverflowError):
        return 0


def replace_size(text: Any, old: Any, new: Any, count: Any = None) -> int:
    """The length a ``replace`` would give, before it runs."""
    if not isinstance(text, str):
        return 0
    old, new = str(old), str(new)
    hits = len(text) + 1 if old == "" else text.count(old)
    if isinstance(count, int) and count >= 0:
        hits = min(hits, count)
    return len(text) + hits * max(0, len(new) - len(old))


def wrap_size(text: str, width: Any, wrap: Any) -> int:
    """The length a ``wordwrap`` would give, before it runs."""
    lines = min(len(text), len(text) // max(1, int_arg(width)) + text.count(" ")) + 1
    return len(text) + lines * len(str(wrap if wrap is not None else "\n"))


def format_size(pattern: Any, values: Any, mark: str) -> int:
    """The most a format of ``pattern`` can give: each field at most the largest value."""
    if not isinstance(pattern, str):
        return 0
    if isinstance(values, dict):
        values = tuple(values.values())
    elif not isinstance(values, tuple):
        values = (values,)
    largest = max((weight(v) for v in values), default=0)
    if any(isinstance(v, dict) for v in values):
        largest = max(
            largest, *(weight(x) for v in values if isinstance(v, dict) for x in v.values())
        )
    return len(pattern) + pattern.count(mark) * largest


def join_size(items: Any, sep: Any) -> int:
    """The length a ``join`` would give, before it runs."""
    if not isinstance(items, str | list | tuple | set | frozenset | dict):
        return 0
    return weight(items) + len(str(sep)) * max(0, len(items) - 1)


def materialise(value: Any) -> Any:
    """An iterator made a list (at most :data:`MAX_BUILD` items) so its size can be judged."""
    if not isinstance(value, Iterator):
        return value
    out: list[Any] = []
    for item in value:
        out.append(item)
        if len(out) > MAX_BUILD:
            raise too_long()
    spend(len(out))
    return out
