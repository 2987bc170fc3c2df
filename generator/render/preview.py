"""PNG previews of single items and a contact sheet, rasterised with pypdfium2 (no poppler).

Each face is drawn on a page of its own (trim plus bleed, with proof guides when asked), the
pages are rasterised, and the PNGs are written atomically; the contact sheet lays every front
out in a grid so a whole deck can be checked at a glance.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium
from PIL import Image

from ..faces.expand import Copy, FaceDraw
from ..layout.impose import Rect, Slot
from . import fonts
from .face import FaceRenderer
from .sheet import _proof, atomic_target, commit_file, new_canvas

MAX_PIXELS = 36_000_000  # a board previewed at a high dpi is scaled down to this

if TYPE_CHECKING:
    import PIL.Image


def _face_pdf(
    copies: Sequence[Copy], trim: tuple[float, float, str], bleed: float, proof: bool
) -> tuple[bytes, list[str]]:
    tw, th, shape = trim
    buf = io.BytesIO()
    c = new_canvas(buf, tw + 2 * bleed, th + 2 * bleed, "preview")  # type: ignore[arg-type]
    renderer = FaceRenderer(c, tw, th, bleed, shape)
    slot = Slot(Rect(bleed, bleed, tw, th), bleed, bleed, bleed, bleed, 0, 0)
    names: list[str] = []
    for cp in copies:
        for side, face in (("front", cp.front), ("back", cp.back)):
            if face is None:
                continue
            renderer.place(face, slot)
            if proof:
                _proof(c, slot, face.safe, shape)
            c.showPage()
            names.append(f"{cp.item.id}.{side}")
    c.save()
    return buf.getvalue(), names


def write_previews(
    out_dir: Path,
    copies: Sequence[Copy],
    trim: tuple[float, float, str],
    bleed: float,
    *,
    dpi: int = 150,
    proof: bool = False,
    contact: bool = True,
    backs: bool = False,
    lang: str = "en",
) -> list[Path]:
    """Write ``<item>.front.png`` / ``.back.png`` per item (first copy) and ``contact.png``.

    The contact sheet shows the fronts; with ``backs`` each front is followed by its back.
    """

    first_of: dict[str, Copy] = {}
    for cp in copies:
        first_of.setdefault(cp.item.id, cp)
    firsts = list(first_of.values())
    with fonts.language(lang):  # Chinese in the regional glyph forms of ``lang``
        data, names = _face_pdf(firsts, trim, bleed, proof)
    pdf = pdfium.PdfDocument(data)
    written: list[Path] = []
    fronts: list[Image.Image] = []  # the faces the contact sheet shows
    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        for i, name in enumerate(names):
            page = pdf[i]
            w, h = page.get_size()
            scale = min(dpi / 72, 0.999 * (MAX_PIXELS / (w * h)) ** 0.5)
            image = page.render(scale=scale).to_pil().convert("RGB")
            path = out_dir / f"{_safe(name)}.png"
            _save(image, path)
            written.append(path)
            if name.endswith(".front") or backs:
                fronts.append(image)
    finally:
        pdf.close()
    if contact and fronts:
        path = out_dir / "contact.png"
        paired = backs and len(fronts) == 2 * len(firsts)
        cols = 2 * min(4, max(1, round(len(firsts) ** 0.5))) if paired else 0
        _save(_contact(fronts, cols), path)
        written.append(path)
    return written


def _contact(images: list[PIL.Image.Image], columns: int = 0) -> PIL.Image.Image:

    cols = columns or min(8, max(1, int(len(images) ** 0.5 + 0.999)))
    w, h = images[0].size
    scale = min(1.0, 2400 / (cols * w))
    tw, th = max(1, int(w * scale)), max(1, int(h * scale))
    rows = -(-len(images) // cols)
    pad = 6
    sheet = Image.new("RGB", (cols * (tw + pad) + pad, rows * (th + pad) + pad), "white")
    for n, im in enumerate(images):
        thumb = im.resize((tw, th)) if scale < 1 else im
        sheet.paste(thumb, (pad + (n % cols) * (tw + pad), pad + (n // cols) * (th + pad)))
    return sheet


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)


def _save(image: PIL.Image.Image, path: Path) -> None:
    fd, tmp = atomic_target(path)
    with open(tmp, "wb") as fh:
        image.save(fh, format="PNG", optimize=False)
    commit_file(fd, tmp, path)  # the same file mode as every other output


def faces_pdf(
    faces: Sequence[FaceDraw],
    trim: tuple[float, float, str],
    lang: str = "en",
    bleed: float = 0.0,
) -> bytes:
    """A PDF with one page per face: the trim and ``bleed`` points beyond it on every side."""
    tw, th, shape = trim
    buf = io.BytesIO()
    c = new_canvas(buf, tw + 2 * bleed, th + 2 * bleed, "faces")  # type: ignore[arg-type]
    renderer = FaceRenderer(c, tw, th, bleed, shape)
    slot = Slot(Rect(bleed, bleed, tw, th), bleed, bleed, bleed, bleed, 0, 0)
    with fonts.language(lang):  # Chinese in the regional glyph forms of ``lang``
        for face in faces:
            renderer.place(face, slot)
            c.showPage()
        c.save()
    return buf.getvalue()


def render_faces(
    faces: Sequence[FaceDraw],
    trim: tuple[float, float, str],
    size: tuple[int, int],
    lang: str = "en",
    bleed: float = 0.0,
    drawn: bytes | None = None,
) -> Iterator[PIL.Image.Image]:
    """Each face (with ``bleed`` points around its trim) as an RGB image of ``size`` pixels.

    Used by exports that need one picture per face (Tabletop Simulator deck sheets, print-shop
    files); the faces are drawn once into a PDF and rasterised page by page, so only one image
    is held at a time. ``drawn`` is that PDF when the caller has drawn it already.
    """

    tw, th = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    pdf = pdfium.PdfDocument(drawn if drawn is not None else faces_pdf(faces, trim, lang, bleed))
    try:
        for i in range(len(faces)):
            scale = max(size[0] / tw, size[1] / th)
            image = pdf[i].render(scale=scale).to_pil().convert("RGB")
            yield image if image.size == size else image.resize(size)
    finally:
        pdf.close()
