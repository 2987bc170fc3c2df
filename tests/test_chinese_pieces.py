"""No English on a Chinese sheet: every PDF a Chinese language gets, read back with pypdf.

Every shipped game is built; the text of each PDF but the English ones is split into Latin
words, and each word must be a proper name or notation: dice notation (``2d6``, ``Nd6>=5``),
piece and tile marks (``A``, ``B2``, Barons' ``4M``), Roman numerals, paper names (``A4``), a
version (``v2``), the publisher's name from ``game.yaml`` and the designers credited on the rule
sheet. A rule sheet may also carry the English of a glossary term after its Chinese (the gloss at
its first use, as the print conventions say); a piece may not. The check is shown to fail on an
English sheet label (the slug) and on an item id printed on a face, both planted in a copy of a
game.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from tests.helpers import ROOT, pnp

GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))

# a run of Latin letters and digits, with inner hyphens and apostrophes ("Rag'narok", "in-play")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’]*(?:-[A-Za-z0-9'’]+)*")
# dice notation as the sheets print it, removed before the words are read: 2d6, 1d[d10],
# Nd6>=5r0, 4d6>=Nr4, d6+1
DICE = re.compile(r"(?<![A-Za-z])[0-9N]*d(?:\d+|\[d\d+\]|%)[0-9A-Za-z<>=!+\-*/()\[\]]*")
NOTATION = [
    re.compile(r"\d*x?[A-Z]\d*"),  # a mark or tile place (A, B2), a stat code (4M, 2xM), A4
    re.compile(r"[IVX]+"),  # Roman numerals (Barons' capitals I to VI)
    re.compile(r"v\d+(?:\.\d+)*"),  # a version (v2.0)
]
# people credited on the rule sheets (the designers), proper names the glossary does not hold
CREDITED = {"barons-of-fyn": {"Joshua", "Howard", "Bruce", "Biskup"}}


def _words(text: str) -> list[str]:
    """The Latin words of ``text`` (runs holding a letter) that are not dice notation."""
    return [w for w in WORD.findall(DICE.sub(" ", text)) if re.search("[A-Za-z]", w)]


def _english_of_glossary(game: Path) -> set[str]:
    """The words of the glossary's English terms, lower-cased (a rule sheet's glosses)."""
    path = game / "rules" / "glossary.yaml"
    if not path.is_file():
        return set()
    terms = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("terms") or {}
    words: set[str] = set()
    for term in terms.values():
        en = term.get("en") if isinstance(term, dict) else None
        if isinstance(en, str):
            words |= {w.lower() for w in _words(en)}
    return words


def _proper_names(game: Path) -> set[str]:
    """The publisher's name from ``game.yaml`` and the credited designers."""
    spec = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    publisher = spec.get("publisher") or ""
    # the publisher's name, without the words that describe it ("free print-and-play")
    name = publisher.split("(")[0].split(",")[0]
    names = {w for w in _words(name) if w[:1].isupper()}
    return names | CREDITED.get(game.name, set())


def english_words(pdf: Path, game: Path) -> list[str]:
    """Each word of ``pdf``'s text that is neither a proper name nor notation, as
    ``page N: word``."""
    names = _proper_names(game)
    glosses = _english_of_glossary(game) if pdf.name.startswith(("rules.", "aids.")) else set()
    found = []
    for n, page in enumerate(PdfReader(pdf).pages, 1):
        for word in _words(page.extract_text() or ""):
            if word in names or word.lower() in glosses:
                continue
            if any(p.fullmatch(word) for p in NOTATION):
                continue
            found.append(f"page {n}: {word}")
    return found


def chinese_pdfs(out: Path) -> list[Path]:
    """Every PDF a Chinese reader gets: its own and any shared by all languages."""
    return sorted(p for p in out.glob("*.pdf") if ".en." not in p.name and ".en+" not in p.name)


@pytest.mark.parametrize("game", GAMES)
def test_every_chinese_pdf_prints_no_english_but_names_and_notation(shipped, game: str) -> None:
    out = shipped.built(game) / game
    pdfs = chinese_pdfs(out)
    assert pdfs, f"{game}: no Chinese PDF was built"
    offenders = {
        p.name: words[:12] for p in pdfs if (words := english_words(p, ROOT / "content" / game))
    }
    assert not offenders, offenders


@pytest.mark.parametrize("game", GAMES)
def test_every_component_is_one_pdf_per_language_even_without_words_on_its_faces(
    shipped, game: str
) -> None:
    out = shipped.built(game) / game
    shared = [p.name for p in out.glob("*.pdf") if p.name.count(".") < 2]
    assert not shared, f"{game}: files shared by every language: {shared}"
    label = {"zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
    for lang, name in label.items():
        for pdf in out.glob(f"*.{lang}.pdf"):
            if pdf.name.startswith(("rules.", "aids.")):
                continue
            first = PdfReader(pdf).pages[0].extract_text() or ""
            assert name in first, f"{pdf.name}: its label does not name {name}"


@pytest.mark.parametrize("game", ["maquis", "pocket-battles"])
def test_a_chinese_build_on_letter_folded_with_guides_and_tuck_boxes_prints_no_english(
    tmp_path: Path, game: str
) -> None:
    out = tmp_path / "out"
    done = pnp(
        "build", game, "--out", str(out), "--no-rules", "--lang", "zh-Hant", "--lang", "zh-Hans",
        "--paper", "Letter", "--duplex", "fold", "--proof", "--tuck-box",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    pdfs = chinese_pdfs(out / game)
    assert any(".tuckbox." in p.name for p in pdfs)
    offenders = {p.name: w[:12] for p in pdfs if (w := english_words(p, ROOT / "content" / game))}
    assert not offenders, offenders


def _copy(game: str, tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / game, content / game)
    return content


def _build_zh_hant(content: Path, game: str, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    done = pnp(
        "build", game, "--content", str(content), "--out", str(out), "--lang", "zh-Hant",
        "--no-rules",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return out / game


def test_the_check_finds_an_english_sheet_label_planted_in_a_chinese_sheet(
    tmp_path: Path,
) -> None:
    content = _copy("pocket-battles", tmp_path)
    game_yaml = content / "pocket-battles" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    planted = text.replace("zh-Hant: 部隊卡（獸人）", "zh-Hant: Orc troop cards", 1)
    assert planted != text
    game_yaml.write_text(planted, encoding="utf-8")
    out = _build_zh_hant(content, "pocket-battles", tmp_path)
    found = english_words(out / "troops-orcs.zh-Hant.pdf", content / "pocket-battles")
    assert any(w.endswith(": troop") for w in found), found
    # the same component in the shipped words passes
    clean = _copy("pocket-battles", tmp_path / "clean")
    out = _build_zh_hant(clean, "pocket-battles", tmp_path / "clean")
    assert english_words(out / "troops-orcs.zh-Hant.pdf", clean / "pocket-battles") == []


def test_the_check_finds_an_item_id_printed_on_a_chinese_face(tmp_path: Path) -> None:
    content = _copy("ragnarok", tmp_path)
    overlays = content / "ragnarok" / "overlays.yaml"
    text = overlays.read_text(encoding="utf-8")
    planted = re.sub(r'tag: \{en: "Templars", zh-Hant: "[^"]*"\}', 'tag: "griffin-templars"', text)
    assert planted != text
    overlays.write_text(planted, encoding="utf-8")
    out = _build_zh_hant(content, "ragnarok", tmp_path)
    found = english_words(out / "overlays.zh-Hant.pdf", content / "ragnarok")
    assert any(w.endswith(": griffin-templars") for w in found), found
