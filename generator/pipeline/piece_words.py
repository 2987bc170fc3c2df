"""What a Chinese reviewer finds in the words a game's pieces print, outside its rule sheets.

The rule sheets have their translator's checks (:mod:`generator.rules.translator`); the
per-language texts of items, layouts, the table and ``game.yaml`` (every ``{en, zh-Hant,
zh-Hans}`` mapping and template literal, as ``pnp translate`` exports them) print on cards,
aids and the table's messages, and a reader of each region reads them as closely. For each
Chinese text, as written or as derived from the other script, :func:`check_piece_words`
warns, at the line of the text (of its source, for a derived one):

- of the other region's words and what software phrase tables make of rule words
  (:func:`generator.text.regional.regional_forms`: 乱数 in zh-Hans, 反饋 in zh-Hant);
- of ASCII and Latin quotes (:mod:`generator.rules.marks`);
- of a synonym of a glossary term (its ``avoid`` list and the lexicon's synonym groups) in a
  text whose English names the term (巡警 where the glossary says 巡邏兵).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from yaml import MappingNode

from ..errors import IssueCollector, Location
from ..locale import _
from ..rules.derive import derive_text
from ..rules.marks import HAN, mark_problems
from ..rules.models import GlossaryTerm
from ..rules.translator import avoided, regional_message
from ..text.localtext import DERIVED_FROM
from ..text.regional import regional_forms
from ..translate.catalogue import Spot, field_texts
from ..translate.yamlnodes import get, line_of

CHINESE = ("zh-Hant", "zh-Hans")
_CODE = re.compile(r"`[^`]*`|\{\{.*?\}\}|\{%.*?%\}")  # commands and template code print as written
_HAS_HAN = f"[{HAN}]"  # compiled by re on first use (15 M instructions)


def word_problems(text: str, lang: str, *, marks: bool = True) -> Iterator[tuple[str, str]]:
    """(fragment, message) for each regional form (and, with ``marks``, each foreign mark) in
    one Chinese ``text``."""
    bare = _CODE.sub("\x00", text)
    for found in regional_forms(bare, lang):
        yield found.form, regional_message(found.form, found.use, found.region, lang)
    if marks and re.search(_HAS_HAN, bare):
        yield from mark_problems(bare, lang)


def _names(english: str, term: GlossaryTerm) -> bool:
    """Whether ``english`` names ``term``: its English rendering as a whole word, in any case
    (a heading in capitals names it too)."""
    word = re.escape(term.en)
    return re.search(rf"(?<![\w-]){word}(?![\w-])", english, re.IGNORECASE) is not None


def synonym_problems(
    english: str, text: str, lang: str, glossary: Mapping[str, GlossaryTerm]
) -> Iterator[tuple[str, str]]:
    """(word, message) for each synonym of a glossary term that ``text`` writes where its
    ``english`` names the term (the term's own rendering blanked out first)."""
    english = _CODE.sub(" ", english)
    for tid, term in glossary.items():
        rendering = term.rendering(lang)
        if not rendering or not _names(english, term):
            continue
        masked = text.replace(rendering, "\x00")
        for word in sorted(avoided(term, lang), key=len, reverse=True):  # 巡邏隊 before 巡邏
            if word in masked:
                masked = masked.replace(word, "\x00")
                yield (
                    word,
                    _(
                        "{word!r} is a synonym of the glossary term [[{term}]] ({rendering}), "
                        "which the English of this text names: write {rendering}"
                    ).format(word=word, term=tid, rendering=rendering),
                )


def _where(folder: Path, spot: Spot, lang: str) -> Location:
    node = spot.node
    if isinstance(node, MappingNode):
        node = get(node, lang) or node
    return Location(str(folder / spot.file), line_of(node), int(node.start_mark.column) + 1)


def check_piece_words(
    folder: Path, glossary: Mapping[str, GlossaryTerm], issues: IssueCollector
) -> None:
    """Warn of every regional word, foreign quote and glossary synonym in the Chinese texts of
    ``folder``'s pieces (written, or derived from the other script with ``glossary``'s terms
    kept)."""
    seen: set[tuple[str, int, str, str]] = set()
    for spot in field_texts(folder):
        for lang in CHINESE:
            text = spot.values.get(lang)
            derived_from = ""
            if not text:
                derived_from = DERIVED_FROM[lang]
                source = spot.values.get(derived_from)
                if not source:
                    continue
                text = derive_text(source, glossary, lang)
            where = _where(folder, spot, derived_from or lang)
            # a derived text's marks are its source's, reported there
            found = list(word_problems(text, lang, marks=not derived_from))
            if not derived_from:  # a derived text's synonyms are its source's too
                found += synonym_problems(spot.values.get("en", ""), text, lang, glossary)
            for fragment, message in found:
                key = (where.file, where.line, lang, fragment)
                if key in seen:
                    continue
                seen.add(key)
                if derived_from:
                    message = _(
                        "the {lang} derived from this {source} text: {problem}; write the "
                        "{lang} text too"
                    ).format(lang=lang, source=derived_from, problem=message)
                issues.add(where, spot.ctx.split("#", 1)[1], message, "warning")
