"""Per-language texts in item data: the one rule for a language that is not written.

A per-language text (``{en: ..., zh-Hant: ..., zh-Hans: ...}``) prints in ``lang`` as follows:
the text written in ``lang`` (an empty text is not written); else, for one Chinese script, the
other script's text converted (Simplified from Traditional, Traditional from Simplified); else
English; else the first language written. The table companion chooses by the same rule
(:func:`generator.localtext.choose`). :func:`source_language` tells which case applies,
:func:`localize` applies it to a whole data tree, and :func:`missing_languages` names the
languages that would print another language's words, which ``pnp check`` reports.

Printed pieces convert the script character by character (OpenCC t2s / s2t): item data has no
glossary to protect its terms, and phrase conversion (tw2sp) would rewrite game words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .types import is_local_text

# the language a missing one is derived from by converting the script, before any fallback
DERIVED_FROM: Mapping[str, str] = {"zh-Hans": "zh-Hant", "zh-Hant": "zh-Hans"}
FALLBACK = "en"


def written_languages(value: Mapping[str, Any]) -> list[str]:
    """The languages a per-language text is written in (an empty text counts as not written)."""
    return [k for k, v in value.items() if v not in ("", None)] or list(value)


def source_language(written: Iterable[str], lang: str) -> tuple[str, str]:
    """(language whose text prints for ``lang``, how): how is ``given``, ``derived`` or ``fallback``.

    ``written`` are the languages a text is written in (at least one). It is the choice
    :func:`generator.localtext.choose` makes for the table companion.
    """
    have = list(written)
    if lang in have:
        return lang, "given"
    other = DERIVED_FROM.get(lang)
    if other is not None and other in have:
        return other, "derived"
    return (FALLBACK if FALLBACK in have else have[0]), "fallback"


def _convert(text: str, lang: str, protect: Mapping[str, str]) -> str:
    """``text`` in the other Chinese script: characters only (OpenCC t2s / s2t)."""
    from ..rules.chinese import to_simplified, to_traditional

    return (to_simplified if lang == "zh-Hans" else to_traditional)(text, protect)


def localize(value: Any, lang: str, protect: Mapping[str, str] | None = None) -> Any:
    """Resolve per-language texts in ``value`` (recursively) for ``lang`` by the rule above."""
    if is_local_text(value):
        source, how = source_language(written_languages(value), lang)
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
    written = written_languages(value)
    return [lang for lang in langs if source_language(written, lang)[1] == "fallback"]


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
