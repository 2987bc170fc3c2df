"""The printable form of a rule sheet: one language, term references resolved, ready to draw.

:func:`make_sheet` turns a :class:`~generator.rules.source.RuleBook` into a :class:`Sheet`
for one language: the sections in English order, each taken from the hand-written
translation, the derived zh-Hans, or (when missing) the English source, with every ``[[id]]``
replaced by the approved rendering (both languages at a term's first use in a sheet). A
stale section (its English changed after it was translated) is never printed silently: its
title carries a mark and a note opens it saying the English is the authority.
The renderers draw a Sheet and nothing else; tests compare extracted PDF text against it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..locale import N_, translation
from .coverage import Coverage
from .derive import DERIVED_FROM, derive_text
from .models import Block
from .source import RuleBook
from .terms import TermRenderer, refs_in_all

# the fixed words a sheet prints, by name; translated through the message catalogues
LABELS: dict[str, str] = {
    "contents": N_("Contents"),
    "continued": N_("(cont.)"),
    "stale": N_("(out of date)"),
    "stale_note": N_(
        "The English rules changed after this section was translated; the English wins."
    ),
}


@dataclass(frozen=True)
class PrintBlock:
    """A block with its texts resolved to markup (``**bold**``, ``:icon:`` ...)."""

    kind: str  # p, steps, list, table, callout
    items: tuple[str, ...] = ()  # p and callout: one text; steps and list: the items
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    words: tuple[str, ...] = ()  # table: the glossary terms its cells print, kept whole


@dataclass(frozen=True)
class PrintSection:
    """One section as printed in one language."""

    id: str
    title: str
    aid: bool
    blocks: tuple[PrintBlock, ...]
    lang: str  # the language the text is in (en for a missing translation's fallback)
    status: str  # coverage status: source, hand, derived, missing, stale


@dataclass(frozen=True)
class Sheet:
    """A whole rule sheet in one language."""

    game: str
    lang: str
    title: str
    sections: tuple[PrintSection, ...]

    def label(self, name: str) -> str:
        """A fixed label (Contents, continued) in the sheet's language."""
        return translation(self.lang).gettext(LABELS[name])


_OPERATOR = re.compile(r"(?<=\S) ([×=+−÷]) (?=\S)")
_COUNT = re.compile(r"(?<=\S) ×(?=\d)")  # "archers ×2": the count stays with its noun
NBSP = "\u00a0"


def bind_expressions(text: str) -> str:
    """``text`` with the spaces around an arithmetic operator made non-breaking.

    ``5 + 2 = 7``, ``2 × movement`` and a count ``archers ×2`` then never break across lines
    (the renderer never breaks at a no-break space); a line may still break
    before or after the whole expression.
    """
    text = _OPERATOR.sub(lambda m: f"{NBSP}{m.group(1)}{NBSP}", text)
    return _COUNT.sub(NBSP + "×", text)


def _block(block: Block, terms: TermRenderer) -> PrintBlock:
    kind = block.kind

    def text(t: str) -> str:
        return bind_expressions(terms.render(t))

    if kind == "table":
        assert block.table is not None
        header = tuple(text(t) for t in block.table.header)
        rows = tuple(tuple(text(c) for c in row) for row in block.table.rows)
        used = refs_in_all(block.texts())
        words = {terms.glossary[t].rendering(terms.lang) for t in used if t in terms.glossary}
        return PrintBlock(kind, header=header, rows=rows, words=tuple(sorted(words)))
    return PrintBlock(kind, items=tuple(text(t) for t in block.texts()))


def _title(book: RuleBook, lang: str) -> str:
    if lang in book.translations:
        return book.translations[lang].model.title
    source = DERIVED_FROM.get(lang)
    if source in book.translations:
        return derive_text(book.translations[source].model.title, book.glossary, lang)
    return book.source.model.title


def make_sheet(book: RuleBook, lang: str, coverage: Coverage | None = None) -> Sheet:
    """The sheet ``book`` prints in ``lang`` (en, zh-Hant or zh-Hans)."""
    cov = coverage or Coverage(book)
    sections: list[PrintSection] = []
    renderers: dict[str, TermRenderer] = {}  # one per text language: glosses once per sheet
    for source in book.sections:
        resolved = cov.resolve(lang, source)
        text_lang = "en" if resolved.entry.origin == "fallback" else lang
        terms = renderers.setdefault(text_lang, TermRenderer(book.glossary, text_lang))
        title = terms.plain(resolved.section.title)
        blocks = tuple(_block(b, terms) for b in resolved.section.blocks)
        if resolved.entry.status == "stale":
            words = translation(lang)
            label, note = LABELS["stale"], LABELS["stale_note"]
            title += words.gettext(label)
            blocks = (PrintBlock("callout", items=(words.gettext(note),)), *blocks)
        sections.append(
            PrintSection(source.id, title, source.aid, blocks, text_lang, resolved.entry.status)
        )
    return Sheet(book.game, lang, terms_plain_title(book, lang), tuple(sections))


def terms_plain_title(book: RuleBook, lang: str) -> str:
    """The sheet title with any term references replaced by bare renderings."""
    return TermRenderer(book.glossary, lang).plain(_title(book, lang))
