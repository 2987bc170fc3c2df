"""Simplified Chinese derived from Traditional: OpenCC tw2sp, mainland forms, glossary terms protected.

A zh-Hans section that nobody wrote by hand is made from its zh-Hant section with OpenCC's
Taiwan-to-mainland phrase profile (tw2sp), then the Taiwan-only forms it keeps (「」 quotes,
著 as a particle, 牠 ...) are rewritten to mainland usage (``regional.yaml``). Every glossary
term's Traditional rendering is mapped to the Simplified rendering the glossary gives, so a term
comes out exactly as approved even where OpenCC's tables would pick another character or word;
``[[id]]`` references and markup are ASCII and pass through unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..content.chinese import to_mainland_simplified
from ..content.validate import convert
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
    converted = to_mainland_simplified(text, protected_terms(glossary))
    return convert(TranslatedSection, json.loads(converted))


def derive_text(text: str, glossary: Mapping[str, GlossaryTerm]) -> str:
    """One Traditional text converted to Simplified with glossary terms protected."""
    return to_mainland_simplified(text, protected_terms(glossary))
