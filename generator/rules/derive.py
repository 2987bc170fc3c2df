"""Chinese rule text derived from the other Chinese script, glossary terms protected.

A zh-Hans section that nobody wrote by hand is made from its zh-Hant section by
:func:`generator.text.chinese.derive`: characters converted (OpenCC t2s), the reviewed game
vocabulary of ``phrases.yaml`` and the mainland forms of ``regional.yaml`` (「」 quotes, 著 as a
particle, 牠 ...) put in. A zh-Hant section nobody wrote is made the same way from a
hand-written zh-Hans one (s2t, Taiwan usage). Every glossary term's rendering in the source
language is mapped to the rendering the glossary gives in the derived one, so a term comes out
exactly as approved; ``[[id]]`` references and markup are ASCII and pass through unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..content.validate import convert
from ..text.chinese import derive
from ..text.localtext import DERIVED_FROM
from .models import GlossaryTerm, TranslatedSection


def protected_terms(glossary: Mapping[str, GlossaryTerm], lang: str = "zh-Hans") -> dict[str, str]:
    """Source-language rendering -> approved ``lang`` rendering, for every glossary term."""
    source = DERIVED_FROM[lang]
    return {t.rendering(source): t.rendering(lang) for t in glossary.values()}


def derive_section(
    section: TranslatedSection, glossary: Mapping[str, GlossaryTerm], lang: str = "zh-Hans"
) -> TranslatedSection:
    """The ``lang`` version of a section in the other script (same id, blocks, source hash)."""
    data = section.plain()
    text = json.dumps(data, ensure_ascii=False)
    converted = derive(text, lang, protected_terms(glossary, lang))
    return convert(TranslatedSection, json.loads(converted))


def derive_text(text: str, glossary: Mapping[str, GlossaryTerm], lang: str = "zh-Hans") -> str:
    """One text of the other script derived into ``lang`` with glossary terms protected."""
    return derive(text, lang, protected_terms(glossary, lang))
