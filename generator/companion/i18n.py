"""Messages in English, Traditional and Simplified Chinese, and game terms from the glossary.

The language is ``--lang``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: zh_TW and
zh_HK give Traditional, other zh Simplified), else English. Game terms (tiles, characters, places)
come from ``content/<game>/rules/glossary.yaml`` by id, then from the name in table.yaml, then
from the id itself. The wording itself is in :mod:`generator.companion.catalogue`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.localtext import LANGS

if TYPE_CHECKING:
    from .catalogue import COMMANDS, EVENTS, MESSAGES, MODES, RNG


__all__ = ["COMMANDS", "EVENTS", "LANGS", "MESSAGES", "MODES", "RNG", "Terms", "detect", "message"]


def __getattr__(name: str) -> Any:
    """The catalogue's tables, read on first use (a plain roll prints no message)."""
    if name in ("COMMANDS", "EVENTS", "MESSAGES", "MODES", "RNG"):
        from . import catalogue

        return getattr(catalogue, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def event_name(kind: str, lang: str) -> str:
    """An event type in words (its own name in English)."""
    from .catalogue import EVENTS

    return EVENTS.get(kind, {}).get(lang, kind)


def detect(lang: str | None = None) -> str:
    """The language to speak: ``lang`` when given, else the locale, else English."""
    if lang:
        for known in LANGS:
            if lang.lower() == known.lower():
                return known
        lang_env = lang
    else:
        lang_env = (
            os.environ.get("LC_ALL")
            or os.environ.get("LC_MESSAGES")
            or os.environ.get("LANG")
            or ""
        )
    low = lang_env.lower().replace("-", "_")
    if low.startswith("zh"):
        return "zh-Hant" if any(t in low for t in ("_tw", "_hk", "_mo", "hant")) else "zh-Hans"
    return "en"


def message(key: str, lang: str, **values: Any) -> str:
    """Message ``key`` in ``lang`` with ``values`` filled in.

    A value that ends its own sentence (a note from table.yaml ending in a full stop) loses that
    stop where the message ends the sentence after it, so no ".." or "。。" is printed.
    """
    from .catalogue import MESSAGES

    entry = MESSAGES[key]
    text = entry.get(lang, entry["en"])
    for name, value in values.items():
        if (
            isinstance(value, str)
            and value[-1:] in ".。"
            and (f"{{{name}}}." in text or f"{{{name}}}。" in text)
        ):
            values[name] = value[:-1]
    return typed(text.format(**values))


def typed(text: str) -> str:
    """``text`` with each quoted `pnp COMMAND` as the players type it here (no pnp in pnp play)."""
    return text if TYPED["pnp"] == "pnp " else text.replace("`pnp ", "`" + TYPED["pnp"])


def said(lang: str, text: str, **values: Any) -> str:
    """A gettext message (marked with ``N_`` where it is written) in ``lang``, values filled in."""
    from ..locale import translation

    return translation(lang).gettext(text).format(**values)


# What a command is typed with: "pnp " in a shell, nothing inside `pnp play` (set by its prompt).
TYPED = {"pnp": "pnp "}


def pick(text: Any, lang: str) -> str | None:
    """One language of a LocalText (a str or {en, zh-Hant, zh-Hans})."""
    if text is None:
        return None
    if isinstance(text, str):
        return text
    from ..content.localtext import choose

    return choose(text, lang) or None


class Terms:
    """Names of game things in one language: glossary, then table.yaml names, then ids."""

    def __init__(self, game_root: Path | None, lang: str, cache: Any = None) -> None:
        self.lang = lang
        self.glossary: dict[str, Any] = {}
        if game_root is not None:
            path = game_root / "rules" / "glossary.yaml"
            where = [str(path)]
            cached = cache.get("glossary", where) if cache is not None else None
            if cached is None:
                cached = _glossary(path)
                if cache is not None:
                    cache.put("glossary", where, cached)
            self.glossary = cached

    def name(self, term_id: str | None, fallback: Any = None) -> str:
        """A term's glossary name in this language, else the fallback, else the id."""
        if term_id and isinstance(self.glossary.get(term_id), dict):
            found = self.glossary[term_id].get(self.lang)
            if found:
                return str(found)
        return pick(fallback, self.lang) or (term_id or "")


def _glossary(path: Path) -> dict[str, Any]:
    """The ``terms`` of a glossary file ({} when there is none or it is broken)."""
    if not path.is_file():
        return {}
    from ..content.yamlload import load_yaml

    try:
        data = load_yaml(path).data
    except Exception:  # a broken glossary must not stop play; `pnp check` reports it
        data = {}
    terms = data.get("terms") if isinstance(data, dict) else None
    return terms if isinstance(terms, dict) else {}
