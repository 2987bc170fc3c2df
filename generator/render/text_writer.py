"""Drawing laid-out text: PDF text operators written straight into a canvas's content stream.

:class:`Writer` turns fitted lines into text operators itself, encoding each distinct string
for its font subset once and moving between lines with relative ``Td``. Lines align left,
centre, right, or are justified: a justified line (not a paragraph's last) spreads its spare
width over the gaps after its Chinese characters and inline icons (character spacing ``Tc``),
so it ends at the box's right edge while English words in it keep their own spacing. A line
whose gaps would open wider than 0.15 em is set ragged instead of letter-spaced.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

import msgspec
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics

from ..content.markup import is_cjk
from .icons import draw_icon
from .text_wrap import Line

Icon = tuple[str, float, float, float, tuple[float, float, float]]  # name, x, y, size, colour


class Fitted(msgspec.Struct):
    """Text laid out in a box: its lines, the size used, and whether it still overflows."""

    lines: list[Line]
    size: float
    leading: float
    overflow: bool
    height: float


@lru_cache(maxsize=1024)
def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as three fractions."""
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


@lru_cache(maxsize=65536)
def _stretchy(text: str) -> bool:
    """Whether ``text`` is Chinese (spaces beside it allowed): it takes extra spacing after
    each character when justified, while English text keeps its own spacing."""
    return any(is_cjk(ch) for ch in text) and all(ch == " " or is_cjk(ch) for ch in text)


# the widest extra gap justification may open between two characters, in ems: a line that
# would need more (a long English gloss that could not break) is set ragged instead. Past about
# 0.17 em, PDF readers built on poppler (pdftotext, Evince, Okular) take the gap for a space,
# so a search for a word on such a line fails and copied text comes out spaced
MAX_STRETCH_EM = 0.15


def stretch(line: Line, width: float) -> float:
    """Extra space after each Chinese character or icon that makes ``line`` fill ``width``.

    Zero for a paragraph's last line, a line already full, one with no such gap, and one whose
    gaps would have to open wider than :data:`MAX_STRETCH_EM` (it is set ragged, never letter-spaced).
    """
    slack = width - line.width
    if line.last or slack <= 0.001 or not line.pieces:
        return 0.0
    gaps = 0
    for p in line.pieces:
        if p.icon is not None:
            gaps += 1
        else:
            gaps += _gaps(p.text)
    end = line.pieces[-1]
    if end.icon is not None or (end.text and (_stretchy(end.text) or is_cjk(end.text[-1]))):
        gaps -= 1  # nothing to spread after the line's last character
    if gaps <= 0:
        return 0.0
    extra = slack / gaps
    size = max(p.size for p in line.pieces)
    return extra if extra <= MAX_STRETCH_EM * size else 0.0


@lru_cache(maxsize=65536)
def _gaps(text: str) -> int:
    """How many characters of a piece take the justifying space after them."""
    if _stretchy(text):
        return len(text)
    return sum(1 for ch in text if is_cjk(ch))


@lru_cache(maxsize=65536)
def _runs(text: str) -> tuple[tuple[str, bool], ...]:
    """A piece split into runs that stretch (Chinese) and runs that keep their spacing."""
    if _stretchy(text):
        return ((text, True),)
    runs: list[tuple[str, bool]] = []
    for ch in text:
        on = is_cjk(ch)
        if runs and runs[-1][1] == on:
            runs[-1] = (runs[-1][0] + ch, on)
        else:
            runs.append((ch, on))
    return tuple(runs)


def clear_caches() -> None:
    """Forget remembered colours, justification gaps and operators (benchmarks start cold)."""
    for fn in (hex_to_rgb, _stretchy, _gaps, _runs, _fill_op, _font_op):
        fn.cache_clear()


@lru_cache(maxsize=4096)
def _fill_op(rgb: tuple[float, float, float]) -> str:
    return f"{fp_str(*rgb)} rg"


@lru_cache(maxsize=4096)
def _font_op(resource: str, size: float) -> str:
    return f"{resource} {fp_str(size)} Tf"


class _Codes:
    """A font's codes in one document, given by reportlab, used without its per-character loop.

    reportlab gives each character a code in one of the font's 256-character subsets the first
    time a document draws it, and its ``splitString`` walks every character of every string in
    Python to cut the string into runs of one subset. Here reportlab is asked only about the
    characters a string brings in that the document has not drawn yet (in the order the string
    has them, so they get the codes they would have got anyway), and the string is cut with two
    ``str.translate`` calls, to the code within the subset and to the subset's number.
    """

    __slots__ = ("font", "doc", "assigned", "glyphs", "known", "low", "high")

    def __init__(self, font: Any, doc: Any, assigned: dict[int, int], glyphs: Any) -> None:
        self.font, self.doc = font, doc
        self.assigned = assigned  # reportlab's table: code point -> subset * 256 + code
        self.glyphs = glyphs  # the code points the font has
        self.known: set[str] = set()
        self.low: dict[int, int] = {}
        self.high: dict[int, int] = {}

    @classmethod
    def of(cls, font: Any, doc: Any) -> _Codes | None:
        """The codes of ``font`` in ``doc`` (None if this reportlab keeps them elsewhere)."""
        font.splitString("", doc)  # the document's table, made as the first string would
        assigned = getattr(getattr(font, "state", {}).get(doc), "assignments", None)
        glyphs = getattr(getattr(font, "face", None), "charToGlyph", None)
        if not isinstance(assigned, dict) or glyphs is None:
            return None
        return cls(font, doc, assigned, glyphs)

    def split(self, text: str) -> list[tuple[int, bytes]]:
        """What ``splitString`` gives: (subset, codes) for each run of one subset."""
        if not self.known.issuperset(text):
            new = "".join(ch for ch in dict.fromkeys(text) if ch not in self.known)
            self.font.splitString(new, self.doc)  # codes for the new characters, in order
            for ch in new:
                code = 32 if ch == "\u00a0" else ord(ch)  # a no-break space is drawn as a space
                n = self.assigned.get(code, None if code in self.glyphs else 0)  # 0: no glyph
                if n is None:
                    return self.font.splitString(text, self.doc)  # type: ignore[no-any-return]
                self.known.add(ch)
                self.low[ord(ch)] = n & 0xFF
                self.high[ord(ch)] = n >> 8
        low = text.translate(self.low).encode("latin-1")
        high = text.translate(self.high)
        runs = []
        start = 0
        while high:
            rest = high.lstrip(high[0])  # the run of one subset, cut off in one call
            end = start + len(high) - len(rest)
            runs.append((ord(high[0]), low[start:end]))
            high, start = rest, end
        return runs


_UNSET = object()


class Writer:
    """Writes fitted text straight into a canvas's content stream, one string per text box.

    Equivalent to reportlab's text objects for our embedded TrueType fonts, but it encodes each
    distinct string for the font subset once and positions lines with relative ``Td`` moves,
    which makes text both faster to write and smaller in the file.
    """

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._enc: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
        self._names: dict[tuple[str, int], str] = {}  # (font, subset) -> its resource name
        self._codes: dict[str, object] = {}  # font -> its codes in this document (_Codes)
        self.memo: dict[Any, Any] = {}  # operators that depend on this document's font subsets
        self.forms: dict[str, str] = {}  # operators stored as a form -> the form's name

    def remember(self, key: Any, value: Any) -> Any:
        """Keep ``value`` in the memo (bounded) and return it."""
        if len(self.memo) > 100_000:
            self.memo.clear()
        self.memo[key] = value
        return value

    def encode(self, font_name: str, text: str) -> tuple[tuple[str, str], ...]:
        """(font resource, escaped string) per font subset the text needs."""
        key = (font_name, text)
        enc = self._enc.get(key)
        if enc is None:
            doc = self.canvas._doc
            font = pdfmetrics.getFont(font_name)
            names = self._names
            out = []
            codes = self._codes.get(font_name, _UNSET)
            if codes is _UNSET:
                codes = self._codes[font_name] = _Codes.of(font, doc)
            split = codes.split if isinstance(codes, _Codes) else partial(font.splitString, doc=doc)
            parts = split(text)
            for sub, chunk in parts:
                name = names.get((font_name, sub))
                if name is None:
                    name = names[(font_name, sub)] = font.getSubsetInternalName(sub, doc)
                out.append((name, escapePDF(chunk)))
            enc = tuple(out)
            if len(self._enc) > 100_000:
                self._enc.clear()
            self._enc[key] = enc
        return enc

    def ops(
        self,
        fitted: Fitted,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        align: str = "left",
        valign: str = "top",
        color: str = "#000000",
        fill: tuple[float, float, float] | None = None,
    ) -> tuple[str, list[Icon], tuple[float, float, float] | None]:
        """The operators that draw ``fitted`` in the box whose bottom-left corner is (x, y),
        the inline icons to draw after them, and the fill colour current afterwards.

        ``align`` is left, center, right or justify. ``fill`` is the fill colour the caller
        knows to be current (None: unknown); text in that colour then sets none. Only a caller
        that knows the graphics state passes it.
        """
        size, lead = fitted.size, fitted.size * fitted.leading
        if valign == "top":
            baseline = y + h - size * 0.8
        elif valign == "middle":
            baseline = y + h - (h - fitted.height) / 2 - size * 0.8
        else:
            baseline = y + fitted.height - size * 0.8
        base_rgb = hex_to_rgb(color)
        out = ["BT"]
        icons: list[Icon] = []
        cur_font: tuple[str, float] | None = None
        cur_rgb = fill
        mode = 0
        spacing = 0.0  # the current character spacing (Tc)
        tx = ty = 0.0  # origin of the current text line
        for line in fitted.lines:
            if line.pieces:
                extra = stretch(line, w) if align == "justify" else 0.0
                lx = x + (
                    (w - line.width) / 2
                    if align == "center"
                    else w - line.width
                    if align == "right"
                    else 0.0
                )
                out.append(f"{fp_str(lx - tx, baseline - ty)} Td")
                tx, ty = lx, baseline
                cx = lx
                for p in line.pieces:
                    rgb = hex_to_rgb(p.color) if p.color else base_rgb
                    if p.icon is not None:
                        icons.append(
                            (p.icon, cx + p.width * 0.5, baseline + size * 0.3, size * 0.95, rgb)
                        )
                        cx += p.width + extra
                        out.append(f"{fp_str(cx - tx)} 0 Td")
                        tx = cx
                        continue
                    assert p.face is not None
                    if rgb != cur_rgb:
                        out.append(_fill_op(rgb))
                        cur_rgb = rgb
                    want = 2 if p.face.synthetic_bold else 0
                    if want != mode:
                        if want:
                            out.append(f"{fp_str(*rgb)} RG {fp_str(p.size * 0.02)} w")
                        out.append(f"{want} Tr")
                        mode = want
                    for run, on in _runs(p.text) if extra else ((p.text, False),):
                        tc = extra if on else 0.0
                        if tc != spacing:
                            out.append(f"{fp_str(tc)} Tc")
                            spacing = tc
                        for res, esc in self.encode(p.face.name, run):
                            if cur_font != (res, p.size):
                                out.append(_font_op(res, p.size))
                                cur_font = (res, p.size)
                            out.append(f"({esc}) Tj")
                    cx += p.width + (extra * _gaps(p.text) if extra else 0.0)
            baseline -= lead
        if mode:
            out.append("0 Tr")
        if spacing:
            out.append("0 Tc")  # character spacing outlives the text object
        out.append("ET")
        return "\n".join(out), icons, None if icons else cur_rgb


def writer(canvas: Any) -> Writer:
    """The canvas's text writer (one per canvas, so its encoding cache follows the document)."""
    w = getattr(canvas, "_pnp_writer", None)
    if w is None or w.canvas is not canvas:
        w = Writer(canvas)
        canvas._pnp_writer = w
    return w


def draw(
    canvas: Any,
    fitted: Fitted,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    align: str = "left",
    valign: str = "top",
    color: str = "#000000",
) -> None:
    """Draw fitted text into the box whose bottom-left corner is (x, y) in PDF coordinates."""
    ops, icons, _ = writer(canvas).ops(fitted, x, y, w, h, align=align, valign=valign, color=color)
    canvas.addLiteral(ops)
    for name, icx, icy, isize, irgb in icons:
        draw_icon(canvas, name, icx, icy, isize, irgb)
