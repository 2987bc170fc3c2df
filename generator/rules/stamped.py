"""``rules/en.stamped.yaml``: the English each stamped translation was made from, text by text.

A translated section stores only the hash of the English it translates (``source_hash``). To
tell which texts of a stale section changed, and to show a translator the English they
translated (gettext's previous string, ``#| msgid``), the English of every hash that a
translation still names is kept here: section id -> hash -> text path in the section
(``title``, ``blocks.1.list.0``, ``blocks.2.table.rows.0.1``) -> text. ``pnp rules stamp`` and
``pnp translate import`` write it; a hash no translation names any more is dropped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import yaml

from ..content.yamlload import display_path
from ..errors import ContentError, Issue, Location
from ..locale import _
from .models import SectionBase
from .source import RuleBook, source_hash
from .translator import section_texts

STAMPED_FILE = "en.stamped.yaml"
HEADER = (
    "# The English each stamped translation was made from: section -> hash -> text path -> text.\n"
    "# Written by `pnp rules stamp` and `pnp translate import`, so that a changed sentence\n"
    "# marks only its own catalogue entry fuzzy, with the English it had. Do not edit by hand.\n"
)

Stamped = dict[str, dict[str, dict[str, str]]]


def text_key(where: Iterable[str | int]) -> str:
    """A text's path inside its section, as this file and the catalogue contexts write it."""
    return ".".join(str(p) for p in where)


def section_strings(section: SectionBase) -> dict[str, str]:
    """Every text of ``section`` by its path in the section."""
    return {text_key(path[2:]): str(text) for path, text in section_texts(0, section)}


def load_stamped(folder: Path) -> Stamped:
    """The stamped English of the rules folder ``folder`` (empty without the file)."""
    path = folder / STAMPED_FILE
    if not path.is_file():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise _malformed(path, str(exc).splitlines()[0]) from None
    ok = isinstance(data, dict) and all(
        isinstance(hashes, dict)
        and all(
            isinstance(texts, dict) and all(isinstance(t, str) for t in texts.values())
            for texts in hashes.values()
        )
        for hashes in data.values()
    )
    if not ok:
        raise _malformed(path, _("expected section -> hash -> text path -> text"))
    return {
        str(sid): {str(h): {str(k): t for k, t in texts.items()} for h, texts in hashes.items()}
        for sid, hashes in data.items()
    }


def _malformed(path: Path, why: str) -> ContentError:
    said = _("{file} is not a stamped-English file: {why}; delete it and run `pnp rules stamp`")
    where = Location(display_path(path), 1, 1)
    return ContentError([Issue(where, "", said.format(file=path.name, why=why))])


def stamped_text(book: RuleBook, named: Mapping[str, Iterable[str]]) -> str:
    """The file's text after stamping: the English of every hash in ``named`` (section id ->
    hashes some translation names now), from the current English or the file as it was."""
    before = load_stamped(book.folder)
    current = {s.id: (source_hash(s), s) for s in book.sections}
    out: Stamped = {}
    for sid, hashes in sorted(named.items()):
        for digest in sorted(set(hashes)):
            if sid in current and current[sid][0] == digest:
                out.setdefault(sid, {})[digest] = section_strings(current[sid][1])
            elif digest in before.get(sid, {}):
                out.setdefault(sid, {})[digest] = before[sid][digest]
    body = yaml.safe_dump(out, allow_unicode=True, sort_keys=True, width=1_000_000)
    return HEADER + (body if out else "{}\n")


def named_hashes(book: RuleBook, changed: Mapping[tuple[str, str], str]) -> dict[str, set[str]]:
    """Section id -> the hashes the translations name, with ``changed`` ((lang, section) ->
    new hash) applied."""
    out: dict[str, set[str]] = {}
    for lang, rf in book.translations.items():
        for section in rf.model.sections:
            digest = changed.get((lang, section.id), getattr(section, "source_hash", None))
            if digest:
                out.setdefault(section.id, set()).add(digest)
    for (_lang, sid), digest in changed.items():
        out.setdefault(sid, set()).add(digest)
    return out
