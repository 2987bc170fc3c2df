"""``pnp rules stamp``: record in each translated section which English version it translates.

Edits the translation files as text, line by line, so comments, quoting and layout survive:
an existing ``source_hash:`` value is replaced where it stands, a missing one is inserted on
the line after the section's ``id:`` at the same indentation. Files are rewritten atomically.
The English each stamp names is kept, text by text, in ``en.stamped.yaml`` (:mod:`.stamped`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..atomic import write_text
from ..errors import IssueCollector, UsageError
from ..locale import _
from .models import TranslationFile
from .source import TRANSLATED, RuleFile, load_rulebook, source_hash
from .stamped import STAMPED_FILE, named_hashes, stamped_text

_VALUE = re.compile(r"""(["']?)[0-9A-Za-z]*\1""")


@dataclass(frozen=True)
class Stamp:
    """One section whose stored hash was written or changed."""

    lang: str
    section: str
    old: str | None
    new: str


def _edit(rf: RuleFile, hashes: dict[str, str], lang: str) -> tuple[list[str], list[Stamp]]:
    text = rf.path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    marks = rf.loaded.marks
    assert isinstance(rf.model, TranslationFile)  # only translations carry source_hash
    edits: list[tuple[int, str, str | None]] = []  # (0-based line, kind, payload)
    stamps: list[Stamp] = []
    for n, section in enumerate(rf.model.sections):
        new = hashes.get(section.id)
        if new is None or section.source_hash == new:
            continue
        stamps.append(Stamp(lang, section.id, section.source_hash, new))
        if section.source_hash is not None:
            line, col = marks.values[("sections", n, "source_hash")]
            edits.append((line - 1, f"replace:{col - 1}", new))
            continue
        line, col = marks.keys[("sections", n, "id")]
        before = lines[line - 1][: col - 1]
        if "{" in before or "[" in before:
            raise UsageError(
                _(
                    "{file}:{line}:{col}: section {section!r} is written in flow style "
                    "({{...}}); write it as a block mapping so source_hash can be added"
                ).format(file=rf.name, line=line, col=col, section=section.id)
            )
        edits.append((line - 1, "insert", " " * (col - 1) + f"source_hash: {new}"))
    for index, kind, payload in sorted(edits, key=lambda e: e[0], reverse=True):
        assert payload is not None
        if kind == "insert":
            ending = _ending(lines[index])
            if not lines[index].endswith(("\n", "\r")):
                lines[index] += "\n"
            lines.insert(index + 1, payload + ending)
        else:
            start = int(kind.split(":")[1])
            old = lines[index]
            m = _VALUE.match(old, start)
            end = m.end() if m else start
            lines[index] = old[:start] + payload + old[end:]
    return lines, stamps


def _ending(line: str) -> str:
    if line.endswith("\r\n"):
        return "\r\n"
    return "\n"


def stamp_rules(game_dir: Path, langs: list[str] | None = None) -> list[Stamp]:
    """Write the current English hash into every translated section of ``langs``.

    Aborts (ContentError) if any rule file does not validate: a file is only edited when
    every section in it can be located.
    """
    issues = IssueCollector()
    book = load_rulebook(Path(game_dir), issues)
    issues.raise_if_errors()
    assert book is not None
    hashes = {s.id: source_hash(s) for s in book.sections}
    done: list[Stamp] = []
    for lang in langs or list(TRANSLATED):
        if lang not in TRANSLATED:
            raise UsageError(
                _("cannot stamp {lang!r}; choose from {known}").format(
                    lang=lang, known=", ".join(TRANSLATED)
                )
            )
        rf = book.translations.get(lang)
        if rf is None:
            continue
        lines, stamps = _edit(rf, hashes, lang)
        if stamps:
            write_text(rf.path, "".join(lines))
            done.extend(stamps)
    changed = {(s.lang, s.section): s.new for s in done}
    text = stamped_text(book, named_hashes(book, changed))
    path = book.folder / STAMPED_FILE
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        write_text(path, text)
    return done
