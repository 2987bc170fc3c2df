"""The players' language, message filling, and game terms from the glossary.

The language is ``--lang``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: zh_TW and
zh_HK give Traditional, other zh Simplified), else English. Game terms (tiles, characters, places)
come from ``content/<game>/rules/glossary.yaml`` by id, then from the name in table.yaml, then
from the id itself. The program's own wording is in the gettext catalogues (:mod:`generator.locale`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..locale import NC_, PSEUDO, current_language, pgettext, translation
from ..text.localtext import LANGS, choose

if TYPE_CHECKING:  # a saved game's cache, for the type checker only
    from .cache import Cache

__all__ = ["LANGS", "Terms", "detect", "event_name", "message", "pick"]


# the event types as the log and undo name them (their own names in English)
EVENT_TYPES = (
    NC_("event type", "roll"),
    NC_("event type", "fate.draw"),
    NC_("event type", "fate.stop"),
    NC_("event type", "fate.add"),
    NC_("event type", "deck.draw"),
    NC_("event type", "deck.discard"),
    NC_("event type", "deck.reset"),
    NC_("event type", "act.add"),
    NC_("event type", "act.turn"),
    NC_("event type", "act.draw"),
    NC_("event type", "act.reserve"),
    NC_("event type", "act.play"),
    NC_("event type", "act.remove"),
    NC_("event type", "track.move"),
    NC_("event type", "pad.add"),
    NC_("event type", "reveal"),
    NC_("event type", "migrate"),
    NC_("event type", "undo"),
    NC_("event type", "turn.first"),
    NC_("event type", "session"),
)
# the random sources as the status line names them
RANDOM_SOURCES = (
    NC_("random source", "system"),
    NC_("random source", "seeded"),
    NC_("random source", "fair"),
)


def event_name(kind: str) -> str:
    """An event type in words, in the current language (its own name in English)."""
    return pgettext("event type", kind)


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
    if lang_env == PSEUDO:
        return PSEUDO
    low = lang_env.lower().replace("-", "_")
    if low.startswith("zh"):
        return "zh-Hant" if any(t in low for t in ("_tw", "_hk", "_mo", "hant")) else "zh-Hans"
    return "en"


def message(text: str, **values: Any) -> str:
    """``text`` (a message already through ``_``) with ``values`` filled in.

    A value that ends its own sentence (a note from table.yaml ending in a full stop) loses that
    stop where the message ends the sentence after it, so no ".." or "。。" is printed.
    """
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

    return translation(lang).gettext(text).format(**values)


# What a command is typed with: "pnp " in a shell, nothing inside `pnp play` (set by its prompt).
TYPED = {"pnp": "pnp "}


def pick(text: object, lang: str | None = None) -> str | None:
    """One language of a LocalText (a str or {en, zh-Hant, zh-Hans}); the current one by default."""
    if text is None:
        return None
    if isinstance(text, str):
        return text
    if not isinstance(text, Mapping):
        raise TypeError(f"not a text in each language: {text!r}")
    return choose(text, lang or current_language()) or None


class Terms:
    """Names of game things in one language: glossary, then table.yaml names, then ids."""

    def __init__(self, game_root: Path | None, lang: str, cache: Cache | None = None) -> None:
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

    def name(self, term_id: str | None, fallback: object = None) -> str:
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
    # deferred: the YAML reader costs some 25 ms; a saved game reads its glossary from the cache
    from ..content.yamlload import load_yaml

    try:
        data = load_yaml(path).data
    except Exception:  # a broken glossary must not stop play; `pnp check` reports it
        data = {}
    terms = data.get("terms") if isinstance(data, dict) else None
    return terms if isinstance(terms, dict) else {}
