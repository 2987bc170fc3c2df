"""Mixed-script line breaking: spans become atoms, atoms unbreakable boxes, boxes lines.

Lines break at spaces and between Chinese characters, never inside an English word, never
before closing punctuation (，。、：；！？）」』 ...) and never after opening punctuation
(kinsoku). Closing punctuation after a space stays with the word before the space, so no line
starts with it and nothing is dropped with the space. Each run gets the first font that has its
glyphs (see ``fonts.split_runs``), Chinese punctuation the Chinese face, so mixed English and
Chinese never loses a character. A span's cutting into words, spaces and Chinese characters,
with their widths at 1 pt, is remembered per text and face: the same texts are wrapped at many
sizes and widths. A word joiner (U+2060) between two characters forbids a break there and is
not drawn: a caller marks a Chinese word that must stay whole with it; a zero-width space
(U+200B) is a break opportunity that draws nothing; a number after a Chinese word and a space
stays with the word. A paragraph never ends in a line of one Chinese character.
"""

from __future__ import annotations

import re
from collections.abc import Set
from functools import lru_cache

import msgspec
from msgspec import field

from ..content.markup import NO_END, NO_START, SHARED_PUNCT, Span, is_cjk, is_cjk_punct
from ..text.breaks import BREAK, bind_numbers, one_han
from . import fonts

ICON_WIDTH = 1.05  # an inline icon's advance, in ems
_SPACES = re.compile(r"( +|\u200b+)")  # spaces, and zero-width break opportunities
# One Chinese character (the ranges of text_markup.is_cjk), or a run of anything else.
_CJK_RANGES = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\ufe30-\ufe4f\U00020000-\U0010ffff"
_CJK_OR_RUN = re.compile(f"([{_CJK_RANGES}])|[^{_CJK_RANGES}]+")
_WORD, _SPACE, _CJK = 0, 1, 2
_Unit = tuple[int, str, fonts.Face, float]  # kind, text, face, width at 1 pt


class Piece(msgspec.Struct):
    """Part of a line drawn in one face: text, or an icon when ``icon`` is set."""

    text: str
    face: fonts.Face | None
    size: float
    color: str | None
    width: float
    icon: str | None = None


class Line(msgspec.Struct):
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
    return _cut(bind_numbers(text), family, style, primary, fonts.face("sans", style))


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
            if part[0] == BREAK:  # a break opportunity of no width, drawn as nothing
                out.append((_SPACE, "", face, 0.0))
                continue
            for m in _CJK_OR_RUN.finditer(part):
                seg = m.group()
                out.append((_CJK if m.lastindex else _WORD, seg, face, unit_width(seg, face)))
    return tuple(out)


def clear_caches() -> None:
    """Forget remembered cuts, boxes and widths (benchmarks start cold)."""
    _cut.cache_clear()
    _prepared.cache_clear()
    _width_cache.clear()


# A piece of a prepared box at 1 pt: text, face, colour, icon, width, blank (drawn as nothing).
_Spec = tuple[str, fonts.Face | None, str | None, str | None, float, bool]
# An atom, the unbreakable unit: kind, first and last character, width at 1 pt, its pieces.
_Atom = tuple[int, str, str, float, tuple[_Spec, ...]]
_ICON, _NEWLINE = 3, 4
JOINER = "\u2060"  # no break between the characters either side; never drawn
_ICON_CHAR = "\ue000"  # an icon's stand-in for the line-start and line-end rules
# A prepared box: line break?, leading spaces' width, the rest's width, the specs after the
# leading spaces, all specs. Widths at 1 pt.
_Box = tuple[bool, float, float, tuple[_Spec, ...], tuple[_Spec, ...]]


def _atoms(spans: tuple[Span, ...], family: str) -> tuple[list[_Atom], set[int]]:
    """Words, spaces, single CJK characters, icons and line breaks of ``spans``, at 1 pt, and
    the atoms a word joiner glues to the atom before them."""
    atoms: list[_Atom] = []
    glued: set[int] = set()
    word: list[_Spec] = []

    def flush() -> None:
        if word:
            w = 0.0
            for sp in word:
                w += sp[4]
            atoms.append((_WORD, word[0][0][:1], word[-1][0][-1:], w, tuple(word)))
            word.clear()

    for span in spans:
        color = span.color
        if span.icon is not None:
            flush()
            spec = ("", None, color, span.icon, ICON_WIDTH, False)
            atoms.append((_ICON, _ICON_CHAR, _ICON_CHAR, ICON_WIDTH, (spec,)))
            continue
        if span.text == "\n":
            flush()
            atoms.append((_NEWLINE, "", "", 0.0, ()))
            continue
        for n, part in enumerate(span.text.split(JOINER)):
            if n:
                glued.add(len(atoms) + (1 if word else 0))
            for kind, text, face, unit in _units(part, family, span.style) if part else ():
                if kind == _WORD:
                    word.append((text, face, color, None, unit, not text.strip()))
                    continue
                flush()
                if kind == _SPACE:
                    atoms.append((_SPACE, "", "", unit, ((text, face, color, None, unit, True),)))
                else:
                    atoms.append(
                        (_CJK, text, text, unit, ((text, face, color, None, unit, False),))
                    )
    flush()
    return atoms, glued


def _can_break(left: _Atom, right: _Atom) -> bool:
    if right[1] in NO_START or left[2] in NO_END:
        return False
    if left[0] == _SPACE or right[0] == _SPACE:
        return True
    return left[0] in (_CJK, _ICON) or right[0] in (_CJK, _ICON)


def _boxes(atoms: list[_Atom], glued: Set[int] = frozenset()) -> list[list[_Atom]]:
    """Group atoms into unbreakable boxes (a word with its trailing closing punctuation, ...);
    an atom in ``glued`` always joins the box before it."""
    boxes: list[list[_Atom]] = []
    for n, atom in enumerate(atoms):
        if (
            boxes
            and atom[0] != _NEWLINE
            and boxes[-1][-1][0] != _NEWLINE
            and (n in glued or not _can_break(boxes[-1][-1], atom))
        ):
            boxes[-1].append(atom)
            if atom[1] in NO_START and boxes[-1][0][0] in (_SPACE, _ICON):
                _glue_back(boxes)
        else:
            boxes.append([atom])
    return boxes


def _glue_back(boxes: list[list[_Atom]]) -> None:
    """Keep closing punctuation after a space or an icon with what precedes it.

    A line may not start with "，" even after a space ("word ，next"); an inline icon has no
    text to extract, so a line starting with icon + "。" would read as one starting with "。".
    """
    while len(boxes) > 1 and boxes[-2][-1][0] != _NEWLINE:
        if boxes[-2][0][0] == _SPACE and (len(boxes) == 2 or boxes[-3][-1][0] == _NEWLINE):
            return  # never make a box that starts a paragraph with a space
        last = boxes.pop()
        boxes[-1].extend(last)
        if boxes[-1][0][0] != _SPACE:
            return


@lru_cache(maxsize=16384)
def _prepared(spans: tuple[Span, ...], family: str, _primary: fonts.Face) -> tuple[_Box, ...]:
    """The unbreakable boxes of ``spans`` at 1 pt (widths scale with the size)."""
    out: list[_Box] = []
    for box in _boxes(*_atoms(spans, family)):
        if len(box) == 1:  # most boxes: one word, one space, one character
            kind, _, _, w, specs = box[0]
            if kind == _NEWLINE:
                out.append((True, 0.0, 0.0, (), ()))
            elif kind == _SPACE:
                out.append((False, w, 0.0, (), specs))
            else:
                out.append((False, 0.0, w, specs, specs))
            continue
        lead = 0
        while lead < len(box) and box[lead][0] == _SPACE:
            lead += 1
        lead_w = sum(a[3] for a in box[:lead])
        rest_w = sum(a[3] for a in box[lead:])
        rest = tuple(sp for a in box[lead:] for sp in a[4])
        every = tuple(sp for a in box[:lead] for sp in a[4]) + rest
        out.append((False, lead_w, rest_w, rest, every))
    return tuple(out)


def wrap(
    spans: list[Span], width: float, size: float, family: str = "sans"
) -> tuple[list[Line], bool]:
    """Break spans into lines no wider than ``width``; returns (lines, some box was too wide).

    A paragraph whose last line would hold one Chinese character (and its punctuation) takes
    the last box of the line before down with it (see :func:`_no_widows`).
    """
    boxes = _prepared(tuple(spans), family, fonts.face(family))
    done: list[_Done] = []
    specs: list[_Spec] = []
    marks: list[_Mark] = []
    dropped: set[int] = set()  # lines that start where spaces were dropped
    line_w = 0.0
    too_wide = False
    limit = width + 0.01
    for newline, lead_w, rest_w, rest, every in boxes:
        if newline:
            done.append((specs, line_w, True, marks))
            specs, line_w, marks = [], 0.0, []
            continue
        bw = (lead_w + rest_w) * size
        parts = every
        if lead_w:
            overflow = bool(specs) and line_w + bw > limit
            if not specs or overflow:  # no spaces at a line's start; what follows them stays
                if overflow:
                    done.append((specs, line_w, False, marks))
                    specs, line_w, marks = [], 0.0, []
                    dropped.add(len(done))
                if not rest:
                    continue
                parts, bw = rest, rest_w * size
        if specs and line_w + bw > limit:
            done.append((specs, line_w, False, marks))
            specs, line_w, marks = [], 0.0, []
        if bw > limit:
            too_wide = True
        marks.append((len(specs), line_w, len(parts) - len(rest), bw - rest_w * size))
        specs.extend(parts)
        line_w += bw
    done.append((specs, line_w, True, marks))
    _no_widows(done, limit, dropped)
    lines = [_line(sp, w, last, size) for sp, w, last, _ in done]
    for n, (sp, _, last, _) in enumerate(done):
        if last and not sp and n:  # spaces that overflowed before a paragraph's end
            lines[n - 1].last = True
    return lines, too_wide


# A line being made: its specs, width, whether it ends a paragraph, and where each box starts.
# A box's mark: its first spec, the line's width before it, its leading blanks and their width.
_Mark = tuple[int, float, int, float]
_Done = tuple[list[_Spec], float, bool, list[_Mark]]


def _no_widows(done: list[_Done], limit: float, dropped: Set[int] = frozenset()) -> None:
    """Give a paragraph's one-character last line the last box of the line before it.

    The line before keeps at least one box, and the box moves only if the last line still
    fits; the line before then ends a box earlier (a justified line spreads a little more).
    A last line that starts where spaces were dropped keeps its line before as it is.
    """
    for n in range(1, len(done)):
        specs, width, last, marks = done[n]
        before, before_width, before_last, before_marks = done[n - 1]
        if not last or before_last or n in dropped or not specs:
            continue
        if any(sp[3] is not None for sp in specs) or not one_han("".join(sp[0] for sp in specs)):
            continue
        solid = [m for m in before_marks if _shows(before, m)]
        if len(solid) < 2:
            continue
        start, at, blanks, lead = solid[-1]
        moved_w = before_width - at - lead  # the box and any spaces after it
        if moved_w + width > limit:
            continue
        moved = before[start + blanks :]
        shift = len(moved)
        keep = [m for m in before_marks if m[0] < start]
        done[n - 1] = (before[:start], at, False, keep)
        done[n] = (
            moved + specs,
            moved_w + width,
            True,
            [(0, 0.0, 0, 0.0)] + [(i + shift, w + moved_w, b, x) for i, w, b, x in marks],
        )


def _shows(specs: list[_Spec], mark: _Mark) -> bool:
    """Whether the box at ``mark`` draws something (not only spaces)."""
    start, _, blanks, _ = mark
    return not specs[start + blanks][5] if start + blanks < len(specs) else False


def _line(specs: list[_Spec], width: float, last: bool, size: float) -> Line:
    """A line of merged pieces from ``specs``, trailing blanks left out."""
    end = len(specs)
    while end and specs[end - 1][5]:
        end -= 1
        width -= specs[end][4] * size
    pieces: list[Piece] = []
    texts: list[str] = []
    run_w = 0.0
    key: tuple[fonts.Face | None, str | None] | None = None
    for text, face, color, icon, unit, _ in specs[:end]:
        if icon is None and key == (face, color):
            texts.append(text)
            run_w += unit
            continue
        if key is not None:
            pieces.append(Piece("".join(texts), key[0], size, key[1], run_w * size))
            key = None
        if icon is not None:
            pieces.append(Piece("", None, size, color, unit * size, icon))
            continue
        key, texts, run_w = (face, color), [text], unit
    if key is not None:
        pieces.append(Piece("".join(texts), key[0], size, key[1], run_w * size))
    return Line(pieces, width, last)


def end_paragraph(lines: list[Line]) -> None:
    """Mark the last line of a paragraph (the one before spaces that overflowed, too)."""
    lines[-1].last = True
    if not lines[-1].pieces and len(lines) > 1:
        lines[-2].last = True
