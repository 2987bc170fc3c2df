"""The program's own words in English, Traditional and Simplified Chinese, through gettext.

Owns the message catalogues (``zh_Hant.po``, ``zh_Hans.po`` beside this module: plain gettext PO
files that Poedit, Weblate or ``msgfmt`` read) and the language the program speaks in. It imports
nothing of the project, so every layer may use it.

A message is marked where it is written, as one whole sentence with named placeholders::

    from generator.locale import _, ngettext
    print(_("{count} cards left in {deck}").format(count=n, deck=name))

The English text is the message id; a language with no translation for it prints the English.
``use_language`` sets the language that ``_``, ``ngettext`` and ``pgettext`` speak (English until
set); ``translation(lang)`` gives one language's catalogue for code that speaks several at once.
A catalogue is read on first use, so an English run never parses a PO file.

May import: nothing of the project (the standard library, and polib to read a catalogue).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "CATALOGUE_LANGS",
    "Translation",
    "N_",
    "_",
    "catalogue_path",
    "current_language",
    "ngettext",
    "pgettext",
    "translation",
    "use_language",
]

HERE = Path(__file__).resolve().parent
# the languages with a catalogue, by the project's language code; English is the message ids
CATALOGUE_LANGS: Mapping[str, str] = {"zh-Hant": "zh_Hant", "zh-Hans": "zh_Hans"}
# the test-only pseudo-language: every translated message comes out wrapped in these marks
PSEUDO = "x-pseudo"
PSEUDO_OPEN, PSEUDO_CLOSE = "\u27e6", "\u27e7"


def catalogue_path(lang: str) -> Path:
    """The PO file holding ``lang`` (``zh-Hant`` or ``zh-Hans``)."""
    return HERE / f"{CATALOGUE_LANGS[lang]}.po"


class Translation:
    """One language's messages: ``gettext``, ``ngettext`` and ``pgettext`` over a PO catalogue."""

    def __init__(
        self,
        lang: str,
        messages: Mapping[tuple[str | None, str], tuple[str, ...]] | None = None,
        *,
        pseudo: bool = False,
    ) -> None:
        self.lang = lang
        self._messages = dict(messages or {})
        self._pseudo = pseudo

    def _lookup(self, context: str | None, msgid: str) -> tuple[str, ...] | None:
        found = self._messages.get((context, msgid))
        return found if found and all(found) else None

    def _wrap(self, text: str) -> str:
        return f"{PSEUDO_OPEN}{text}{PSEUDO_CLOSE}" if self._pseudo else text

    def gettext(self, message: str) -> str:
        """``message`` in this language (the English when it has no translation)."""
        found = self._lookup(None, message)
        return self._wrap(found[0] if found else message)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in this language, told apart from the same English by ``context``."""
        found = self._lookup(context, message)
        return self._wrap(found[0] if found else message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for the count ``n`` in this language."""
        found = self._lookup(None, singular)
        if found:
            # Chinese has one form; a catalogue with more uses the English rule for the index
            return self._wrap(found[min(0 if n == 1 else 1, len(found) - 1)])
        return self._wrap(singular if n == 1 else plural)


def _read(lang: str) -> Translation:
    """Parse ``lang``'s PO catalogue (polib: a small, well-kept PO reader)."""
    import polib

    messages: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for entry in polib.pofile(str(catalogue_path(lang))):
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        else:
            forms = (entry.msgstr,)
        messages[(entry.msgctxt, entry.msgid)] = forms
    return Translation(lang, messages)


_lock = threading.Lock()
_cache: dict[str, Translation] = {}
_current: list[Translation] = [Translation("en")]


def translation(lang: str) -> Translation:
    """The catalogue of ``lang`` (English and unknown codes: the message ids themselves)."""
    with _lock:
        found = _cache.get(lang)
        if found is None:
            if lang == PSEUDO:
                found = Translation(lang, pseudo=True)
            elif lang in CATALOGUE_LANGS:
                found = _read(lang)
            else:
                found = Translation(lang)
            _cache[lang] = found
        return found


def use_language(lang: str) -> None:
    """Speak ``lang`` from now on in ``_``, ``ngettext`` and ``pgettext``."""
    _current[0] = translation(lang)


def current_language() -> str:
    """The language ``_`` speaks now."""
    return _current[0].lang


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current[0].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The current language's form of a message that depends on the count ``n``."""
    return _current[0].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``."""
    return _current[0].pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (tables of messages)."""
    return message
