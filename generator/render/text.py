"""Rich text: markup parsing, mixed-script line breaking, shrink-to-fit, drawing.

Markup: ``**bold**``, ``*italic*``, ``[#c03020]colour[/]``, ``:icon:`` (a known icon name) and
line breaks. Lines break at spaces and between Chinese characters, never inside an English
word, never before closing punctuation (，。、：；！？）」』 ...) and never after opening
punctuation. Each run gets the first font that has its glyphs (see ``fonts.split_runs``), so
mixed English and Chinese never loses a character. Used by cards, tokens and rule sheets.

Plain text (no markup, no CJK) takes a fast path that breaks lines exactly as the general
breaker would. :class:`Writer` turns laid-out text into PDF text operators itself, encoding
each distinct string for its font subset once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics

from . import fonts
from .icons import ICONS, draw_icon

NO_START = set("，。、：；！？）」』】》〉…‥・ー々〕］｝’”%),.;:!?]}»›\u00a0")
NO_END = set("（「『【《〈〔［｛‘“([{«‹\u00a0")
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
_TOKEN = re.compile(
    r"(\\\*|\*\*|\*|\[#[0-9a-fA-F]{6}\]|\[#[0-9a-fA-F]{3}\]|\[/\]|:[a-z][a-z0-9-]*:|\n)"
)
FLOOR_SIZE = 4.0


def is_cjk(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x2E80 <= cp <= 0x9FFF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFF00 <= cp <= 0xFFEF
        or 0xFE30 <= cp <= 0xFE4F
        or cp >= 0x20000
    )


@dataclass(frozen=True)
class Span:
    """A piece of text in one style; ``icon`` set for an inline icon."""

    text: str
    bold: bool = False
    italic: bool = False
    color: str | None = None
    icon: str | None = None

    @property
    def style(self) -> str:
        return {
            (False, False): "regular",
            (True, False): "bold",
            (False, True): "italic",
            (True, True): "bold-italic",
        }[(self.bold, self.italic)]


def parse_markup(text: str, *, bold: bool = False, italic: bool = False) -> list[Span]:
    """Split markup into styled spans. Unknown ``:words:`` stay as text."""
    spans: list[Span] = []
    color: str | None = None
    for token in _TOKEN.split(text):
        if not token:
            continue
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\\*":
            spans.append(Span("*", bold, italic, color))
        elif token.startswith("[#"):
            color = token[1:-1]
        elif token == "[/]":
            color = None
        elif token == "\n":
            spans.append(Span("\n"))
        elif _ICON.fullmatch(token) and token[1:-1] in ICONS:
            spans.append(Span("", bold, italic, color, icon=token[1:-1]))
        else:
            spans.append(Span(token, bold, italic, color))
    return spans


def plain_text(text: str) -> str:
    """The characters markup draws as text (icons and style marks removed)."""
    return "".join(s.text for s in parse_markup(text) if s.icon is None)


@dataclass
class Piece:
    """Part of a line drawn in one face: text, or an icon when ``icon`` is set."""

    text: str
    face: fonts.Face | None
    size: float
    color: str | None
    width: float
    icon: str | None = None


@dataclass
class Atom:
    """An unbreakable unit of a line: a word, a space, one CJK character, an icon."""

    pieces: list[Piece]
    width: float
    space: bool = False
    newline: bool = False
    cjk: bool = False
    first: str = ""
    last: str = ""


@dataclass
class Line:
    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0


@dataclass
class Fitted:
    """Text laid out in a box: its lines, the size used, and whether it still overflows."""

    lines: list[Line]
    size: float
    leading: float
    overflow: bool
    height: float


_width_cache: dict[tuple[str, str], float] = {}


def _width(text: str, face: fonts.Face, size: float) -> float:
    key = (text, face.name)
    w = _width_cache.get(key)
    if w is None:
        if len(_width_cache) > 200_000:
            _width_cache.clear()
        w = fonts.string_width(text, face, 1000.0) / 1000.0
        _width_cache[key] = w
    return w * size


def _atoms(spans: list[Span], size: float, family: str) -> list[Atom]:
    atoms: list[Atom] = []
    word: list[Piece] = []
    word_text: list[str] = []

    def flush() -> None:
        if word:
            t = "".join(word_text)
            atoms.append(Atom(list(word), sum(p.width for p in word), first=t[:1], last=t[-1:]))
            word.clear()
            word_text.clear()

    for span in spans:
        if span.text == "\n" and span.icon is None:
            flush()
            atoms.append(Atom([], 0.0, newline=True))
            continue
        if span.icon is not None:
            flush()
            w = size * 1.05
            atoms.append(
                Atom(
                    [Piece("", None, size, span.color, w, span.icon)],
                    w,
                    cjk=True,
                    first="\ue000",
                    last="\ue000",
                )
            )
            continue
        for chunk, face in fonts.split_runs(span.text, family, span.style):
            for part in re.split(r"( +)", chunk):
                if not part:
                    continue
                if part[0] == " ":
                    flush()
                    w = _width(" ", face, size) * len(part)
                    atoms.append(Atom([Piece(part, face, size, span.color, w)], w, space=True))
                    continue
                start = 0
                for i, ch in enumerate(part):
                    if is_cjk(ch):
                        if i > start:
                            seg = part[start:i]
                            word.append(Piece(seg, face, size, span.color, _width(seg, face, size)))
                            word_text.append(seg)
                        flush()
                        w = _width(ch, face, size)
                        atoms.append(
                            Atom(
                                [Piece(ch, face, size, span.color, w)],
                                w,
                                cjk=True,
                                first=ch,
                                last=ch,
                            )
                        )
                        start = i + 1
                if start < len(part):
                    seg = part[start:]
                    word.append(Piece(seg, face, size, span.color, _width(seg, face, size)))
                    word_text.append(seg)
    flush()
    return atoms


def _can_break(left: Atom, right: Atom) -> bool:
    if right.first in NO_START or left.last in NO_END:
        return False
    if left.space or right.space:
        return True
    return left.cjk or right.cjk


def _boxes(atoms: list[Atom]) -> list[list[Atom]]:
    """Group atoms into unbreakable boxes (a word with its trailing closing punctuation, ...)."""
    boxes: list[list[Atom]] = []
    for atom in atoms:
        if (
            boxes
            and not atom.newline
            and not boxes[-1][-1].newline
            and not _can_break(boxes[-1][-1], atom)
        ):
            boxes[-1].append(atom)
            if atom.first in NO_START and _icon_led(boxes[-1]):
                _glue_back(boxes)
        else:
            boxes.append([atom])
    return boxes


def _icon_led(box: list[Atom]) -> bool:
    return bool(box[0].pieces) and box[0].pieces[0].icon is not None


def _glue_back(boxes: list[list[Atom]]) -> None:
    """Keep an icon followed by closing punctuation with what precedes it (through spaces).

    An inline icon has no text to extract, so a line starting with icon + "。" would read as a
    line starting with "。".
    """
    while len(boxes) > 1 and not boxes[-2][-1].newline:
        if boxes[-2][0].space and (len(boxes) == 2 or boxes[-3][-1].newline):
            return  # never make a box that starts a paragraph with a space
        last = boxes.pop()
        boxes[-1].extend(last)
        if not boxes[-1][0].space:
            return


def wrap(
    spans: list[Span], width: float, size: float, family: str = "sans"
) -> tuple[list[Line], bool]:
    """Break spans into lines no wider than ``width``; returns (lines, some box was too wide)."""
    lines: list[Line] = [Line()]
    too_wide = False
    for box in _boxes(_atoms(spans, size, family)):
        if box[0].newline:
            lines.append(Line())
            continue
        bw = sum(a.width for a in box)
        line = lines[-1]
        if box[0].space and not line.pieces:
            continue  # no leading spaces
        if line.pieces and line.width + bw > width + 0.01:
            if box[0].space:
                lines.append(Line())
                continue
            lines.append(Line())
            line = lines[-1]
        if bw > width + 0.01:
            too_wide = True
        for a in box:
            line.pieces.extend(a.pieces)
        line.width += bw
    for line in lines:  # trailing spaces do not count
        while line.pieces and line.pieces[-1].icon is None and line.pieces[-1].text.strip() == "":
            line.width -= line.pieces.pop().width
        line.pieces = _merge(line.pieces)
    return lines, too_wide


def _merge(pieces: list[Piece]) -> list[Piece]:
    """Join neighbouring pieces of the same face, size and colour (fewer PDF operators)."""
    out: list[Piece] = []
    for p in pieces:
        last = out[-1] if out else None
        if (
            last
            and p.icon is None
            and last.icon is None
            and last.face is p.face
            and last.size == p.size
            and last.color == p.color
        ):
            out[-1] = Piece(last.text + p.text, p.face, p.size, p.color, last.width + p.width)
        else:
            out.append(p)
    return out


def fit(
    markup: str,
    width: float,
    height: float,
    size: float,
    min_size: float,
    *,
    leading: float = 1.2,
    family: str = "sans",
    bold: bool = False,
    italic: bool = False,
) -> Fitted:
    """Lay out ``markup`` at ``size``, shrinking in 0.25 pt steps until it fits ``width`` x ``height``.

    Below ``min_size`` it keeps shrinking (to 4 pt) but the result reports ``size < min_size``
    so the caller can warn; ``overflow`` is True if even that does not fit.
    """
    plain = _plain_words(markup, family, bold, italic)
    spans = parse_markup(markup, bold=bold, italic=italic) if plain is None else []
    current = size
    while True:
        if plain is not None:
            lines, too_wide = _wrap_plain(plain, width, current)
        else:
            lines, too_wide = wrap(spans, width, current, family)
        total = current * leading * (len(lines) - 1) + current
        if (total <= height + 0.01 and not too_wide) or current <= FLOOR_SIZE:
            return Fitted(lines, current, leading, total > height + 0.01 or too_wide, total)
        # jump close to the answer first, then refine in small steps
        ratio = min(height / total if total > height else 1.0, 1.0)
        step = max(0.25, current * (1 - ratio**0.5) * 0.5)
        current = max(FLOOR_SIZE, round((current - step) * 4) / 4)


_MARKUP = re.compile(r"[*\\\[]|:[a-z][a-z0-9-]*:|[\x00-\x09\x0b-\x1f\x7f]")


class _Plain:
    """Plain ASCII text in one face: paragraphs of words with their widths at 1 pt."""

    __slots__ = ("face", "paragraphs", "space")

    def __init__(
        self, face: fonts.Face, paragraphs: list[tuple[list[tuple[str, float, int]], int]]
    ) -> None:
        self.face = face
        # per paragraph: its (word, width at 1 pt, spaces before it) and its trailing spaces
        self.paragraphs = paragraphs
        self.space = _width(" ", face, 1.0)


def _plain_words(markup: str, family: str, bold: bool, italic: bool) -> _Plain | None:
    """``markup`` as plain words when the general line breaker would treat it as such.

    That is text with no markup whose every character the face has and none of which is CJK
    (each CJK character is a break opportunity), where no word starts with closing or ends
    with opening punctuation (those glue to a neighbour).
    Anything else returns None and goes through :func:`wrap`.
    """
    if _MARKUP.search(markup):
        return None
    style = {(False, False): "regular", (True, False): "bold", (False, True): "italic"}.get(
        (bold, italic), "bold-italic"
    )
    face = fonts.face(family, style)
    if face.synthetic_bold:
        return None
    if markup.isascii():
        if not fonts.covers_ascii(face):
            return None
    else:  # letters beyond ASCII are fine when the face has them and none breaks like CJK
        cmap = face.cmap
        for ch in set(markup):
            if ch != "\n" and (ord(ch) not in cmap or is_cjk(ch)):
                return None
    paragraphs: list[tuple[list[tuple[str, float, int]], int]] = []
    for para in markup.split("\n"):
        words: list[tuple[str, float, int]] = []
        spaces = 0
        for word in para.split(" "):
            if not word:
                spaces += 1
                continue
            if word[0] in NO_START or word[-1] in NO_END:
                return None
            words.append((word, _width(word, face, 1.0), spaces + (1 if words else 0)))
            spaces = 0
        paragraphs.append((words, spaces if words else 0))
    return _Plain(face, paragraphs)


def _wrap_plain(plain: _Plain, width: float, size: float) -> tuple[list[Line], bool]:
    """What :func:`wrap` gives for plain words (see :func:`_plain_words`), much faster."""
    lines: list[Line] = []
    too_wide = False
    face = plain.face
    limit = width + 0.01
    space_w = plain.space * size
    for words, trailing in plain.paragraphs:
        parts: list[str] = []
        line_w = 0.0
        for word, unit, spaces in words:
            w = unit * size
            if parts:
                gap = space_w * spaces
                if line_w + gap + w > limit:  # break here; the spaces are dropped
                    lines.append(Line([Piece(" ".join(parts), face, size, None, line_w)], line_w))
                    parts, line_w = [], 0.0
                else:
                    parts.append(" " * (spaces - 1) + word if spaces > 1 else word)
                    line_w += gap + w
                    continue
            if w > limit:
                too_wide = True
            parts.append(word)
            line_w += w
        lines.append(
            Line([Piece(" ".join(parts), face, size, None, line_w)] if parts else [], line_w)
        )
        if trailing and parts and line_w + space_w * trailing > limit:
            lines.append(Line())  # trailing spaces that overflow still end the line
    return lines, too_wide


@lru_cache(maxsize=1024)
def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as three fractions."""
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


Icon = tuple[str, float, float, float, tuple[float, float, float]]  # name, x, y, size, colour


class Writer:
    """Writes fitted text straight into a canvas's content stream, one string per text box.

    Equivalent to reportlab's text objects for our embedded TrueType fonts, but it encodes each
    distinct string for the font subset once and positions lines with relative ``Td`` moves,
    which makes text both faster to write and smaller in the file.
    """

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._enc: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
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
            enc = tuple(
                (font.getSubsetInternalName(sub, doc), escapePDF(chunk))
                for sub, chunk in font.splitString(text, doc)
            )
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

        ``fill`` is the fill colour the caller knows to be current (None: unknown); text in
        that colour then sets none. Only a caller that knows the graphics state passes it.
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
        tx = ty = 0.0  # origin of the current text line
        for line in fitted.lines:
            if line.pieces:
                lx = x + (
                    0.0
                    if align == "left"
                    else (w - line.width) / 2
                    if align == "center"
                    else w - line.width
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
                        cx += p.width
                        out.append(f"{fp_str(cx - tx)} 0 Td")
                        tx = cx
                        continue
                    assert p.face is not None
                    if rgb != cur_rgb:
                        out.append(f"{fp_str(*rgb)} rg")
                        cur_rgb = rgb
                    want = 2 if p.face.synthetic_bold else 0
                    if want != mode:
                        if want:
                            out.append(f"{fp_str(*rgb)} RG {fp_str(p.size * 0.02)} w")
                        out.append(f"{want} Tr")
                        mode = want
                    for res, esc in self.encode(p.face.name, p.text):
                        if cur_font != (res, p.size):
                            out.append(f"{res} {fp_str(p.size)} Tf")
                            cur_font = (res, p.size)
                        out.append(f"({esc}) Tj")
                    cx += p.width
            baseline -= lead
        if mode:
            out.append("0 Tr")
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
