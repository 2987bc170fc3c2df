"""PDF inspection helpers for the tests: fonts, page boxes, and geometry from content streams."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


def fonts(path: Path) -> list[tuple[str, bool]]:
    """(base font name, embedded?) for every font on every page, form XObjects included."""
    out: list[tuple[str, bool]] = []
    reader = PdfReader(str(path))
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

    for page in reader.pages:
        walk(page.get("/Resources"))
    return out


def operations(path: Path, page: int) -> list[tuple[list, bytes]]:
    """The page's operators, with the sheet-wide forms (crop marks, scale bar) drawn inline.

    Those forms are placed in page coordinates; face forms (a shared back) stay as one `Do`.
    """
    reader = PdfReader(str(path))
    p = reader.pages[page]
    xobjects = p["/Resources"].get_object().get("/XObject") or {}
    out: list[tuple[list, bytes]] = []
    for ops, op in ContentStream(p.get_contents(), reader).operations:
        name = str(ops[0]) if op == b"Do" else ""
        if name.startswith("/FormXob.sheet"):
            form = xobjects[name].get_object()
            out.append(([], b"q"))
            out.extend((list(a), o) for a, o in ContentStream(form, reader).operations)
            out.append(([], b"Q"))
        else:
            out.append((list(ops), op))
    return out


def placements(path: Path, page: int) -> list[tuple[float, float]]:
    """Trim origins of the faces drawn on a page: the translation right after each art clip."""
    ops = operations(path, page)
    out = []
    for n, (args, op) in enumerate(ops):
        if op == b"cm" and n >= 2 and ops[n - 1][1] == b"n" and ops[n - 2][1] in (b"W", b"W*"):
            a, b, c, d, e, f = (float(v) for v in args)
            if (a, b, c, d) == (1, 0, 0, 1):
                out.append((e, f))
    return out


def rects(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    return [tuple(float(v) for v in args) for args, op in operations(path, page) if op == b"re"]  # type: ignore[misc]


def segments(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Straight lines drawn as `x y m x y l`."""
    ops = operations(path, page)
    out = []
    for n in range(1, len(ops)):
        if ops[n][1] == b"l" and ops[n - 1][1] == b"m":
            (x1, y1), (x2, y2) = (float(v) for v in ops[n - 1][0]), (float(v) for v in ops[n][0])
            out.append((x1, y1, x2, y2))
    return out


def boxes(path: Path, page: int) -> dict[str, tuple[float, ...]]:
    p = PdfReader(str(path)).pages[page]
    return {
        name: tuple(float(v) for v in getattr(p, name))
        for name in ("mediabox", "trimbox", "bleedbox")
    }


def page_count(path: Path) -> int:
    return len(PdfReader(str(path)).pages)


def text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)
