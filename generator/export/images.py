"""Pictures for Tabletop Simulator: deck sheets (grids of card faces) and single face images.

A deck sheet holds at most :data:`MAX_COLS` x :data:`MAX_ROWS` cells and stays within
:data:`MAX_PX` pixels on each side (the largest texture Tabletop Simulator is documented to take:
its knowledge base, "Custom Content / Asset Creation"). The last cell of every sheet holds the
back, which Tabletop Simulator can show for a card hidden in another player's hand. The grid is
chosen for the requested dpi (:func:`sheet_grid`): as many columns and rows as fit at that
resolution, so a sharper export has fewer cards a sheet and more sheets; only a face too large
for two cells at that dpi is drawn smaller, and the grid says so. Faces are drawn by
:func:`generator.render.preview.render_faces`. Images are RGB PNGs (the knowledge base: "The
color mode MUST be RGB").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image, ImageDraw

from ..faces.expand import FaceDraw
from ..locale import _
from ..render.preview import render_faces
from ..render.sheet import atomic_target, commit_file

if TYPE_CHECKING:
    import PIL.Image

MAX_COLS = 10
MAX_ROWS = 7
MAX_PX = 4096
PT_PER_IN = 72.0

Trim = tuple[float, float, str]


class Grid(NamedTuple):
    """The largest grid of one deck's sheets: columns, rows, one cell's pixels, its dpi."""

    cols: int
    rows: int
    cell: tuple[int, int]
    dpi: float

    @property
    def faces(self) -> int:
        """Fronts on one full sheet (the last cell is the back)."""
        return self.cols * self.rows - 1

    def for_faces(self, faces: int) -> tuple[int, int]:
        """Columns and rows of a sheet holding ``faces`` fronts and the back."""
        if not 1 <= faces <= self.faces:
            raise ValueError(
                _("a sheet holds 1..{cells} faces, not {faces}").format(
                    cells=self.faces, faces=faces
                )
            )
        cols = min(self.cols, faces + 1)
        return cols, math.ceil((faces + 1) / cols)


def sheet_grid(trim: Trim, dpi: float) -> Grid:
    """The grid that keeps faces at ``dpi``: as many cells as fit within the limits.

    When not even one face and the back fit at ``dpi``, the two share the sheet (side by side
    or one above the other, whichever is sharper) at the highest dpi that fits; ``Grid.dpi``
    is then below ``dpi``.
    """
    tw, th, _unit = trim
    w, h = cell_size(trim, 1, 1, dpi)
    cols, rows = min(MAX_COLS, MAX_PX // w), min(MAX_ROWS, MAX_PX // h)
    if cols * rows >= 2:
        return Grid(cols, rows, (w, h), float(dpi))
    best = max(((2, 1), (1, 2)), key=lambda g: min(MAX_PX / (g[0] * tw), MAX_PX / (g[1] * th)))
    scale = min(MAX_PX / (best[0] * tw), MAX_PX / (best[1] * th))
    return Grid(*best, cell_size(trim, *best, scale * PT_PER_IN), scale * PT_PER_IN)


def cell_size(trim: Trim, cols: int, rows: int, dpi: float) -> tuple[int, int]:
    """Pixels of one cell: ``dpi`` at most, and the whole grid within :data:`MAX_PX`."""
    tw, th, _ = trim
    scale = min(dpi / PT_PER_IN, MAX_PX / (cols * tw), MAX_PX / (rows * th))
    return max(1, math.floor(tw * scale)), max(1, math.floor(th * scale))


def plain_back(size: tuple[int, int]) -> PIL.Image.Image:
    """A neutral back for items that have none (Tabletop Simulator needs one)."""

    image = Image.new("RGB", size, (92, 98, 112))
    inset = max(2, min(size) // 12)
    ImageDraw.Draw(image).rectangle(
        (inset, inset, size[0] - inset - 1, size[1] - inset - 1),
        outline=(200, 204, 212),
        width=max(1, inset // 3),
    )
    return image


def face_image(
    face: FaceDraw | None, trim: Trim, size: tuple[int, int], lang: str = "en"
) -> PIL.Image.Image:
    """One face (or the plain back when ``face`` is None) at ``size`` pixels."""
    if face is None:
        return plain_back(size)
    return next(render_faces([face], trim, size, lang))


def deck_sheet(
    faces: Sequence[FaceDraw], back: PIL.Image.Image, trim: Trim, grid: Grid, lang: str = "en"
) -> tuple[PIL.Image.Image, int, int]:
    """A sheet of ``faces`` in reading order with ``back`` in the last cell; (image, cols, rows)."""

    cols, rows = grid.for_faces(len(faces))
    w, h = grid.cell
    sheet = Image.new("RGB", (cols * w, rows * h), "white")
    for n, image in enumerate(render_faces(faces, trim, (w, h), lang)):
        sheet.paste(image, ((n % cols) * w, (n // cols) * h))
    last = cols * rows - 1
    sheet.paste(back.resize((w, h)), ((last % cols) * w, (last // cols) * h))
    return sheet, cols, rows


def save_png(image: PIL.Image.Image, path: Path) -> Path:
    """Write ``image`` as an RGB PNG, atomically, with the file mode of every other output."""
    fd, tmp = atomic_target(path)
    with open(tmp, "wb") as fh:
        image.convert("RGB").save(fh, format="PNG")
    commit_file(fd, tmp, path)
    return path


def thumbnail(source: Path, target: Path) -> None:
    """The picture Tabletop Simulator shows beside a saved object: ``source``, small."""

    with Image.open(source) as image:
        image.thumbnail((256, 256))
        save_png(image, target)
