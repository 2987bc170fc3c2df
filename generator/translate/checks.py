"""What an imported translation must keep of its English: markup, icons, colours, glossary terms
(and a length a text of the game may have). A term the English names only inside a code span
(a command in backticks) need not be translated, and a rendering inside one does not count.

Each problem is one sentence; the importer refuses an entry that has any and reports it as
``FILE:line: msgctxt: problem``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from ..locale import _
from ..rules.models import MAX_TEXT, GlossaryTerm
from ..rules.terms import ICON_MARK, REF, refs_in, without_code

_COLOUR = re.compile(r"\[#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\]")
_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
_BOLD = re.compile(r"(?<!\\)\*\*")


def _bag(pattern: re.Pattern[str], text: str) -> Counter[str]:
    return Counter(pattern.findall(text))


def markup_problems(
    english: str,
    translation: str,
    lang: str,
    terms: tuple[str, ...],
    glossary: Mapping[str, GlossaryTerm],
) -> list[str]:
    """Why ``translation`` cannot replace the translation of ``english`` (empty when it can)."""
    out: list[str] = []
    if len(translation) > MAX_TEXT:
        out.append(
            _("the translation is {count} characters; the limit is {limit}").format(
                count=len(translation), limit=MAX_TEXT
            )
        )
    if len(_BOLD.findall(translation)) % 2:
        out.append(_("broken markup: a '**' opens bold that is never closed"))
    if _bag(ICON_MARK, english) != _bag(ICON_MARK, translation):
        want = " ".join(f":{i}:" for i in sorted(_bag(ICON_MARK, english).elements()))
        out.append(
            _(
                "broken markup: the translation must have the same icons as the English ({icons})"
            ).format(icons=want or "-")
        )
    colours = len(_COLOUR.findall(translation))
    if colours != translation.count("[/]") or colours != len(_COLOUR.findall(english)):
        out.append(
            _("broken markup: every [#colour]...[/] of the English must be kept, each closed")
        )
    if _bag(_TEMPLATE, english) != _bag(_TEMPLATE, translation):
        out.append(_("broken markup: the template parts must be kept exactly as in the English"))
    refs = set(refs_in(english))
    for tid in terms:
        term = glossary.get(tid)
        if term is None:
            continue
        if tid in refs:
            if tid not in refs_in(translation):
                out.append(
                    _("glossary term not used: keep the reference [[{term}]]").format(term=tid)
                )
        elif term.rendering(lang) not in without_code(REF.sub("", translation)):
            out.append(
                _(
                    "glossary term not used: '{english}' is rendered '{rendering}' in this game"
                ).format(english=term.en, rendering=term.rendering(lang))
            )
    return out
