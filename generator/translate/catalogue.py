"""Every translatable text of one game, in one language, as catalogue entries.

Three sources, one :class:`Entry` shape:

- per-language fields (``{en: ..., zh-Hant: ...}`` mappings) anywhere in the game's YAML files
  outside ``rules/``: item fields, layout labels, table names and notes, component titles;
- the rule sheet's title and every text of every section (title, paragraphs, list items, table
  cells), whose staleness is the section's :class:`~generator.rules.coverage.Coverage` status;
- the glossary's terms.

An entry's context is ``file#path`` (list items named by their ``id``), stable across edits
elsewhere. Its state is ``translated``, ``fuzzy`` (the English changed since the translation was
stamped, or it never was) or ``missing``. A blank slot (an overlay field whose English is empty
until a group copies it from the piece) gets a descriptive source text instead of an empty one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.nodes import MappingNode, Node

from ..atomic import write_text
from ..content.files import is_inside
from ..content.yamlload import display_path
from ..errors import IssueCollector, UsageError
from ..locale import _
from ..rules.coverage import Coverage
from ..rules.derive import derive_text
from ..rules.models import GlossaryTerm, SectionBase, TranslationFile
from ..rules.source import GLOSSARY_FILE, TRANSLATED, RuleBook, load_rulebook, text_hash
from ..rules.stamped import load_stamped, text_key
from ..rules.terms import refs_in, without_code
from ..text.language import convert, source_language, written_languages
from ..text.localtext import LANGS
from .inline import literals
from .stamps import STAMPS_FILE, load_stamps, stamps_text
from .yamlnodes import PathPart, compose, line_of, mapping_items, scalar_text, walk

STATES: tuple[str, ...] = ("translated", "fuzzy", "missing")
MAX_FILES = 500


@dataclass(frozen=True)
class Entry:
    """One translatable text of a game in one language."""

    ctx: str  # stable key: file#path
    file: str  # where the English is written, relative to the game's folder
    line: int
    msgid: str  # the English (or a slot's description when the English is blank)
    msgstr: str  # what prints in the language now ("" when missing)
    state: str  # translated, fuzzy or missing
    source_hash: str  # hash of the English as it is now
    terms: tuple[str, ...] = ()  # glossary term ids the English uses
    slot: bool = False  # a blank overlay field: the English is empty too
    derived: bool = False  # msgstr is converted from the other Chinese script
    kind: str = "field"  # field, rules or glossary
    section: str = ""  # rules: the section id ("" for the sheet's title)
    where: tuple[PathPart, ...] = field(default=(), compare=False)  # rules: path in the section
    previous: str = ""  # a fuzzy text's English as it was when it was translated, if known
    origin: str = "written"  # written for this script, an edition's text, or converted


@dataclass
class GameTexts:
    """A game's entries in one language, and what importing needs to find their sources."""

    game: str
    folder: Path
    lang: str
    entries: list[Entry]
    book: RuleBook | None


def _is_text(node: Node) -> bool:
    if not isinstance(node, MappingNode) or not node.value:
        return False
    keys = [k for k, _ in mapping_items(node)]
    if "en" not in keys or not set(keys) <= set(LANGS):
        return False
    return all(scalar_text(v) is not None for _, v in mapping_items(node))


def _dotted(path: tuple[PathPart, ...]) -> str:
    return ".".join(str(p) for p in path)


def yaml_files(folder: Path) -> list[Path]:
    """The game's YAML and JSON files outside ``rules/`` (the stamps file left out), sorted."""
    out = []
    for p in sorted(folder.rglob("*")):
        if not is_inside(folder, p):
            continue  # a link out of the game's folder is never read nor written
        rel = p.relative_to(folder)
        if rel.parts[0] in ("rules", "output") or p.name == STAMPS_FILE or not p.is_file():
            continue
        if p.suffix in (".yaml", ".yml", ".json"):
            out.append(p)
    if len(out) > MAX_FILES:
        raise UsageError(
            _("{folder} has {count} YAML files; the limit is {limit}").format(
                folder=display_path(folder), count=len(out), limit=MAX_FILES
            )
        )
    return out


@dataclass(frozen=True)
class Spot:
    """Where one per-language text is written outside ``rules/``."""

    file: str  # relative to the game's folder
    ctx: str
    where: tuple[PathPart, ...]
    node: Node  # the mapping, or the template scalar holding a literal
    values: dict[str, str]  # language -> text as written
    literal: int | None = None  # which per-language literal of the template (None: a mapping)


def field_texts(folder: Path) -> Iterator[Spot]:
    """Every per-language text outside ``rules/``: ``{en: ...}`` mappings, and the
    ``{'en': ...}`` literals of templates (see :mod:`.inline`)."""
    for path in yaml_files(folder):
        rel = path.relative_to(folder).as_posix()
        root = compose(path, display_path(path))
        if root is None:
            continue
        for where, node in walk(root):
            if _is_text(node):
                assert isinstance(node, MappingNode)
                values = {k: scalar_text(v) or "" for k, v in mapping_items(node)}
                yield Spot(rel, f"{rel}#{_dotted(where)}", where, node, values)
            elif isinstance(node, MappingNode):
                for key, value in mapping_items(node):
                    text = scalar_text(value)
                    if not text or "'en'" not in text:
                        continue
                    for n, pairs in enumerate(literals(text)):
                        at = (*where, key)
                        values = {lang: v for lang, (v, _, _) in pairs.items()}
                        yield Spot(rel, f"{rel}#{_dotted(at)}@{n}", at, value, values, n)


def _term_pattern(english: str) -> re.Pattern[str]:
    """The English rendering as a whole word, as written or with its first letter's case
    changed (a term at the start of a sentence, or a capitalised one used in lower case)."""
    first, rest = english[:1], re.escape(english[1:])
    head = (
        f"[{re.escape(first.lower())}{re.escape(first.upper())}]"
        if first.isalpha()
        else re.escape(first)
    )
    return re.compile(r"(?<![\w-])" + head + rest + r"(?![\w-])")


def _terms_in(text: str, glossary: Mapping[str, GlossaryTerm]) -> tuple[str, ...]:
    """Glossary terms ``text`` uses: its ``[[id]]`` references, then English renderings found
    as whole words outside code spans (the longest first, so "Peasant Army" is not also "Army";
    "ARMY" in capitals is a heading, not the term "Army"; `deck draw` is a command, typed as
    it is in every language)."""
    found = list(dict.fromkeys(refs_in(text)))
    rest = without_code(text)
    for tid, term in sorted(glossary.items(), key=lambda kv: -len(kv[1].en)):
        pattern = _term_pattern(term.en)
        if tid not in found and pattern.search(rest):
            found.append(tid)
        rest = pattern.sub(" ", rest)
    return tuple(t for t in found if t in glossary)


def _slot_text(where: tuple[PathPart, ...]) -> str:
    name = str(where[-1]) if where else "text"
    owner = next((str(p) for p in reversed(where[:-1]) if isinstance(p, str)), "")
    return f"[{owner} {name}: blank, copy it from your piece]"


def _field_entries(
    folder: Path,
    lang: str,
    stamps: Mapping[str, Mapping[str, str]],
    glossary: Mapping[str, GlossaryTerm],
) -> Iterator[Entry]:
    for spot in field_texts(folder):
        rel, ctx, where, node, values = spot.file, spot.ctx, spot.where, spot.node, spot.values
        english = values.get("en", "")
        current = text_hash(english)
        slot = not english.strip()
        msgid = _slot_text(where) if slot else english
        # what prints in `lang`, by the one language rule; English printing means missing
        stamp_lang, how = source_language(written_languages(values), lang)
        derived = how == "derived"
        msgstr = values[stamp_lang] if how == "given" else ""
        if derived:
            msgstr = convert(values[stamp_lang], lang)
        if not msgstr:
            state = "missing"
        elif slot:
            state = "translated"
        else:
            state = "translated" if stamps.get(ctx, {}).get(stamp_lang) == current else "fuzzy"
        yield Entry(
            ctx,
            rel,
            line_of(node),
            msgid,
            msgstr,
            state,
            current,
            () if slot else _terms_in(english, glossary),
            slot,
            derived,
            origin="converted" if derived else "written",
        )


def section_texts(section: SectionBase) -> Iterator[tuple[tuple[PathPart, ...], str]]:
    """(path inside the section, text) of every text of a rule section, in reading order."""
    yield ("title",), section.title
    for b, block in enumerate(section.blocks):
        kind = block.kind
        if kind == "table":
            assert block.table is not None
            for c, cell in enumerate(block.table.header):
                yield ("blocks", b, "table", "header", c), cell
            for r, row in enumerate(block.table.rows):
                for c, cell in enumerate(row):
                    yield ("blocks", b, "table", "rows", r, c), cell
        elif kind in ("steps", "list"):
            for i, text in enumerate(block.texts()):
                yield ("blocks", b, kind, i), text
        else:
            yield ("blocks", b, kind), block.texts()[0]


def sheet_title(book: RuleBook, lang: str) -> tuple[str, bool]:
    """(the rule sheet's title in ``lang``, whether it is derived from zh-Hant); "" when none."""
    rf = book.translations.get(lang)
    if rf is not None:
        return rf.model.title, False
    if lang == "zh-Hans" and "zh-Hant" in book.translations:
        return derive_text(book.translations["zh-Hant"].model.title, book.glossary), True
    return "", False


def _rules_dir(book: RuleBook) -> str:
    return book.folder.resolve().relative_to(book.root.resolve()).as_posix()


def _rule_entries(
    book: RuleBook, lang: str, stamps: Mapping[str, Mapping[str, str]]
) -> Iterator[Entry]:
    src = book.source
    base = f"{_rules_dir(book)}/en.yaml"
    title, derived = sheet_title(book, lang)
    english = src.model.title
    ctx = f"{base}#title"
    current = text_hash(english)
    stamp_lang = "zh-Hant" if derived else lang
    state = (
        "missing"
        if not title
        else ("translated" if stamps.get(ctx, {}).get(stamp_lang) == current else "fuzzy")
    )
    line = src.locate("title").line
    yield Entry(
        ctx,
        base,
        line,
        english,
        title,
        state,
        current,
        _terms_in(english, book.glossary),
        derived=derived,
        kind="rules",
        origin=_origin(book, lang, "", derived),
    )
    coverage = Coverage(book)
    stamped = load_stamped(book.folder)
    for n, section in enumerate(book.sections):
        resolved = coverage.resolve(lang, section)
        status = resolved.entry.status
        state = {"hand": "translated", "derived": "translated", "stale": "fuzzy"}.get(
            status, "missing"
        )
        printed = dict(section_texts(resolved.section)) if state != "missing" else {}
        # a stale section whose translated English is known: only its changed texts are fuzzy
        before = stamped.get(section.id, {}).get(resolved.entry.stored_hash or "")
        derived = status == "derived" or resolved.entry.origin == "derived"
        for where, text in section_texts(section):
            msgstr = printed.get(where, "")
            was = before.get(text_key(where)) if before is not None else None
            kept = state == "fuzzy" and was == text
            yield Entry(
                f"{base}#{section.id}.{_dotted(where)}",
                base,
                src.locate("sections", n, *where).line,
                text,
                msgstr,
                ("translated" if kept else state) if msgstr else "missing",
                coverage.hashes[section.id],
                tuple(t for t in dict.fromkeys(refs_in(text)) if t in book.glossary),
                derived=derived,
                kind="rules",
                section=section.id,
                where=where,
                previous=was if state == "fuzzy" and was and not kept else "",
                origin=_origin(book, lang, section.id, derived),
            )


def _origin(book: RuleBook, lang: str, sid: str, derived: bool) -> str:
    """Where the ``lang`` text of section ``sid`` comes from: a converted text is never an
    edition's, whatever the file it was converted from says."""
    rf = book.translations.get(lang)
    if derived or rf is None or (sid and sid not in rf.index()):
        return "converted"
    model = rf.model
    assert isinstance(model, TranslationFile)
    return (model.sections[rf.index()[sid]].origin if sid else None) or model.origin


def _glossary_entries(
    book: RuleBook, lang: str, stamps: Mapping[str, Mapping[str, str]]
) -> Iterator[Entry]:
    gfile = book.glossary_file
    if gfile is None:
        return
    rel = f"{_rules_dir(book)}/{GLOSSARY_FILE}"
    for tid, term in book.glossary.items():
        ctx = f"{rel}#terms.{tid}"
        current = text_hash(term.en)
        state = "translated" if stamps.get(ctx, {}).get(lang) == current else "fuzzy"
        line = gfile.locate("terms", tid).line
        yield Entry(
            ctx, rel, line, term.en, term.rendering(lang), state, current, (tid,), kind="glossary"
        )


def game_texts(folder: Path, lang: str) -> GameTexts:
    """Every translatable text of the game in ``folder``, in ``lang`` (zh-Hant or zh-Hans).

    Raises ContentError when the game's files (or its rule sources) do not load.
    """
    if lang not in TRANSLATED:
        raise UsageError(
            _("cannot translate into '{lang}'; choose from {choices}").format(
                lang=lang, choices=", ".join(TRANSLATED)
            )
        )
    folder = Path(folder)
    issues = IssueCollector()
    book = None
    try:
        book = load_rulebook(folder, issues)
    except UsageError:
        book = None  # a game without rule sheets
    issues.raise_if_errors()
    stamps = load_stamps(folder)
    glossary = book.glossary if book else {}
    entries = list(_field_entries(folder, lang, stamps, glossary))
    if book is not None:
        entries.extend(_rule_entries(book, lang, stamps))
        entries.extend(_glossary_entries(book, lang, stamps))
    game = book.game if book else folder.resolve().name
    return GameTexts(game, folder, lang, entries, book)


def stamp_texts(folder: Path, langs: list[str] | None = None) -> list[tuple[str, str]]:
    """Record in ``stamps.yaml`` that every written translation outside the rule sections
    matches its current English (what ``pnp rules stamp`` does for sections); (lang, context)
    of each text stamped."""

    folder = Path(folder)
    stamps = load_stamps(folder)
    before = stamps_text(stamps)
    done: list[tuple[str, str]] = []
    for lang in langs or list(TRANSLATED):
        for e in game_texts(folder, lang).entries:
            if e.state != "fuzzy" or e.derived or e.slot or e.section:
                continue
            stamps.setdefault(e.ctx, {})[lang] = e.source_hash
            done.append((lang, e.ctx))
    after = stamps_text(stamps)
    if after != before:
        write_text(folder / STAMPS_FILE, after)
    return done
