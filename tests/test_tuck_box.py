"""``pnp build --tuck-box``: a box for each deck, measured against the deck it holds.

The net's score lines (the dashed folds) are read back from the PDF: the distances between
them are the panels a folded box has, and they must hold the deck: its card size plus the
clearance across, and its card count times the stock's thickness (plus clearance) deep.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.faces.expand import trim_size
from generator.layout.tuckbox import CLEARANCE
from generator.layout.units import MM
from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions

from .helpers import ROOT, pnp

BARONS = ROOT / "content" / "barons-of-fyn"
SAMPLE = ROOT / "tests" / "fixtures" / "games" / "sample"
PAPERS = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0), "A3": (841.89, 1190.55)}
PAPERS["Tabloid"] = (792.0, 1224.0)


def _lines(path: Path) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """(cut segments, score segments) of the net, as drawn (solid and dashed strokes)."""
    cuts: list[tuple[float, ...]] = []
    scores: list[tuple[float, ...]] = []
    with pikepdf.open(path) as pdf:
        dashed, start = False, (0.0, 0.0)
        for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
            name = str(op)
            if name == "d":
                dashed = len(operands[0]) > 0
            elif name == "m":
                start = (float(operands[0]), float(operands[1]))
            elif name == "l":
                seg = (*start, float(operands[0]), float(operands[1]))
                (scores if dashed else cuts).append(seg)
    return cuts, scores


def _build(tmp_path: Path, game: Path, *args: str) -> Path:
    content = tmp_path / "content"
    if not (content / game.name).exists():
        shutil.copytree(game, content / game.name)
    out = tmp_path / "out"
    result = pnp(
        "build", "--content", str(content), "--out", str(out), "--no-rules", "--tuck-box",
        *args, game.name,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return out / game.name


def test_barons_box_folds_to_the_decks_measured_size(tmp_path: Path) -> None:
    folder = _build(tmp_path, BARONS, "--lang", "en")
    checked = check_game(BARONS, BuildOptions(langs=("en",)))
    deck = next(c for c in checked.game.components if c.kind == "cards")
    count = len(checked.copies[(deck.id, "en")])
    card_w, card_h, _shape = trim_size(deck)
    cuts, scores = _lines(folder / f"{deck.id}.tuckbox.en.pdf")
    folds_x = sorted({round(s[0], 2) for s in scores if abs(s[0] - s[2]) < 0.01})
    folds_y = sorted({round(s[1], 2) for s in scores if abs(s[1] - s[3]) < 0.01})
    # glue tab | back | side | front | side: four folds across, three panel widths between
    back, side, front = (b - a for a, b in zip(folds_x, folds_x[1:], strict=False))
    depth = count * 0.3 * MM  # 157 cards of 300 gsm card, 0.3 mm each
    assert back == pytest.approx(card_w + CLEARANCE, abs=0.02)
    assert front == pytest.approx(card_w + CLEARANCE, abs=0.02)
    assert side == pytest.approx(depth + CLEARANCE, abs=0.02)
    # bottom | body | lid: the body holds a card's height, the lid and bottom the deck's depth
    body, lid = (b - a for a, b in zip(folds_y, folds_y[1:], strict=False))
    bottom = folds_y[0] - min(y for s in cuts for y in (s[1], s[3]))
    assert body == pytest.approx(card_h + CLEARANCE, abs=0.02)
    assert bottom == pytest.approx(depth + CLEARANCE, abs=0.02)
    assert lid == pytest.approx(depth + CLEARANCE, abs=0.02)
    # every corner of the cut outline joins exactly two cut edges: one closed outline
    ends: dict[tuple[float, float], int] = {}
    for x1, y1, x2, y2 in cuts:
        for p in ((round(x1, 2), round(y1, 2)), (round(x2, 2), round(y2, 2))):
            ends[p] = ends.get(p, 0) + 1
    corners = {p for p in ends if ends[p] % 2}
    assert not corners, corners
    text = " ".join(
        pypdf.PdfReader(folder / f"{deck.id}.tuckbox.en.pdf").pages[0].extract_text().split()
    )
    assert f"{count} cards of 300gsm" in text and "The Barons of Fyn" in text


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3", "Tabloid"])
@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_a_box_is_drawn_whole_on_every_paper_and_duplex_mode(
    tmp_path: Path, paper: str, duplex: str
) -> None:
    folder = _build(tmp_path, SAMPLE, "--paper", paper, "--duplex", duplex, "--lang", "en")
    (path,) = folder.glob("cards.tuckbox*.pdf")
    with pikepdf.open(path) as pdf:
        (page,) = pdf.pages
        w, h = (float(v) for v in page.MediaBox[2:])
    assert sorted((w, h)) == pytest.approx(sorted(PAPERS[paper]), abs=0.1)
    cuts, scores = _lines(path)
    xs = [x for s in cuts for x in (s[0], s[2])]
    ys = [y for s in cuts for y in (s[1], s[3])]
    with pikepdf.open(path) as pdf:
        ops = pikepdf.parse_content_stream(pdf.pages[0])
        moves = [(float(o[0][4]), float(o[0][5])) for o in ops if str(o[1]) == "cm"]
        dx, dy = next(m for m in moves if m != (0.0, 0.0))  # the net's corner on the page
    assert dx + min(xs) >= 4 * MM - 0.01 and dy + min(ys) >= 4 * MM - 0.01
    assert dx + max(xs) <= w - 4 * MM + 0.01 and dy + max(ys) <= h - 4 * MM + 0.01


def test_the_box_barons_needs_turns_a4_and_letter_on_their_side(tmp_path: Path) -> None:
    for paper in ("A4", "Letter"):
        folder = _build(tmp_path / paper, BARONS, "--paper", paper, "--lang", "en")
        with pikepdf.open(folder / "deck.tuckbox.en.pdf") as pdf:
            w, h = (float(v) for v in pdf.pages[0].MediaBox[2:])
        assert w > h  # landscape: the net is wider than a portrait sheet


@pytest.mark.parametrize(
    ("lang", "glue", "title"), [("zh-Hant", "黏貼", "菲恩男爵"), ("zh-Hans", "涂胶", "菲恩男爵")]
)
def test_the_box_speaks_the_sheets_language(
    tmp_path: Path, lang: str, glue: str, title: str
) -> None:
    folder = _build(tmp_path, BARONS, "--lang", lang)
    text = pypdf.PdfReader(folder / f"deck.tuckbox.{lang}.pdf").pages[0].extract_text()
    assert glue in text and title in text and "glue" not in text


def _tarot_game(tmp_path: Path, cards: int, extra: str = "") -> Path:
    """A game of ``cards`` tarot cards in one component (``extra``: more of its settings)."""
    game = tmp_path / "content" / "big"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: big\ntitle: Big\ncomponents:\n"
        "  - {id: deck, kind: cards, title: Deck, items: cards.yaml, size: tarot, layout: f"
        f"{extra}}}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text(f"items:\n  - {{id: a, qty: {cards}}}\n", encoding="utf-8")
    (game / "layouts" / "f.yaml").write_text(
        "id: f\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 30mm, h: 8mm, text: A}\n", "utf-8"
    )
    return game


@pytest.mark.parametrize(
    ("lang", "named"),
    [("en", ["A3", "Tabloid"]), ("zh-Hant", ["A3", "小報"]), ("zh-Hans", ["A3", "小报"])],
)
def test_a_box_too_big_for_a4_names_the_papers_that_hold_it(
    tmp_path: Path, lang: str, named: list[str]
) -> None:
    # 150 tarot cards: a net about 242 x 229 mm, too big for A4 and Letter either way
    game = _tarot_game(tmp_path, 150)
    result = pnp("--lang", lang, "build", "--content", str(game.parent), "--out",
                 str(tmp_path / "out"), "--no-rules", "--tuck-box", "--paper", "A4", "big")  # fmt: skip
    assert result.returncode == 1 and "Traceback" not in result.stderr
    hint = result.stderr.rsplit("A4", 1)[1]  # what the message says after the paper refused
    assert all(name in hint for name in named), result.stderr
    assert "Letter" not in hint and "信" not in hint  # Letter does not hold it either
    folder = _build(tmp_path, game, "--paper", named[0], "--lang", "en")
    with pikepdf.open(folder / "deck.tuckbox.pdf") as pdf:
        assert sorted(float(v) for v in pdf.pages[0].MediaBox[2:]) == pytest.approx(
            sorted(PAPERS["A3"]), abs=0.1
        )


def test_a_box_too_big_for_the_paper_is_refused_at_the_component(tmp_path: Path) -> None:
    _tarot_game(tmp_path, 300)
    out = tmp_path / "out"
    result = pnp("build", "--content", str(tmp_path / "content"), "--out", str(out),
                 "--no-rules", "--tuck-box", "--paper", "A4", "big")  # fmt: skip
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "big/game.yaml:" in result.stderr and "does not fit on A4" in result.stderr
    # 300 tarot cards: no paper holds the box, and the message does not pretend one does
    assert "nor on any paper offered" in result.stderr and "A3" not in result.stderr
    assert "decks: by" in result.stderr
    assert not list(out.rglob("*.pdf"))  # nothing written, not even the deck's sheets


def test_an_unknown_stock_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    result = pnp("build", "--content", str(SAMPLE.parent), "--out", str(tmp_path),
                 "--tuck-box", "--stock", "cardboard", "--no-rules", "sample")  # fmt: skip
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "cardboard" in result.stderr and "300gsm" in result.stderr


def _folds(page: pypdf.PageObject) -> tuple[list[float], list[float]]:
    """The x of every upright score line and the y of every level one on a net's page."""
    dashed, start = False, (0.0, 0.0)
    xs: set[float] = set()
    ys: set[float] = set()
    for operands, op in pypdf.generic.ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"d":
            dashed = len(operands[0]) > 0
        elif op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l" and dashed:
            x, y = float(operands[0]), float(operands[1])
            if abs(x - start[0]) < 0.01:
                xs.add(round(x, 2))
            elif abs(y - start[1]) < 0.01:
                ys.add(round(y, 2))
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize("paper", ["letter", "a3", "A4", "Tabloid"])
def test_manoeuvre_boxes_each_nation_deck_on_every_paper(tmp_path: Path, paper: str) -> None:
    # seed 004: each nation's deck is 60 cards, shuffled on its own; 8 nations, 8 boxes
    manoeuvre = ROOT / "content" / "manoeuvre"
    folder = _build(tmp_path, manoeuvre, "--paper", paper, "--lang", "en")
    reader = pypdf.PdfReader(folder / "cards.tuckbox.en.pdf")
    assert len(reader.pages) == 8
    named = {"A4": "A4", "A3": "A3", "LETTER": "Letter", "TABLOID": "Tabloid"}[paper.upper()]
    depth = 60 * 0.3 * MM + CLEARANCE
    nations = set()
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert sorted((w, h)) == pytest.approx(sorted(PAPERS[named]), abs=0.1)
        folds_x, _folds_y = _folds(page)
        back, side, front = (b - a for a, b in zip(folds_x, folds_x[1:], strict=False))
        assert side == pytest.approx(depth, abs=0.02)
        assert back == pytest.approx(63.5 * MM + CLEARANCE, abs=0.02)
        text = " ".join(page.extract_text().split())
        assert "60 cards of 300gsm" in text
        nations |= {n for n in ("France", "Britain", "Austria", "Prussia", "Russia", "Spain",
                                "Ottoman", "United States") if n in text}  # fmt: skip
    assert len(nations) == 8, nations
    # overlays go into the sleeves of the boxed game's cards: no box of their own
    assert not list(folder.glob("overlays.tuckbox*"))


def test_cards_that_name_no_deck_are_refused_at_the_component(tmp_path: Path) -> None:
    _tarot_game(tmp_path, 3, ", decks: {by: nation}")
    result = pnp("build", "--content", str(tmp_path / "content"), "--out", str(tmp_path / "out"),
                 "--no-rules", "--tuck-box", "big")  # fmt: skip
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "big/game.yaml:" in result.stderr and "components[0].decks" in result.stderr
    assert "card a has no field nation" in result.stderr
