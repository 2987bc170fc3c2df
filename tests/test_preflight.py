"""``pnp preflight``: each check finds its problem on a face made to have it, and only there."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from generator.export.preflight import fonts_and_text_sizes, preflight, preflight_checked
from generator.export.vendors import vendor
from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions

from .helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"


def _game(root: Path, boxes: str, background: str | None = '"#f4ecd8"') -> Path:
    game = root / "content" / "flawed"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: flawed\ntitle: Flawed\nlanguages: [en]\ncomponents:\n"
        "  - {id: deck, kind: cards, title: Deck, items: cards.yaml, size: poker, layout: front}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text("items:\n  - {id: one, name: Hello}\n", encoding="utf-8")
    head = "id: front\n" + (f"background: {background}\n" if background else "")
    (game / "layouts" / "front.yaml").write_text(head + "boxes:\n" + boxes, encoding="utf-8")
    return game


GOOD = "  - {kind: text, x: 10mm, y: 10mm, w: 40mm, h: 10mm, text: '{{ name }}', size: 10pt}\n"


def test_a_clean_game_passes_and_exits_zero(tmp_path: Path) -> None:
    game = _game(tmp_path, GOOD)
    result = pnp("preflight", str(game), "--vendor", "drivethrucards")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "deck: 0 problems in 1 faces" in result.stdout


def test_small_text_is_reported_with_its_size(tmp_path: Path) -> None:
    small = GOOD.replace("size: 10pt", "size: 5pt, min_size: 4pt")
    result = pnp("preflight", str(_game(tmp_path, small)))
    assert result.returncode == 1
    assert "one (front) text-size: text set at 5.0 pt, under 6 pt" in result.stdout


def test_text_drawn_outside_the_safe_zone_is_reported(tmp_path: Path) -> None:
    edge = GOOD.replace("x: 10mm", "x: 0.5mm")
    report = preflight(_game(tmp_path, edge), "tgc")
    (finding,) = report.findings
    assert finding.check == "safe-zone" and "'Hello'" in finding.message  # the word, whole


def test_an_image_under_300_dpi_at_print_size_is_reported(tmp_path: Path) -> None:
    box = "  - {kind: image, x: 10mm, y: 10mm, w: 25.4mm, h: 25.4mm, src: art.png}\n"
    game = _game(tmp_path, GOOD + box)
    Image.new("RGB", (150, 150), (200, 30, 30)).save(game / "art.png")
    report = preflight(game)
    (finding,) = report.findings
    assert finding.check == "image-dpi" and "150 dpi" in finding.message
    Image.new("RGB", (300, 300), (200, 30, 30)).save(game / "art.png")
    assert preflight(game).ok


def test_art_that_stops_at_the_trim_is_missing_bleed(tmp_path: Path) -> None:
    frame = (  # a polygon is drawn as written: it is not carried into the bleed
        "  - {kind: polygon, x: 0, y: 0, w: 100%, h: 100%, fill: '#203060',"
        " points: [[0, 0], [100%, 0], [100%, 100%], [0, 100%]]}\n"
    )
    report = preflight(_game(tmp_path, frame + GOOD, background=None))
    assert [f.check for f in report.findings] == ["bleed"]
    assert preflight(_game(tmp_path / "b", GOOD, background='"#203060"')).ok


def test_fonts_not_embedded_and_text_sizes_are_read_from_the_pdf() -> None:
    buf = io.BytesIO()
    c = Canvas(buf)
    c.setFont("Helvetica", 4)  # a standard font: reportlab never embeds it
    c.drawString(100, 100, "tiny")
    c.save()
    found = list(fonts_and_text_sizes(buf.getvalue()))
    assert (0, "font", "/Helvetica") in found and (0, "size", 4.0) in found


def test_ink_over_the_vendor_limit_is_reported(tmp_path: Path) -> None:
    band = "  - {kind: frame, x: 0, y: 0, w: 100%, h: 30mm, fill: '#000000'}\n"
    game = _game(tmp_path, band + GOOD)
    checked = check_game(game, BuildOptions(langs=("en",)))
    v = vendor("drivethrucards")
    assert preflight_checked(checked, v, "en").ok  # rich black is 240 %: at the limit
    strict = v._replace(ink_limit=200)
    (finding,) = preflight_checked(checked, strict, "en").findings
    assert finding.check == "ink" and finding.message.startswith("up to 240 %")


def test_shipped_game_with_small_counter_text_fails(tmp_path: Path) -> None:
    result = pnp("preflight", str(GAMES / "sample"), "--vendor", "tgc")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "tokens: 9 problems in 6 faces" in result.stdout and "text-size" in result.stdout


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh-Hant", "文字大小 5.0 pt，小於 6 pt"), ("zh-Hans", "文字大小 5.0 pt，小于 6 pt")],
)
def test_the_report_speaks_the_language_of_lang(tmp_path: Path, lang: str, words: str) -> None:
    small = GOOD.replace("size: 10pt", "size: 5pt, min_size: 4pt")
    game = _game(tmp_path, small)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(
        text.replace("[en]", "[en, zh-Hant, zh-Hans]"), encoding="utf-8"
    )
    result = pnp("preflight", str(game), "--lang", lang)
    assert result.returncode == 1
    assert words in result.stdout and "(正面) text-size" in result.stdout


@pytest.mark.parametrize(
    ("words", "lang", "said"),
    [
        (("preflight",), "zh-Hant", "印刷廠會退件"),
        (("preflight",), "zh-Hans", "印刷厂会退稿"),
        (("export", "print"), "zh-Hant", "依印刷廠的要求"),
        (("export", "print"), "zh-Hans", "按印刷厂的要求"),
        (("export", "tts"), "zh-Hant", "每張牌組拼圖會放較少的牌"),
        (("export", "tts"), "zh-Hans", "每张牌组拼图会放较少的牌"),
    ],
)
def test_help_pages_are_in_the_language_of_lang(
    words: tuple[str, ...], lang: str, said: str
) -> None:
    result = pnp(*words, "--help", "--lang", lang)
    assert result.returncode == 0, result.stderr
    assert said in result.stdout and "Options" not in result.stdout


def test_quotes_name_whole_words_as_the_source_wrote_them(tmp_path: Path) -> None:
    """A word half outside the safe zone is quoted whole ('EDGE', not 'GE'), and words from
    different lines are not run together."""
    box = (
        "  - {kind: text, x: 1mm, y: 10mm, w: 22mm, h: 30mm, size: 9pt,"
        " text: 'EDGE of each line touches the target'}\n"
    )
    report = preflight(_game(tmp_path, box), "drivethrucards")
    (finding,) = report.findings
    assert finding.check == "safe-zone"
    quoted = finding.message.split("'")[1]
    source = ["EDGE", "of", "each", "line", "touches", "the", "target"]
    assert quoted.split()[0] == "EDGE"
    assert all(word in source for word in quoted.split()), quoted
