"""Per-language labels written inside a layout's templates: ``{'en': 'siege', 'zh-Hant': '攻陷值'}``.

A layout often picks a fixed word by language with a dictionary literal in its jinja text
(``{{ {'en': 'combat', 'zh-Hant': '戰鬥值', 'zh-Hans': '战斗值'}[lang] }}``). Those words print
like any other, so they are catalogue entries too: this module finds each literal in a template
(nested ones included), reads its single-quoted values, and writes a changed value back into the
template text, escaped as jinja reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_STR = r"'(?:[^'\\]|\\.)*'"
LITERAL = re.compile(
    r"\{\s*'en'\s*:\s*" + _STR + r"(?:\s*,\s*'zh-Han[st]'\s*:\s*" + _STR + r")*\s*\}"
)
_PAIR = re.compile(r"'(en|zh-Hant|zh-Hans)'\s*:\s*'((?:[^'\\]|\\.)*)'")
_ESCAPE = re.compile(r"\\(.)")

Pairs = dict[
    str, tuple[str, int, int]
]  # language -> (value, start, end of the quoted value's inside)


def _unescape(raw: str) -> str:
    return _ESCAPE.sub(r"\1", raw)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "\\'")


def literals(template: str) -> list[Pairs]:
    """Each per-language literal of ``template``, in order: its values and where they stand."""
    out: list[Pairs] = []
    for m in LITERAL.finditer(template):
        pairs: Pairs = {}
        for p in _PAIR.finditer(template, m.start(), m.end()):
            pairs[p.group(1)] = (_unescape(p.group(2)), p.start(2), p.end(2))
        out.append(pairs)
    return out


def rewrite(template: str, changes: Iterable[tuple[int, str, str]]) -> str:
    """``template`` with literal ``n``'s ``lang`` value set, for each (n, lang, value)."""
    found = literals(template)
    edits: list[tuple[int, int, str]] = []
    for n, lang, value in changes:
        pairs = found[n]
        if lang in pairs:
            _, start, end = pairs[lang]
            edits.append((start, end, _escape(value)))
        else:
            end = max(e for _, _, e in pairs.values()) + 1  # after the last value's quote
            edits.append((end, end, f", '{lang}': '{_escape(value)}'"))
    for start, end, new in sorted(edits, reverse=True):
        template = template[:start] + new + template[end:]
    return template
