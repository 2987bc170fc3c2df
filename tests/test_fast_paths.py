"""The fast paths of the print engine give what the general paths give.

Plain text is laid out without the markup and mixed-script machinery; a JSON items file is read
by the json module; faces that are the same are drawn once. Each is checked against the slow,
general way of doing the same thing.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from generator.content.yamlload import load_yaml_text
from generator.errors import ContentError
from generator.pipeline.options import BuildOptions
from generator.pipeline.run import build_game
from generator.render import text as rtext

from . import pdfcheck

WORDS = st.text(alphabet="abcdeWxyz,.()%!?…·éß中，:;-", min_size=0, max_size=12)


def layout(lines: list[rtext.Line]) -> list[tuple[tuple[str, ...], float]]:
    return [(tuple(p.text for p in line.pieces), round(line.width, 6)) for line in lines]


@settings(max_examples=400, deadline=None)
@given(
    words=st.lists(WORDS, max_size=14),
    seps=st.lists(st.sampled_from([" ", "  ", "\n", " \n", "   "]), min_size=14, max_size=14),
    width=st.sampled_from([4.0, 20.0, 47.5, 90.0, 300.0]),
    style=st.sampled_from([(False, False), (True, False), (False, True)]),
)
def test_fit_lays_out_text_as_the_general_line_breaker_does(
    words: list[str], seps: list[str], width: float, style: tuple[bool, bool]
) -> None:
    markup = "".join(w + s for w, s in zip(words, seps, strict=False)).rstrip("\n")
    bold, italic = style
    fitted = rtext.fit(markup, width, 10_000, 9.0, 9.0, bold=bold, italic=italic)
    spans = rtext.parse_markup(markup, bold=bold, italic=italic)
    lines, _ = rtext.wrap(spans, width, fitted.size)  # (a word wider than the box shrinks it)
    assert layout(fitted.lines) == layout(lines)


def test_plain_and_marked_up_text_break_at_the_same_places() -> None:
    plain = rtext.fit("Move one army to a free region and draw a card.", 60, 500, 9, 9)
    marked = rtext.fit("Move one army to a free region and draw a **card**.", 60, 500, 9, 9)
    assert [len(line.pieces) for line in plain.lines][-1] == 1
    assert len(plain.lines) == len(marked.lines) > 1


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=8),
)
DOCS = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(doc=st.dictionaries(st.text(max_size=5), DOCS, max_size=4))
def test_json_documents_read_the_same_as_through_the_yaml_parser(doc: dict) -> None:
    text = json.dumps(doc, ensure_ascii=False)
    assert read(text, fast=True) == read(text, fast=False)


def read(text: str, *, fast: bool) -> object:
    """The data, or the error lines when the document is refused."""
    try:
        return load_yaml_text(text, "doc.yaml", fast=fast).data
    except ContentError as exc:
        return exc.lines()


@settings(max_examples=200, deadline=None)
@given(doc=st.dictionaries(st.text(max_size=5), DOCS, max_size=4))
def test_block_yaml_reads_the_same_with_and_without_marks(doc: dict) -> None:
    import yaml

    text = yaml.safe_dump(doc, allow_unicode=True)
    assert read(text, fast=True) == read(text, fast=False)


@pytest.mark.parametrize(
    "text",
    ["a: 1\nb: [1, 2]\na: 3\n", "x: &a [1, 2]\ny: *a\n", "base: &b {k: 1}\nthis: {<<: *b, j: 2}\n"],
)
def test_yaml_problems_and_aliases_read_the_same_on_both_paths(text: str) -> None:
    assert read(text, fast=True) == read(text, fast=False)


@pytest.mark.parametrize(
    "text",
    ['{"a": 1e5}', '{"a": 1, "a": 2}', '{"a": NaN}', '{"a": [' * 70 + "]" * 70 + "}"],
)
def test_json_that_yaml_would_read_differently_takes_the_yaml_path(text: str) -> None:
    assert read(text, fast=True) == read(text, fast=False)


def test_marks_of_a_json_file_are_found_when_asked() -> None:
    text = '{"items": [\n  {"id": "a"},\n  {"id": "b", "qty": 2}\n]}'
    loaded = load_yaml_text(text, "cards.yaml")
    where = loaded.marks.locate(("items", 1, "qty"))
    assert (where.line, where.col) == (3, 22)


def build_mini_game(
    tmp_path: Path, name: str, items: list[dict], front: str, back: str | None = None
) -> Path:
    """Build a one-component poker deck (front layout boxes, optional back layout) and
    return its PDF. ``front`` and ``back`` are the layouts' YAML after their id line."""
    game = tmp_path / name
    (game / "layouts").mkdir(parents=True)
    back_spec = ", back: {layout: back}" if back is not None else ""
    (game / "game.yaml").write_text(
        f"id: {name}\ntitle: {name}\ncomponents:\n"
        "  - {id: cards, kind: cards, title: Cards, items: cards.yaml, size: poker,"
        f" layout: front{back_spec}}}\n"
    )
    (game / "cards.yaml").write_text(json.dumps({"items": items}))
    (game / "layouts" / "front.yaml").write_text("id: front\n" + textwrap.dedent(front))
    if back is not None:
        (game / "layouts" / "back.yaml").write_text("id: back\n" + textwrap.dedent(back))
    build_game(game, BuildOptions(out_dir=tmp_path / "out"))
    return tmp_path / "out" / name / "cards.pdf"


def _back_pages(pdf: Path) -> tuple[set[int], int, list[str]]:
    """Face forms used on the back pages, their placements, and each back page's operators."""
    reader = PdfReader(str(pdf))
    forms: set[int] = set()
    placed = 0
    contents = []
    for page in reader.pages[1::2]:  # back pages
        xobjects = page["/Resources"].get_object().get("/XObject") or {}
        names = {n for n in xobjects if n.startswith("/FormXob.face")}  # not the sheet marks
        forms.update(xobjects.raw_get(n).idnum for n in names)
        content = page.get_contents().get_data().decode("latin-1")
        placed += sum(content.count(f"{n} Do") for n in names)
        contents.append(content)
    return forms, placed, contents


def test_a_small_shared_back_is_written_into_every_slot(tmp_path: Path) -> None:
    """A small back costs less written again than as a form object of its own."""
    pdf = build_mini_game(
        tmp_path,
        "backs",
        [{"id": f"c{i}", "title": f"Card {i}"} for i in range(12)],
        "boxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 10mm, text: '{{ title }}'}\n",
        "background: '#203040'\nboxes:\n"
        "  - {kind: text, x: 5mm, y: 40mm, w: 50mm, h: 10mm, text: BACK}\n",
    )
    forms, placed, contents = _back_pages(pdf)
    assert not forms and placed == 0
    fill = ".12549 .188235 .25098 rg"  # the back's background, #203040
    assert [c.count(fill) for c in contents] == [9, 3]


def test_a_big_shared_back_on_several_pages_is_stored_once(tmp_path: Path) -> None:
    boxes = "".join(
        f"  - {{kind: text, x: 5mm, y: {5 + 4 * k}mm, w: 50mm, h: 4mm, text: 'line {k} of the back'}}\n"
        for k in range(18)
    )
    pdf = build_mini_game(
        tmp_path,
        "bigbacks",
        [{"id": f"c{i}", "title": f"Card {i}"} for i in range(12)],
        "boxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 10mm, text: '{{ title }}'}\n",
        "background: '#203040'\nboxes:\n" + boxes,
    )
    forms, placed, _ = _back_pages(pdf)
    assert len(forms) == 1
    assert placed == 12


def test_text_keeps_its_colour_after_fills_circles_and_coloured_text(tmp_path: Path) -> None:
    """A face's text sets no colour while black is current, but always after anything else."""
    pdf = build_mini_game(
        tmp_path,
        "ink",
        [{"id": "a", "n": 7}, {"id": "b", "n": 8}],
        """\
        boxes:
          - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 8mm, text: first}
          - {kind: frame, x: 5mm, y: 15mm, w: 50mm, h: 10mm, fill: '#0000ff'}
          - {kind: text, x: 5mm, y: 15mm, w: 50mm, h: 8mm, text: on blue}
          - {kind: circle, x: 5mm, y: 30mm, w: 12mm, h: 12mm, fill: '#00ff00', text: '{{ n }}'}
          - {kind: text, x: 5mm, y: 50mm, w: 50mm, h: 8mm, text: red, color: '#ff0000'}
          - {kind: text, x: 5mm, y: 60mm, w: 50mm, h: 8mm, text: last}
        """,
    )

    black, red = (0.0, 0.0, 0.0), (1.0, 0.0, 0.0)
    expected = [black, black, black, red, black]
    stack: list[tuple[float, ...]] = []
    fill: tuple[float, ...] = black
    seen: list[tuple[float, ...]] = []
    for args, op in pdfcheck.operations(pdf, 0):
        if op == b"q":
            stack.append(fill)
        elif op == b"Q":
            fill = stack.pop()
        elif op == b"rg":
            fill = tuple(float(a) for a in args)
        elif op == b"g":
            fill = (float(args[0]),) * 3
        elif op == b"Tj":
            seen.append(fill)
    assert seen[:5] == expected and seen[5:10] == expected  # both cards, label after


def test_text_drawn_outside_a_card_face_always_sets_its_colour(tmp_path: Path) -> None:
    """Rule sheets and labels mix the text writer with canvas fills; every text sets its ink."""
    from reportlab.pdfgen.canvas import Canvas

    pdf = tmp_path / "ink.pdf"
    c = Canvas(str(pdf))
    fitted = rtext.fit("shown", 200, 20, 9, 9)
    rtext.draw(c, fitted, 10, 700, 200, 20, color="#7a1f1f")
    c.setFillColorRGB(0.9, 0.9, 0.8)
    c.rect(0, 0, 50, 50, stroke=0, fill=1)
    rtext.draw(c, fitted, 10, 600, 200, 20, color="#7a1f1f")
    rtext.draw(c, fitted, 10, 500, 200, 20)
    c.save()
    fill: tuple[float, ...] = (0.0, 0.0, 0.0)
    seen = []
    for args, op in pdfcheck.operations(pdf, 0):
        if op == b"rg":
            fill = tuple(round(float(a), 3) for a in args)
        elif op == b"Tj":
            seen.append(fill)
    accent = (round(0x7A / 255, 3), round(0x1F / 255, 3), round(0x1F / 255, 3))
    assert seen == [accent, accent, (0.0, 0.0, 0.0)]


def test_rotated_text_is_drawn_turned_about_its_box_centre(tmp_path: Path) -> None:
    pdf = build_mini_game(
        tmp_path,
        "turn",
        [{"id": "a", "side": "Sideways"}],
        "boxes:\n"
        "  - {kind: text, x: 5mm, y: 10mm, w: 55mm, h: 8mm, text: '{{ side }}', rotate: 90,"
        " min_size: 4pt}\n"  # turned, the word runs across the box's 8 mm
        "  - {kind: text, x: 5mm, y: 70mm, w: 50mm, h: 8mm, text: level}\n",
    )

    ops = pdfcheck.operations(pdf, 0)
    turns = [
        n
        for n, (args, op) in enumerate(ops)
        if op == b"cm" and [round(float(a), 6) for a in args[:4]] == [0, 1, -1, 0]
    ]
    assert len(turns) == 1
    after = [op for _, op in ops[turns[0] :]]
    assert after.index(b"Tj") < after.index(b"Q")  # the turned text is inside the turn
    assert "Sideways" in pdfcheck.text(pdf) and "level" in pdfcheck.text(pdf)


def test_a_reused_face_with_an_image_shows_it_on_every_page(tmp_path: Path) -> None:
    """Written again on the next page, a face's image is still a resource of that page."""
    import pypdfium2 as pdfium
    from PIL import Image

    game = tmp_path / "pics"
    (game / "layouts").mkdir(parents=True)
    Image.new("RGB", (40, 40), (200, 30, 30)).save(game / "pic.png")
    (game / "game.yaml").write_text(
        "id: pics\ntitle: Pics\ncomponents:\n  - {id: cards, kind: cards, title: Cards,"
        " items: cards.yaml, size: poker, layout: front}\n"
    )
    (game / "cards.yaml").write_text("items:\n  - {id: a, qty: 12}\n")
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: image, x: 5mm, y: 5mm, w: 20mm, h: 20mm, src: pic.png}\n"
    )
    build_game(game, BuildOptions(out_dir=tmp_path / "out"))
    doc = pdfium.PdfDocument(str(tmp_path / "out" / "pics" / "cards.pdf"))
    images = [
        sum(1 for o in doc[n].get_objects() if o.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE)
        for n in range(len(doc))
    ]
    assert images == [9, 3]
