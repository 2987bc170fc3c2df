"""``pnp translate import``: a PO catalogue's translations written back into the game's YAML.

Only what changed is written: a value replaced where it stands, a missing language key added
to its mapping, a rule section that had no hand-written translation appended whole (every one
of its texts must then be translated). Everything else in the files stays byte for byte, so an
unchanged export imports as no change at all. A translation written, or a fuzzy one reviewed
(its fuzzy mark removed), is stamped with the English it now matches: inline ``source_hash``
for rule sections (their English kept in ``en.stamped.yaml``), ``stamps.yaml`` for every other
text. Entries that cannot be taken are refused one by one; all files are written, or none.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import polib
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..atomic import write_all
from ..content.yamlload import display_path
from ..errors import UsageError
from ..locale import _, ngettext
from ..rules.models import GlossaryTerm
from ..rules.source import RuleBook
from ..rules.stamped import STAMPED_FILE, named_hashes, stamped_text
from .catalogue import Entry, GameTexts, Spot, field_texts, game_texts, section_texts
from .checks import markup_problems
from .edits import _at, _Plan, _section_yaml, _set, _stamp_section
from .inline import rewrite
from .po import game_folder, po_language, read_po, refuse_other_game
from .stamps import STAMPS_FILE, load_stamps, stamps_text
from .yamlnodes import Edit, apply, compose_text, quoted, replace_scalar


def _fuzzy() -> str:
    return _("fuzzy: check it against the English and clear the fuzzy mark, or pass --accept-fuzzy")


@dataclass(frozen=True)
class Refused:
    """One catalogue entry that was not imported, and why."""

    line: int
    ctx: str
    message: str


@dataclass
class ImportResult:
    """What an import did."""

    game: str
    lang: str
    files: list[Path] = field(default_factory=list)  # files written
    written: int = 0  # translations written
    stamped: int = 0  # translations marked current without a change of text
    fuzzy_left: int = 0  # fuzzy entries left as they were
    refused: list[Refused] = field(default_factory=list)

    def refused_lines(self, po_file: Path | str) -> list[str]:
        """``FILE:line: context: why`` per entry refused, ``po_file`` named as given."""
        return [f"{po_file}:{r.line}: {r.ctx}: {r.message}" for r in self.refused]

    def written_lines(self) -> list[str]:
        """``written: FILE`` per file written."""
        return [_("written: {file}").format(file=path) for path in self.files]

    def summary(self) -> str:
        """How many translations were written, confirmed, refused and left fuzzy."""
        return _(
            "{written} translations written, {stamped} confirmed, {refused} refused, {fuzzy} left fuzzy"
        ).format(
            written=self.written,
            stamped=self.stamped,
            refused=len(self.refused),
            fuzzy=self.fuzzy_left,
        )

    def failure(self) -> str | None:
        """The closing line when entries were refused (the others were imported), else None."""
        if not self.refused:
            return None
        return ngettext(
            "{count} entry was refused; the others were imported",
            "{count} entries were refused; the others were imported",
            len(self.refused),
        ).format(count=len(self.refused))


class _Importer:
    def __init__(
        self, texts: GameTexts, po: polib.POFile, accept_fuzzy: bool, po_name: str = ""
    ) -> None:
        self.texts = texts
        self.po_name = po_name
        self.po = po
        self.accept_fuzzy = accept_fuzzy
        self.lang = texts.lang
        self.folder = texts.folder
        self.plan = _Plan(texts.folder)
        self.stamps = load_stamps(texts.folder)
        self.stamps_before = stamps_text(self.stamps)
        self.result = ImportResult(texts.game, texts.lang)
        self.fields: dict[str, Spot] | None = None
        self.stamped: dict[tuple[str, str], str] = {}  # (lang, section) -> the hash stamped

    def refuse(self, pe: polib.POEntry, message: str) -> None:
        self.result.refused.append(Refused(pe.linenum, pe.msgctxt or "", message))

    def run(self) -> ImportResult:
        by_ctx = {e.ctx: e for e in self.texts.entries}
        refuse_other_game(self.po, set(by_ctx), self.texts.game, self.po_name)
        sections: dict[str, list[tuple[polib.POEntry, Entry, bool]]] = defaultdict(list)
        for pe in self.po:
            if pe.obsolete or not pe.msgid:
                continue
            entry = by_ctx.get(pe.msgctxt or "")
            if entry is None:
                self.refuse(pe, _("unknown key: no text of the game has this context"))
                continue
            if pe.msgid != entry.msgid:
                self.refuse(
                    pe, _("the English changed since this catalogue was exported; export again")
                )
                continue
            fuzzy = "fuzzy" in pe.flags and not self.accept_fuzzy
            changed = bool(pe.msgstr) and pe.msgstr != entry.msgstr
            if entry.kind == "rules" and entry.section:
                sections[entry.section].append((pe, entry, fuzzy))
                continue
            if fuzzy:
                if changed:
                    self.refuse(pe, _fuzzy())
                else:
                    self.result.fuzzy_left += entry.state == "fuzzy"
                continue
            if changed:
                terms = () if entry.kind == "glossary" else entry.terms
                problems = markup_problems(
                    entry.msgid, pe.msgstr, self.lang, terms, self._glossary()
                )
                if problems:
                    for p in problems:
                        self.refuse(pe, p)
                    continue
                self._write(entry, pe.msgstr)
                self.result.written += 1
            elif pe.msgstr and entry.state == "fuzzy":
                self.result.stamped += 1
            else:
                continue
            if not entry.slot:
                self._stamp(entry)
        for sid, items in sections.items():
            self._section(sid, items)
        self._commit()
        return self.result

    def _glossary(self) -> Mapping[str, GlossaryTerm]:
        return self.texts.book.glossary if self.texts.book else {}

    def _stamp(self, entry: Entry) -> None:
        """Record that ``entry``'s translation now matches its English (stamps.yaml)."""
        self.stamps.setdefault(entry.ctx, {})[self.lang] = entry.source_hash

    def _write(self, entry: Entry, value: str) -> None:
        book = self.texts.book
        if entry.kind == "field":
            if self.fields is None:
                self.fields = {spot.ctx: spot for spot in field_texts(self.folder)}
            spot = self.fields[entry.ctx]  # spans in the file as it is on disk
            path = self.folder / spot.file
            if spot.literal is None:
                assert isinstance(spot.node, MappingNode)
                _set(self.plan, path, spot.node, self.lang, value)
            else:
                assert isinstance(spot.node, ScalarNode)
                key = (path, spot.node.start_mark.index)
                node, changes = self.plan.templates.setdefault(key, (spot.node, []))
                changes.append((spot.literal, self.lang, value))
            return
        assert book is not None
        if entry.kind == "glossary":
            path = book.folder / "glossary.yaml"
            tid = entry.ctx.split("#terms.", 1)[1]
            term = _at(self.plan.node(path), ("terms", tid))
            assert isinstance(term, MappingNode)
            _set(self.plan, path, term, self.lang, value)
            return
        # the rule sheet's own title
        path = book.folder / f"{self.lang}.yaml"
        if path.is_file():
            root = self.plan.node(path)
            assert isinstance(root, MappingNode)
            _set(self.plan, path, root, "title", value)
        else:
            self._new_file(book, path, value)

    def _new_file(self, book: RuleBook, path: Path, title: str) -> None:
        header = f"# {book.game_title.get('en', book.game)}: the rule sheet in {self.lang}.\n"
        self.plan.texts[path] = f"{header}title: {quoted(title)}\nsections:\n"
        for e in self.texts.entries:
            if e.kind == "rules" and not e.section:
                self._stamp(e)

    def _section(self, sid: str, items: list[tuple[polib.POEntry, Entry, bool]]) -> None:
        book = self.texts.book
        assert book is not None
        changed = [(pe, e) for pe, e, _fz in items if pe.msgstr and pe.msgstr != e.msgstr]
        fuzzy_changed = [
            (pe, e) for pe, e, fz in items if fz and pe.msgstr and pe.msgstr != e.msgstr
        ]
        for pe, _e in fuzzy_changed:
            self.refuse(pe, _fuzzy())
        bad = False
        for pe, e in changed:
            for p in markup_problems(e.msgid, pe.msgstr, self.lang, e.terms, book.glossary):
                self.refuse(pe, p)
                bad = True
        if fuzzy_changed or bad:
            return
        state = "fuzzy" if any(e.state == "fuzzy" for _pe, e, _fz in items) else items[0][1].state
        all_reviewed = not any(fz for _pe, _e, fz in items) and all(
            pe.msgstr for pe, _e, _fz in items
        )
        if not changed and not (state == "fuzzy" and all_reviewed):
            self.result.fuzzy_left += sum(1 for _pe, e, _fz in items if e.state == "fuzzy")
            return
        digest = items[0][1].source_hash
        source = next(s for s in book.sections if s.id == sid)
        path = book.folder / f"{self.lang}.yaml"
        rf = book.translations.get(self.lang)
        hand = rf is not None and sid in rf.index()
        if hand:
            assert rf is not None
            section = _at(self.plan.node(path), ("sections", rf.index()[sid]))
            assert isinstance(section, MappingNode)
            text = self.plan.text(path)
            edits: list[Edit] = []
            for pe, e in changed:
                node = _at(section, e.where)
                if not isinstance(node, ScalarNode):
                    self.refuse(
                        pe,
                        _(
                            "the {lang} section '{section}' is not shaped like the English here; edit it in {file}"
                        ).format(lang=self.lang, section=sid, file=path.name),
                    )
                    return
                edits.append(replace_scalar(text, node, pe.msgstr))
            if all_reviewed:
                edits.extend(_stamp_section(text, section, digest))
                self.stamped[(self.lang, sid)] = digest
            self.plan.edits[path].extend(edits)
        else:
            if state == "fuzzy" and not all_reviewed:
                # written out whole, the section is stamped current: every text must be reviewed
                self.refuse(next(pe for pe, _e, fz in items if fz or not pe.msgstr), _fuzzy())
                return
            values = {e.where: pe.msgstr or e.msgstr for pe, e, _fz in items}
            blank = [pe for pe, e, _fz in items if not values[e.where]]
            wanted = {w for w, _ in section_texts(source)}
            if blank or wanted - set(values):
                for pe in blank[:1] or [items[0][0]]:
                    self.refuse(
                        pe,
                        _(
                            "section '{section}' has no {lang} text yet: translate every text of it before importing"
                        ).format(section=sid, lang=self.lang),
                    )
                return
            if not path.is_file() and path not in self.plan.texts:
                title = self._sheet_title()
                if not title:
                    self.refuse(
                        items[0][0],
                        _("the rule sheet's title must be translated before its first section"),
                    )
                    return
                self._new_file(book, path, title)
            indent = self._section_indent(path)
            self.plan.appended[path].append(_section_yaml(source, digest, values, indent))
            self.stamped[(self.lang, sid)] = digest
        self.result.written += len(changed)
        if not changed:
            self.result.stamped += len(items)

    def _sheet_title(self) -> str:
        """The rule sheet's title in this language: the catalogue's, else what prints now."""
        entry = next(e for e in self.texts.entries if e.kind == "rules" and not e.section)
        given = next((pe.msgstr for pe in self.po if pe.msgctxt == entry.ctx), "")
        return given or entry.msgstr

    def _section_indent(self, path: Path) -> int:
        text = self.plan.text(path) if path.is_file() or path in self.plan.texts else ""
        root = compose_text(text, display_path(path)) if text else None
        seq = _at(root, ("sections",)) if root is not None else None
        if isinstance(seq, SequenceNode) and seq.value:
            return max(0, int(seq.value[0].start_mark.column) - 2)
        return 2

    def _commit(self) -> None:
        for (path, _at_offset), (node, changes) in self.plan.templates.items():
            template = rewrite(str(node.value), changes)
            self.plan.edits[path].append(replace_scalar(self.plan.text(path), node, template))
        files: dict[Path, bytes] = {}
        new = {p for p in self.plan.texts if not p.is_file()}
        for path in set(self.plan.edits) | set(self.plan.appended) | new:
            text = apply(self.plan.text(path), self.plan.edits.get(path, []))
            extra = "".join(self.plan.appended.get(path, []))
            if extra:
                if text and not text.endswith("\n"):
                    text += "\n"
                text += extra
            files[path] = text.encode("utf-8")
        after = stamps_text(self.stamps)
        if after != self.stamps_before:
            files[self.folder / STAMPS_FILE] = after.encode("utf-8")
        if self.stamped and (book := self.texts.book) is not None:
            said = stamped_text(book, named_hashes(book, self.stamped))
            files[book.folder / STAMPED_FILE] = said.encode("utf-8")
        if files:
            write_all(files)
        self.result.files = sorted(files)


def import_catalogue(po_path: Path, content_dir: Path, accept_fuzzy: bool = False) -> ImportResult:
    """Write the translations of the PO file at ``po_path`` into its game under ``content_dir``."""
    po_path = Path(po_path)
    if not po_path.is_file():
        raise UsageError(_("{file}: no such catalogue").format(file=po_path))
    po = read_po(po_path)
    name = str(po_path)
    folder = game_folder(Path(content_dir), po, po_path)
    texts = game_texts(folder, po_language(po, name))
    return _Importer(texts, po, accept_fuzzy, display_path(po_path)).run()
