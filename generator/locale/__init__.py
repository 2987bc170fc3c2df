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
is kept compiled (JSON) in the user's cache folder (``PNP_CACHE_DIR``, else the platform's), with
its format and the hash of the PO file it was made from; a copy that does not match is rebuilt.

May import: nothing of the project (the standard library, and polib or platformdirs to read a
catalogue and find the cache folder).
"""

from __future__ import annotations

import json
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
    """``lang``'s catalogue: from its compiled copy in the user's cache when that copy is of this
    format and was made from the PO file's bytes as they are now, else parsed from the PO file
    (and the compiled copy written anew)."""
    po = catalogue_path(lang)
    try:
        source = po.read_bytes()
    except OSError:
        return Translation(lang)
    import hashlib  # deferred, as polib below: an English run never reads a catalogue

    digest = hashlib.sha256(source).hexdigest()
    compiled = _compiled_path(lang)
    if compiled is not None:
        found = _load_compiled(compiled, digest)
        if found is not None:
            return Translation(lang, found)
    messages = _parse(source.decode("utf-8", "replace"))
    if compiled is not None:
        _store(compiled, digest, messages)
    return Translation(lang, messages)


COMPILED_FORMAT = 2  # the layout of a compiled copy; a copy of another format is rebuilt


def _load_compiled(path: Path, digest: str) -> dict[tuple[str | None, str], tuple[str, ...]] | None:
    """The messages of a compiled copy, or None when it is missing, of another format, made
    from other PO bytes, or not shaped as messages (a damaged or planted file is not trusted)."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != COMPILED_FORMAT:
        return None
    if data.get("source") != digest or not isinstance(data.get("messages"), list):
        return None
    messages: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for row in data["messages"]:
        if not (isinstance(row, list) and len(row) == 3):
            return None
        ctx, msgid, forms = row
        if not (ctx is None or isinstance(ctx, str)) or not isinstance(msgid, str):
            return None
        if not isinstance(forms, list) or not all(isinstance(f, str) for f in forms):
            return None
        messages[(ctx, msgid)] = tuple(forms)
    return messages


def _parse(text: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """The messages of a PO file's text (polib: a small, well-kept PO reader)."""
    import polib  # deferred: ~7 ms; an English run never reads a catalogue

    messages: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for entry in polib.pofile(text):
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        else:
            forms = (entry.msgstr,)
        messages[(entry.msgctxt, entry.msgid)] = forms
    return messages


def _compiled_path(lang: str) -> Path | None:
    """Where the compiled copy of ``lang``'s catalogue lives in the user's cache."""
    base = os.environ.get("PNP_CACHE_DIR", "").strip()
    if not base and sys.platform.startswith("linux"):  # the XDG rule, without platformdirs
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        base = os.path.join(base, "pnp")
    if not base:
        import platformdirs  # deferred: ~30 ms; only to find the cache folder off Linux

        base = platformdirs.user_cache_dir("pnp", appauthor=False)
    return Path(base) / "locale" / f"{CATALOGUE_LANGS[lang]}.json"


def _store(
    path: Path, digest: str, messages: dict[tuple[str | None, str], tuple[str, ...]]
) -> None:
    """Write the compiled copy whole (a temporary file moved into place); skipped when the
    cache folder cannot be written."""
    rows = [[ctx, msgid, list(forms)] for (ctx, msgid), forms in messages.items()]
    data = {"format": COMPILED_FORMAT, "source": digest, "messages": rows}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob(f"{path.stem}-*.marshal"):
            old.unlink(missing_ok=True)  # copies in the former format
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
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
