"""What a user writes is what prints: language-limited builds, font sizes, declared fonts.

Each test builds a small game with the real `pnp` command and reads the PDF back.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from pypdf import PdfReader

from generator.render.fonts import FONT_DIR
from tests import pdfcheck
from tests.helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"


def _build(content: Path, out: Path, *args: str) -> None:
    result = pnp("build", "--content", str(content), "--out", str(out), "--no-rules", *args)
    assert result.returncode == 0, result.stderr


def test_a_one_language_build_writes_and_names_only_that_language(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(GAMES, out, "kinds")
    before = {p.name: p.read_bytes() for p in (out / "kinds").glob("*.pdf")}
    assert "squares.en.pdf" in before and "deck.en.pdf" in before
    _build(GAMES, out, "--lang", "zh-Hant", "kinds")
    after = {p.name: p.read_bytes() for p in (out / "kinds").glob("*.pdf")}
    for name, data in before.items():  # nothing of the full build is removed or changed
        assert after[name] == data, name
    assert "deck.zh-Hant.pdf" in after and "squares.zh-Hant.pdf" in after
    label = PdfReader(str(out / "kinds" / "deck.zh-Hant.pdf")).pages[0].extract_text()
    # the label names the one language it prints, in that language's own words
    assert "繁體中文" in label and "所有語言" not in label and "all languages" not in label


def _game(tmp_path: Path, layout: str, fonts: str = "") -> Path:
    game = tmp_path / "content" / "g"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: g\ntitle: G\n" + fonts + "components:\n"
        "  - {id: cards, kind: cards, title: Cards, items: cards.yaml, size: poker, layout: front}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text("items: [{id: a, name: Alpha}]\n", encoding="utf-8")
    (game / "layouts" / "front.yaml").write_text(layout, encoding="utf-8")
    return game.parent


def _font_sizes(pdf: Path) -> set[float]:
    return {float(args[1]) for args, op in pdfcheck.operations(pdf, 0) if op == b"Tf"}


def test_a_bare_font_size_is_points(tmp_path: Path) -> None:
    content = _game(
        tmp_path,
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: '{{ name }}', size: 9}\n",
    )
    _build(content, tmp_path / "out", "g")
    sizes = _font_sizes(tmp_path / "out" / "g" / "cards.pdf")
    assert 9.0 in sizes and all(s < 20 for s in sizes)  # 9 mm would be 25.5 pt


def test_a_declared_font_is_embedded_and_used(tmp_path: Path) -> None:
    content = _game(
        tmp_path,
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: '{{ name }}', font: display}\n",
        fonts="fonts:\n  display: {regular: fonts/display.ttf}\n",
    )
    (content / "g" / "fonts").mkdir()
    shutil.copy(
        FONT_DIR / "DejaVuSansCondensed-Oblique.ttf", content / "g" / "fonts" / "display.ttf"
    )
    _build(content, tmp_path / "out", "g")
    fonts = pdfcheck.fonts(tmp_path / "out" / "g" / "cards.pdf")
    # regular text would be set upright: the declared (slanted) face drew it, embedded
    assert any("Oblique" in name and emb for name, emb in fonts)
    assert all(emb for _, emb in fonts)
