"""Writing a board to PDF: its face cut into tiles, with glue strips, alignment marks and a map.

The board's face is drawn once as a form at its true size and shown through each tile's clip,
so every tile is the same drawing, offset exactly. A tile's glue strip carries a dashed
alignment line where the next tile's edge goes and ticks that the next tile's triangles meet;
each tile is named (``A2``: row A, column 2) in the strip and the sheet label, and an assembly
page shows the whole board with every tile's place. Written atomically like every sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.rl_accel import fp_str  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from ..faces.expand import Copy
from ..layout.impose import Rect, Slot
from ..layout.tiling import Tile, Tiling
from ..layout.units import MM
from ..locale import translation
from . import fonts
from . import text as rtext
from .face import ESTIMATE_NOTE, FaceRenderer
from .sheet import (
    SheetMeta,
    SheetResult,
    _boxes,
    _crop_marks,
    _label,
    _proof,
    atomic_canvas,
)
from .sheet_words import sheet_words

ALIGN_RGB = "0.85 0 0.55"  # the alignment line and ticks (magenta: hidden under the next tile)
TICKS = (0.25, 0.5, 0.75)  # where along a joined edge the alignment ticks and triangles are


def write_board(
    path: Path,
    copies: Sequence[Copy],
    tiling: Tiling,
    meta: SheetMeta,
    *,
    bleed: float,
    crop_marks: bool = True,
    proof: bool = False,
    assembly: bool = True,
) -> SheetResult:
    """Tile each copy of the board over sheets and write them to ``path`` atomically."""
    with fonts.language(meta.lang):  # Chinese in the regional glyph forms of the sheet
        imp = tiling.imposition
        title = f"{meta.game} - {meta.component}"
        with atomic_canvas(path, imp.page_w, imp.page_h, title) as (c, written):
            renderer = FaceRenderer(c, tiling.board_w, tiling.board_h, bleed)
            jobs = [(cp, tile) for cp in copies for tile in tiling.tiles]
            per = imp.per_page
            sheets = -(-len(jobs) // per)
            pages = 0
            for s in range(sheets):
                chunk = jobs[s * per : (s + 1) * per]
                slots = [
                    _tile_slot(slot, tile, bleed)
                    for slot, (_, tile) in zip(imp.fronts, chunk, strict=False)
                ]
                _boxes(c, imp, slots)
                for (cp, tile), slot in zip(chunk, slots, strict=False):
                    _draw_tile(c, renderer, cp, tile, slot, tiling, bleed, meta.lang)
                    if proof:
                        _proof(c, slot, cp.front.safe, "rect")
                if crop_marks:
                    _crop_marks(c, imp, slots, "lr", imp.band)
                t = translation(meta.lang)
                names = t.pgettext("between items of a list", ", ").join(
                    _tile_words(cp, tile, tiling, len(copies), meta.lang) for cp, tile in chunk
                )
                words = sheet_words(meta.lang, meta.game, meta.component, s + 1, sheets, meta.langs)
                words += f" · {names}"
                if any(cp.front.estimate for cp, _ in chunk):
                    words += f" · {t.gettext(ESTIMATE_NOTE)}"
                _label(c, imp.band, words, meta.lang)
                c.showPage()
                pages += 1
            if assembly and tiling.count > 1:
                _assembly_page(c, tiling, meta)
                pages += 1
        return SheetResult(pages, written.size, renderer.warnings)


def _tile_words(cp: Copy, tile: Tile, tiling: Tiling, boards: int, lang: str) -> str:
    """What the sheet label says of one tile: the whole board, or tile A2 of B3."""
    t = translation(lang)
    if tiling.count == 1:
        words = t.gettext("whole board")
    else:
        words = t.gettext("tile {name} of {last}").format(name=tile.name(), last=tiling.last_name())
    return f"{cp.item.id} {words}" if boards > 1 else words


def _tile_slot(slot: Slot, tile: Tile, bleed: float) -> Slot:
    """The tile's trim at the top-left of its imposition slot; full bleed on every side."""
    top = slot.trim.top
    return Slot(
        Rect(slot.trim.x, top - tile.h, tile.w, tile.h),
        bleed,
        bleed,
        bleed,
        bleed,
        slot.row,
        slot.col,
    )


def _draw_tile(
    c: Canvas,
    renderer: FaceRenderer,
    cp: Copy,
    tile: Tile,
    slot: Slot,
    tiling: Tiling,
    bleed: float,
    lang: str,
) -> None:
    t, a = slot.trim, slot.art
    board = Slot(
        Rect(t.x - tile.x0, t.top + tile.y0 - tiling.board_h, tiling.board_w, tiling.board_h),
        bleed,
        bleed,
        bleed,
        bleed,
        0,
        0,
    )
    c.addLiteral(f"q n {fp_str(a.x, a.y, a.w, a.h)} re W n")
    renderer.place(cp.front, board, reuse=tiling.count > 1, spread=tiling.count > 1)
    c.addLiteral("Q")
    c.addLiteral(_join_ops(tile, t, tiling, _occupied(cp, tiling)))
    if tile.strip_right or tile.strip_bottom:
        _strip_label(c, tile, t, tiling, lang)


Box = tuple[float, float, float, float]  # x, y, w, h in points from the board's top-left


def _occupied(cp: Copy, tiling: Tiling) -> list[Box]:
    """What a triangle must not sit on once the tiles are glued: words, and the frames and
    circles of the board's spaces (not its background panels)."""
    out: list[Box] = []
    small = 0.1 * tiling.board_w * tiling.board_h
    for b in cp.front.boxes:
        x, w = (b.x, b.w) if b.w >= 0 else (b.x + b.w, -b.w)
        y, h = (b.y, b.h) if b.h >= 0 else (b.y + b.h, -b.h)
        kind = type(b.spec).__name__
        if (b.text and b.text.strip()) or (kind in ("FrameBox", "CircleBox") and w * h < small):
            out.append((x, y, w, h))
    return out


def _ticks(vertical: bool, at: float, start: float, length: float, busy: list[Box]) -> list[float]:
    """Where along a joined edge its marks go: near a quarter, half and three quarters of it,
    each moved to the nearest place the next tile's triangle does not cover a space or words.
    The edge lies at ``at`` (x of a vertical edge, y of a horizontal one), from ``start``."""
    size = 2 * MM  # a triangle and a little room around it

    def free(f: float) -> bool:
        p = start + length * f
        if vertical:
            area = (at - size, p - size, 2 * size, 2 * size)
        else:
            area = (p - size, at - size, 2 * size, 2 * size)
        ax, ay, aw, ah = area
        return not any(
            bx < ax + aw and ax < bx + bw and by < ay + ah and ay < by + bh
            for bx, by, bw, bh in busy
        )

    places = [n / 40 for n in range(3, 38)]
    chosen: list[float] = []
    for want in TICKS:
        options = sorted((f for f in places if f not in chosen), key=lambda f: abs(f - want))
        chosen.append(next((f for f in options if free(f)), want))
    return sorted(chosen)


def _join_ops(tile: Tile, t: Rect, tiling: Tiling, busy: list[Box] | None = None) -> str:
    """Alignment lines and ticks on the glue strips; triangles on edges that lie on a strip,
    placed where they cover no space or words of the board (``busy``)."""
    busy = busy or []
    right = _ticks(True, tile.x0 + tiling.step_x, tile.y0, tiling.step_y, busy)
    below = _ticks(False, tile.y0 + tiling.step_y, tile.x0, tiling.step_x, busy)
    left = _ticks(True, tile.x0, tile.y0, tiling.step_y, busy)
    above = _ticks(False, tile.y0, tile.x0, tiling.step_x, busy)
    out = [f"q {ALIGN_RGB} RG .5 w [3 2] 0 d"]
    tick = min(tiling.overlap * 0.6, 6 * MM)
    if tile.strip_right:
        x = t.x + tiling.step_x
        out.append(f"n {fp_str(x, t.y)} m {fp_str(x, t.top)} l S")
    if tile.strip_bottom:
        y = t.top - tiling.step_y
        out.append(f"n {fp_str(t.x, y)} m {fp_str(t.right, y)} l S")
    out.append("[] 0 d")
    for f in right if tile.strip_right else ():
        x, y = t.x + tiling.step_x, t.top - tiling.step_y * f
        out.append(f"n {fp_str(x, y)} m {fp_str(x + tick, y)} l S")
    for f in below if tile.strip_bottom else ():
        x, y = t.x + tiling.step_x * f, t.top - tiling.step_y
        out.append(f"n {fp_str(x, y)} m {fp_str(x, y - tick)} l S")
    out.append("0 0 0 rg")
    size = 1.6 * MM
    for f in left if tile.col > 0 else ():  # the left edge lies on the left neighbour's strip
        y = t.top - tiling.step_y * f
        out.append(
            f"n {fp_str(t.x, y - size / 2)} m {fp_str(t.x + size, y)} l {fp_str(t.x, y + size / 2)} l f"
        )
    for f in above if tile.row > 0 else ():  # the top edge lies on the upper neighbour's strip
        x = t.x + tiling.step_x * f
        out.append(
            f"n {fp_str(x - size / 2, t.top)} m {fp_str(x, t.top - size)} l {fp_str(x + size / 2, t.top)} l f"
        )
    out.append("Q")
    return "\n".join(out)


def _strip_label(c: Canvas, tile: Tile, t: Rect, tiling: Tiling, lang: str) -> None:
    """Names the tile that goes over each glue strip, in ``lang``."""
    size = min(7.0, tiling.overlap / MM * 0.9)
    glue = translation(lang).gettext("{tile} · glue under {next}")
    if tile.strip_right:
        right = Tile(tile.row, tile.col + 1, 0, 0, 0, 0, 0, 0).name()
        word = glue.format(tile=tile.name(), next=right)
        c.saveState()
        c.translate(t.x + tiling.step_x + tiling.overlap * 0.7, t.top - tiling.step_y / 2)
        c.rotate(90)
        fitted = rtext.fit(word, tiling.step_y * 0.4, size * 1.3, size, 3.0)
        rtext.draw(
            c,
            fitted,
            -tiling.step_y * 0.2,
            -size * 0.65,
            tiling.step_y * 0.4,
            size * 1.3,
            align="center",
            valign="middle",
            color="#8a0060",
        )
        c.restoreState()
    if tile.strip_bottom:
        below = Tile(tile.row + 1, tile.col, 0, 0, 0, 0, 0, 0).name()
        word = glue.format(tile=tile.name(), next=below)
        w = tiling.step_x * 0.4
        y = t.top - tiling.step_y - tiling.overlap * 0.7
        fitted = rtext.fit(word, w, size * 1.3, size, 3.0)
        rtext.draw(
            c,
            fitted,
            t.x + tiling.step_x * 0.3,
            y - size * 0.65,
            w,
            size * 1.3,
            align="center",
            valign="middle",
            color="#8a0060",
        )


def _assembly_page(c: Canvas, tiling: Tiling, meta: SheetMeta) -> None:
    """The whole board in small, each tile's place named, and how to join the tiles."""
    imp = tiling.imposition
    pw, ph = imp.page_w, imp.page_h
    margin = 15 * MM
    scale = min((pw - 2 * margin) / tiling.board_w, (ph - 2 * margin - 60 * MM) / tiling.board_h)
    w, h = tiling.board_w * scale, tiling.board_h * scale
    x0, top = (pw - w) / 2, ph - margin - 30 * MM
    c.setLineWidth(0.6)
    c.rect(x0, top - h, w, h, stroke=1, fill=0)
    c.setLineWidth(0.3)
    for tile in tiling.tiles:
        tx = x0 + tile.x0 * scale
        ty = top - (tile.y0 + tiling.step_y) * scale
        c.rect(tx, ty, tiling.step_x * scale, tiling.step_y * scale, stroke=1, fill=0)
        fitted = rtext.fit(
            f"**{tile.name()}**", tiling.step_x * scale, tiling.step_y * scale, 14, 5
        )
        rtext.draw(
            c,
            fitted,
            tx,
            ty,
            tiling.step_x * scale,
            tiling.step_y * scale,
            align="center",
            valign="middle",
        )
    t = translation(meta.lang)
    title = t.gettext("{game} · {component}: assembly").format(
        game=meta.game, component=meta.component
    )
    lines = [
        f"**{title}**",
        t.ngettext(
            "{count} tile in {rows} rows of {cols}; the finished board is {width} x {height} mm.",
            "{count} tiles in {rows} rows of {cols}; the finished board is {width} x {height} mm.",
            tiling.count,
        ).format(
            count=tiling.count,
            rows=tiling.rows,
            cols=tiling.cols,
            width=f"{tiling.board_w / MM:.0f}",
            height=f"{tiling.board_h / MM:.0f}",
        ),
        t.gettext("Print at 100 % (actual size) and check the 50 mm bar on each sheet."),
        t.gettext(
            "Cut every tile on its crop marks, glue strip included. Lay A1 face up. Lay the next "
            "tile over its glue strip so that the tile's edge runs along the dashed line and its "
            "black triangles meet the ticks, then glue. Finish each row left to right, then join "
            "the rows the same way."
        ),
    ]
    fitted = rtext.fit("\n\n".join(lines), pw - 2 * margin, 28 * MM, 9, 6)
    rtext.draw(c, fitted, margin, ph - margin - 28 * MM, pw - 2 * margin, 28 * MM, valign="top")
    c.showPage()
