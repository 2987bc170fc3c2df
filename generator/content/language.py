"""The one rule for a text that is not written in the language being printed.

A per-language text (``{en: ..., zh-Hant: ..., zh-Hans: ...}``) prints in ``lang`` as follows:
the text written in ``lang``; else, for one Chinese script, the other script's text converted
(Simplified from Traditional, Traditional from Simplified); else English; else the first
language written. :func:`source_language` says which of these applies, :func:`localize` applies
it to a whole data tree, and :func:`missing_languages` names the languages that would print
another language's words (the English fallback), which ``pnp check`` reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .types import is_local_text

# the language a missing one is derived from by converting the script, before any fallback
DERIVED_FROM: Mapping[str, str] = {"zh-Hans": "zh-Hant", "zh-Hant": "zh-Hans"}
FALLBACK = "en"


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


def _convert(text: str, lang: str, protect: Mapping[str, str]) -> str:
    from ..rules.chinese import to_simplified, to_traditional

    convert = to_simplified if lang == "zh-Hans" else to_traditional
    return convert(text, protect)


def localize(value: Any, lang: str, protect: Mapping[str, str] | None = None) -> Any:
    """Resolve per-language texts in ``value`` (recursively) for ``lang`` by the rule above."""
    if is_local_text(value):
        source, how = source_language(value, lang)
        text = value[source]
        if how == "derived" and isinstance(text, str):
            return _convert(text, lang, protect or {})
        return text
    if isinstance(value, dict):
        return {k: localize(v, lang, protect) for k, v in value.items()}
    if isinstance(value, list):
        return [localize(v, lang, protect) for v in value]
    return value


def missing_languages(value: Mapping[str, Any], langs: Iterable[str]) -> list[str]:
    """The languages of ``langs`` in which the per-language text ``value`` prints another
    language's words (neither written nor derivable)."""
    return [lang for lang in langs if source_language(value, lang)[1] == "fallback"]


def local_texts(value: Any, path: tuple[Any, ...] = ()) -> Iterable[tuple[tuple[Any, ...], Any]]:
    """Every per-language text inside ``value`` with its key path (lists and mappings walked)."""
    if is_local_text(value):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from local_texts(v, (*path, k))
    elif isinstance(value, list):
        for k, v in enumerate(value[:1000]):
            yield from local_texts(v, (*path, k))
