"""Shared presets and layouts in templates/: any game names them, a game overrides them.

The fixture game ``tests/fixtures/games/shared`` has no layouts of its own; every face comes
from ``templates/layouts``. Tests read the real PDFs.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests import pdfcheck
from tests.helpers import ROOT, pnp

MM = 72 / 25.4
GAMES = ROOT / "tests" / "fixtures" / "games"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("shared")
    result = pnp("build", "--content", str(GAMES), "--out", str(out), "--no-rules", "shared")
    assert result.returncode == 0, result.stderr
    return out / "shared"


def test_a_game_with_no_layouts_prints_from_the_shared_ones(built: Path) -> None:
    assert not (GAMES / "shared" / "layouts").exists()
    assert "Scout" in pdfcheck.text(built / "cards.en.pdf")
    assert "斥候" in pdfcheck.text(built / "cards.zh-Hant.pdf")
    track = pdfcheck.text(built / "track.en.pdf")
    assert "Fate track" in track and all(str(n) in track.split() for n in range(16))
    assert "Archers" in pdfcheck.text(built / "counters.en.pdf")


def test_shared_ruler_has_centimetre_ticks_and_a_check_length(built: Path) -> None:
    reader = PdfReader(str(built / "ruler.en.pdf"))
    xobjects = reader.pages[0]["/Resources"].get_object()["/XObject"]
    form = next(xobjects[n] for n in xobjects if str(n).startswith("/FormXob.face"))
    ops = list(ContentStream(form.get_object(), reader).operations)
    starts = [o for o in ops if o[1] == b"m"]
    lines = []
    for n, (args, op) in enumerate(ops):
        if op == b"l" and ops[n - 1][1] == b"m":
            (x1, y1), (x2, y2) = [float(v) for v in ops[n - 1][0]], [float(v) for v in args]
            lines.append((x1, y1, x2, y2))
    assert starts
    short = sorted(
        {round(x1, 3) for x1, y1, x2, y2 in lines if x1 == x2 and abs(y1 - y2 - 5 * MM) < 0.01}
    )
    assert len(short) == 31
    assert all(abs((b - a) - 10 * MM) < 0.1 * MM for a, b in zip(short, short[1:], strict=False))
    check = [x2 - x1 for x1, y1, x2, y2 in lines if y1 == y2 and x2 > x1]
    assert any(abs(w - 100 * MM) < 0.1 * MM for w in check)
    assert "check: 100 mm" in pdfcheck.text(built / "ruler.en.pdf")
    # the check length's note is in the sheet's language
    zh = pdfcheck.text(built / "ruler.zh-Hant.pdf")
    assert "校對長度：100 公釐" in zh and "check" not in zh


def test_shared_hex_map_fills_its_face(built: Path) -> None:
    reader = PdfReader(str(built / "map.en.pdf"))
    xobjects = reader.pages[0]["/Resources"].get_object()["/XObject"]
    form = next(xobjects[n] for n in xobjects if str(n).startswith("/FormXob.face"))
    paths: list[list[tuple[float, float]]] = []
    for args, op in ContentStream(form.get_object(), reader).operations:
        if op == b"m":
            paths.append([(float(args[0]), float(args[1]))])
        elif op == b"l" and paths:
            paths[-1].append((float(args[0]), float(args[1])))
    hexes = [p for p in paths if len(p) == 6]
    assert len(hexes) >= 12 * 8
    right = max(x for p in hexes for x, _ in p)
    top = max(y for p in hexes for _, y in p)
    assert right <= 280 * MM and right + 19.05 * MM > 280 * MM  # no room for another column
    assert top <= 190 * MM


def test_a_games_own_layout_overrides_the_shared_one(tmp_path: Path) -> None:
    game = tmp_path / "content" / "shared"
    shutil.copytree(GAMES / "shared", game)
    (game / "layouts").mkdir()
    (game / "layouts" / "counter.yaml").write_text(
        "id: counter\nboxes:\n  - {kind: text, x: 0, y: 0, w: 100%, h: 100%, text: 'OWN {{ value }}', size: 5pt}\n",
        encoding="utf-8",
    )
    result = pnp(
        "build",
        "--content",
        str(game.parent),
        "--out",
        str(tmp_path / "out"),
        "--no-rules",
        "--lang",
        "en",
        "shared",
    )
    assert result.returncode == 0, result.stderr
    text = pdfcheck.text(tmp_path / "out" / "shared" / "counters.en.pdf")
    assert "OWN 3" in text and "Archers" not in text


@pytest.mark.parametrize(
    "expr",
    ["flag", "name == 'x'", "name != 'x'", " name=='' ", "flag == 'True'", "true", "none"],
)
@pytest.mark.parametrize("value", ["", "x", "X", 0, 1, 2.5, 0.0, None, True, False])
def test_a_simple_when_is_true_exactly_when_its_template_is(expr: str, value: object) -> None:
    """`when: name`, `name == 'text'` and `name != 'text'` skip the template engine for a plain
    value; each must hold exactly when the jinja expression does."""
    from generator.content.loader import load_game
    from generator.faces.expand import Expander

    game = load_game(ROOT / "tests" / "fixtures" / "games" / "sample")
    expander = Expander(game)
    item = game.components[0].items[0]
    ctx = {"flag": value, "name": value}

    def at() -> tuple:  # type: ignore[type-arg]
        raise AssertionError("no problem expected")

    through_jinja = bool(expander.render("{{ (" + expr + ") and 1 or '' }}", ctx, at, item))
    assert expander.truthy(expr, ctx, at, item) is through_jinja
