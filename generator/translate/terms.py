"""A game's glossary as TBX (ISO 30042, TBX-Basic) or CSV, for translation tools' term checks.

Each term is one concept entry with a term per language; the synonyms a reader could take for it
(``avoid``) are terms marked ``deprecatedTerm-admn-sts``, and its note is the entry's note.
Poedit, Weblate, OmegaT and Crowdin import either form.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

from ..errors import IssueCollector
from ..rules.models import GlossaryTerm
from ..rules.source import load_rulebook
from ..text.language import convert
from ..text.localtext import LANGS

FORMATS: tuple[str, ...] = ("tbx", "csv")
TBX_NS = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def load_glossary(folder: Path) -> tuple[str, dict[str, GlossaryTerm]]:
    """(game id, terms by id) of the game in ``folder``; ContentError when its rules do not load."""
    issues = IssueCollector()
    book = load_rulebook(folder, issues)
    issues.raise_if_errors()
    assert book is not None
    return book.game, dict(book.glossary)


def _avoided(term: GlossaryTerm, lang: str) -> list[str]:
    words = [str(w) for w in term.avoid.get(lang, [])]  # type: ignore[call-overload]
    if not words and lang == "zh-Hans":
        words = [convert(str(w), "zh-Hans") for w in term.avoid.get("zh-Hant", [])]  # type: ignore[call-overload]
    return words


def glossary_tbx(game: str, terms: Mapping[str, GlossaryTerm]) -> str:
    """The terms as a TBX-Basic document."""
    ET.register_namespace("", TBX_NS)
    root = ET.Element(f"{{{TBX_NS}}}tbx", {"type": "TBX-Basic", "style": "dca", XML_LANG: "en"})
    header = ET.SubElement(root, f"{{{TBX_NS}}}tbxHeader")
    desc = ET.SubElement(ET.SubElement(header, f"{{{TBX_NS}}}fileDesc"), f"{{{TBX_NS}}}sourceDesc")
    ET.SubElement(desc, f"{{{TBX_NS}}}p").text = f"Glossary of {game}"
    body = ET.SubElement(ET.SubElement(root, f"{{{TBX_NS}}}text"), f"{{{TBX_NS}}}body")
    for tid, term in terms.items():
        concept = ET.SubElement(body, f"{{{TBX_NS}}}conceptEntry", {"id": tid})
        if term.note:
            ET.SubElement(concept, f"{{{TBX_NS}}}note").text = term.note
        for lang in LANGS:
            sec = ET.SubElement(concept, f"{{{TBX_NS}}}langSec", {XML_LANG: lang})
            ET.SubElement(
                ET.SubElement(sec, f"{{{TBX_NS}}}termSec"), f"{{{TBX_NS}}}term"
            ).text = term.rendering(lang)
            for word in _avoided(term, lang):
                tsec = ET.SubElement(sec, f"{{{TBX_NS}}}termSec")
                ET.SubElement(tsec, f"{{{TBX_NS}}}term").text = word
                note = ET.SubElement(
                    tsec, f"{{{TBX_NS}}}termNote", {"type": "administrativeStatus"}
                )
                note.text = "deprecatedTerm-admn-sts"
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def glossary_csv(terms: Mapping[str, GlossaryTerm]) -> str:
    """The terms as CSV: id, one column per language, the note."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", *LANGS, "note"])
    for tid, term in terms.items():
        writer.writerow([tid, *(term.rendering(lang) for lang in LANGS), term.note or ""])
    return out.getvalue()


def glossary_export(folder: Path, fmt: str) -> str:
    """The glossary of the game in ``folder`` as ``fmt`` (tbx or csv)."""
    game, terms = load_glossary(folder)
    return glossary_tbx(game, terms) if fmt == "tbx" else glossary_csv(terms)
