"""Simplified Chinese rule text derived from Traditional, glossary terms protected.

A zh-Hans section that nobody wrote by hand is made from its zh-Hant section by
:func:`generator.rules.chinese.derive`: characters converted (OpenCC t2s), the reviewed game
vocabulary of ``phrases.yaml`` and the mainland forms of ``regional.yaml`` (「」 quotes, 著 as a
particle, 牠 ...) put in. Every glossary term's Traditional rendering is mapped to the
Simplified rendering the glossary gives, so a term comes out exactly as approved;
``[[id]]`` references and markup are ASCII and pass through unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..content.validate import convert
from .chinese import to_simplified
from .models import GlossaryTerm, TranslatedSection


def protected_terms(glossary: Mapping[str, GlossaryTerm]) -> dict[str, str]:
    """Traditional rendering -> approved Simplified rendering, for every glossary term."""
    return {t.zh_hant: t.zh_hans for t in glossary.values()}


def derive_section(
    section: TranslatedSection, glossary: Mapping[str, GlossaryTerm]
) -> TranslatedSection:
    """The zh-Hans version of a zh-Hant ``section`` (same id, blocks and source hash)."""
    data = section.plain()
    text = json.dumps(data, ensure_ascii=False)
    converted = to_simplified(text, protected_terms(glossary))
    return convert(TranslatedSection, json.loads(converted))


def derive_text(text: str, glossary: Mapping[str, GlossaryTerm]) -> str:
    """One Traditional text converted to Simplified with glossary terms protected."""
    return to_simplified(text, protected_terms(glossary))
