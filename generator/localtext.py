"""The one rule for choosing a language of a per-language text ({en, zh-Hant, zh-Hans}).

The language asked for when it is written; else zh-Hans is derived from zh-Hant for mainland
readers (OpenCC tw2sp and the mainland rewrites, glossary terms protected) and zh-Hant from
zh-Hans; else English; else the first language given. Printed pieces, rule sheets and the
companion's messages all choose through :func:`choose`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def choose(
    value: Mapping[str, str], lang: str, protect: Mapping[str, str] | Iterable[str] = ()
) -> str:
    """``value`` in ``lang`` by the fallback rule above."""
    text = value.get(lang)
    if text:
        return text
    if lang == "zh-Hans" and value.get("zh-Hant"):
        from .rules.chinese import to_mainland_simplified

        return to_mainland_simplified(value["zh-Hant"], protect)
    if lang == "zh-Hant" and value.get("zh-Hans"):
        from .rules.chinese import to_traditional

        return to_traditional(value["zh-Hans"], protect)
    return value.get("en") or next((v for v in value.values() if v), "")
