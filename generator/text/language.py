"""Per-language texts in item data: the one rule for a language that is not written.

A per-language text (``{en: ..., zh-Hant: ..., zh-Hans: ...}``) prints in ``lang`` as follows:
the text written in ``lang`` (an empty text is not written); else, for one Chinese script, the
other script's text converted (Simplified from Traditional, Traditional from Simplified); else
English; else the first language written. The table companion chooses by the same rule
(:func:`generator.text.localtext.choose`). :func:`source_language` tells which case applies,
:func:`localize` applies it to a whole data tree, and :func:`missing_languages` names the
languages that would print another language's words, which ``pnp check`` reports.

Printed pieces are derived as rule text is (:func:`generator.text.chinese.derive`): characters
converted, then the reviewed game vocabulary and the regional lexicon put into the reader's usage.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .localtext import convert, is_local_text, source_language, written_languages

__all__ = [
    "local_texts",
    "localize",
    "missing_languages",
    "source_language",
    "written_languages",
]


def localize(value: Any, lang: str, protect: Mapping[str, str] | None = None) -> Any:
    """Resolve per-language texts in ``value`` (recursively) for ``lang`` by the rule above."""
    if is_local_text(value):
        source, how = source_language(written_languages(value), lang)
        text = value[source]
        return convert(text, lang, protect) if how == "derived" and isinstance(text, str) else text
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
