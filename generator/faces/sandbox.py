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
from collections.abc import Iterator
from contextlib import suppress
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
from .budget import (
    BIG_ARGUMENTS,
    MAX_BITS,
    MAX_BUILD,
    MAX_STEPS,
    MAX_WORK,
    PADDING,
    WIDTHS,
    Budget,
    bounded,
    check_format,
    current_budget,
    format_size,
    int_arg,
    join_size,
    materialise,
    refuse_over,
    replace_size,
    small_arguments,
    spend,
    too_big,
    too_wide,
    weight,
    wrap_size,
)

# filter name -> the size of its result, estimated from its arguments before it runs
_FILTER_SIZES: dict[str, Any] = {
    "replace": lambda s, old="", new="", count=None, *_: replace_size(str(s), old, new, count),
    "join": lambda seq, d="", *_: join_size(seq, d),
    "indent": lambda s, width=4, *_: (
        len(str(s))
        + (str(s).count("\n") + 1) * (int_arg(width) if not isinstance(width, str) else len(width))
    ),
    "center": lambda s, width=80, *_: int_arg(width),
    "wordwrap": lambda s, width=79, breaks=True, wrap=None, *_, **k: wrap_size(
        str(s), width, k.get("wrapstring", wrap)
    ),
    "truncate": lambda s, length=255, kill=False, end="...", *_, **k: (
        min(len(str(s)), int_arg(length)) + len(str(k.get("end", end)))
    ),
    "urlize": lambda s, *a, **k: (
        len(str(s)) + (len(str(s)) // 4 + 1) * (sum(weight(v) for v in (*a, *k.values())) + 60)
    ),
    "batch": lambda seq, n=1, fill=None, *_: int_arg(n) if fill is not None else 0,
    "slice": lambda seq, n=1, *_: int_arg(n),
    "sum": lambda seq, attribute=None, start=0, *_: weight(start) + weight(seq),
    "format": lambda s, *a, **k: format_size(s, (*a, *k.values()), "%"),
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
        super().__setitem__(name, bounded(value))


def _range(*args: int) -> range:
    rng = range(*args)
    budget = current_budget.get()
    if budget is not None:
        budget.steps += len(rng)
        if budget.steps > MAX_STEPS:
            raise SecurityError(_("more than {steps} loop steps").format(steps=MAX_STEPS))
        budget.spend(len(rng))
    elif len(rng) > MAX_STEPS:
        raise SecurityError(_("more than {steps} loop steps").format(steps=MAX_STEPS))
    return rng


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002

    if int_arg(n) * int_arg(max) > 2_000:
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
            budget = current_budget.get()
            if budget is not None:
                budget.work += len(value)
                if budget.work > MAX_WORK:
                    budget.spend(0)  # raises, worded once
            return value
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
            raise too_big()
        spend(weight(value, MAX_WORK))
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
            spend(1)
            yield item

    @staticmethod
    def _guarded(name: str, fn: Any) -> Any:
        size = _FILTER_SIZES.get(name)
        passes = getattr(fn, "jinja_pass_arg", None)

        def filtered(*args: Any, **kwargs: Any) -> Any:
            args_list = list(args)
            at = 1 if passes is not None else 0  # the filtered value follows the passed object
            if len(args_list) > at:
                args_list[at] = materialise(args_list[at])
            for v in (*args_list, *kwargs.values()):
                if (
                    isinstance(v, int)
                    and not isinstance(v, bool)
                    and v > MAX_BUILD
                    and name in WIDTHS
                ):
                    raise too_wide()
                check_format(v)
            if size is not None:
                with suppress(TypeError):  # wrong arguments: the filter itself says so
                    refuse_over(size(*args_list[at:], **kwargs))
            elif name not in BIG_ARGUMENTS:
                small_arguments((*args_list[at + 1 :], *kwargs.values()))
            return bounded(fn(*args_list, **kwargs))

        if passes is not None:
            filtered.jinja_pass_arg = passes  # type: ignore[attr-defined]
        return filtered

    @staticmethod
    def join_checked(parts: tuple[Any, ...]) -> str:
        """Join template output; refuses text longer than the build limit."""
        refuse_over(sum(weight(p) for p in parts))
        return str(bounded("".join(map(str, parts))))

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
                raise too_big()
            return bounded(operator.pow(left, right))
        if operator_name == "*":
            for a, b in ((left, right), (right, left)):
                if isinstance(a, str | list | tuple) and isinstance(b, int):
                    refuse_over(weight(a) * b)
            if (
                isinstance(left, int)
                and isinstance(right, int)
                and left.bit_length() + right.bit_length() > MAX_BITS
            ):
                raise too_big()
            return bounded(operator.mul(left, right))
        if operator_name == "+":
            if isinstance(left, str | list | tuple) and isinstance(right, str | list | tuple):
                refuse_over(weight(left) + weight(right))
            return bounded(operator.add(left, right))
        if operator_name == "%":
            check_format(left)
            refuse_over(format_size(left, right, "%"))
            return bounded(operator.mod(left, right))
        return bounded(super().call_binop(context, operator_name, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """Call a function from a template, refusing calls whose result would grow too large."""
        target = getattr(__obj, "__wrapped__", __obj)
        owner = getattr(target, "__self__", None)
        if isinstance(owner, str):
            name = getattr(target, "__name__", "")
            if name in ("format", "format_map"):
                check_format(owner)
                refuse_over(format_size(owner, (*args, *kwargs.values()), "{"))
                if any(
                    isinstance(v, int) and abs(v) > MAX_BUILD for v in (*args, *kwargs.values())
                ):
                    raise too_wide()
            if name in PADDING and any(
                isinstance(v, int) and v > MAX_BUILD for v in (*args, *kwargs.values())
            ):
                raise too_wide()
            if name == "replace" and len(args) >= 2:
                refuse_over(replace_size(owner, *args[:3]))
            if name == "join" and args:
                items = materialise(args[0])
                refuse_over(join_size(items, owner))
                args = (items, *args[1:])
            elif name not in ("format", "format_map", "replace"):
                small_arguments((*args, *kwargs.values()))
        return bounded(super().call(__context, __obj, *args, **kwargs))


def render(template: Any, ctx: Any) -> str:
    """Evaluate ``template`` over ``ctx`` with a fresh :class:`Budget`."""
    token = current_budget.set(Budget())
    try:
        return str(template.render(ctx))
    finally:
        current_budget.reset(token)


ENV = Sandbox(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)
