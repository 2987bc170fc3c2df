"""Boards, map tiles, rulers, templates, round tokens and dice labels, measured in the real PDFs.

Every figure here is read back from the PDF the ``pnp build`` command writes for the fixture
game ``tests/fixtures/games/kinds``: tile edges from the alignment lines, hex cells from their
outlines, ruler ticks from the board's drawing, cut circles from their paths.
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests import pdfcheck
from tests.helpers import ROOT, pnp

MM = 72 / 25.4
GAMES = ROOT / "tests" / "fixtures" / "games"
ALIGN = (0.85, 0.0, 0.55)


@cache
def _build(paper: str, out: str) -> Path:
    result = pnp(
        "build", "--content", str(GAMES), "--out", out, "--no-rules", "--paper", paper, "kinds"
    )
    assert result.returncode == 0, result.stderr
    return Path(out) / "kinds"


@pytest.fixture(scope="module")
def out_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kinds")


def built(out_root: Path, paper: str = "A4") -> Path:
    return _build(paper, str(out_root / paper))


def _stroked_segments(
    ops: list[tuple[list, bytes]], rgb: tuple[float, ...]
) -> list[tuple[float, ...]]:
    """Segments drawn while the stroke colour is ``rgb``."""
    out, colour, start = [], None, None
    for args, op in ops:
        if op == b"RG":
            colour = tuple(round(float(v), 3) for v in args)
        elif op == b"m":
            start = tuple(float(v) for v in args)
        elif op == b"l" and start is not None and colour == rgb:
            x, y = (float(v) for v in args)
            out.append((*start, x, y))
    return out


def _paths(ops: list[tuple[list, bytes]]) -> list[list[tuple[float, float]]]:
    """Every path's points (m, l and the end points of c), closed or not."""
    paths: list[list[tuple[float, float]]] = []
    for args, op in ops:
        if op == b"m":
            paths.append([(float(args[0]), float(args[1]))])
        elif op == b"l" and paths:
            paths[-1].append((float(args[0]), float(args[1])))
        elif op == b"c" and paths:
            paths[-1].append((float(args[4]), float(args[5])))
    return paths


def _form_ops(pdf: Path, page: int, prefix: str = "/FormXob.face") -> list[tuple[list, bytes]]:
    reader = PdfReader(str(pdf))
    xobjects = reader.pages[page]["/Resources"].get_object()["/XObject"]
    name = next(n for n in xobjects if str(n).startswith(prefix))
    return list(ContentStream(xobjects[name].get_object(), reader).operations)


# ---------------------------------------------------------------- boards


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3", "Tabloid"])
def test_board_tiles_reassemble_to_the_declared_size(out_root: Path, paper: str) -> None:
    pdf = built(out_root, paper) / "board.en.pdf"
    pages = pdfcheck.page_count(pdf)
    widths: dict[int, list[float]] = {}
    heights: dict[int, list[float]] = {}
    tiles = pages - 1  # the last page is the assembly map
    assert tiles >= 2
    text = pdfcheck.text(pdf)
    last = re.findall(r"tile (\w+) of (\w+)", text)
    assert last and last[0][1] == last[-1][0]  # "A1 of B4" ... "B4 of B4"
    rows = ord(last[0][1][0]) - ord("A") + 1
    cols = int(last[0][1][1:])
    assert rows * cols == tiles
    for page in range(tiles):
        trim = pdfcheck.boxes(pdf, page)["trimbox"]
        ops = pdfcheck.operations(pdf, page)
        align = _stroked_segments(ops, ALIGN)
        vertical = [s for s in align if abs(s[0] - s[2]) < 1e-6 and abs(s[3] - s[1]) > 50 * MM]
        horizontal = [s for s in align if abs(s[1] - s[3]) < 1e-6 and abs(s[2] - s[0]) > 50 * MM]
        r, c = divmod(page, cols)
        # visible width: to the alignment line where a neighbour follows, else the trim edge
        width = (vertical[0][0] - trim[0]) if vertical else (trim[2] - trim[0])
        height = (trim[3] - horizontal[0][1]) if horizontal else (trim[3] - trim[1])
        assert bool(vertical) == (c < cols - 1) and bool(horizontal) == (r < rows - 1)
        widths.setdefault(r, []).append(width)
        heights.setdefault(c, []).append(height)
        # the board drawn on this tile starts exactly where the tiles before it end
        (bx, by) = pdfcheck.placements(pdf, page)[0]
        assert abs((trim[0] - bx) - sum(widths[r][:-1])) < 0.1 * MM
        assert abs((by + 400 * MM - trim[3]) - sum(heights[c][:-1])) < 0.1 * MM
    for row in widths.values():
        assert abs(sum(row) - 600 * MM) < 0.1 * MM
    for col in heights.values():
        assert abs(sum(col) - 400 * MM) < 0.1 * MM


def test_board_pages_fit_the_paper_with_bleed_on_every_edge(out_root: Path) -> None:
    pdf = built(out_root, "Letter") / "board.en.pdf"
    for page in range(pdfcheck.page_count(pdf) - 1):
        b = pdfcheck.boxes(pdf, page)
        media, trim, bleed = b["mediabox"], b["trimbox"], b["bleedbox"]
        assert abs(media[2] - 8.5 * 72) < 0.01 and abs(media[3] - 11 * 72) < 0.01
        for k in (0, 1):
            assert trim[k] - bleed[k] >= 2.9 * MM and bleed[k] >= 4 * MM
            assert bleed[k + 2] - trim[k + 2] >= 2.9 * MM and media[k + 2] - bleed[k + 2] >= 4 * MM


def test_board_assembly_page_names_every_tile(out_root: Path) -> None:
    pdf = built(out_root) / "board.en.pdf"
    reader = PdfReader(str(pdf))
    last = reader.pages[-1].extract_text()
    assert "assembly" in last and "600 x 400 mm" in last
    for name in ("A1", "A4", "B1", "B4"):
        assert name in last


def test_board_that_fits_prints_on_one_sheet(out_root: Path) -> None:
    pdf = built(out_root) / "template.en.pdf"
    assert pdfcheck.page_count(pdf) == 1
    trim = pdfcheck.boxes(pdf, 0)["trimbox"]
    assert abs(trim[2] - trim[0] - 100 * MM) < 0.02 * MM


# ---------------------------------------------------------------- rulers and templates


def test_ruler_ticks_are_true_to_scale_across_its_strips(out_root: Path) -> None:
    pdf = built(out_root) / "ruler.en.pdf"
    ops = _form_ops(pdf, 0)
    ticks = sorted(
        {round(s[0], 4) for s in _stroked_segments(ops, (0.0, 0.0, 0.0)) if abs(s[0] - s[2]) < 1e-6}
    )
    assert len(ticks) == 31
    for a, b in zip(ticks, ticks[1:], strict=False):
        assert abs((b - a) - 10 * MM) < 0.1 * MM
    assert abs(ticks[-1] - ticks[0] - 300 * MM) < 0.1 * MM
    # two strips on one sheet; the first ends (its alignment line) where the second begins
    trims = [t for t in pdfcheck.placements(pdf, 0)]
    assert len(trims) == 2
    align = [
        s for s in _stroked_segments(pdfcheck.operations(pdf, 0), ALIGN) if abs(s[0] - s[2]) < 1e-6
    ]
    first_visible = align[0][0] - (trims[0][0])
    assert abs(first_visible - 150 * MM) < 0.1 * MM


def test_area_template_has_six_numbered_directions(out_root: Path) -> None:
    pdf = built(out_root) / "template.en.pdf"
    ops = pdfcheck.operations(pdf, 0)
    centre = (50 * MM, 50 * MM)  # the face is drawn in trim coordinates
    spokes = [
        s
        for s in _stroked_segments(ops, (0.0, 0.0, 0.0))
        if abs(s[0] - centre[0]) < 0.01 and abs(s[1] - centre[1]) < 0.01
    ]
    assert len(spokes) == 6
    for s in spokes:
        assert abs(((s[2] - s[0]) ** 2 + (s[3] - s[1]) ** 2) ** 0.5 - 45 * MM) < 0.02 * MM
    text = pdfcheck.text(pdf)
    assert all(str(n) in text for n in range(1, 7))


# ---------------------------------------------------------------- grids and tiles


def test_hex_cells_are_their_declared_size_across_flats(out_root: Path) -> None:
    pdf = built(out_root) / "hexes.en.pdf"
    hexes = [p for p in _paths(pdfcheck.operations(pdf, 0)) if len(p) == 6]
    assert len(hexes) == 2 * 9
    for pts in hexes:
        ys = [y for _, y in pts]  # flat-top hexes: across flats is vertical
        assert abs(max(ys) - min(ys) - 20 * MM) < 0.02 * MM


def test_board_hex_grid_pointy_cells_across_flats(out_root: Path) -> None:
    pdf = built(out_root) / "board.en.pdf"
    hexes = [p for p in _paths(_form_ops(pdf, 0)) if len(p) == 6]
    assert len(hexes) == 9 * 13
    for pts in hexes:
        xs = [x for x, _ in pts]
        assert abs(max(xs) - min(xs) - 40 * MM) < 0.02 * MM


def test_square_tile_terrain_comes_from_item_data(out_root: Path) -> None:
    out = built(out_root)
    text = pdfcheck.text(out / "squares.en.pdf")
    assert text.count("water") == 3 + 2 and text.count("hill") == 2 + 2
    zh = pdfcheck.text(out / "squares.zh-Hant.pdf")
    assert "水" in zh and "water" not in zh


def test_per_item_layout_chooses_the_face(out_root: Path) -> None:
    text = pdfcheck.text(built(out_root) / "deck.en.pdf")
    assert text.count("Lancers") == 2 and "Move a unit two squares." in text


# ---------------------------------------------------------------- cutting and bleed


def test_round_tokens_get_a_cut_circle_of_their_diameter(out_root: Path) -> None:
    pdf = built(out_root) / "discs.en.pdf"
    ops = pdfcheck.operations(pdf, 0)
    circles = []
    grey = False
    for n, (args, op) in enumerate(ops):
        if op == b"RG":
            grey = tuple(round(float(v), 2) for v in args) == (0.35, 0.35, 0.35)
        if grey and op == b"m":
            circles.append(_paths(ops[n : n + 6])[0])
            grey = False
    assert len(circles) == 8  # 5 + 3 copies
    for pts in circles:
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        assert abs(max(xs) - min(xs) - 19.05 * MM) < 0.02 * MM
        assert abs(max(ys) - min(ys) - 19.05 * MM) < 0.02 * MM


def _faces(pdf: Path, page: int) -> list[tuple[tuple[float, ...], tuple[float, float]]]:
    """(art clip rectangle, trim origin) of every face placed on the page."""
    ops = pdfcheck.operations(pdf, page)
    out = []
    for n, (args, op) in enumerate(ops):
        if op == b"cm" and n >= 3 and ops[n - 1][1] == b"n" and ops[n - 2][1] == b"W":
            clip = tuple(float(v) for v in ops[n - 3][0])
            out.append((clip, (float(args[4]), float(args[5]))))
    return out


@pytest.mark.parametrize("component,size", [("deck", (63.5, 88.9)), ("labels", (13.5, 13.5))])
def test_every_free_edge_keeps_its_bleed_on_a_partly_filled_sheet(
    out_root: Path, component: str, size: tuple[float, float]
) -> None:
    pdf = built(out_root) / f"{component}.en.pdf"
    faces = _faces(pdf, 0)
    tw, th = size[0] * MM, size[1] * MM
    trims = [(x, y, x + tw, y + th) for _, (x, y) in faces]
    assert 0 < len(faces) < 9  # a partly filled sheet
    for (cx, cy, cw, ch), (x, y) in faces:
        right_n = any(abs(t[0] - (x + tw)) < 0.01 and abs(t[1] - y) < 0.01 for t in trims)
        left_n = any(abs(t[2] - x) < 0.01 and abs(t[1] - y) < 0.01 for t in trims)
        top_n = any(abs(t[1] - (y + th)) < 0.01 and abs(t[0] - x) < 0.01 for t in trims)
        low_n = any(abs(t[3] - y) < 0.01 and abs(t[0] - x) < 0.01 for t in trims)
        if not left_n:
            assert x - cx >= 2.9 * MM
        if not right_n:
            assert cx + cw - (x + tw) >= 2.9 * MM
        if not low_n:
            assert y - cy >= 2.9 * MM
        if not top_n:
            assert cy + ch - (y + th) >= 2.9 * MM


# ---------------------------------------------------------------- duplex on every orientation


def _landscape_game(tmp_path: Path, paper: str, orientation: str) -> Path:
    game = tmp_path / "content" / "kinds"
    shutil.copytree(GAMES / "kinds", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "    back: {layout: square-tile-back}",
        f"    back: {{layout: square-tile-back}}\n    sheet: {{paper: {paper}, orientation: {orientation}}}",
    )
    (game / "game.yaml").write_text(text, encoding="utf-8")
    return game.parent


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_fronts_for_the_named_flip(
    tmp_path: Path, paper: str, orientation: str, duplex: str
) -> None:
    content = _landscape_game(tmp_path, paper, orientation)
    result = pnp(
        "build",
        "--content",
        str(content),
        "--out",
        str(tmp_path / "out"),
        "--no-rules",
        "--duplex",
        duplex,
        "--lang",
        "en",
        "kinds",
    )
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "out" / "kinds" / "squares.en.pdf"
    media = pdfcheck.boxes(pdf, 0)["mediabox"]
    assert (media[2] > media[3]) == (orientation == "landscape")
    fronts, backs = pdfcheck.placements(pdf, 0), pdfcheck.placements(pdf, 1)
    assert len(fronts) == len(backs) == 2
    # flipping a sheet about an edge mirrors the coordinate across that edge's direction
    long_is_x = media[2] >= media[3]
    mirror_y = (duplex == "long") == long_is_x
    size = 80 * MM
    for (fx, fy), (bx, by) in zip(fronts, backs, strict=True):
        if mirror_y:
            assert abs(bx - fx) < 0.02 * MM and abs(by - (media[3] - fy - size)) < 0.02 * MM
        else:
            assert abs(by - fy) < 0.02 * MM and abs(bx - (media[2] - fx - size)) < 0.02 * MM
    words = PdfReader(str(pdf)).pages[1].extract_text()
    assert f"flip on the {duplex} edge" in words


# ---------------------------------------------------------------- dice labels and estimates


def test_dice_labels_match_the_companions_dice(out_root: Path, tmp_path: Path) -> None:
    text = pdfcheck.text(built(out_root) / "labels.en.pdf")
    assert text.count("hit") == 3 and text.count("block") == 2 and text.count("miss") == 1
    zh = pdfcheck.text(built(out_root) / "labels.zh-Hant.pdf")
    assert zh.count("命中") == 3
    # change the die in table.yaml: the printed labels follow
    content = tmp_path / "content"
    shutil.copytree(GAMES / "kinds", content / "kinds")
    table = content / "kinds" / "table.yaml"
    table.write_text(
        table.read_text(encoding="utf-8").replace("count: 3", "count: 1"), encoding="utf-8"
    )
    result = pnp(
        "build",
        "--content",
        str(content),
        "--out",
        str(tmp_path / "o"),
        "--no-rules",
        "--lang",
        "en",
        "kinds",
    )
    assert result.returncode == 0, result.stderr
    assert pdfcheck.text(tmp_path / "o" / "kinds" / "labels.en.pdf").count("hit") == 1


def test_estimated_items_carry_the_mark_and_the_label_explains_it(out_root: Path) -> None:
    reader = PdfReader(str(built(out_root) / "discs.en.pdf"))
    text = reader.pages[0].extract_text()
    assert text.count("≈") == 3 + 1  # three estimated tokens and the note
    assert "value not known from a source" in text
    deck = PdfReader(str(built(out_root) / "deck.en.pdf")).pages[0].extract_text()
    assert "≈" not in deck


def test_fonts_are_embedded_in_every_new_kind(out_root: Path) -> None:
    for pdf in built(out_root).glob("*.pdf"):
        fonts = pdfcheck.fonts(pdf)
        assert fonts and all(emb for _, emb in fonts), pdf.name


def test_preview_shows_boards_and_backs(tmp_path: Path) -> None:
    from PIL import Image

    for component in ("board", "squares"):
        result = pnp(
            "preview",
            "--content",
            str(GAMES),
            "--out",
            str(tmp_path),
            "--dpi",
            "600",
            "kinds",
            component,
        )
        assert result.returncode == 0, result.stderr
    board = Image.open(tmp_path / "kinds" / "preview" / "board" / "en" / "1.front.png")
    w, h = board.size
    assert w * h <= 36_000_000 and abs(w / h - 606 / 406) < 0.01  # the board with its bleed
    back = Image.open(tmp_path / "kinds" / "preview" / "squares" / "en" / "t1.back.png")
    edge = 86 / 25.4 * 600  # an 80 mm tile with 3 mm bleed each side, at 600 dpi
    assert all(abs(v - edge) <= 1 for v in back.size)
    assert back.getpixel((back.size[0] // 4, back.size[1] // 4)) == (48, 48, 48)


def test_a_games_svg_icons_are_its_own(out_root: Path) -> None:
    mine = pnp("icons", "--content", str(GAMES), "kinds")
    shared = pnp("icons", "--content", str(GAMES), "sample")
    assert mine.returncode == shared.returncode == 0
    assert "hexagon" in mine.stdout.split() and "hexagon" not in shared.stdout.split()
    assert "sword" in mine.stdout.split()  # the shared set stays
    # the SVG hexagon is drawn as vector paths, in the colour the layout asks for (white)
    ops = pdfcheck.operations(built(out_root) / "squares.en.pdf", 0)
    assert any(op == b"rg" and [float(v) for v in args] == [1, 1, 1] for args, op in ops)
    assert len([p for p in _paths(ops) if len(p) == 6 or len(p) == 7]) >= 3 + 4
