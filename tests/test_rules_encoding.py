"""The text writer encodes strings for font subsets exactly as reportlab does.

Rule sheets draw tens of thousands of lines; the writer splits a string whose characters
already have codes in the document itself instead of calling reportlab's ``splitString``.
These tests feed the same strings to the writer and to reportlab's own method on a twin
document and require the same subsets and bytes, string by string.
"""

from __future__ import annotations

import io
import random

from reportlab.lib.rl_accel import escapePDF
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.render import fonts
from generator.render.text import writer


def _strings(chars: list[str], seed: int) -> list[str]:
    """Strings that bring in new characters and reuse known ones, in a fixed order."""
    rng = random.Random(seed)
    out = []
    for n in range(400):
        pool = chars[: 40 + n * 2]  # grows, so later strings mostly reuse known characters
        length = rng.randint(0, 30)
        text = "".join(rng.choice(pool) for _ in range(length))
        if n % 7 == 0:
            text = text[:5] + "\u00a0" + text[5:]  # a no-break space is drawn as a space
        out.append(text)
    return out


def _reportlab(font_name: str, text: str, doc: object) -> list[tuple[str, str]]:
    font = pdfmetrics.getFont(font_name)
    return [
        (font.getSubsetInternalName(sub, doc), escapePDF(chunk))
        for sub, chunk in font.splitString(text, doc)
    ]


def _check(font_name: str, chars: list[str], seed: int) -> None:
    ours, theirs = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    w = writer(ours)
    subsets = set()
    for text in _strings(chars, seed):
        expected = _reportlab(font_name, text, theirs._doc)
        assert list(w.encode(font_name, text)) == expected, text
        subsets.update(name for name, _ in expected)
    assert len(subsets) >= 2  # the strings spread over several subsets


def test_chinese_text_over_several_subsets_encodes_as_reportlab_does() -> None:
    with fonts.language("zh-Hant"):
        face = fonts.face("cjk")
        chars = [chr(cp) for cp in sorted(face.cmap) if 0x4E00 <= cp <= 0x9FFF][:900]
        random.Random(1).shuffle(chars)
        _check(face.name, chars + ["，", "。", "A", "7"], seed=2)


def test_latin_text_encodes_as_reportlab_does() -> None:
    face = fonts.face("sans")
    chars = [chr(cp) for cp in sorted(face.cmap) if 0x20 < cp < 0x2000][:700]
    random.Random(3).shuffle(chars)
    _check(face.name, [" ", *chars, "\u4e2d"], seed=4)  # 中: not in the face, code 0
