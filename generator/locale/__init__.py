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
A catalogue is read on first use, so an English run never parses a PO file; a parsed catalogue
is kept compiled (``marshal``) in the user's cache folder (``PNP_CACHE_DIR``, else the platform's)
and used while the PO file is unchanged.

May import: nothing of the project (the standard library, and polib or platformdirs to read a
catalogue and find the cache folder).
"""

from __future__ import annotations

import marshal
import os
import re
import sys
import threading
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "CATALOGUE_LANGS",
    "Translation",
    "N_",
    "NC_",
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
# a placeholder: {name}, {name!r}, or click's %(name)s; {{ and }} print one brace
_PLACEHOLDER = re.compile(r"(\{\{|\}\}|\{[^{}]*\}|%\([a-z_]+\)s)")


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
        """In the pseudo-language, each run of the message's own words between placeholders is
        wrapped in marks, so what fills a placeholder later stays visible outside them."""
        if not self._pseudo:
            return text
        out, words = [], ""
        for part in _PLACEHOLDER.split(text):
            if _PLACEHOLDER.fullmatch(part) and part not in ("{{", "}}"):
                out.append(f"{PSEUDO_OPEN}{words}{PSEUDO_CLOSE}" if words else "")
                out.append(part)
                words = ""
            else:
                words += part  # words, and {{ }} that print one brace
        out.append(f"{PSEUDO_OPEN}{words}{PSEUDO_CLOSE}" if words else "")
        return "".join(out)

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
    """``lang``'s catalogue: from its compiled copy in the user's cache when that was made from
    the PO file as it is now, else parsed from the PO file (and the compiled copy written)."""
    po = catalogue_path(lang)
    compiled = _compiled_path(lang, po)
    if compiled is not None:
        try:
            return Translation(lang, marshal.loads(compiled.read_bytes()))
        except (OSError, ValueError, EOFError, TypeError):
            pass  # none yet, or unreadable: parse the PO file
    messages = _parse(po)
    if compiled is not None:
        _store(compiled, messages)
    return Translation(lang, messages)


def _parse(po: Path) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """The messages of a PO file (polib: a small, well-kept PO reader)."""
    import polib  # deferred: an English run never reads a catalogue

    messages: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for entry in polib.pofile(str(po)):
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        else:
            forms = (entry.msgstr,)
        messages[(entry.msgctxt, entry.msgid)] = forms
    return messages


def _compiled_path(lang: str, po: Path) -> Path | None:
    """Where the compiled copy of ``po`` as it is now lives (its size and time in the name)."""
    try:
        stat = po.stat()
    except OSError:
        return None
    base = os.environ.get("PNP_CACHE_DIR", "").strip()
    if not base and sys.platform.startswith("linux"):  # the XDG rule, without platformdirs
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        base = os.path.join(base, "pnp")
    if not base:
        import platformdirs  # deferred: only to find the cache folder

        base = platformdirs.user_cache_dir("pnp", appauthor=False)
    name = f"{CATALOGUE_LANGS[lang]}-{stat.st_size}-{stat.st_mtime_ns}.marshal"
    return Path(base) / "locale" / name


def _store(path: Path, messages: dict[tuple[str | None, str], tuple[str, ...]]) -> None:
    """Write the compiled copy whole (a temporary file moved into place); skipped when the
    cache folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob(f"{path.name.split('-')[0]}-*.marshal"):
            old.unlink(missing_ok=True)  # copies of earlier versions of the catalogue
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_bytes(marshal.dumps(messages))
        os.replace(tmp, path)
    except OSError:
        pass


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


def NC_(context: str, message: str) -> str:
    """Mark ``message`` with its ``context`` for the catalogue without translating it now
    (said later with ``pgettext(context, message)``)."""
    return message
