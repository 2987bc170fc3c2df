"""PDF inspection helpers for the tests: fonts, page boxes, and geometry from content streams."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
_READERS: dict[tuple[str, int, int], PdfReader] = {}


def reader(path: Path) -> PdfReader:
    """One parsed reader per file version: opening a big deck's page tree takes most of a check."""
    st = Path(path).stat()
    key = (str(path), st.st_mtime_ns, st.st_size)
    found = _READERS.get(key)
    if found is None:
        if len(_READERS) > 64:
            _READERS.clear()
        found = _READERS[key] = PdfReader(str(path))
    return found


def fonts(path: Path) -> list[tuple[str, bool]]:
    """(base font name, embedded?) for every font on every page, form XObjects included."""
    out: list[tuple[str, bool]] = []
    pdf = reader(path)
    seen: set[int] = set()

    def walk(resources) -> None:  # type: ignore[no-untyped-def]
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if id(font) in seen:
                continue
            seen.add(id(font))
            descriptors = []
            if "/DescendantFonts" in font:
                for d in font["/DescendantFonts"]:
                    descriptors.append(d.get_object().get("/FontDescriptor"))
            else:
                descriptors.append(font.get("/FontDescriptor"))
            embedded = any(
                d is not None
                and any(k in d.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                for d in descriptors
            )
            out.append((str(font.get("/BaseFont")), embedded))
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                walk(xobj.get("/Resources"))

    for page in pdf.pages:
        walk(page.get("/Resources"))
    return out


def operations(path: Path, page: int) -> list[tuple[list, bytes]]:
    """The page's operators, with the sheet-wide forms (crop marks, scale bar) drawn inline.

    Those forms are placed in page coordinates; face forms (a shared back) stay as one `Do`.
    """
    pdf = reader(path)
    p = pdf.pages[page]
    xobjects = p["/Resources"].get_object().get("/XObject") or {}
    out: list[tuple[list, bytes]] = []
    for ops, op in ContentStream(p.get_contents(), pdf).operations:
        name = str(ops[0]) if op == b"Do" else ""
        if name.startswith("/FormXob.sheet"):
            form = xobjects[name].get_object()
            out.append(([], b"q"))
            out.extend((list(a), o) for a, o in ContentStream(form, pdf).operations)
            out.append(([], b"Q"))
        else:
            out.append((list(ops), op))
    return out


_NUM = rb"([-+]?(?:\d+\.?\d*|\.\d+))"
_PLACED = re.compile(rb"(?<![^\s])W\*?\s+n\s+" + rb"\s+".join([_NUM] * 6) + rb"\s+cm(?![^\s])")


def placements(path: Path, page: int) -> list[tuple[float, float]]:
    """Trim origins of the faces drawn on a page: the translation right after each art clip
    (``W n`` then ``1 0 0 1 x y cm``), read from the page's operators."""
    data = reader(path).pages[page].get_contents()
    if data is None:
        return []
    out = []
    for m in _PLACED.finditer(data.get_data()):
        a, b, c, d, e, f = (float(v) for v in m.groups())
        if (a, b, c, d) == (1, 0, 0, 1):
            out.append((e, f))
    return out


_STRING = re.compile(rb"\((?:\\.|[^\\)])*\)")
_RECT = re.compile(rb"(?<![^\s])" + rb"\s+".join([_NUM] * 4) + rb"\s+re(?![^\s])")


def _page_bytes(path: Path, page: int) -> bytes:
    """The page's operators as bytes, with the sheet-wide forms' inlined and text strings
    blanked out (so a number inside a string is never read as an operand)."""
    pdf = reader(path)
    p = pdf.pages[page]
    contents = p.get_contents()
    if contents is None:
        return b""
    data = contents.get_data()
    xobjects = p["/Resources"].get_object().get("/XObject") or {}
    for n in xobjects:
        if str(n).startswith("/FormXob.sheet"):  # drawn where it is placed
            form = xobjects[n].get_object().get_data()
            data = re.sub(
                re.escape(f"{n} Do".encode()) + rb"(?![^\s])", lambda _, form=form: form, data
            )
    return _STRING.sub(b"()", data)


def rects(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Every rectangle (``x y w h re``) on the page, the sheet-wide forms' included."""
    return [
        tuple(float(v) for v in m.groups())  # type: ignore[misc]
        for m in _RECT.finditer(_page_bytes(path, page))
    ]


_SEGMENT = re.compile(
    rb"(?<![^\s])"
    + rb"\s+".join([_NUM] * 2)
    + rb"\s+m\s+"
    + rb"\s+".join([_NUM] * 2)
    + rb"\s+l(?![^\s])"
)


def segments(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Straight lines drawn as `x y m x y l`."""
    return [
        tuple(float(v) for v in m.groups())  # type: ignore[misc]
        for m in _SEGMENT.finditer(_page_bytes(path, page))
    ]


def boxes(path: Path, page: int) -> dict[str, tuple[float, ...]]:
    p = reader(path).pages[page]
    return {
        name: tuple(float(v) for v in getattr(p, name))
        for name in ("mediabox", "trimbox", "bleedbox")
    }


def page_count(path: Path) -> int:
    return len(reader(path).pages)


def page_texts(path: Path, only: int | None = None) -> list[str]:
    """Each page's text (or page ``only``'s), read by PDFium: pypdf's extraction takes
    seconds on a big deck."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        pages = []
        for n in range(len(doc)) if only is None else (only,):
            page = doc[n]
            textpage = page.get_textpage()
            pages.append(textpage.get_text_range().replace("\r\n", "\n"))
            textpage.close()
            page.close()
        return pages
    finally:
        doc.close()


def page_text(path: Path, page: int) -> str:
    """One page's text (see :func:`page_texts`)."""
    return page_texts(path, page)[0]


def text(path: Path) -> str:
    """Every page's text, one page after the other."""
    return "\n".join(page_texts(path))
