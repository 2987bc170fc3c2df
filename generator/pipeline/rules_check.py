"""Checks of a game's rule sources: glossary use, translation structure, coverage.

Errors (the content is wrong): schema problems, unknown term ids or icon names, a translated
section that is not in the English source, a translation whose blocks differ in number or kind
from the English ones, and a translation that does not reference every glossary term its
English section uses (so it cannot print the approved rendering). Warnings (work to do):
sections not yet translated, stale translations, item or row counts that differ from the
English, and what a translator would send back (:mod:`generator.rules.translator`; in the
pieces' texts too, :mod:`.piece_words`). ``pnp rules check --strict`` fails on warnings too.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from ..content.icons import ICONS
from ..content.markup import plain_text
from ..content.validate import key_path, suggest
from ..errors import Issue, IssueCollector
from ..locale import _, ngettext
from ..render.fonts import face, missing_glyphs
from ..rules.coverage import Coverage, stale_message
from ..rules.models import Block, SourceSection, TranslatedSection, TranslationFile
from ..rules.odds_check import stated_odds
from ..rules.source import TRANSLATED, RuleBook, RuleFile, load_rulebook
from ..rules.terms import ICON_MARK, REF, refs_in, refs_in_all
from ..rules.translator import check_translator
from ..text.localtext import LANGS
from .piece_words import check_piece_words


def check_rules(game_dir: Path, *, advice: bool = True) -> list[Issue]:
    """Every problem in ``game_dir``'s rule sources, errors and warnings, sorted by place.

    ``advice=False`` leaves out the coverage and translator's warnings (a build needs only to
    know that there are no errors).
    """
    issues = IssueCollector()
    book = load_rulebook(Path(game_dir), issues)
    if book is not None:
        check_book(book, issues, advice=advice)
    return sorted(issues.issues, key=lambda i: (i.location, i.key, i.message))


def check_book(book: RuleBook, issues: IssueCollector, *, advice: bool = True) -> None:
    """The checks of :func:`check_rules` on a loaded rule book; problems go to ``issues``."""
    _check_glossary(book, issues)
    _check_file(book, book.source, issues)
    for lang, rf in book.translations.items():
        _check_file(book, rf, issues)
        _check_translation(book, lang, rf, issues)
    if advice:
        _check_coverage(book, issues)
        check_translator(book, Coverage(book), issues)
        check_piece_words(book.root, book.glossary, issues)


def _section_texts(section: SourceSection | TranslatedSection) -> list[str]:
    return [section.title, *(t for b in section.blocks for t in b.texts())]


def block_paths(n: int, b: int, block: Block) -> list[tuple[tuple[str | int, ...], str]]:
    """(key path, text) of every text in block ``b`` of section ``n``."""
    base: tuple[str | int, ...] = ("sections", n, "blocks", b, block.kind)
    kind = block.kind
    if kind in ("p", "callout"):
        return [(base, block.texts()[0])]
    if kind == "table":
        assert block.table is not None
        out = [((*base, "header", i), t) for i, t in enumerate(block.table.header)]
        for r, row in enumerate(block.table.rows):
            out.extend(((*base, "rows", r, c), t) for c, t in enumerate(row))
        return out
    return [((*base, i), t) for i, t in enumerate(block.texts())]


def _check_file(book: RuleBook, rf: RuleFile, issues: IssueCollector) -> None:
    """Unknown term ids, unknown icons and unbalanced bold marks, at the text that has them."""
    _report(book, rf, ("title",), rf.model.title, issues)  # the sheet's title, printed on top
    for n, section in enumerate(rf.model.sections):
        places: list[tuple[tuple[str | int, ...], str]] = [
            (("sections", n, "title"), section.title)
        ]
        for b, block in enumerate(section.blocks):
            places.extend(block_paths(n, b, block))
        for path, text in places:
            _report(book, rf, path, text, issues)


def _report(
    book: RuleBook,
    rf: RuleFile,
    path: tuple[str | int, ...],
    text: str,
    issues: IssueCollector,
) -> None:
    """The problems of one text of ``rf``, at the place ``path`` names."""
    found = _text_problems(book, text)
    if found:  # the file's marks are read only when there is something to locate
        where, key = rf.locate(*path), key_path(path)
        for message, severity in found:
            issues.add(where, key, message, severity)


def _text_problems(book: RuleBook, text: str) -> list[tuple[str, str]]:
    """(message, severity) of each problem of one text, in the order they are reported."""
    found: list[tuple[str, str]] = []
    for ref in refs_in(text):
        if ref not in book.glossary and ref not in book.term_ids:
            said = _("unknown glossary term [[{term}]]").format(term=ref)
            found.append((said + suggest(ref, book.glossary), "error"))
    bare = REF.sub("", text)
    if "[[" in bare or "]]" in bare:  # a reference left open or closed twice prints as typed
        at = bare.find("[[") if "[[" in bare else bare.find("]]")
        said = _("a glossary reference is not closed: write [[term]] ({text!r})")
        found.append((said.format(text=bare[max(0, at - 10) : at + 30]), "error"))
    for m in ICON_MARK.finditer(text):
        if m.group(1) not in ICONS:
            hint = suggest(m.group(1), ICONS)
            found.append((_("unknown icon :{icon}:").format(icon=m.group(1)) + hint, "error"))
    lost = _missing_glyphs(text)
    if lost:
        found.append((lost, "error"))
    if text.count("**") % 2:
        found.append((_("odd number of ** marks: bold never ends"), "warning"))
    found += [(said, "warning") for said in stated_odds(text)]
    return found


_DRAWABLE: dict[object, set[str]] = {}  # per shipped Latin face: characters known to draw


def clear_caches() -> None:
    """Forget the characters known to draw (benchmarks start cold)."""
    _DRAWABLE.clear()


def _missing_glyphs(text: str) -> str | None:
    """A message naming the characters of ``text`` that no shipped font can draw."""

    drawable = _DRAWABLE.setdefault(face("sans"), set())
    if drawable.issuperset(text):
        return None  # every character is known to draw (markup characters included)
    unknown = set(plain_text(text)) - drawable
    if not unknown:
        return None
    lost = missing_glyphs("".join(unknown))
    drawable.update(unknown - lost)
    if not lost:
        return None
    chars = ", ".join(f"{c} (U+{ord(c):04X})" for c in sorted(lost))
    said = _("no font can draw {chars}; it would vanish from the PDF: use another character")
    return said.format(chars=chars)


def _check_glossary(book: RuleBook, issues: IssueCollector) -> None:
    if book.glossary_file is None:
        return
    for tid, term in book.glossary.items():
        for lang in LANGS:
            lost = _missing_glyphs(term.rendering(lang))
            if lost:
                path = ("terms", tid, lang)
                issues.add(book.glossary_file.locate(*path), key_path(path), lost)


def _check_translation(book: RuleBook, lang: str, rf: RuleFile, issues: IssueCollector) -> None:
    english = {s.id: s for s in book.sections}
    for n, section in enumerate(cast(TranslationFile, rf.model).sections):
        source = english.get(section.id)
        if source is None:
            hint = suggest(section.id, english)
            issues.add(
                rf.locate("sections", n, "id"),
                key_path(("sections", n, "id")),
                _("section {section!r} is not in en.yaml").format(section=section.id) + hint,
            )
            continue
        aligned = _check_blocks(source, section, n, rf, issues)
        _check_terms(book, lang, source, section, n, rf, aligned, issues)


def _check_blocks(
    source: SourceSection,
    section: TranslatedSection,
    n: int,
    rf: RuleFile,
    issues: IssueCollector,
) -> bool:
    """Same number and kinds of blocks as the English; returns whether they line up."""
    if len(source.blocks) != len(section.blocks):
        issues.add(
            rf.locate("sections", n, "blocks"),
            key_path(("sections", n, "blocks")),
            ngettext(
                "the English section {section!r} has {count} block; this translation has {here}",
                "the English section {section!r} has {count} blocks; this translation has {here}",
                len(source.blocks),
            ).format(section=source.id, count=len(source.blocks), here=len(section.blocks)),
        )
        return False
    ok = True
    for b, (eb, tb) in enumerate(zip(source.blocks, section.blocks, strict=True)):
        path = ("sections", n, "blocks", b)
        if eb.kind != tb.kind:
            issues.add(
                rf.locate(*path),
                key_path(path),
                _("block {block} is {kind!r} here but {english!r} in English").format(
                    block=b + 1, kind=tb.kind, english=eb.kind
                ),
            )
            ok = False
            continue
        shape_e, shape_t = _shape(eb), _shape(tb)
        if shape_e != shape_t:
            issues.add(
                rf.locate(*path, tb.kind),
                key_path((*path, tb.kind)),
                _describe(tb.kind, shape_t, shape_e),
                "warning",
            )
    return ok


def _shape(block: Block) -> tuple[int, ...]:
    if block.table is not None:
        return (len(block.table.rows), len(block.table.header))
    return (len(block.texts()),)


def _describe(kind: str, here: tuple[int, ...], english: tuple[int, ...]) -> str:
    """How a translated block's shape differs from the English block's."""
    if len(here) == 2 and len(english) == 2:
        said = _(
            "{kind} has {rows} rows of {cols} columns here but {rows_en} rows of {cols_en} "
            "columns in English"
        )
        return said.format(
            kind=kind, rows=here[0], cols=here[1], rows_en=english[0], cols_en=english[1]
        )
    said = _("{kind} has {count} items here but {count_en} in English")
    return said.format(kind=kind, count=here[0], count_en=english[0])


def _check_terms(
    book: RuleBook,
    lang: str,
    source: SourceSection,
    section: TranslatedSection,
    n: int,
    rf: RuleFile,
    aligned: bool,
    issues: IssueCollector,
) -> None:
    """Every term the English section uses must be referenced by the translation."""
    have = set(refs_in_all(_section_texts(section)))
    for tid in refs_in_all(_section_texts(source)):
        term = book.glossary.get(tid)
        if tid in have or term is None:
            continue
        path: tuple[str | int, ...] = ("sections", n, "id")
        if aligned:
            for b, block in enumerate(source.blocks):
                if tid in refs_in_all(block.texts()):
                    path = ("sections", n, "blocks", b)
                    break
            else:
                path = ("sections", n, "title")
        approved = term.rendering(lang)
        text = " ".join(_section_texts(section))
        said = (
            _(
                "term [[{term}]] ({english}) is used in the English section {section!r} but not "
                "referenced in its {lang} translation: it writes {approved!r} as plain text; "
                "write [[{term}]]"
            )
            if approved in text
            else _(
                "term [[{term}]] ({english}) is used in the English section {section!r} but not "
                "referenced in its {lang} translation: write [[{term}]] where it means {approved!r}"
            )
        )
        issues.add(
            rf.locate(*path),
            key_path(path),
            said.format(term=tid, english=term.en, section=source.id, lang=lang, approved=approved),
        )


def _check_coverage(book: RuleBook, issues: IssueCollector) -> None:
    cov = Coverage(book)
    for lang in TRANSLATED:
        if lang in book.failed or (lang == "zh-Hans" and "zh-Hant" in book.failed):
            continue  # the file's own errors say what to fix first
        for entry in cov.entries[lang]:
            if entry.status == "missing":
                issues.add(
                    entry.location,
                    entry.key,
                    (
                        _(
                            "section {section!r} is not translated into zh-Hans (add it to "
                            "rules/zh-Hant.yaml to derive it, or to rules/zh-Hans.yaml)"
                        )
                        if lang == "zh-Hans"
                        else _(
                            "section {section!r} is not translated into {lang} "
                            "(add it to rules/{lang}.yaml)"
                        )
                    ).format(section=entry.section, lang=lang),
                    "warning",
                )
            elif entry.status == "stale" and entry.origin == "hand":
                issues.add(
                    entry.location, entry.key, stale_message(entry, book.root.name), "warning"
                )
