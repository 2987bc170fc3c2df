"""Catalogue entries as a gettext PO file, and a PO file read back (with polib).

The header names the game (``Project-Id-Version``), the language and its plural forms, so the
file opens in Poedit, Weblate or Crowdin and passes ``msgfmt --check``. Each entry carries its
context (``msgctxt``), a ``#:`` reference to the file and line of the English, ``#, fuzzy`` when
the English changed since the translation was stamped (with the English it had, ``#| msgid``,
where it is known), extracted comments (``#.``) naming the glossary terms it uses with their
approved rendering, and the translator comments (``# ``) of the catalogue it replaces.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

import polib

from ..content.yamlload import display_path, load_yaml
from ..errors import ContentError, Issue, Location, UsageError
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
    """A PO file from disk, decoded by the charset its header declares; UsageError when it
    cannot be read as one, ContentError (at the file's line) when its charset does not decode
    it or it names one entry twice."""
    size = path.stat().st_size
    if size > MAX_PO_BYTES:
        raise UsageError(
            _("{file} is {size} bytes; the limit is {limit}").format(
                file=path, size=size, limit=MAX_PO_BYTES
            )
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UsageError(
            _("{file}: not a readable PO file ({problem})").format(file=path, problem=exc)
        ) from None
    name = display_path(path)
    text = _decoded(raw, name)
    try:
        po = polib.pofile(text, wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise UsageError(
            _("{file}: not a readable PO file ({problem})").format(file=path, problem=exc)
        ) from None
    _refuse_twice(po, text, name)
    return po


_CHARSET = re.compile(rb"charset=([A-Za-z0-9_.:-]+)")


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _decoded(raw: bytes, name: str) -> str:
    """``raw`` decoded by the charset its header declares (UTF-8 when it declares none)."""
    found = _CHARSET.search(raw[:4096])
    declared = found.group(1).decode("ascii") if found else "utf-8"
    line = _line_of(raw, found.start()) if found else 1
    where = Location(name, line, 1)
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        said = _("the header declares charset={charset}, which is no known encoding")
        raise ContentError([Issue(where, "Content-Type", said.format(charset=declared))]) from None
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as exc:
        said = _("the file does not decode as {charset}, the charset its header declares")
        bad = Location(name, _line_of(raw, exc.start), 1)
        raise ContentError([Issue(bad, "", said.format(charset=declared))]) from None
    if codec != "utf-8" and not raw.isascii():
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            return text
        said = _(
            "the file is written in UTF-8 but its header declares charset={charset}; "
            "declare charset=UTF-8"
        )
        raise ContentError([Issue(where, "Content-Type", said.format(charset=declared))])
    return text


def _refuse_twice(po: polib.POFile, text: str, name: str) -> None:
    """ContentError at the second entry of any context and message given twice."""
    lines = text.splitlines()
    seen: dict[tuple[str | None, str], int] = {}
    issues: list[Issue] = []
    for entry in po:
        line = entry.linenum
        while line <= len(lines) and not lines[line - 1].startswith(("msgctxt", "msgid")):
            line += 1
        key = (entry.msgctxt, entry.msgid)
        if key in seen:
            said = _("this entry is given twice (first at line {first}); keep one")
            issues.append(
                Issue(
                    Location(name, line, 1),
                    entry.msgctxt or entry.msgid,
                    said.format(first=seen[key]),
                )
            )
        else:
            seen[key] = line
    if issues:
        raise ContentError(issues)


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


def game_folder(content_dir: Path, po: polib.POFile, po_path: Path) -> Path:
    """The folder ``content_dir / GAME`` for the game the catalogue's header names: a plain game
    name, never a path, naming a game of the content folder whose id it is."""
    game = po_game(po, str(po_path))
    where = Location(display_path(po_path), _header_line(po_path, "Project-Id-Version"), 1)
    if not _GAME_NAME.fullmatch(game):
        said = _(
            "{name!r} is not a game name (letters, digits, - and _): a catalogue names its game, never a path"
        )
        raise ContentError([Issue(where, "Project-Id-Version", said.format(name=game))])
    folder = Path(content_dir) / game
    if not (folder / "game.yaml").is_file():
        said = _("no game {name!r} in {where}").format(name=game, where=display_path(content_dir))
        raise ContentError([Issue(where, "Project-Id-Version", said)])
    data = load_yaml(folder / "game.yaml", root=folder).data
    game_id = data.get("id", game) if isinstance(data, dict) else game
    if game_id != game:
        said = _("the catalogue names {name!r}, but that folder holds the game {other!r}")
        raise ContentError(
            [Issue(where, "Project-Id-Version", said.format(name=game, other=game_id))]
        )
    return folder


_GAME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def _header_line(path: Path, key: str) -> int:
    """The line of a header field in a PO file (1 when it cannot be found)."""
    with path.open("rb") as f:
        for n, line in enumerate(f, 1):
            if line.lstrip(b'"').startswith(key.encode("ascii")):
                return n
            if n > 200:
                break
    return 1


def refuse_other_game(po: polib.POFile, contexts: set[str], game: str, name: str) -> None:
    """ContentError when most of the catalogue's entries name texts ``game`` does not have."""
    given = [pe for pe in po if not pe.obsolete and pe.msgid]
    known = sum((pe.msgctxt or "") in contexts for pe in given)
    if known * 2 < len(given):
        said = _(
            "{known} of the catalogue's {count} entries are texts of {game}: it was "
            "exported from another game"
        ).format(known=known, count=len(given), game=game)
        raise ContentError([Issue(Location(name, given[0].linenum, 1), "", said)])
