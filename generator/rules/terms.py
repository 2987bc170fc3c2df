"""Glossary term references ``[[id]]`` in rule text: finding them and rendering them per language.

English sheets print the English rendering. Chinese sheets print the approved Chinese
rendering; the first use in a sheet also gives the English in full-width brackets,
e.g. 天命軌道（Fate Track）, so a reader can match the sheet to an English rule book. A use
inside full-width parentheses never carries the gloss (brackets inside brackets), nor does a
use the text follows with its own full-width brackets (two brackets in a row); the next use
that can carry it does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .models import GlossaryTerm

REF = re.compile(r"\[\[([^\[\]\n]*)\]\]")
# a code span: text between runs of as many backticks (a command, written as it is typed)
CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
ICON_MARK = re.compile(r":([a-z][a-z0-9-]*):")
SOURCE_LANG = "en"


def refs_in(text: str) -> list[str]:
    """Term ids referenced in ``text``, in order of appearance (repeats kept)."""
    return [m.group(1).strip() for m in REF.finditer(text)]


def without_code(text: str) -> str:
    """``text`` with each code span (```pnp roll 2d6```) replaced by a space: the words left are
    those a translation says in its own language."""
    return CODE_SPAN.sub(" ", text)


def refs_in_all(texts: Iterable[str]) -> list[str]:
    """Term ids referenced in any of ``texts``, first appearance order, no repeats."""
    seen: dict[str, None] = {}
    for t in texts:
        for ref in refs_in(t):
            seen.setdefault(ref, None)
    return list(seen)


def first_use(term: GlossaryTerm, lang: str) -> str:
    """How a term prints the first time a section uses it."""
    text = term.rendering(lang)
    if lang == SOURCE_LANG or text == term.en:
        return text
    return f"{text}（{term.en}）"


class TermRenderer:
    """Replaces ``[[id]]`` with renderings for one language, remembering first uses.

    Make one per sheet: the first use of a term in the sheet prints both languages.
    """

    def __init__(self, glossary: Mapping[str, GlossaryTerm], lang: str) -> None:
        self.glossary = glossary
        self.lang = lang
        self.used: set[str] = set()

    def _one(self, match: re.Match[str]) -> str:
        tid = match.group(1).strip()
        term = self.glossary.get(tid)
        if term is None:
            return match.group(0)  # reported by the checks; printed as written
        before = match.string[: match.start()]
        bracketed = before.count("（") > before.count("）")
        followed = match.string.startswith("（", match.end())
        if tid in self.used or bracketed or followed:
            return term.rendering(self.lang)
        self.used.add(tid)
        return first_use(term, self.lang)

    def render(self, text: str) -> str:
        """``text`` with every reference replaced; first uses print both languages."""
        return REF.sub(self._one, text)

    def plain(self, text: str) -> str:
        """``text`` with references replaced by the bare rendering (titles, contents)."""
        return REF.sub(
            lambda m: (
                self.glossary[m.group(1).strip()].rendering(self.lang)
                if m.group(1).strip() in self.glossary
                else m.group(0)
            ),
            text,
        )
