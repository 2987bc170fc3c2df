"""Evaluating a layout's templates for an item: text, colours and ``when:`` conditions.

A template that is only ``{{ name }}`` is answered from the item's data without jinja2; any
other runs in the sandbox (:mod:`.sandbox`), where undefined names are errors and every
evaluation has a budget. Each failure is reported at the template's place, in words that name
the item; all of one game's evaluations together may take :data:`MAX_TEMPLATE_SECONDS`.
:class:`Templates` is the part of the expander (:class:`.expand.Expander`) that does this.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..content import tabular
from ..content.game import Item
from ..content.types import colour_value
from ..content.validate import key_path, suggest
from ..errors import IssueCollector, Location
from ..locale import _
from . import sandbox

MAX_TEXT = 4000  # characters one template may produce
MAX_TEMPLATE_SECONDS = 60  # all of one game's template evaluations together

# {{ name }} alone: printed as str(value) without running a template when the name is given
_VAR = re.compile(r"\{\{-?\s*([A-Za-z_][A-Za-z0-9_]*)\s*-?\}\}")
_SIMPLE: dict[str, str] = {}
# `name`, `name == 'text'` or `name != 'text'`: a `when:` that needs no template when the name
# holds a plain value (jinja compares and tests truth as Python does for those)
_WHEN = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:(==|!=)\s*'([^'\\]*)')?\s*")
_WHEN_FAST: dict[str, tuple[str, str | None, str | None] | None] = {}
_JINJA_WORDS = {"true", "false", "none", "True", "False", "None", "not", "and", "or", "in", "is"}
_PLAIN_VALUES = (str, int, float, bool, type(None))
Where = Callable[[], tuple[Location, str]]


class Templates:
    """Template evaluation with its caches, its time spent and the problems it reports."""

    def __init__(self, issues: IssueCollector) -> None:
        self.issues = issues
        self._templates: dict[str, Any] = {}
        self._template_seconds = 0.0  # spent evaluating this game's templates, in all
        self._told_slow = False

    def problem(self, at: Where, message: str) -> None:
        """Add ``message`` at the place and key ``at()`` gives."""
        where, key = at()
        self.issues.add(where, key, message)

    # -------------------------------------------------------------- templates
    def render(self, source: str, ctx: Mapping[str, Any], at: Where, item: Item) -> str | None:
        """Evaluate template ``source`` for ``item``; None (and an issue at ``at()``) on failure."""
        if "{" not in source:
            return source
        simple = _SIMPLE.get(source)
        if simple is None:
            m = _VAR.fullmatch(source)
            simple = _SIMPLE[source] = m.group(1) if m else ""
        if simple and simple in ctx:
            value = ctx[simple]  # what jinja prints for {{ name }}, without the template
            out = value if isinstance(value, str) else str(value)
            if len(out) <= MAX_TEXT:
                return out
        sb = sandbox
        tpl = self._templates.get(source)
        if tpl is None:
            try:
                tpl = sb.ENV.from_string(source)
                # a plain dict of the globals: jinja copies them into every render's context,
                # and copying its default ChainMap costs more than the render itself
                tpl.globals = dict(tpl.globals)
            except sb.TemplateSyntaxError as exc:
                self.problem(at, _("template syntax error: {message}").format(message=exc.message))
                tpl = False
            except (RecursionError, SyntaxError, MemoryError):  # nested past what compiles
                self.problem(at, _("template nests too deeply to be read"))
                tpl = False
            self._templates[source] = tpl
        if tpl is False:
            return None
        if self._template_seconds > MAX_TEMPLATE_SECONDS:
            if not self._told_slow:
                self._told_slow = True
                self.problem(
                    at,
                    _(
                        "the templates of this game take more than {seconds} seconds in all; "
                        "no more are evaluated"
                    ).format(seconds=MAX_TEMPLATE_SECONDS),
                )
            return None
        started = time.perf_counter()
        try:
            out = sb.render(tpl, ctx)
        except RecursionError:
            self.problem(
                at, _("item {item!r}: template calls itself without end").format(item=item.id)
            )
            return None
        except sb.SecurityError as exc:
            name = re.search(r"attribute '(\w+)'", str(exc))
            if name:
                said = _("item {item!r}: a template may not use {name!r}")
                self.problem(at, said.format(item=item.id, name=name.group(1)))
            else:
                said = _("item {item!r}: template is not allowed to do that ({detail})")
                self.problem(at, said.format(item=item.id, detail=exc))
            return None
        except sb.UndefinedError as exc:
            message = exc.message or ""
            name = re.search(r"'(\w+)' is undefined", message)
            if name:
                hint = suggest(name.group(1), [k for k in ctx if isinstance(k, str)])
                said = _("item {item!r} ({where}): {name!r} is undefined").format(
                    item=item.id, where=item.location, name=name.group(1)
                )
            else:
                hint = ""
                said = _("item {item!r} ({where}): undefined name ({detail})").format(
                    item=item.id, where=item.location, detail=message
                )
            if not hint and tabular.is_table(Path(item.location.file.partition("[")[0])):
                hint = _(tabular.EMPTY_CELL_HINT)
            self.problem(at, said + hint)
            return None
        except (
            sb.TemplateError,
            TypeError,
            ValueError,
            ArithmeticError,
            LookupError,
            AttributeError,
            MemoryError,
            AssertionError,  # jinja's own checks of a filter's arguments
        ) as exc:
            self.problem(
                at,
                _("item {id!r} ({location}): template failed: {reason}").format(
                    id=item.id, location=item.location, reason=exc
                ),
            )
            return None
        finally:  # failed evaluations count too: a slow refusal per item adds up
            self._template_seconds += time.perf_counter() - started
        if len(out) > MAX_TEXT:
            self.problem(
                at,
                _("item {id!r}: text is {count} characters; the limit is {max_text}").format(
                    id=item.id, count=len(out), max_text=MAX_TEXT
                ),
            )
            return None
        return out

    def colour(
        self, value: str | None, ctx: Mapping[str, Any], at: Where, item: Item
    ) -> str | None:
        """A colour field's value for ``item``: a template is evaluated and its result checked."""
        if value is None or "{" not in value:
            return value
        out = self.render(value, ctx, at, item)
        if out is None:
            return None
        if not out.strip():
            return None  # a template may choose no colour
        colour = colour_value(out)
        if colour is None:
            field = next((k for k, v in item.data.items() if v == out and k != "id"), None)
            if field is not None and item.marks is not None and item.index >= 0:
                path = ("items", item.index, field)  # the item's own value: said at its line
                said = _("{value!r} is not a colour; use #rgb, #rrggbb or a name").format(value=out)
                self.issues.add(item.marks.locate(path), key_path(path), said)
                return None
            self.problem(
                at,
                _(
                    "item {item!r} ({where}): {value!r} is not a colour; use #rgb, #rrggbb or a name"
                ).format(item=item.id, where=item.location, value=out),
            )
        return colour

    def truthy(self, expr: str, ctx: Mapping[str, Any], at: Where, item: Item) -> bool:
        """Whether the expression ``expr`` holds for ``item``."""
        if expr in _WHEN_FAST:
            fast = _WHEN_FAST[expr]
        else:
            m = _WHEN.fullmatch(expr)
            fast = _WHEN_FAST[expr] = (
                (m.group(1), m.group(2), m.group(3))
                if m and m.group(1) not in _JINJA_WORDS
                else None
            )
        if fast is not None and fast[0] in ctx and type(ctx[fast[0]]) in _PLAIN_VALUES:
            value = ctx[fast[0]]
            if fast[1] is None:
                return bool(value)
            return (value == fast[2]) if fast[1] == "==" else (value != fast[2])
        return bool(self.render("{{ (" + expr + ") and 1 or '' }}", ctx, at, item))
