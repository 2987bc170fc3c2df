"""Schema validation that reports every problem at its line and column.

Turns pydantic's errors into :class:`~generator.errors.Issue` objects located through the YAML
marks, with "did you mean" hints for misspelt keys and choice values. Validation never stops
at the first error: the caller collects issues from every file and aborts once.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import IssueCollector
from .yamlload import Loaded, PathKey, key_path

_MEMBER_TAGS = {"str", "int", "float", "bool", "list", "dict", "tuple"}


def suggest(word: str, choices: typing.Iterable[str]) -> str:
    """A "did you mean" suffix, or an empty string."""
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _child(node: Any, part: Any) -> tuple[bool, Any]:
    """Whether ``node`` (a mapping or a list) has ``part``, and the value there."""
    if isinstance(node, dict) and isinstance(part, str) and part in node:
        return True, node[part]
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return True, node[part]
    return False, None


def _data_path(data: Any, loc: tuple[Any, ...]) -> PathKey:
    """Drop pydantic's union tags from ``loc``, keeping the steps that exist in the data."""
    out: list[str | int] = []
    node = data
    for n, part in enumerate(loc):
        found, child = _child(node, part)
        if found:
            out.append(part)
            node = child
        elif (
            isinstance(node, dict)
            and isinstance(part, str)
            and "[" not in part
            and n == len(loc) - 1
        ):
            out.append(part)  # a missing key: keep it so the message names it
            node = None
    return tuple(out)


def _unwrap(tp: Any) -> list[Any]:
    """The model classes an annotation may hold (through Optional, list, dict, Annotated, unions)."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType, list, dict, tuple):
        out: list[Any] = []
        for arg in typing.get_args(tp):
            out.extend(_unwrap(arg))
        return out
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [tp]
    return []


def _fields_at(model: type[BaseModel], data: Any, path: PathKey) -> set[str]:
    """Field names allowed in the mapping at ``path``."""
    candidates: list[type[BaseModel]] = [model]
    node = data
    for part in path:
        nxt: list[type[BaseModel]] = []
        if isinstance(part, int):
            node = node[part] if isinstance(node, list) and part < len(node) else None
            continue
        for m in candidates:
            f = m.model_fields.get(part)
            if f is not None:
                nxt.extend(_unwrap(f.annotation))
        node = node.get(part) if isinstance(node, dict) else None
        candidates = nxt
        if isinstance(node, dict) and "kind" in node:
            tagged = [
                m
                for m in candidates
                if "kind" in m.model_fields
                and node["kind"] in typing.get_args(m.model_fields["kind"].annotation)
            ]
            candidates = tagged or candidates
        if isinstance(node, list):
            continue
    names: set[str] = set()
    for m in candidates:
        names.update(m.model_fields)
    return names


def _message(err: Mapping[str, Any]) -> str:
    kind = err["type"]
    msg = str(err["msg"])
    msg = re.sub(r"^(Value|Assertion) error, ", "", msg)
    if kind == "literal_error":
        expected = re.findall(r"'([^']*)'", str(err.get("ctx", {}).get("expected", "")))
        got = err.get("input")
        return f"{got!r} is not one of {', '.join(expected)}{suggest(str(got), expected)}"
    if kind == "union_tag_invalid":
        ctx = err.get("ctx", {})
        expected = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
        got = ctx.get("tag")
        return f"{got!r} is not one of {', '.join(expected)}{suggest(str(got), expected)}"
    if kind == "missing":
        return "required key is missing"
    if kind == "string_pattern_mismatch":
        return f"{err.get('input')!r} does not match the required form ({err.get('ctx', {}).get('pattern')})"
    return msg[:1].lower() + msg[1:]


def validate(
    model: type[BaseModel], loaded: Loaded, issues: IssueCollector, *, root: PathKey = ()
) -> Any:
    """Validate ``loaded.data`` (or its part at ``root``) against ``model``.

    Returns the model instance, or None after adding located issues to ``issues``.
    """
    data: Any = loaded.data
    for part in root:
        data = data[part]
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        seen: set[PathKey] = set()
        errors = exc.errors(include_url=False)
        places = [tuple(str(p) for p in e["loc"][:-1]) for e in errors]
        for n, err in enumerate(errors):
            loc = err["loc"]
            if (  # "should be a string" from one member of a union whose other member said more
                err["type"].endswith("_type")
                and loc
                and str(loc[-1]) in _MEMBER_TAGS
                and any(
                    m != n and places[m][: len(places[n])] == places[n] for m in range(len(errors))
                )
            ):
                continue
            path = _data_path(data, tuple(err["loc"]))
            if err["type"] == "union_tag_invalid":  # point at the tag itself
                path = (*path, str(err.get("ctx", {}).get("discriminator", "kind")).strip("'"))
            full = (*root, *path)
            if err["type"] == "extra_forbidden":
                allowed = _fields_at(model, data, path[:-1])
                where = loaded.marks.locate(full, key=True)
                issues.add(where, key_path(full), f"unknown key{suggest(str(path[-1]), allowed)}")
                continue
            if full in seen:
                continue  # one message per place: the first member of a union says enough
            seen.add(full)
            if err["type"] == "missing":
                where = loaded.marks.locate(full[:-1])
            else:
                where = loaded.marks.locate(full)
            issues.add(where, key_path(full), _message(err))
        return None
