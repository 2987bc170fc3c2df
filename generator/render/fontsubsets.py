"""Embedded font subsets made once per process: the same glyphs are not cut and packed twice.

reportlab embeds a TrueType font as subsets of up to 256 characters, each a small TrueType
file cut from the whole font and deflated, in every document that uses it. Documents built
together often need the very same subsets: a rule sheet and its bilingual edition put the
same Chinese text in the same order, so their Chinese subsets are identical. :class:`Face`
(reportlab's face, which :mod:`.fonts` registers) remembers each subset's TrueType file by
its characters, and the deflated bytes by that file, so the second document reuses both.
The PDF bytes are exactly those reportlab writes without the memory. The memory holds at
most :data:`BUDGET` bytes (oldest forgotten first) and lasts only as long as the process.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from ..errors import BuildError
from ..locale import _

BUDGET = 16 * 1024 * 1024  # bytes of subset files and their deflated forms kept at most

_files: dict[tuple[Any, tuple[int, ...]], bytes] = {}  # (face, characters) -> TrueType file
_widths: dict[tuple[Any, tuple[int, ...]], bytes] = {}  # (face, characters) -> /Widths array
_maps: dict[bytes, bytes] = {}  # a subset's ToUnicode map -> its deflated bytes
_packed: dict[bytes, bytes | None] = {}  # each remembered file -> its deflated bytes, once made
_held = 0


def _remember(key: tuple[Any, tuple[int, ...]], data: bytes) -> None:
    global _held
    _files[key] = data
    _packed.setdefault(data, None)
    _held += len(data)
    while _held > BUDGET and len(_files) > 1:  # forget the oldest
        old = _files.pop(next(iter(_files)))
        packed = _packed.pop(old, None)
        _held -= len(old) + (len(packed) if packed else 0)


def clear() -> None:
    """Forget every remembered subset (benchmarks start cold)."""
    global _held
    _files.clear()
    _packed.clear()
    _widths.clear()
    _maps.clear()
    _held = 0


class _Flate:
    """reportlab's Flate filter, deflating each remembered subset file once."""

    pdfname = "FlateDecode"

    def encode(self, data: bytes) -> bytes:
        global _held
        packed = _packed.get(data)
        if packed is None:
            packed = pdfdoc.PDFZCompress.encode(data)
            if data in _packed:
                _packed[data] = packed
                _held += len(packed)
        return packed

    def decode(self, encoded: bytes) -> bytes:
        return zlib.decompress(encoded)


_FLATE = _Flate()


class Face(TTFontFace):
    """reportlab's TrueType face with subsets remembered (see the module's docstring)."""

    def makeSubset(self, subset: list[int]) -> bytes:  # noqa: N802 - reportlab's name
        """The TrueType file of ``subset``, cut from the font once."""
        key = (self, tuple(subset))
        data = _files.get(key)
        if data is None:
            try:
                data = super().makeSubset(subset)
            except Exception as exc:  # a damaged file fails in many ways  # noqa: BLE001
                name = Path(str(getattr(self, "filename", "font"))).name
                raise BuildError(
                    _("{name}: the font cannot be embedded: {reason}").format(
                        name=name,
                        reason=str(exc) or _("the file is truncated or damaged"),
                    )
                ) from None
            _remember(key, data)
        return data

    def addSubsetObjects(self, doc: Any, fontname: str, subset: list[int]) -> Any:  # noqa: N802
        """reportlab's subset objects, the font file deflated through the memory."""
        ref = super().addSubsetObjects(doc, fontname, subset)
        stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
        if stream is not None and stream.filters == [pdfdoc.PDFZCompress]:
            stream.filters = [_FLATE]
        return ref


class _Formatted(pdfdoc.PDFObject):  # type: ignore[misc]
    """A PDF value already formatted (a subset's /Widths array, the same in every document)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document: Any) -> bytes:
        return self.data


class _MapFlate(_Flate):
    """Flate for ToUnicode maps: a map comes back with its subset, so it is deflated once."""

    def encode(self, data: bytes) -> bytes:
        packed = _maps.get(data)
        if packed is None:
            if len(_maps) > 4096:
                _maps.clear()
            packed = _maps[data] = pdfdoc.PDFZCompress.encode(data)
        return packed


_MAP_FLATE = _MapFlate()


class Font(TTFont):  # type: ignore[misc]
    """reportlab's TrueType font whose per-subset objects are formatted and deflated once.

    reportlab writes, for every subset of a font in a document, a /Widths array of up to 256
    numbers and a ToUnicode map. Documents built together use the same subsets (see the
    module's docstring), so both are kept: the array's formatted bytes by the subset's
    characters, the map's deflated bytes by its text. The PDF bytes are those reportlab writes.
    """

    def addObjects(self, doc: Any) -> None:  # noqa: N802 - reportlab's name
        """reportlab's objects for every subset, the widths and maps through the memory."""
        state = self.state.get(doc)
        subsets = [tuple(s) for s in state.subsets] if state is not None else []
        names = [self.getSubsetInternalName(n, doc)[1:] for n in range(len(subsets))]
        super().addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        for name, subset in zip(names, subsets, strict=True):
            pdf_font = fonts.get(name)
            if pdf_font is None:
                continue
            key = (self.face, subset)
            data = _widths.get(key)
            if data is None:
                data = pdfdoc.format(pdf_font.Widths, doc)
                if len(_widths) > 4096:
                    _widths.clear()
                _widths[key] = data
            pdf_font.Widths = _Formatted(data)
            cmap = doc.idToObject.get("toUnicodeCMap:" + pdf_font.BaseFont)
            if cmap is not None and cmap.filters == [pdfdoc.PDFZCompress]:
                cmap.filters = [_MAP_FLATE]
