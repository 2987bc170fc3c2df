"""The one language rule for per-language texts (``{en, zh-Hant, zh-Hans}``), without imports.

A text prints in ``lang`` as follows: the text written in ``lang`` (an empty text is not
written); else, for one Chinese script, the other script's text derived (characters converted,
the reviewed game vocabulary and regional words put into the reader's usage); else English; else the first language written. Printed pieces
(:mod:`generator.text.language`) and the table companion (:func:`choose`) both use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

LANGS: tuple[str, ...] = (
    "en",
    "zh-Hant",
    "zh-Hans",
)  # every language the program speaks and prints
# the language a missing one is derived from by converting the script, before any fallback
DERIVED_FROM: Mapping[str, str] = {"zh-Hans": "zh-Hant", "zh-Hant": "zh-Hans"}
FALLBACK = "en"


def written_languages(value: Mapping[str, Any]) -> list[str]:
    """The languages a per-language text is written in (an empty text counts as not written)."""
    return [k for k, v in value.items() if v not in ("", None)] or list(value)


def source_language(written: Iterable[str], lang: str) -> tuple[str, str]:
    """(language whose text prints for ``lang``, how): how is ``given``, ``derived`` or ``fallback``.

    ``written`` are the languages a text is written in (at least one).
    """
    have = list(written)
    if lang in have:
        return lang, "given"
    other = DERIVED_FROM.get(lang)
    if other is not None and other in have:
        return other, "derived"
    return (FALLBACK if FALLBACK in have else have[0]), "fallback"


def convert(text: str, lang: str, protect: Mapping[str, str] | None = None) -> str:
    """``text`` derived into the Chinese language ``lang`` (:func:`generator.text.chinese.derive`)."""
    from .chinese import to_simplified, to_traditional  # deferred: ~60 ms (OpenCC); only to convert

    return (to_simplified if lang == "zh-Hans" else to_traditional)(text, protect or {})


def choose(value: Mapping[str, Any], lang: str, protect: Mapping[str, str] | None = None) -> str:
    """``value`` in ``lang`` by the rule above."""
    if not value:
        return ""
    source, how = source_language(written_languages(value), lang)
    text = value[source]
    if not isinstance(text, str):
        return ""
    return convert(text, lang, protect) if how == "derived" else text


def is_local_text(value: Any) -> bool:
    """Whether a data value is a per-language text mapping."""
    return isinstance(value, dict) and bool(value) and all(k in LANGS for k in value)
