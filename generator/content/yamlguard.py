"""What is checked on a YAML document's text before its data is built, and the JSON fast path.

Content is untrusted: a document nested deeper than :data:`MAX_DEPTH` in flow brackets is
refused before the parser runs (:func:`_flow_too_deep`), a long one with more than
:data:`MAX_NODES` values is counted from the parser's events before its nodes are built
(:func:`_count_values`), and a document written as plain JSON that means the same as YAML is read
by the json module (:func:`_json_fast`). :mod:`.yamlload` builds the data and its marks.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from ..errors import ContentError, Issue, Location
from ..locale import _

try:  # libyaml is several times faster; fall back to the pure-Python parser.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the platform's wheel
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


MAX_NODES = 200_000


MAX_DEPTH = 64


_NOT_JSON = object()


# characters YAML refuses (its reader's printable set) or reads as line breaks (NEL, LS, PS)
_NON_PRINTABLE_ASCII = re.compile("[^\x09\x0a\x0d\x20-\x7e]")


_NON_PRINTABLE: re.Pattern[str] | None = None  # compiled on the first non-ASCII text (~10 ms)


def _non_printable(text: str) -> bool:
    """Whether ``text`` holds a character YAML refuses or reads as a line break."""
    global _NON_PRINTABLE
    if text.isascii():
        return _NON_PRINTABLE_ASCII.search(text) is not None
    if _NON_PRINTABLE is None:
        _NON_PRINTABLE = re.compile(
            "[^\x09\x0a\x0d\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
        )
    return _NON_PRINTABLE.search(text) is not None


class _Unlike(Exception):
    """The JSON reading could differ from the YAML one; use the YAML path."""


def _no_dupes(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Unlike
    return out


def _float(text: str) -> float:
    if "e" in text or "E" in text:  # YAML 1.1 reads 1e5 as a string
        raise _Unlike
    return float(text)


def _constant(text: str) -> Any:
    raise _Unlike  # NaN / Infinity are not JSON


def _json_fast(text: str) -> Any:
    """The document's data when it is plain JSON meaning the same as YAML, else _NOT_JSON."""
    head = text.lstrip()[:1]
    if head not in ("{", "[") or _non_printable(text):
        return _NOT_JSON  # (YAML refuses raw control characters; its path says where)
    try:
        data = json.loads(
            text, object_pairs_hook=_no_dupes, parse_float=_float, parse_constant=_constant
        )
    except (_Unlike, ValueError, RecursionError):
        return _NOT_JSON
    # the same node and depth limits as the YAML path; over them, that path reports where
    nodes = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if depth > MAX_DEPTH or nodes > MAX_NODES:
            return _NOT_JSON
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return data


_FLOW = re.compile(r"[\[\]{}\"'#\n]")


def _flow_too_deep(text: str, file: str) -> None:
    """Refuse flow collections (``[[[...`` / ``{{{...``) nested deeper than :data:`MAX_DEPTH`.

    Checked on the text before the parser runs, so the limit and its message are ours whatever
    the installed YAML library refuses first (or how deep its own stack goes). Quoted scalars
    and comments are skipped; a bracket in a plain scalar can only overcount, never hide depth.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth, line, line_start, n = 0, 1, 0, 0
    while True:
        m = _FLOW.search(text, n)
        if m is None:
            return
        ch, n = m.group(), m.end()
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                where = Location(file, line, m.start() - line_start + 1)
                said = _("nesting deeper than {depth} levels").format(depth=MAX_DEPTH)
                raise ContentError([Issue(where, "", said)])
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == "\n":
            line, line_start = line + 1, n
        elif ch == "#":
            if m.start() == line_start or text[m.start() - 1] in " \t":
                end = text.find("\n", n)
                n = len(text) if end < 0 else end
        else:  # a quoted scalar: skip to its closing quote (a doubled '' or a \" stays inside)
            while True:
                end = text.find(ch, n)
                if end < 0:
                    return  # unclosed: the parser says where
                if ch == '"' and text[end - 1] == "\\" and text[end - 2] != "\\":
                    n = end + 1
                    continue
                if ch == "'" and text[end + 1 : end + 2] == "'":
                    n = end + 2
                    continue
                line += text.count("\n", n, end)
                last = text.rfind("\n", n, end)
                if last >= 0:
                    line_start = last + 1
                n = end + 1
                break


_COUNT_ABOVE = 1_000_000  # characters: a longer document's values are counted before it is built


def _count_values(text: str, file: str) -> None:
    """Refuse a document with more than :data:`MAX_NODES` values, counted from the parser's
    events (fast), before the slower building of its nodes begins."""
    loader = _Loader(text)
    values = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, _VALUE_EVENTS):
                values += 1
                if values > MAX_NODES:
                    mark = event.start_mark
                    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
                    raise ContentError(
                        [
                            Issue(
                                Location(file, line, col),
                                "",
                                _("document has more than {count} values").format(count=MAX_NODES),
                            )
                        ]
                    )
    except yaml.YAMLError:
        return  # malformed: the full reading says where
    finally:
        loader.dispose()


_VALUE_EVENTS = (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)
