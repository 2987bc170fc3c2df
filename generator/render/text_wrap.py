"""Mixed-script line breaking: spans become atoms, atoms unbreakable boxes, boxes lines.

Lines break at spaces and between Chinese characters, never inside an English word, never
before closing punctuation (，。、：；！？）」』 ...) and never after opening punctuation
(kinsoku). Closing punctuation after a space stays with the word before the space, so no line
starts with it and nothing is dropped with the space. Each run gets the first font that has its
glyphs (see ``fonts.split_runs``), Chinese punctuation the Chinese face, so mixed English and
Chinese never loses a character. A span's cutting into words, spaces and Chinese characters,
with their widths at 1 pt, is remembered per text and face: the same texts are wrapped at many
sizes and widths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import fonts
from .text_markup import NO_END, NO_START, SHARED_PUNCT, Span, is_cjk, is_cjk_punct

ICON_WIDTH = 1.05  # an inline icon's advance, in ems
_SPACES = re.compile(r"( +)")
_WORD, _SPACE, _CJK = 0, 1, 2
_Unit = tuple[int, str, fonts.Face, float]  # kind, text, face, width at 1 pt


@dataclass(slots=True)
class Piece:
    """Part of a line drawn in one face: text, or an icon when ``icon`` is set."""

    text: str
    face: fonts.Face | None
    size: float
    color: str | None
    width: float
    icon: str | None = None


@dataclass(slots=True)
class Atom:
    """An unbreakable unit of a line: a word, a space, one CJK character, an icon."""

    pieces: list[Piece]
    width: float
    space: bool = False
    newline: bool = False
    cjk: bool = False
    first: str = ""
    last: str = ""


@dataclass(slots=True)
class Line:
    """One laid-out line; ``last`` when it ends a paragraph (a line break or the text's end)."""

    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0
    last: bool = False


_width_cache: dict[tuple[str, str], float] = {}


def unit_width(text: str, face: fonts.Face) -> float:
    """Width of ``text`` in ``face`` at 1 pt (remembered)."""
    key = (text, face.name)
    w = _width_cache.get(key)
    if w is None:
        if len(_width_cache) > 200_000:
            _width_cache.clear()
        w = fonts.string_width(text, face, 1000.0) / 1000.0
        _width_cache[key] = w
    return w


def _latin_only(face: fonts.Face) -> bool:
    return 0x4E2D not in face.cmap  # no 中: a face for Latin text


def runs(text: str, family: str, style: str) -> list[tuple[str, fonts.Face]]:
    """``fonts.split_runs`` with Chinese punctuation moved out of Latin-only faces.

    Full-width punctuation (，。「」《》 ...) always goes to the Chinese face when that has it;
    quotes and dashes both scripts share (“ ” … —) do so only beside a Chinese character.
    """
    found = fonts.split_runs(text, family, style)
    if not any(is_cjk_punct(ch) or ch in SHARED_PUNCT for ch in text):
        return found
    cjk = fonts.face("cjk", style)
    out: list[tuple[str, fonts.Face]] = []
    pos = 0
    for chunk, face in found:
        if not _latin_only(face):
            out.append((chunk, face))
            pos += len(chunk)
            continue
        for ch in chunk:
            want = face
            if ord(ch) in cjk.cmap and (
                is_cjk_punct(ch) or (ch in SHARED_PUNCT and _beside_cjk(text, pos))
            ):
                want = cjk
            if out and out[-1][1] is want:
                out[-1] = (out[-1][0] + ch, want)
            else:
                out.append((ch, want))
            pos += 1
    return out


def _beside_cjk(text: str, pos: int) -> bool:
    before = text[pos - 1] if pos else ""
    after = text[pos + 1 : pos + 2]
    return any(c and is_cjk(c) and c not in SHARED_PUNCT for c in (before, after))


def _units(text: str, family: str, style: str) -> tuple[_Unit, ...]:
    primary = fonts.face(family, style)
    return _cut(text, family, style, primary, fonts.face("sans", style))


@lru_cache(maxsize=32768)
def _cut(
    text: str, family: str, style: str, _primary: fonts.Face, _sans: fonts.Face
) -> tuple[_Unit, ...]:
    """Words (parts in one face), runs of spaces and single CJK characters of ``text``.

    The faces in the arguments only key the memory: a game that registers its own faces
    gets fresh cuts.
    """
    out: list[_Unit] = []
    for chunk, face in runs(text, family, style):
        for part in _SPACES.split(chunk):
            if not part:
                continue
            if part[0] == " ":
                out.append((_SPACE, part, face, unit_width(" ", face) * len(part)))
                continue
            start = 0
            for i, ch in enumerate(part):
                if is_cjk(ch):
                    if i > start:
                        seg = part[start:i]
                        out.append((_WORD, seg, face, unit_width(seg, face)))
                    out.append((_CJK, ch, face, unit_width(ch, face)))
                    start = i + 1
            if start < len(part):
                seg = part[start:]
                out.append((_WORD, seg, face, unit_width(seg, face)))
    return tuple(out)


def clear_caches() -> None:
    """Forget remembered cuts and widths."""
    _cut.cache_clear()
    _width_cache.clear()


def _atoms(spans: list[Span], size: float, family: str) -> list[Atom]:
    atoms: list[Atom] = []
    word: list[Piece] = []

    def flush() -> None:
        if word:
            w = 0.0
            for p in word:
                w += p.width
            atoms.append(Atom(word.copy(), w, first=word[0].text[:1], last=word[-1].text[-1:]))
            word.clear()

    for span in spans:
        color = span.color
        if span.icon is not None:
            flush()
            w = size * ICON_WIDTH
            piece = Piece("", None, size, color, w, span.icon)
            atoms.append(Atom([piece], w, cjk=True, first="\ue000", last="\ue000"))
            continue
        if span.text == "\n":
            flush()
            atoms.append(Atom([], 0.0, newline=True))
            continue
        for kind, text, face, unit in _units(span.text, family, span.style):
            piece = Piece(text, face, size, color, unit * size)
            if kind == _WORD:
                word.append(piece)
                continue
            flush()
            if kind == _SPACE:
                atoms.append(Atom([piece], piece.width, space=True))
            else:
                atoms.append(Atom([piece], piece.width, cjk=True, first=text, last=text))
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
            if atom.first in NO_START and (boxes[-1][0].space or _icon_led(boxes[-1])):
                _glue_back(boxes)
        else:
            boxes.append([atom])
    return boxes


def _icon_led(box: list[Atom]) -> bool:
    return bool(box[0].pieces) and box[0].pieces[0].icon is not None


def _glue_back(boxes: list[list[Atom]]) -> None:
    """Keep closing punctuation after a space or an icon with what precedes it.

    A line may not start with "，" even after a space ("word ，next"); an inline icon has no
    text to extract, so a line starting with icon + "。" would read as one starting with "。".
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
    limit = width + 0.01
    for box in _boxes(_atoms(spans, size, family)):
        if box[0].newline:
            end_paragraph(lines)
            lines.append(Line())
            continue
        bw = sum(a.width for a in box)
        line = lines[-1]
        if box[0].space:
            overflow = bool(line.pieces) and line.width + bw > limit
            if line.pieces and not overflow:
                pass  # a space between words
            else:  # no spaces at a line's start; what follows them stays
                if overflow:
                    lines.append(Line())
                    line = lines[-1]
                lead = 0
                while lead < len(box) and box[lead].space:
                    lead += 1
                box = box[lead:]
                if not box:
                    continue
                bw = sum(a.width for a in box)
        if line.pieces and line.width + bw > limit:
            lines.append(Line())
            line = lines[-1]
        if bw > limit:
            too_wide = True
        for a in box:
            line.pieces.extend(a.pieces)
        line.width += bw
    end_paragraph(lines)
    for line in lines:  # trailing spaces do not count
        while line.pieces and line.pieces[-1].icon is None and line.pieces[-1].text.strip() == "":
            line.width -= line.pieces.pop().width
        line.pieces = _merge(line.pieces)
    return lines, too_wide


def end_paragraph(lines: list[Line]) -> None:
    """Mark the last line of a paragraph (the one before spaces that overflowed, too)."""
    lines[-1].last = True
    if not lines[-1].pieces and len(lines) > 1:
        lines[-2].last = True


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
