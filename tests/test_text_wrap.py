"""Line breaking of mixed Chinese and English text: nothing lost, kinsoku kept, punctuation faces.

A space before closing punctuation ("word ，next", "A 」B") and an unknown ``:icon:`` (printed
as text) must neither drop characters nor put the punctuation at a line's start; Chinese
punctuation is drawn in the Chinese face, not the Latin one.
"""

from __future__ import annotations

import ctypes
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render import fonts, text_wrap
from generator.render import text as rt

WIDTHS = [1.0, 8.0, 20.0, 40.0, 1000.0]


def printed(lines: list[rt.Line]) -> list[str]:
    """Each line's text, an icon as ``<name>``."""
    return ["".join(p.text if p.icon is None else f"<{p.icon}>" for p in ln.pieces) for ln in lines]


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def lay_out(markup: str, width: float) -> list[str]:
    lines, _ = rt.wrap(rt.parse_markup(markup), width, 9.0)
    return printed(lines)


@pytest.mark.parametrize("markup", ["word ，next", "A 」B", "他說 。好", "one two ）three"])
@pytest.mark.parametrize("width", WIDTHS)
def test_closing_punctuation_after_a_space_is_kept_and_never_starts_a_line(
    markup: str, width: float
) -> None:
    lines = lay_out(markup, width)
    assert squash("".join(lines)) == squash(markup)
    assert all(line[:1] not in rt.NO_START for line in lines if line)


@pytest.mark.parametrize(
    ("markup", "expected"),
    [
        ("Gain :foo:2 coins", "Gain:foo:2coins"),
        ("x :bogus-icon: y", "x:bogus-icon:y"),
        ("每次 :nope: 抽一張", "每次:nope:抽一張"),
        ("Roll :die:2 and :foo:3", "Roll<die>2and:foo:3"),
    ],
)
@pytest.mark.parametrize("width", WIDTHS)
def test_an_unknown_icon_is_printed_as_written_and_eats_nothing(
    markup: str, expected: str, width: float
) -> None:
    assert squash("".join(lay_out(markup, width))) == expected


PARTS = [
    ":foo:",
    ":die:",
    "word",
    "中",
    "，",
    "」",
    "「",
    " ",
    "  ",
    "**",
    "x:",
    "\n",
    "。",
    "(",
    ")",
]


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(st.sampled_from(PARTS), max_size=12), width=st.sampled_from(WIDTHS))
def test_every_character_of_the_text_is_laid_out(parts: list[str], width: float) -> None:
    markup = "".join(parts)
    lines, _ = rt.wrap(rt.parse_markup(markup), width, 9.0)
    drawn = "".join(p.text for ln in lines for p in ln.pieces if p.icon is None)
    assert squash(drawn) == squash(rt.plain_text(markup))


def test_chinese_punctuation_and_full_width_forms_take_the_chinese_face() -> None:
    markup = "他說：「先擲２顆骰子，再選一張牌。」（見《規則》）ABC, done."
    lines, _ = rt.wrap(rt.parse_markup(markup), 1000.0, 9.0)
    han = {p.face for p in lines[0].pieces if "他" in p.text}
    latin = {p.face for p in lines[0].pieces if "ABC" in p.text}
    assert han and latin and han.isdisjoint(latin)
    for piece in lines[0].pieces:
        for ch in piece.text:
            if rt.is_cjk_punct(ch):
                assert piece.face in han, f"{ch!r} drawn in {piece.face}"


def test_chinese_punctuation_leaves_a_latin_face_that_has_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Latin face that happens to have a full-width comma still does not draw it."""
    sans, cjk = fonts.face("sans"), fonts.face("cjk")
    wide = fonts.Face(sans.name, sans.path)
    wide._cmap = sans.cmap | {ord("，"), ord("「"), ord("」")}  # a Latin face with them
    monkeypatch.setattr(text_wrap.fonts, "split_runs", lambda text, *_: [(text, wide)])
    runs = text_wrap.runs("Draw，then「go」", "sans", "regular")
    assert runs == [
        ("Draw", wide),
        ("，", cjk),
        ("then", wide),
        ("「", cjk),
        ("go", wide),
        ("」", cjk),
    ]


def _glyphs(path: Path) -> list[tuple[str, float, float, float]]:
    """(character, left, right, baseline) of every drawn non-space character."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        tp = pdf[0].get_textpage()
        out = []
        for i in range(tp.count_chars()):
            ch = tp.get_text_range(i, 1)
            if ch.strip():
                left, _, right, _ = tp.get_charbox(i, loose=True)
                x, y = ctypes.c_double(), ctypes.c_double()
                pdfium_c.FPDFText_GetCharOrigin(tp.raw, i, ctypes.byref(x), ctypes.byref(y))
                out.append((ch, left, right, round(y.value)))  # faces differ in their boxes
        return out
    finally:
        pdf.close()


def test_justified_chinese_fills_the_width_and_english_keeps_its_spacing(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.rules_flow import draw_line, lines_of

    text = "先擲兩顆骰子 d6 再選一張牌，" * 4
    lines = lines_of(text, 200.0, 9.0)
    assert len(lines) == 3 and lines[0].width < 199.0  # ragged before justification
    path = tmp_path / "justified.pdf"
    c = Canvas(str(path), pagesize=(300, 300))
    for n, line in enumerate(lines):
        draw_line(c, line, 50.0, 280.0 - 20 * n, 9.0, 1.4, "#000000", justify=200.0)
    plain = lines_of("d6", 100.0, 9.0)[0]
    draw_line(c, plain, 50.0, 100.0, 9.0, 1.4, "#000000")
    c.save()
    glyphs = _glyphs(path)
    rows: dict[float, list[tuple[str, float, float, float]]] = {}
    for g in glyphs:
        rows.setdefault(g[3], []).append(g)
    *body, plain_row = [
        sorted(r, key=lambda g: g[1]) for _, r in sorted(rows.items(), reverse=True)
    ]
    first, second, last = body
    assert first[-1][2] == pytest.approx(250.0, abs=0.5)
    assert second[-1][2] == pytest.approx(250.0, abs=0.5)
    assert last[-1][2] < 240.0  # a paragraph's last line stays ragged
    d_to_6 = plain_row[1][1] - plain_row[0][1]
    for row in body:
        chars = [g[0] for g in row]
        for i in (n for n, ch in enumerate(chars[:-1]) if ch == "d" and chars[n + 1] == "6"):
            assert row[i + 1][1] - row[i][1] == pytest.approx(d_to_6, abs=0.01)
