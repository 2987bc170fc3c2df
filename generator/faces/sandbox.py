"""The jinja2 sandbox that content templates run in, with one budget for all the work they do.

Templates are untrusted. Besides jinja2's own sandbox (no attribute tricks, immutable
builtins), every evaluation of a template draws on one :class:`Budget`, whatever filter, method
or operator does the work:

- size: no value (text, list, mapping, number) may weigh more than :data:`MAX_BUILD`
  characters or items (nested values counted in full), checked before the operations that could
  build a larger one (repeats, joins, replacements, paddings, powers, format widths) and after
  every filter, call and operator;
- work: every loop step, every value built and every character printed (inside ``{% set %}``
  blocks and macros too) spends from :data:`MAX_WORK`, which bounds memory as well;
- time: an evaluation ends after :data:`MAX_SECONDS`, checked at every step;
- arguments: a filter or text method whose result is not sized in advance takes no argument
  over :data:`MAX_ARGUMENT` (it could copy it once per item).

The expander adds a limit on all of one game's evaluations together.

Running out is a ``SecurityError`` (or ``RecursionError`` for a template that calls itself
without end) that the expander reports at the template's place.
"""

from __future__ import annotations

import operator
import re
import time
from collections.abc import Iterator
from contextlib import suppress
from contextvars import ContextVar
from typing import Any

from jinja2 import (  # noqa: F401  (the errors are re-exported for the expander)
    StrictUndefined,
    TemplateError,
    TemplateSyntaxError,
    UndefinedError,
    nodes,
)
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import Namespace
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from jinja2.utils import generate_lorem_ipsum

from ..locale import _

MAX_BUILD = 100_000  # characters (or items) one value may weigh
MAX_WORK = 5_000_000  # loop steps + characters built and printed, in one evaluation
MAX_STEPS = 200_000  # range() steps one evaluation may create, nested loops included
MAX_BITS = 4_096  # the largest whole number, in bits (about 1,233 digits)
MAX_SECONDS = 2.0  # wall time of one evaluation
MAX_ARGUMENT = 1_000  # characters or items of an argument to an operation not sized in advance
_WIDE = re.compile(r"%[-+ #0]*(\*|\d{4,})|\{[^{}]*:[^{}]*?(\d{4,})[^{}]*\}")
_PADDING = {"center", "ljust", "rjust", "zfill", "expandtabs"}
# filters whose extra arguments may be long: their results are sized in advance (above), or
# they hand the argument back as it is
_BIG_ARGUMENTS = {"default", "d", "batch", "slice"}
_WIDTHS = {"center", "indent", "format", "wordwrap", "batch", "slice", "truncate"}


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


def _too_big() -> SecurityError:
    return SecurityError(_("a number larger than {bits} bits").format(bits=MAX_BITS))


def _too_long() -> SecurityError:
    return SecurityError(
        _("value too long (more than {limit} characters or items)").format(limit=MAX_BUILD)
    )


def _too_wide() -> SecurityError:
    return SecurityError(_("width too large"))


_budget: ContextVar[Budget | None] = ContextVar("template_budget", default=None)


def _spend(units: int) -> None:
    budget = _budget.get()
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


def _bounded(value: Any) -> Any:
    """``value`` if it is within the size limits (its weight spent), else SecurityError."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
        raise _too_big()
    size = weight(value)
    if size > MAX_BUILD:
        raise _too_long()
    _spend(size)
    return value


def _refuse_over(estimate: int) -> None:
    if estimate > MAX_BUILD:
        raise _too_long()


def _small_arguments(values: tuple[Any, ...]) -> None:
    """Refuse an argument over :data:`MAX_ARGUMENT` for an operation whose result is not sized
    in advance (a filter's default, a text method's table), which could copy it per item."""
    for value in values:
        if weight(value, MAX_ARGUMENT) > MAX_ARGUMENT:
            raise SecurityError(
                _("an argument longer than {limit} characters or items").format(limit=MAX_ARGUMENT)
            )


def _check_format(text: Any) -> None:
    if isinstance(text, str) and _WIDE.search(text):
        raise SecurityError(_("format width too large"))


def _int_arg(value: Any) -> int:
    try:
        return abs(int(value))
    except (TypeError, ValueError, OverflowError):
        return 0


def _replace_size(text: Any, old: Any, new: Any, count: Any = None) -> int:
    if not isinstance(text, str):
        return 0
    old, new = str(old), str(new)
    hits = len(text) + 1 if old == "" else text.count(old)
    if isinstance(count, int) and count >= 0:
        hits = min(hits, count)
    return len(text) + hits * max(0, len(new) - len(old))


def _wrap_size(text: str, width: Any, wrap: Any) -> int:
    lines = min(len(text), len(text) // max(1, _int_arg(width)) + text.count(" ")) + 1
    return len(text) + lines * len(str(wrap if wrap is not None else "\n"))


def _format_size(pattern: Any, values: Any, mark: str) -> int:
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


def _join_size(items: Any, sep: Any) -> int:
    if not isinstance(items, str | list | tuple | set | frozenset | dict):
        return 0
    return weight(items) + len(str(sep)) * max(0, len(items) - 1)


def _materialise(value: Any) -> Any:
    """An iterator made a list (at most :data:`MAX_BUILD` items) so its size can be judged."""
    if not isinstance(value, Iterator):
        return value
    out: list[Any] = []
    for item in value:
        out.append(item)
        if len(out) > MAX_BUILD:
            raise _too_long()
    _spend(len(out))
    return out


# filter name -> the size of its result, estimated from its arguments before it runs
_FILTER_SIZES: dict[str, Any] = {
    "replace": lambda s, old="", new="", count=None, *_: _replace_size(str(s), old, new, count),
    "join": lambda seq, d="", *_: _join_size(seq, d),
    "indent": lambda s, width=4, *_: (
        len(str(s))
        + (str(s).count("\n") + 1) * (_int_arg(width) if not isinstance(width, str) else len(width))
    ),
    "center": lambda s, width=80, *_: _int_arg(width),
    "wordwrap": lambda s, width=79, breaks=True, wrap=None, *_, **k: _wrap_size(
        str(s), width, k.get("wrapstring", wrap)
    ),
    "truncate": lambda s, length=255, kill=False, end="...", *_, **k: (
        min(len(str(s)), _int_arg(length)) + len(str(k.get("end", end)))
    ),
    "urlize": lambda s, *a, **k: (
        len(str(s)) + (len(str(s)) // 4 + 1) * (sum(weight(v) for v in (*a, *k.values())) + 60)
    ),
    "batch": lambda seq, n=1, fill=None, *_: _int_arg(n) if fill is not None else 0,
    "slice": lambda seq, n=1, *_: _int_arg(n),
    "sum": lambda seq, attribute=None, start=0, *_: weight(start) + weight(seq),
    "format": lambda s, *a, **k: _format_size(s, (*a, *k.values()), "%"),
}


class _Generator(CodeGenerator):
    """Compiles ``a ~ b`` to a joining call that refuses over-long results."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.join_checked((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class _CheckedNamespace(Namespace):
    def __setitem__(self, name: str, value: Any) -> None:
        super().__setitem__(name, _bounded(value))


def _range(*args: int) -> range:
    rng = range(*args)
    budget = _budget.get()
    if budget is not None:
        budget.steps += len(rng)
        if budget.steps > MAX_STEPS:
            raise SecurityError(_("more than {steps} loop steps").format(steps=MAX_STEPS))
        budget.spend(len(rng))
    elif len(rng) > MAX_STEPS:
        raise SecurityError(_("more than {steps} loop steps").format(steps=MAX_STEPS))
    return rng


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002

    if _int_arg(n) * _int_arg(max) > 2_000:
        raise SecurityError(_("lipsum asked for too much text"))
    return str(generate_lorem_ipsum(n=n, html=html, min=min, max=max))


class Sandbox(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox, every evaluation drawing on one :class:`Budget`."""

    code_generator_class = _Generator
    intercepted_binops = frozenset(["*", "**", "+", "%", "-", "/", "//"])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(finalize=self._printed, **kwargs)
        self.globals["range"] = _range
        self.globals["namespace"] = _CheckedNamespace
        self.globals["lipsum"] = _lipsum
        self.filters = {name: self._guarded(name, fn) for name, fn in self.filters.items()}

    @staticmethod
    def _printed(value: Any) -> Any:
        """Every printed value spends its size (``finalize``): output is part of the budget."""
        if type(value) is str:  # the common case, kept short: loop steps watch the time
            budget = _budget.get()
            if budget is not None:
                budget.work += len(value)
                if budget.work > MAX_WORK:
                    budget.spend(0)  # raises, worded once
            return value
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
            raise _too_big()
        _spend(weight(value, MAX_WORK))
        return value

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """The template's tree, each ``{% for %}`` loop made to spend a step per item."""
        tree = super()._parse(source, name, filename)
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Call(
                nodes.EnvironmentAttribute("loop_steps"), [loop.iter], [], None, None
            )
        return tree

    @staticmethod
    def loop_steps(items: Any) -> Iterator[Any]:
        """The items of a template loop, one step of the budget each."""
        for item in items:
            _spend(1)
            yield item

    @staticmethod
    def _guarded(name: str, fn: Any) -> Any:
        size = _FILTER_SIZES.get(name)
        passes = getattr(fn, "jinja_pass_arg", None)

        def filtered(*args: Any, **kwargs: Any) -> Any:
            args_list = list(args)
            at = 1 if passes is not None else 0  # the filtered value follows the passed object
            if len(args_list) > at:
                args_list[at] = _materialise(args_list[at])
            for v in (*args_list, *kwargs.values()):
                if (
                    isinstance(v, int)
                    and not isinstance(v, bool)
                    and v > MAX_BUILD
                    and name in _WIDTHS
                ):
                    raise _too_wide()
                _check_format(v)
            if size is not None:
                with suppress(TypeError):  # wrong arguments: the filter itself says so
                    _refuse_over(size(*args_list[at:], **kwargs))
            elif name not in _BIG_ARGUMENTS:
                _small_arguments((*args_list[at + 1 :], *kwargs.values()))
            return _bounded(fn(*args_list, **kwargs))

        if passes is not None:
            filtered.jinja_pass_arg = passes  # type: ignore[attr-defined]
        return filtered

    @staticmethod
    def join_checked(parts: tuple[Any, ...]) -> str:
        """Join template output; refuses text longer than the build limit."""
        _refuse_over(sum(weight(p) for p in parts))
        return str(_bounded("".join(map(str, parts))))

    def call_binop(self, context: Any, operator_name: str, left: Any, right: Any) -> Any:
        """Apply a template's operator, refusing results that would grow too large."""
        if operator_name == "**":
            if isinstance(right, int | float) and abs(right) > 64:
                raise SecurityError(_("exponent too large"))
            if (
                isinstance(left, int)
                and isinstance(right, int)
                and left.bit_length() * right > MAX_BITS
            ):
                raise _too_big()
            return _bounded(operator.pow(left, right))
        if operator_name == "*":
            for a, b in ((left, right), (right, left)):
                if isinstance(a, str | list | tuple) and isinstance(b, int):
                    _refuse_over(weight(a) * b)
            if (
                isinstance(left, int)
                and isinstance(right, int)
                and left.bit_length() + right.bit_length() > MAX_BITS
            ):
                raise _too_big()
            return _bounded(operator.mul(left, right))
        if operator_name == "+":
            if isinstance(left, str | list | tuple) and isinstance(right, str | list | tuple):
                _refuse_over(weight(left) + weight(right))
            return _bounded(operator.add(left, right))
        if operator_name == "%":
            _check_format(left)
            _refuse_over(_format_size(left, right, "%"))
            return _bounded(operator.mod(left, right))
        return _bounded(super().call_binop(context, operator_name, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """Call a function from a template, refusing calls whose result would grow too large."""
        target = getattr(__obj, "__wrapped__", __obj)
        owner = getattr(target, "__self__", None)
        if isinstance(owner, str):
            name = getattr(target, "__name__", "")
            if name in ("format", "format_map"):
                _check_format(owner)
                _refuse_over(_format_size(owner, (*args, *kwargs.values()), "{"))
                if any(
                    isinstance(v, int) and abs(v) > MAX_BUILD for v in (*args, *kwargs.values())
                ):
                    raise _too_wide()
            if name in _PADDING and any(
                isinstance(v, int) and v > MAX_BUILD for v in (*args, *kwargs.values())
            ):
                raise _too_wide()
            if name == "replace" and len(args) >= 2:
                _refuse_over(_replace_size(owner, *args[:3]))
            if name == "join" and args:
                items = _materialise(args[0])
                _refuse_over(_join_size(items, owner))
                args = (items, *args[1:])
            elif name not in ("format", "format_map", "replace"):
                _small_arguments((*args, *kwargs.values()))
        return _bounded(super().call(__context, __obj, *args, **kwargs))


def render(template: Any, ctx: Any) -> str:
    """Evaluate ``template`` over ``ctx`` with a fresh :class:`Budget`."""
    token = _budget.set(Budget())
    try:
        return str(template.render(ctx))
    finally:
        _budget.reset(token)


ENV = Sandbox(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)
