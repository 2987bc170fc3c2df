"""Fonts: the shipped families, game fonts, and choosing a font per run of text.

Everything drawn uses embedded, subset TrueType fonts, shipped in ``render/fonts/`` with their
licences: DejaVu Sans Condensed for Latin text; Noto Sans CJK (regular and a real bold) for
Chinese, in two regional editions with the same characters and metrics: Taiwan forms (TC)
for zh-Hant and mainland forms (SC) for zh-Hans, chosen per document by :func:`language`;
Droid Sans Fallback as a last resort for characters outside Big5 and GB2312; plus any
TrueType font a game names. There is no automatic fallback in PDF, so :func:`split_runs` cuts
text into runs and gives each run the first font in the family's chain that has every glyph
of it: a Chinese character inside an English sentence never becomes an empty box.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont, TTFontFile

from ..errors import BuildError
from ..locale import _
from . import fontsubsets

FONT_DIR = Path(__file__).parent / "fonts"
STYLES = ("regular", "bold", "italic", "bold-italic")

_BUILTIN: dict[str, dict[str, str]] = {
    "sans": {
        "regular": "DejaVuSansCondensed.ttf",
        "bold": "DejaVuSansCondensed-Bold.ttf",
        "italic": "DejaVuSansCondensed-Oblique.ttf",
        "bold-italic": "DejaVuSansCondensed-BoldOblique.ttf",
    },
}
_CJK: dict[str, dict[str, str]] = {
    region: {
        "regular": f"NotoSansCJK{region}-Regular.ttf",
        "bold": f"NotoSansCJK{region}-Bold.ttf",
        "italic": f"NotoSansCJK{region}-Regular.ttf",
        "bold-italic": f"NotoSansCJK{region}-Bold.ttf",
    }
    for region in ("TC", "SC")
}
REGION_OF_LANG = {"zh-Hant": "TC", "zh-Hans": "SC"}
DEFAULT_REGION = "TC"  # documents in no Chinese variant (English, several languages)
_BUILTIN["cjk"] = _CJK[DEFAULT_REGION]
_BUILTIN["fallback"] = {style: "DroidSansFallbackFull.ttf" for style in STYLES}
_region = DEFAULT_REGION


class Face:
    """A font face: its reportlab name and the code points it covers.

    A face is registered with reportlab (its file read and parsed) the first time its glyph
    coverage is asked for; the 5 MB Chinese faces are therefore loaded only by documents that
    have a character the Latin face lacks.
    """

    __slots__ = ("name", "path", "synthetic_bold", "_cmap")

    def __init__(self, name: str, path: Path, synthetic_bold: bool = False) -> None:
        self.name = name
        self.path = path
        self.synthetic_bold = synthetic_bold  # draw with a thin stroke to fake a bold weight
        self._cmap: frozenset[int] | None = None

    @property
    def cmap(self) -> frozenset[int]:
        """Code points with a glyph (registers the face on first use)."""
        if self._cmap is None:
            self.ensure()
        assert self._cmap is not None
        return self._cmap

    def ensure(self) -> Face:
        """Register the face with reportlab if that has not happened yet."""
        if self._cmap is None:
            self.name = _register(self.path, self.name)
            cmap = _cmaps.get(self.name)
            if cmap is None:
                glyphs = pdfmetrics.getFont(self.name).face.charToGlyph
                # a character mapped to glyph 0 (.notdef) has no glyph of its own
                cmap = _cmaps[self.name] = frozenset(c for c, g in glyphs.items() if g)
            self._cmap = cmap
        return self

    def __repr__(self) -> str:
        return f"Face({self.name!r})"


_faces: dict[tuple[str, str], Face] = {}
_by_file: dict[Path, str] = {}
_cmaps: dict[str, frozenset[int]] = {}


def parse_problem(data: bytes) -> str | None:
    """Why the TrueType font in ``data`` cannot be read and subset, or None when it can."""

    try:
        face = TTFontFile(io.BytesIO(data))
        used = sorted(face.charToGlyph)[:64]
        face.makeSubset(list(used))
    except Exception as exc:  # a damaged file fails in many ways  # noqa: BLE001
        what = str(exc) if isinstance(exc, TTFError) else ""
        return what or _("the file is truncated or damaged")
    return None


def _register(path: Path, name: str) -> str:
    """Register ``path`` with reportlab once; return its registered name."""
    key = path.resolve()
    if key in _by_file:
        return _by_file[key]
    try:
        font = TTFont(name, str(path))
    except Exception as exc:  # a damaged file fails in many ways  # noqa: BLE001
        what = str(exc) if isinstance(exc, (TTFError, OSError)) else ""
        what = what or _("the file is truncated or damaged")
        said = _("{name}: cannot use this font: {reason}")
        raise BuildError(said.format(name=path.name, reason=what)) from None
    font.face.__class__ = fontsubsets.Face  # the same face; its subsets made once per process
    font.__class__ = fontsubsets.Font  # and each subset's widths and map formatted once
    pdfmetrics.registerFont(font)
    _by_file[key] = name
    return name


def _free_name(name: str, path: Path) -> str:
    """``name``, or ``name`` with a digest of the file's place when another file has it (two
    games may each ship a ``fonts/Title.ttf`` of their own)."""
    if name not in _by_file.values():
        return name

    return f"{name}-{hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]}"


def _face(family: str, style: str, path: Path, *, lazy: bool = False) -> Face:
    cached = _faces.get((family, style))
    if cached is not None:
        return cached if lazy else cached.ensure()
    name = _by_file.get(path.resolve()) or _free_name(f"pnp-{family}-{path.stem}", path)
    regular = _faces.get((family, "regular"))
    synthetic = "bold" in style and regular is not None and regular.path == path
    face = Face(name, path, synthetic)
    _faces[(family, style)] = face
    return face if lazy else face.ensure()


_ready = False


def ensure_builtin() -> None:
    """Know the shipped families (idempotent). Each face loads on its first use: a build
    that prints no italic never parses the italic font files."""
    global _ready
    if _ready:
        return
    for family, styles in _BUILTIN.items():
        for style in STYLES:
            _face(family, style, FONT_DIR / styles[style], lazy=True)
    _ready = True


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Inside the block, Chinese is drawn in ``lang``'s regional glyph forms.

    zh-Hans takes the mainland (SC) faces, every other language the Taiwan (TC) ones. Both
    editions have the same characters and advance widths, so text laid out in one region
    draws identically in the other: only the glyph shapes and the embedded font differ.
    """
    before = _region
    _select(REGION_OF_LANG.get(lang, DEFAULT_REGION))
    try:
        yield
    finally:
        _select(before)


def _select(region: str) -> None:
    """Point the shipped Chinese faces at ``region``'s files (loaded ones load the new file)."""
    global _region
    if region == _region:
        return
    ensure_builtin()
    for style in STYLES:
        f = _faces[("cjk", style)]
        if f.path.parent != FONT_DIR or not f.path.name.startswith("NotoSansCJK"):
            continue  # a game's own font under this family name stays as it is
        f.path = FONT_DIR / _CJK[region][style]
        f.name = _by_file.get(f.path.resolve()) or f"pnp-cjk-{f.path.stem}"
        if f._cmap is not None:
            f._cmap = None
            f.ensure()
    _region = region


def register_family(family: str, files: dict[str, Path | None]) -> None:
    """Register a game's font family; styles it lacks fall back to its regular face."""
    regular = files.get("regular")
    if regular is None:
        raise BuildError(_("font {family!r} has no regular face").format(family=family))
    _faces.pop((family, "regular"), None)
    _face(family, "regular", regular)
    for style in STYLES[1:]:
        _faces.pop((family, style), None)
        _face(family, style, files.get(style) or regular)
    _chain.cache_clear()


def use_game_fonts(root: Path, declared: dict[str, object]) -> None:
    """Register the fonts a game declares (``fonts:`` in game.yaml, paths inside its folder)."""
    ensure_builtin()
    for family, spec in declared.items():
        files = {
            style: (root / rel if rel else None)
            for style, rel in (
                ("regular", getattr(spec, "regular", None)),
                ("bold", getattr(spec, "bold", None)),
                ("italic", getattr(spec, "italic", None)),
                ("bold-italic", getattr(spec, "bold_italic", None)),
            )
        }
        register_family(family, files)


def face(family: str, style: str = "regular") -> Face:
    """The registered face of ``family`` in ``style`` (unknown families use sans)."""
    ensure_builtin()
    return (_faces.get((family, style)) or _faces[("sans", style)]).ensure()


@lru_cache(maxsize=64)
def _chain(family: str, style: str) -> tuple[Face, ...]:
    """The faces tried in order for a character; fallbacks load only when consulted."""
    ensure_builtin()
    chain = [face(family, style)]
    for fam in ("sans", "cjk", "fallback"):
        f = _faces.get((fam, style)) or _faces[("sans", style)]
        if f not in chain:
            chain.append(f)
    return tuple(chain)


def chain_names(family: str = "sans", style: str = "regular") -> tuple[str, ...]:
    """The names of the faces :func:`missing_glyphs` tries: a key for what they can draw."""
    return tuple(f.name for f in _chain(family, style))


def split_runs(text: str, family: str = "sans", style: str = "regular") -> list[tuple[str, Face]]:
    """Cut ``text`` into maximal runs that one face can draw, in order.

    Spaces and other characters every face has stay with the run they are in.
    """
    chain = _chain(family, style)
    primary = chain[0]
    primary_cmap = primary.cmap
    current_cmap: frozenset[int] = frozenset()
    runs: list[tuple[str, Face]] = []
    buf: list[str] = []
    current: Face | None = None
    for ch in text:
        cp = ord(ch)
        # a fallback run (Chinese) goes on only for what the primary face cannot draw: Latin
        # letters after Chinese return to the primary face even when the fallback has them
        if (
            current is not None
            and cp in current_cmap
            and (current is primary or cp not in primary_cmap)
        ):
            buf.append(ch)
            continue
        chosen = primary
        if cp not in primary_cmap:
            for f in chain[1:]:
                if cp in f.cmap:
                    chosen = f
                    break
        if ch == " " and current is not None:
            buf.append(ch)
            continue
        if chosen is not current:
            if buf:
                runs.append(("".join(buf), current))  # type: ignore[arg-type]
            buf = [ch]
            current, current_cmap = chosen, chosen.cmap
        else:
            buf.append(ch)
    if buf:
        runs.append(("".join(buf), current))  # type: ignore[arg-type]
    return runs


def missing_glyphs(text: str, family: str = "sans", style: str = "regular") -> set[str]:
    """Characters of ``text`` that no face in the chain can draw (ignoring line breaks)."""
    chain = _chain(family, style)
    return {
        ch for ch in set(text) if ch not in "\n\r\t" and not any(ord(ch) in f.cmap for f in chain)
    }


_ASCII = frozenset(range(32, 127))


@lru_cache(maxsize=64)
def covers_ascii(f: Face) -> bool:
    """Whether ``f`` has a glyph for every printable ASCII character."""
    return f.cmap >= _ASCII


def string_width(text: str, f: Face, size: float) -> float:
    """Width of ``text`` drawn in face ``f`` at ``size`` points."""
    return pdfmetrics.stringWidth(text, f.name, size)
