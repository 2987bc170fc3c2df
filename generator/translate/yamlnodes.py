"""YAML files read as node trees with exact spans, and edited in place as text.

Uses ruamel.yaml's composer: every scalar keeps its style and its start and end offsets in the
file, so a changed value is replaced where it stands and everything else (comments, order,
quoting, anchors, line breaks) stays byte for byte. New values are written double-quoted, which
is valid YAML in block and flow context alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..content.yamlload import read_text
from ..errors import ContentError, Issue, Location

MERGE_TAG = "tag:yaml.org,2002:merge"
PathPart = str | int


def compose(path: Path, name: str) -> Node | None:
    """The node tree of ``path``; ContentError (located) when it is not valid YAML."""
    return compose_text(read_text(path, name), name)


def compose_text(text: str, name: str) -> Node | None:
    """The node tree of YAML ``text`` (``name`` locates errors)."""
    try:
        return YAML(typ="rt", pure=True).compose(text)  # type: ignore[no-any-return]
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        col = mark.column + 1 if mark is not None else 0
        problem = getattr(exc, "problem", None) or str(exc)
        raise ContentError([Issue(Location(name, line, col), "", str(problem))]) from None


def mapping_items(node: MappingNode) -> Iterator[tuple[str, Node]]:
    """The mapping's own keys (merge keys ``<<`` left out) with their value nodes."""
    for key, value in node.value:
        if key.tag == MERGE_TAG or not isinstance(key, ScalarNode):
            continue
        yield str(key.value), value


def get(node: MappingNode, key: str) -> Node | None:
    """The value node of the mapping's own ``key`` (None when it has none)."""
    return next((v for k, v in mapping_items(node) if k == key), None)


def walk(
    node: Node, path: tuple[PathPart, ...] = ()
) -> Iterator[tuple[tuple[PathPart, ...], Node]]:
    """Every mapping and sequence node with its path; a list item with an ``id`` is named by it.

    Anchored nodes are visited once, where they are written (aliases and merges are skipped).
    """
    seen: set[int] = set()

    def visit(n: Node, p: tuple[PathPart, ...]) -> Iterator[tuple[tuple[PathPart, ...], Node]]:
        if id(n) in seen:
            return
        seen.add(id(n))
        yield p, n
        if isinstance(n, MappingNode):
            for key, value in mapping_items(n):
                yield from visit(value, (*p, key))
        elif isinstance(n, SequenceNode):
            for i, item in enumerate(n.value):
                name: PathPart = i
                if isinstance(item, MappingNode):
                    ident = get(item, "id")
                    if isinstance(ident, ScalarNode) and str(ident.value):
                        name = str(ident.value)
                yield from visit(item, (*p, name))

    yield from visit(node, path)


def quoted(text: str) -> str:
    """``text`` as a double-quoted YAML scalar."""
    return json.dumps(text, ensure_ascii=False)


@dataclass(frozen=True)
class Edit:
    """Replace ``text[start:end]`` with ``new``."""

    start: int
    end: int
    new: str


def replace_scalar(text: str, node: ScalarNode, value: str) -> Edit:
    """An edit writing ``value`` in place of the scalar ``node`` (line breaks after it kept)."""
    start, end = node.start_mark.index, node.end_mark.index
    span = text[start:end]
    tail = span[len(span.rstrip("\r\n")) :] if node.style in ("|", ">") else ""
    return Edit(start, end, quoted(value) + tail)


def add_key(text: str, node: MappingNode, key: str, value: str) -> Edit:
    """An edit adding ``key: value`` at the end of mapping ``node`` (flow or block)."""
    pairs = list(node.value)
    last = pairs[-1][1]
    end = last.end_mark.index
    if node.flow_style:
        return Edit(end, end, f", {key}: {quoted(value)}")
    indent = " " * pairs[0][0].start_mark.column
    newline = "\r\n" if "\r\n" in text else "\n"
    if end > 0 and text[end - 1] == "\n":
        at = end
    else:
        nl = text.find("\n", end)
        at = len(text) if nl < 0 else nl + 1
        if nl < 0:
            return Edit(at, at, f"{newline}{indent}{key}: {quoted(value)}")
    return Edit(at, at, f"{indent}{key}: {quoted(value)}{newline}")


def apply(text: str, edits: list[Edit]) -> str:
    """``text`` with every edit made (edits must not overlap)."""
    out = text
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        out = out[: e.start] + e.new + out[e.end :]
    return out


def scalar_text(node: Node | None) -> str | None:
    """A scalar node's text (None for anything else; a null counts as empty)."""
    if not isinstance(node, ScalarNode):
        return None
    if str(node.tag or "").endswith(":null"):
        return ""
    return str(node.value)


def line_of(node: Node) -> int:
    """The 1-based line a node starts on."""
    return int(node.start_mark.line) + 1


def plain(node: Node) -> Any:
    """The node's value as plain data (for small lookups; aliases resolve)."""
    if isinstance(node, ScalarNode):
        return node.value
    if isinstance(node, SequenceNode):
        return [plain(n) for n in node.value]
    if isinstance(node, MappingNode):
        return {str(k.value): plain(v) for k, v in node.value}
    return None
