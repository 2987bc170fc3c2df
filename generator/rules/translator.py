"""Checks a translator would run over a game's rule text, each problem located at file:line.

- a glossary term's synonyms (its ``avoid`` list, and the words of the lexicon's synonym groups
  that its rendering belongs to) written in a sheet that uses the term;
- Taiwan-only forms in zh-Hans and mainland-only forms in zh-Hant (``regional.yaml`` and the
  source side of ``phrases.yaml``), and what software phrase tables make of rule words, in the
  text, in the glossary renderings, and in the zh-Hans derived from zh-Hant;
- ASCII spaces between Chinese characters (what a folded YAML line leaves between two lines);
- ASCII punctuation (, ; : ! ? and parentheses) beside a Chinese character;
- a Traditional character left in Simplified text (军隊);
- English left in Chinese text: a lower-case English word outside a bracketed gloss, or a
  glossary term's English name written out instead of referenced (capitalised words are read
  as names, which stay Latin);
- English or Latin quotes inside Chinese text (ASCII quotes, «»), and the Japanese middle dot
  (:mod:`.marks`);
- full-width parentheses inside full-width parentheses;
- a text whose English uses a glossary term the translation neither references nor writes as
  the glossary gives it (a synonym in its place).

All are warnings: the text prints, but a reader would stumble (``--strict`` fails on them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from ..content.markup import plain_text
from ..content.validate import key_path
from ..errors import IssueCollector, Location
from ..locale import _
from ..text.chinese import script_only
from ..text.regional import CONVERTER, regional_forms, synonyms_of, traditional_characters
from .coverage import Coverage
from .derive import DERIVED_FROM
from .marks import CJK_PUNCT, HAN, mark_problems
from .models import Block, GlossaryTerm, SectionBase
from .source import RuleBook, RuleFile
from .terms import ICON_MARK, REF, refs_in, refs_in_all

# patterns over the Chinese ranges, compiled (and cached by re) when a check first uses them:
# each takes some 15 M instructions to compile, which a build without rule sheets never needs
_CHINESE = f"[{HAN}]"
_SPACED = f"([{HAN}{CJK_PUNCT}])[ \t\u00a0]+(?=[{HAN}{CJK_PUNCT}])"
_ASCII_PUNCT = f"[{HAN}] ?[,;:!?()]|[,;:!?()] ?[{HAN}]"
_FULL_WIDTH = dict(zip(",;:!?()", "，；：！？（）", strict=True))
_ENGLISH = re.compile(r"(?<![A-Za-z0-9])[a-z][a-z'-]*[a-z](?: [a-z][a-z'-]*[a-z])*(?![A-Za-z0-9])")
# lower-case Latin that Chinese rule text writes as notation, not as English
_GLOSS = re.compile(r"（[A-Za-z][A-Za-z0-9 '/!?.,&-]*）")  # an English gloss in full-width brackets
NOTATION = frozenset({"cm", "mm", "km", "kg", "pt", "in", "vs", "px", "dpi"})
_MASK = "\x00"
_SCAN_LINES = 200  # how far below a value's first line its text may run
LINE_END = "\n"  # a fragment starting with this is looked for at the end of a line


def block_texts(n: int, block_no: int, block: Block) -> list[tuple[tuple[str | int, ...], str]]:
    """(key path, text) of every text in block ``block_no`` of section ``n``."""
    base: tuple[str | int, ...] = ("sections", n, "blocks", block_no, block.kind)
    if block.table is not None:
        out = [((*base, "header", i), t) for i, t in enumerate(block.table.header)]
        for r, row in enumerate(block.table.rows):
            out.extend(((*base, "rows", r, c), t) for c, t in enumerate(row))
        return out
    texts = block.texts()
    if block.kind in ("p", "callout"):
        return [(base, texts[0])]
    return [((*base, i), t) for i, t in enumerate(texts)]


def section_texts(n: int, section: SectionBase) -> list[tuple[tuple[str | int, ...], str]]:
    """(key path, text) of the title and every block text of section ``n``."""
    out: list[tuple[tuple[str | int, ...], str]] = [(("sections", n, "title"), section.title)]
    for b, block in enumerate(section.blocks):
        out.extend(block_texts(n, b, block))
    return out


def printed(text: str, glossary: Mapping[str, GlossaryTerm], lang: str) -> str:
    """``text`` as its letters print: terms as their bare rendering, icons as a mark, no markup."""

    text = REF.sub(
        lambda m: (
            glossary[m.group(1).strip()].rendering(lang) if m.group(1).strip() in glossary else "?"
        ),
        text,
    )
    return plain_text(ICON_MARK.sub("\u25cb", text))


def avoided(term: GlossaryTerm, lang: str) -> list[str]:
    """The synonyms of ``term`` a text in ``lang`` must not use.

    The term's ``avoid`` list (zh-Hans from zh-Hant if unset), then the words of the lexicon's
    synonym groups that its rendering belongs to.
    """
    if lang in term.avoid:
        words: list[str] = [str(w) for w in term.avoid[lang]]
    elif lang == "zh-Hans" and "zh-Hant" in term.avoid:
        words = [script_only(w, "zh-Hans") for w in term.avoid["zh-Hant"]]
    else:
        words = []
    if lang != "en":
        words += [w for w in synonyms_of(term.rendering(lang)) if w not in words]
    return words


def english_words(text: str) -> list[str]:
    """Lower-case English words (or runs of them) in ``text``, notation and glosses left out.

    An English gloss in full-width brackets after a Chinese word (增援（reinforcements）) is a
    deliberate aid to the reader, not English left behind.
    """
    text = _GLOSS.sub("", text)
    return [m.group(0) for m in _ENGLISH.finditer(text) if m.group(0) not in NOTATION]


def _masked(text: str, glossary: Mapping[str, GlossaryTerm], lang: str) -> str:
    """``text`` with references and every literal glossary rendering blanked out."""
    text = REF.sub(_MASK, text)
    for rendering in sorted({t.rendering(lang) for t in glossary.values()}, key=len, reverse=True):
        if len(rendering) > 1:
            text = text.replace(rendering, _MASK)
    return text


def nested_parentheses(text: str) -> bool:
    """Whether a full-width parenthesis opens inside another one."""
    depth = 0
    for ch in text:
        if ch == "（":
            depth += 1
            if depth > 1:
                return True
        elif ch == "）":
            depth = max(0, depth - 1)
    return False


def text_problems(
    text: str, lang: str, glossary: Mapping[str, GlossaryTerm], used: list[str]
) -> Iterator[tuple[str, str]]:
    """(fragment to find in the file, message) for every problem of one text in ``lang``.

    ``used``: term ids the text's sheet references (their synonyms are reported).
    """
    masked = _masked(text, glossary, lang)
    for tid in used:
        term = glossary.get(tid)
        if term is None:
            continue
        for word in avoided(term, lang):
            if word in masked:
                yield (
                    word,
                    _(
                        "{word!r} is a synonym of the glossary term [[{term}]] ({rendering}) "
                        "used in this sheet: write [[{term}]], so a reader does not take them "
                        "for two things"
                    ).format(word=word, term=tid, rendering=term.rendering(lang)),
                )
    if lang == "en":
        return
    for found in regional_forms(REF.sub(_MASK, text), lang):
        yield found.form, regional_message(found.form, found.use, found.region, lang)
    shown = printed(text, glossary, lang)
    if not re.search(_CHINESE, shown):
        return
    if lang == "zh-Hans":
        for ch, simple in traditional_characters(shown):
            yield (
                ch,
                _("Traditional character {char!r} in Simplified text: write {simple!r}").format(
                    char=ch, simple=simple
                ),
            )
    for m in re.finditer(_ASCII_PUNCT, shown):
        mark = next(c for c in m.group(0) if c in _FULL_WIDTH)
        yield (
            mark,
            _(
                "ASCII {mark!r} beside a Chinese character in {context!r}: "
                "write the full-width {full!r}"
            ).format(
                mark=mark,
                context=shown[max(0, m.start() - 4) : m.end() + 4],
                full=_FULL_WIDTH[mark],
            ),
        )
    bare = REF.sub(_MASK, text)
    for word in english_words(printed(bare, glossary, lang)):
        yield word, _("English {word!r} left in Chinese text: translate it").format(word=word)
    for tid, term in glossary.items():
        if len(term.en) > 2 and term.en != term.rendering(lang) and term.en in bare:
            yield (
                term.en,
                _("English {name!r} left in Chinese text: write [[{id}]] ({rendering})").format(
                    name=term.en, id=tid, rendering=term.rendering(lang)
                ),
            )
    for m in re.finditer(_SPACED, shown):
        yield (
            LINE_END + shown[max(0, m.start() - 2) : m.start() + 1],
            _(
                "ASCII space between Chinese characters after {text!r} "
                "(a folded YAML line leaves one): join the lines"
            ).format(text=shown[max(0, m.start() - 6) : m.end()]),
        )
    yield from mark_problems(shown, lang)
    if nested_parentheses(shown):
        yield "（", _("full-width parentheses inside parentheses: rephrase, or use a comma or dash")


def regional_message(form: str, use: str, region: str, lang: str) -> str:
    """What is wrong with a regional form (or a converter's mistranslation) in ``lang`` text."""
    if region == CONVERTER:
        message = _("{form!r} is what a software phrase table makes of a rule word: write {use!r}")
    elif lang == "zh-Hans":
        message = _("{form!r} is Taiwan usage, not mainland: write {use!r}")
    else:
        message = _("{form!r} is mainland usage, not Taiwan: write {use!r}")
    return message.format(form=form, use=use)


@lru_cache(maxsize=64)
def _file_lines(path: Path, stamp: float) -> tuple[str, ...]:
    return tuple(path.read_text(encoding="utf-8").splitlines())


def line_of(rf: RuleFile, where: Location, fragment: str) -> Location:
    """The line at or below ``where`` where ``fragment`` is written (``where`` if not found)."""
    if not where.line or not fragment:
        return where
    lines = _file_lines(rf.path, rf.path.stat().st_mtime)
    span = range(where.line - 1, min(len(lines), where.line - 1 + _SCAN_LINES))
    if fragment.startswith(LINE_END):
        for tail in (fragment[1:], fragment[-1:]):
            for n in span:
                line = lines[n].rstrip()
                if n + 1 < len(lines) and line.endswith(tail):
                    return Location(where.file, n + 1, len(line))
        return where
    for n in span:
        col = lines[n].find(fragment, where.col - 1 if n == where.line - 1 else 0)
        if col >= 0:
            return Location(where.file, n + 1, col + 1)
    return where


def check_translator(book: RuleBook, cov: Coverage, issues: IssueCollector) -> None:
    """Add every translator's-check problem of ``book`` to ``issues`` (as warnings)."""
    glossary = book.glossary
    _check_glossary_forms(book, issues)
    files = [("en", book.source), *book.translations.items()]
    english = [t for n, s in enumerate(book.sections) for _, t in section_texts(n, s)]
    for lang, rf in files:
        every: list[list[tuple[tuple[str | int, ...], str]]] = [[(("title",), rf.model.title)]]
        every += [section_texts(n, s) for n, s in enumerate(rf.model.sections)]
        used = refs_in_all([*english, *(t for texts in every for _, t in texts)])
        for texts in every:
            for path, text in texts:
                for fragment, message in text_problems(text, lang, glossary, used):
                    where = line_of(rf, rf.locate(*path), fragment)
                    issues.add(where, key_path(path), message, "warning")
    for lang, rf in book.translations.items():
        _check_term_use(book, lang, rf, issues)
    for lang, source_lang in DERIVED_FROM.items():
        _check_derived(book, cov, lang, source_lang, issues)


def _check_term_use(book: RuleBook, lang: str, rf: RuleFile, issues: IssueCollector) -> None:
    """Each text (title, paragraph, list item, table cell) of a translated section must use
    every term its English text uses: by reference, or as the glossary writes it. Another
    word there is a synonym, which a reader takes for another thing (巡警 for 巡邏兵)."""
    english = {s.id: (n, s) for n, s in enumerate(book.sections)}
    for n, section in enumerate(rf.model.sections):
        if section.id not in english:
            continue
        source = section_texts(*english[section.id])
        here = section_texts(n, section)
        if [p[2:] for p, _t in source] != [p[2:] for p, _t in here]:
            continue  # the shapes differ: reported by the structure check
        in_section = set(refs_in_all(t for _p, t in here))  # the rest: the structure check's
        for (_p, en), (path, text) in zip(source, here, strict=True):
            shown = printed(text, book.glossary, lang)
            for tid in dict.fromkeys(refs_in(en)):
                term = book.glossary.get(tid)
                if term is None or tid not in in_section or tid in refs_in(text):
                    continue
                if term.rendering(lang) in shown:
                    continue
                issues.add(
                    rf.locate(*path),
                    key_path(path),
                    _(
                        "the English of this text uses [[{term}]] ({rendering}), this "
                        "translation neither [[{term}]] nor {rendering}: another word reads as "
                        "another thing; write [[{term}]]"
                    ).format(term=tid, rendering=term.rendering(lang)),
                    "warning",
                )


def _check_derived(
    book: RuleBook, cov: Coverage, lang: str, source_lang: str, issues: IssueCollector
) -> None:
    """The other region's words left in ``lang`` text derived from ``source_lang`` sections."""
    source = book.translations.get(source_lang)
    if source is None:
        return
    hand = book.translations.get(lang)
    own = hand.index() if hand else {}
    for n, section in enumerate(source.model.sections):
        if section.id in own:
            continue
        derived = cov.derived(section.id, lang)
        if derived is None:
            continue
        for path, text in section_texts(n, derived):
            for found in regional_forms(REF.sub(_MASK, text), lang):
                issues.add(
                    source.locate(*path),
                    key_path(path),
                    _(
                        "the {lang} derived from this text keeps {form!r} ({problem}): "
                        "reword the {source}, or add the form to regional.yaml"
                    ).format(
                        lang=lang,
                        form=found.form,
                        problem=regional_message(found.form, found.use, found.region, lang),
                        source=source_lang,
                    ),
                    "warning",
                )


def _check_glossary_forms(book: RuleBook, issues: IssueCollector) -> None:
    gfile = book.glossary_file
    if gfile is None:
        return
    for tid, term in book.glossary.items():
        for lang in ("zh-Hant", "zh-Hans"):
            for found in regional_forms(term.rendering(lang), lang):
                path = ("terms", tid, lang)
                issues.add(
                    gfile.locate(*path),
                    key_path(path),
                    regional_message(found.form, found.use, found.region, lang),
                    "warning",
                )
