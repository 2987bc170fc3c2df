"""Catalogue entries as a gettext PO file, and a PO file read back (with polib).

The header names the game (``Project-Id-Version``), the language and its plural forms, so the
file opens in Poedit, Weblate or Crowdin and passes ``msgfmt --check``. Each entry carries its
context (``msgctxt``), a ``#:`` reference to the file and line of the English, ``#, fuzzy`` when
the English changed since the translation was stamped (with the English it had, ``#| msgid``,
where it is known), extracted comments (``#.``) naming the glossary terms it uses with their
approved rendering, and the translator comments (``# ``) of the catalogue it replaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

import polib

from ..errors import UsageError
from ..locale import _
from ..rules.models import GlossaryTerm
from .catalogue import GameTexts

# gettext's language codes and plural forms for the languages a game is translated into
PO_LANGUAGE: Mapping[str, str] = {"zh-Hant": "zh_Hant", "zh-Hans": "zh_Hans"}
PLURAL_FORMS: Mapping[str, str] = {
    "zh-Hant": "nplurals=1; plural=0;",
    "zh-Hans": "nplurals=1; plural=0;",
}
MAX_PO_BYTES = 20_000_000
LANG_OF_PO: Mapping[str, str] = {v: k for k, v in PO_LANGUAGE.items()}


def _comment(terms: tuple[str, ...], glossary: Mapping[str, GlossaryTerm], lang: str) -> str:
    lines = [
        f"Glossary: {glossary[t].en} = {glossary[t].rendering(lang)} ([[{t}]])"
        for t in terms
        if t in glossary
    ]
    return "\n".join(lines)


def to_po(texts: GameTexts, before: polib.POFile | None = None) -> polib.POFile:
    """The catalogue of ``texts`` as a polib file (entries in source order).

    ``before``: the catalogue this one replaces; its translator comments (``# ``) are kept on
    the entries of the same context, as ``msgmerge`` keeps them.
    """
    kept = {e.msgctxt: e.tcomment for e in before or () if e.tcomment and not e.obsolete}
    po = polib.POFile(wrapwidth=0)
    po.header = f"Translation of the game texts of {texts.game}"
    po.metadata = {
        "Project-Id-Version": texts.game,
        "PO-Revision-Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M+0000"),
        "Last-Translator": "",
        "Language-Team": "",
        "Language": PO_LANGUAGE[texts.lang],
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS[texts.lang],
    }
    glossary = texts.book.glossary if texts.book else {}
    for e in texts.entries:
        notes = []
        if e.slot:
            notes.append(_("Blank on the original piece: write the text printed on your copy."))
        if e.derived:
            notes.append(_("Converted from the other Chinese script; edit to write it by hand."))
        terms = _comment(e.terms, glossary, texts.lang)
        fuzzy = e.state == "fuzzy"
        entry = polib.POEntry(
            msgctxt=e.ctx,
            msgid=e.msgid,
            msgstr=e.msgstr,
            occurrences=[(e.file, str(e.line))],
            tcomment=kept.get(e.ctx, ""),
            comment="\n".join([*notes, *([terms] if terms else [])]),
            flags=["fuzzy"] if fuzzy else [],
            previous_msgctxt=e.ctx if fuzzy and e.previous else None,
            previous_msgid=e.previous if fuzzy and e.previous else None,
        )
        po.append(entry)
    return po


def po_text(texts: GameTexts, before: Path | None = None) -> str:
    """The PO file's text; ``before``, a catalogue it replaces, gives its translator comments."""
    old = read_po(before) if before is not None and before.is_file() else None
    return str(to_po(texts, old)) + "\n"


def read_po(path: Path) -> polib.POFile:
    """A PO file from disk; UsageError when it cannot be read as one."""
    size = path.stat().st_size
    if size > MAX_PO_BYTES:
        raise UsageError(
            _("{file} is {size} bytes; the limit is {limit}").format(
                file=path, size=size, limit=MAX_PO_BYTES
            )
        )
    try:
        return polib.pofile(str(path), wrapwidth=0)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise UsageError(
            _("{file}: not a readable PO file ({problem})").format(file=path, problem=exc)
        ) from None


def po_language(po: polib.POFile, name: str) -> str:
    """The project's language code of a catalogue, from its ``Language`` header."""
    code = po.metadata.get("Language", "").replace("-", "_")
    lang = LANG_OF_PO.get(code)
    if lang is None:
        known = ", ".join(PO_LANGUAGE.values())
        raise UsageError(
            _(
                "{file}: the catalogue's Language header is '{code}'; expected one of {known}"
            ).format(file=name, code=code, known=known)
        )
    return lang


def po_game(po: polib.POFile, name: str) -> str:
    """The game a catalogue belongs to, from its ``Project-Id-Version`` header."""
    game = po.metadata.get("Project-Id-Version", "").strip()
    if not game:
        raise UsageError(
            _("{file}: the catalogue has no Project-Id-Version header naming its game").format(
                file=name
            )
        )
    return game
