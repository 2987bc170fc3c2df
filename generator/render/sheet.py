"""Writing a component's sheets to PDF: faces, crop marks, page boxes, label, scale bar.

Pages come in front/back pairs for duplex (the back page mirrors the front across the flip
axis), or single pages with fronts and backs either side of a fold line. Each page carries
TrimBox and BleedBox, crop marks outside the bleed, a label (game, component, language,
sheet n/m, side) and a 50 mm scale bar. The file is written to a temporary name and moved into
place, so a failed build never leaves a half-written PDF.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path

import msgspec
from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from ..atomic import atomic_path
from ..atomic import atomic_target as atomic_target  # re-exported for callers of this module
from ..atomic import commit_file as commit_file
from ..faces.expand import Copy
from ..layout.impose import (
    BAND,
    MARK_MAX,
    MARK_MIN,
    MARK_OFFSET,
    SCALE_BAR,
    Imposition,
    Rect,
    Slot,
    cut_lines,
    sheet_slots,
)
from ..layout.units import MM
from ..locale import translation
from . import fonts
from . import text as rtext
from .face import ESTIMATE_NOTE, FaceRenderer, FaceWarning
from .sheet_words import sheet_words


class SheetMeta(msgspec.Struct, frozen=True):
    """Words for the sheet label, and the language its own words print in."""

    game: str
    component: str
    lang: str  # the language of the label, notes and assembly page (and the glyph forms)
    langs: tuple[str, ...] = ()  # the languages whose pieces the sheets print; () for all


class SheetResult(msgspec.Struct):
    """What rendering a sheet PDF gave: page count, file size in bytes and face warnings."""

    pages: int
    bytes: int
    warnings: list[FaceWarning]


def new_canvas(target: str, page_w: float, page_h: float, title: str) -> Canvas:
    """A canvas that embeds only our fonts and writes the same bytes for the same drawing."""
    fonts.ensure_builtin()
    rl_config.useA85 = 0  # binary streams: smaller files, no ASCII85 pass
    c = Canvas(
        target,
        pagesize=(page_w, page_h),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.face("sans").name,
        initialFontSize=8,
    )
    c.setTitle(title)
    c.setCreator("pnp")
    c.setProducer("pnp (reportlab)")
    return c


class Written:
    """What an atomic write produced: the final file's size."""

    size = 0


@contextlib.contextmanager
def atomic_canvas(
    path: Path, page_w: float, page_h: float, title: str
) -> Iterator[tuple[Canvas, Written]]:
    """A canvas drawing into a temporary file that replaces ``path`` only when drawing succeeds.

    On any failure the temporary file is removed and ``path`` is left as it was.
    """
    written = Written()
    with atomic_path(path) as tmp:
        c = new_canvas(tmp, page_w, page_h, title)
        yield c, written
        c.save()
    written.size = path.stat().st_size


def _crop_marks(
    c: Canvas, imp: Imposition, slots: Sequence[Slot], outer_sides: str, band: Rect
) -> None:
    """Crop marks for every cut line of ``slots``, in the margin around their art; never over art."""
    _stamp(c, _crop_ops(imp, tuple(slots), outer_sides, band))


def _stamp(c: Canvas, ops: str) -> None:
    """Draw ``ops``, stored once per document as a form: sheets repeat their marks and bar."""
    forms = rtext.writer(c).forms
    name = forms.get(ops)
    if name is None:
        name = forms[ops] = f"sheet{len(forms)}"
        c.beginForm(name)
        c.addLiteral(ops)
        c.endForm()
    c.doForm(name)


@lru_cache(maxsize=64)
def _crop_ops(imp: Imposition, slots: tuple[Slot, ...], outer_sides: str, band: Rect) -> str:
    xs, ys = cut_lines(imp, slots)
    left = min(s.art.x for s in slots)
    right = max(s.art.right for s in slots)
    bottom = min(s.art.y for s in slots)
    top = max(s.art.top for s in slots)
    margin = imp.band.x
    low_limit = band.top if band.y < bottom else margin
    high_limit = band.y if band.y > top else imp.page_h - margin
    out = ["0 0 0 RG .25 w n"]
    for x in xs:
        _segment(out, x, top + MARK_OFFSET, x, min(top + MARK_OFFSET + MARK_MAX, high_limit))
        _segment(out, x, bottom - MARK_OFFSET, x, max(bottom - MARK_OFFSET - MARK_MAX, low_limit))
    for y in ys:
        if "l" in outer_sides:
            _segment(out, left - MARK_OFFSET, y, max(left - MARK_OFFSET - MARK_MAX, margin), y)
        if "r" in outer_sides:
            _segment(
                out,
                right + MARK_OFFSET,
                y,
                min(right + MARK_OFFSET + MARK_MAX, imp.page_w - margin),
                y,
            )
    out.append("S")  # every mark in one path, stroked once
    return "\n".join(out)


def _segment(out: list[str], x1: float, y1: float, x2: float, y2: float) -> None:
    if abs(x2 - x1) + abs(y2 - y1) >= MARK_MIN - 1e-6:
        out.append(f"{fp_str(x1, y1)} m {fp_str(x2, y2)} l")


def _label(c: Canvas, band: Rect, words: str, lang: str) -> None:
    """The sheet label on the left of the band, the scale bar (captioned in ``lang``) on its right."""
    memo = rtext.writer(c).memo
    bar = memo.get(("scale-bar", band, lang))
    if bar is None:
        bar = memo[("scale-bar", band, lang)] = _scale_bar(c, band, lang)
    _stamp(c, bar)
    size = 6.0
    lw = band.w - SCALE_BAR - 4 * MM
    fitted = rtext.fit(words, lw, size * 1.3, size, 4.0)
    rtext.draw(
        c, fitted, band.x, band.y + 1.2 * MM, lw, size * 1.3, valign="bottom", color="#333333"
    )


def _scale_bar(c: Canvas, band: Rect, lang: str) -> str:
    """A 50 mm bar with 10 mm ticks and its caption, right-aligned in ``band``."""
    size = 6.0
    bar_x = band.right - SCALE_BAR
    bar_y = band.y + 1.2 * MM
    out = ["0 0 0 rg", f"n {fp_str(bar_x, bar_y, SCALE_BAR, 0.8 * MM)} re f", ".3 w 0 0 0 RG"]
    for tick in range(0, 6):
        x = bar_x + tick * 10 * MM
        out.append(
            f"n {fp_str(x, bar_y)} m {fp_str(x, bar_y + (2.0 if tick in (0, 5) else 1.4) * MM)} l S"
        )
    caption = translation(lang).gettext("50 mm — print at 100% (actual size)")
    fitted = rtext.fit(caption, SCALE_BAR, size * 1.3, size, 5.0)
    ops, _, _ = rtext.writer(c).ops(
        fitted, bar_x, bar_y + 2.2 * MM, SCALE_BAR, size * 1.3, align="center", valign="bottom"
    )
    out.append(ops)
    return "\n".join(out)


def _proof(c: Canvas, slot: Slot, safe: float, shape: str) -> None:
    t, a = slot.trim, slot.art
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(0.1, 0.6, 0.9)
    c.rect(a.x, a.y, a.w, a.h, stroke=1, fill=0)
    c.setStrokeColorRGB(0.9, 0.1, 0.1)
    if shape == "round":
        c.ellipse(t.x, t.y, t.right, t.top, stroke=1, fill=0)
    else:
        c.rect(t.x, t.y, t.w, t.h, stroke=1, fill=0)
    c.setStrokeColorRGB(0.1, 0.6, 0.2)
    c.setDash(2, 2)
    c.rect(t.x + safe, t.y + safe, t.w - 2 * safe, t.h - 2 * safe, stroke=1, fill=0)
    c.restoreState()


def _boxes(c: Canvas, imp: Imposition, slots: Sequence[Slot]) -> None:
    g = Rect(
        min(s.trim.x for s in slots),
        min(s.trim.y for s in slots),
        max(s.trim.right for s in slots) - min(s.trim.x for s in slots),
        max(s.trim.top for s in slots) - min(s.trim.y for s in slots),
    )
    b = Rect(
        min(s.art.x for s in slots),
        min(s.art.y for s in slots),
        max(s.art.right for s in slots) - min(s.art.x for s in slots),
        max(s.art.top for s in slots) - min(s.art.y for s in slots),
    )
    c.setTrimBox((g.x, g.y, g.right, g.top))
    c.setBleedBox((b.x, b.y, b.right, b.top))


def write_sheets(
    path: Path,
    copies: Sequence[Copy],
    imp: Imposition,
    meta: SheetMeta,
    *,
    trim: tuple[float, float, str],
    bleed: float,
    crop_marks: bool = True,
    proof: bool = False,
    cut: str = "auto",
    radius: float = 0.0,
) -> SheetResult:
    """Impose ``copies`` on sheets and write them to ``path`` atomically.

    ``cut`` (line, marks, none, auto) chooses the cutting guides; ``auto`` adds a thin cut path
    to round and rounded items, whose corners crop marks cannot show. Chinese takes the
    regional glyph forms of ``meta.lang``.
    """
    with fonts.language(meta.lang):
        return _write_sheets(path, copies, imp, meta, trim, bleed, crop_marks, proof, cut, radius)


def _write_sheets(
    path: Path,
    copies: Sequence[Copy],
    imp: Imposition,
    meta: SheetMeta,
    trim: tuple[float, float, str],
    bleed: float,
    crop_marks: bool,
    proof: bool,
    cut: str,
    radius: float,
) -> SheetResult:
    cut_path = cut == "line" or (cut == "auto" and (trim[2] == "round" or radius > 0))
    crop_marks = crop_marks and cut != "none"
    tw, th, shape = trim
    title = f"{meta.game} - {meta.component}"
    with atomic_canvas(path, imp.page_w, imp.page_h, title) as (c, written):
        renderer = FaceRenderer(c, tw, th, bleed, shape, cut_radius=radius if cut_path else None)
        per = imp.per_page
        uses: dict[int, int] = {}  # placements of each face
        sides: dict[int, set[tuple[int, bool]]] = {}  # the sheet sides it is placed on
        for n, cp in enumerate(copies):
            for f, back in ((cp.front, False), (cp.back, True)):
                if f is not None:
                    uses[id(f)] = uses.get(id(f), 0) + 1
                    sides.setdefault(id(f), set()).add((n // per, back))
        spread = {k for k, v in sides.items() if len(v) > 1}
        sheets = max(1, -(-len(copies) // per))
        has_backs = imp.duplex != "none" and any(cp.back is not None for cp in copies)
        pages = 0
        for s in range(sheets):
            chunk = copies[s * per : (s + 1) * per]
            fronts, backs = sheet_slots(imp, len(chunk), bleed)
            fold = imp.duplex == "fold" and has_backs
            _page(
                c,
                renderer,
                imp,
                chunk,
                fronts,
                "front",
                uses,
                spread,
                proof,
                crop_marks,
                fold,
                imp.band,
            )
            if fold:
                for cp, slot in zip(chunk, backs, strict=False):
                    if cp.back is not None:
                        renderer.place(
                            cp.back,
                            slot,
                            reuse=uses.get(id(cp.back), 0) > 1,
                            spread=id(cp.back) in spread,
                        )
                        if proof:
                            _proof(c, slot, cp.back.safe, shape)
                if crop_marks:
                    _crop_marks(c, imp, backs, "r", imp.band)
                x1, y1, x2, y2 = imp.fold_line  # type: ignore[misc]
                c.saveState()
                c.setDash(3, 3)
                c.setLineWidth(0.3)
                c.setStrokeColorRGB(0.4, 0.4, 0.4)
                c.line(x1, y1 + BAND, x2, y2)
                c.restoreState()
            t = translation(meta.lang)
            words = sheet_words(meta.lang, meta.game, meta.component, s + 1, sheets, meta.langs)
            if any(cp.front.estimate for cp in chunk):
                words += f" · {t.gettext(ESTIMATE_NOTE)}"
            side = (
                t.gettext("fronts | backs (fold on the dashed line)")
                if fold
                else t.gettext("front")
            )
            _label(c, imp.band, f"{words} · {side} · {imp.describe(meta.lang)}", meta.lang)
            c.showPage()
            pages += 1
            if has_backs and not fold:
                _page(
                    c,
                    renderer,
                    imp,
                    chunk,
                    backs,
                    "back",
                    uses,
                    spread,
                    proof,
                    crop_marks,
                    False,
                    imp.back_band,
                )
                back_words = (
                    t.gettext("back (print double-sided: flip on the long edge)")
                    if imp.duplex == "long"
                    else t.gettext("back (print double-sided: flip on the short edge)")
                )
                _label(c, imp.back_band, f"{words} · {back_words}", meta.lang)
                c.showPage()
                pages += 1
    return SheetResult(pages, written.size, renderer.warnings)


def _page(
    c: Canvas,
    renderer: FaceRenderer,
    imp: Imposition,
    chunk: Sequence[Copy],
    slots: Sequence[Slot],
    side: str,
    uses: dict[int, int],
    spread: set[int],
    proof: bool,
    crop_marks: bool,
    fold: bool,
    band: Rect,
) -> None:
    used = slots
    _boxes(c, imp, used if not fold else list(used) + list(imp.backs[: len(chunk)]))
    for cp, slot in zip(chunk, used, strict=False):
        face = cp.front if side == "front" else cp.back
        if face is None:
            continue
        renderer.place(face, slot, reuse=uses.get(id(face), 0) > 1, spread=id(face) in spread)
        if proof:
            _proof(c, slot, face.safe, renderer.shape)
    if crop_marks:
        _crop_marks(c, imp, used, "l" if fold else "lr", band)
