"""Every Chinese PDF the shipped games print reads as Chinese, checked with the checker's lexicon.

The shipped games are built once (``pnp build``: every component PDF, plus the rule sheets and
player aids ``pnp rules build`` makes); the text of every ``*.zh-Hant.pdf`` and ``*.zh-Hans.pdf``
is extracted with pypdf and must hold:

- no English chrome: none of the program's own printed words in English, and no lower-case
  English word at all beyond notation, item ids and the bracketed gloss after a term's first use;
- no converter mistranslation (``regional.yaml``'s converter_errors, e.g. 运行 for 執行);
- no other-region vocabulary (the lexicon's Taiwan-only words in zh-Hans, mainland-only in
  zh-Hant, and the source side of the game-vocabulary phrase table), and no Traditional
  character left in a Simplified PDF.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.loader import find_games, load_game
from generator.locale import catalogue_path
from generator.rules.translator import english_words
from generator.text.regional import CONVERTER, regional_forms, traditional_characters

from .helpers import ROOT, ShippedBuild

GAMES = [p.name for p in find_games(ROOT / "content")]
LANGS = ("zh-Hant", "zh-Hans")
# how each language's sheets caption the scale bar: proof that the chrome is there, in Chinese
SCALE_CAPTION = {
    "zh-Hant": "50 公釐——以 100%（實際大小）列印",
    "zh-Hans": "50 毫米——按 100%（实际大小）打印",
}


@pytest.fixture(scope="module")
def out(shipped: ShippedBuild) -> Path:
    return shipped.built(*GAMES)


def _english_chrome() -> list[str]:
    """The program's printed words in English: the message ids of the sheets' catalogue block."""
    import polib

    files = ("layout/impose.py", "render/", "rules/sheet.py")
    return [
        e.msgid
        for e in polib.pofile(str(catalogue_path("zh-Hant")))
        if any(f in ref for ref, _ in e.occurrences for f in files)
        and len(re.findall(r"[a-z]{3,}", e.msgid)) >= 2  # a phrase, not a lone mark
    ]


def _item_ids(game: str) -> set[str]:
    loaded = load_game(ROOT / "content" / game)
    return {item.id for component in loaded.components for item in component.items}


def _pdfs(out: Path, game: str) -> list[tuple[Path, str]]:
    found = [(p, lang) for lang in LANGS for p in sorted((out / game).glob(f"*.{lang}.pdf"))]
    assert found, f"no Chinese PDF built for {game}"
    return found


def _text(path: Path) -> str:
    """The PDF's text, its lines joined (a gloss may break over two lines)."""
    return " ".join(page.extract_text() for page in PdfReader(str(path)).pages).replace("\n", " ")


def test_the_english_chrome_list_is_the_sheets_words() -> None:
    chrome = _english_chrome()
    assert "50 mm — print at 100% (actual size)" in chrome
    assert "shared cut lines" in chrome
    assert len(chrome) >= 15


@pytest.mark.parametrize("game", GAMES)
def test_no_chinese_pdf_prints_english_chrome_or_stray_english(out: Path, game: str) -> None:
    chrome = _english_chrome()
    ids = _item_ids(game)
    for path, lang in _pdfs(out, game):
        text = _text(path)
        assert [c for c in chrome if c in text] == [], path.name
        words = [w for w in english_words(text) if not any(w in i for i in ids)]
        assert words == [], (path.name, words)
        if path.name.split(".")[0] not in ("rules",):
            assert SCALE_CAPTION[lang] in text, path.name


@pytest.mark.parametrize("game", GAMES)
def test_no_chinese_pdf_holds_a_converter_mistranslation(out: Path, game: str) -> None:
    for path, lang in _pdfs(out, game):
        found = [f.form for f in regional_forms(_text(path), lang) if f.region == CONVERTER]
        assert found == [], path.name


@pytest.mark.parametrize("game", GAMES)
def test_no_chinese_pdf_holds_the_other_regions_vocabulary(out: Path, game: str) -> None:
    for path, lang in _pdfs(out, game):
        text = _text(path)
        found = [(f.form, f.use) for f in regional_forms(text, lang) if f.region != CONVERTER]
        if lang == "zh-Hans":
            found += traditional_characters(text)
        assert found == [], path.name


@pytest.mark.parametrize(
    ("text", "lang", "region"),
    [
        ("然后运行这张卡", "zh-Hans", CONVERTER),
        ("启动一个部队", "zh-Hans", "Taiwan"),
        ("看著屏幕", "zh-Hant", "mainland"),
    ],
)
def test_the_lexicon_used_here_finds_a_planted_word(text: str, lang: str, region: str) -> None:
    assert [f.region for f in regional_forms(text, lang)] == [region]


@pytest.mark.parametrize(("lang", "unit"), [("zh-Hant", "公分"), ("zh-Hans", "厘米")])
def test_a_chinese_ruler_names_its_unit_in_the_sheets_language(
    out: Path, lang: str, unit: str
) -> None:
    """Seed 001: range in 10 cm bands; the bands are labelled in the reader's own unit word."""
    text = _text(out / "ragnarok" / f"ruler.{lang}.pdf")
    assert unit in text
    assert re.search(r"(?<![A-Za-z])cm(?![A-Za-z])", text) is None
