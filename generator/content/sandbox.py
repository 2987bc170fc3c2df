"""The jinja2 sandbox that content templates run in, with limits on the work they may do.

Templates are untrusted. Besides jinja2's own sandbox (no attribute tricks, immutable
builtins), this one refuses to build a text or list longer than :data:`MAX_BUILD` characters
(by ``*``, ``+``, ``~``, a namespace that keeps doubling, padding methods or filters), format
widths of a thousand or more, exponents over 64, more than :data:`MAX_STEPS` loop steps from
``range`` in one evaluation, and recursion. Every refusal is a ``SecurityError`` (or
``RecursionError``) that the expander reports at the template's place.
"""

from __future__ import annotations

import operator
import re
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

from ..locale import _

MAX_BUILD = 100_000  # characters (or items) one intermediate value may have
MAX_STEPS = 200_000  # range() steps one evaluation may take, nested loops included
_WIDE = re.compile(r"%[-+ #0]*(\*|\d{4,})|\{[^{}]*:[^{}]*?(\d{4,})[^{}]*\}")
_PADDING = {"center", "ljust", "rjust", "zfill", "expandtabs"}
_steps: ContextVar[int] = ContextVar("template_steps", default=0)


def _too_long(value: Any) -> bool:
    return isinstance(value, (str, list, tuple)) and len(value) > MAX_BUILD


def _check_format(text: Any) -> None:
    if isinstance(text, str) and _WIDE.search(text):
        raise SecurityError(_("format width too large"))


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
        if _too_long(value):
            raise SecurityError(_("value too long"))
        super().__setitem__(name, value)


def _range(*args: int) -> range:
    rng = range(*args)
    used = _steps.get() + len(rng)
    if used > MAX_STEPS:
        raise SecurityError(_("more than {max_steps} loop steps").format(max_steps=MAX_STEPS))
    _steps.set(used)
    return rng


class Sandbox(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox with limits on size, width, loops and recursion."""

    code_generator_class = _Generator
    intercepted_binops = frozenset(["*", "**", "+", "%"])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.globals["range"] = _range
        self.globals["namespace"] = _CheckedNamespace
        for name in ("center", "indent", "format"):
            self.filters[name] = self._guarded(self.filters[name])

    @staticmethod
    def _guarded(fn: Any) -> Any:
        def filtered(*args: Any, **kwargs: Any) -> Any:
            for v in (*args, *kwargs.values()):
                if isinstance(v, int) and not isinstance(v, bool) and v > MAX_BUILD:
                    raise SecurityError(_("width too large"))
                _check_format(v)
            return fn(*args, **kwargs)

        for attr in ("jinja_pass_arg",):
            if hasattr(fn, attr):
                setattr(filtered, attr, getattr(fn, attr))
        return filtered

    @staticmethod
    def join_checked(parts: tuple[Any, ...]) -> str:
        """Join template output; refuses text longer than the build limit."""
        out = "".join(map(str, parts))
        if len(out) > MAX_BUILD:
            raise SecurityError(_("text too long"))
        return out

    def call_binop(self, context: Any, operator_name: str, left: Any, right: Any) -> Any:
        """Apply a template's operator, refusing powers, repeats and joins that would grow too large."""
        if operator_name == "**":
            if isinstance(right, (int, float)) and abs(right) > 64:
                raise SecurityError(_("exponent too large"))
            return operator.pow(left, right)
        if operator_name == "*":
            for a, b in ((left, right), (right, left)):
                if (
                    isinstance(a, (str, list, tuple))
                    and isinstance(b, int)
                    and len(a) * b > MAX_BUILD
                ):
                    raise SecurityError(_("result too long"))
            return operator.mul(left, right)
        if operator_name == "+":
            if (
                isinstance(left, (str, list, tuple))
                and isinstance(right, (str, list, tuple))
                and len(left) + len(right) > MAX_BUILD
            ):
                raise SecurityError(_("result too long"))
            return operator.add(left, right)
        if operator_name == "%":
            _check_format(left)
            return operator.mod(left, right)
        return super().call_binop(context, operator_name, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """Call a function from a template, refusing string formats and paddings that would grow too large."""
        target = getattr(__obj, "__wrapped__", __obj)
        owner = getattr(target, "__self__", None)
        if isinstance(owner, str):
            name = getattr(target, "__name__", "")
            if name in ("format", "format_map"):
                _check_format(owner)
            if name in _PADDING and any(
                isinstance(v, int) and v > MAX_BUILD for v in (*args, *kwargs.values())
            ):
                raise SecurityError(_("width too large"))
        return super().call(__context, __obj, *args, **kwargs)


def render(template: Any, ctx: Any) -> str:
    """Render with a fresh loop budget."""
    token = _steps.set(0)
    try:
        return str(template.render(ctx))
    finally:
        _steps.reset(token)


ENV = Sandbox(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)
