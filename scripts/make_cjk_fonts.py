"""Recipe for the shipped Chinese faces: Noto Sans CJK TC and SC as TrueType-outline subsets.

reportlab embeds TrueType outlines only, and Noto Sans CJK ships CFF outlines, so each face is
subset to the characters below and its cubic outlines are converted to quadratic ``glyf``
outlines (fontTools' cu2qu, 1 unit tolerance on a 1000-unit em). Both regions get the same
character set and widths, so a text wraps identically in either; the Taiwan (TC) face draws
zh-Hant and the mainland (SC) face zh-Hans, each with its region's glyph forms. Characters
kept: every Big5 character (level 1, frequently used, and level 2), every GB2312 character,
the CJK punctuation, full-width forms, Bopomofo and kana blocks, ASCII and Latin-1 (spaces
and digits inside a Chinese run), and every character of the shipped content. Run from the
repository root with fontTools installed (Debian's fonts-noto-cjk has the two collections)::

    python scripts/make_cjk_fonts.py NotoSansCJK-Regular.ttc NotoSansCJK-Bold.ttc

It writes ``NotoSansCJK{TC,SC}-{Regular,Bold}.ttf`` into ``generator/render/fonts/``. The
fonts are under the SIL Open Font License 1.1 (``LICENSE-NotoSansCJK.txt`` there); the
subsets keep their names and copyright notices.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "generator" / "render" / "fonts"
REGIONS = {"TC": "Noto Sans CJK TC", "SC": "Noto Sans CJK SC"}
BLOCKS = [
    (0x0020, 0x007E),  # ASCII: a space inside a Chinese run is drawn in the Chinese face
    (0x00A0, 0x00FF),  # Latin-1 punctuation and letters
    (0x2000, 0x206F),  # general punctuation (quotes, ellipsis, dashes)
    (0x2460, 0x24FF),  # enclosed numbers
    (0x2E80, 0x2FDF),  # radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # kana
    (0x3100, 0x312F),  # Bopomofo
    (0x31A0, 0x31BF),  # Bopomofo extended
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half- and full-width forms
]


def _codec_chars(codec: str, leads: range, trails: list[range]) -> set[str]:
    out: set[str] = set()
    for lead in leads:
        for trail_range in trails:
            for trail in trail_range:
                try:
                    out.add(bytes([lead, trail]).decode(codec))
                except UnicodeDecodeError:
                    continue
    return out


def charset(root: Path) -> set[int]:
    """Code points kept in every shipped Chinese face."""
    big5 = _codec_chars("big5", range(0xA1, 0xFA), [range(0x40, 0x7F), range(0xA1, 0xFF)])
    gb2312 = _codec_chars("gb2312", range(0xA1, 0xF8), [range(0xA1, 0xFF)])
    chars = {ord(c) for c in big5 | gb2312 if len(c) == 1}
    for lo, hi in BLOCKS:
        chars.update(range(lo, hi + 1))
    content = root / "content"
    if content.is_dir():
        for path in sorted(content.rglob("*")):
            if path.suffix in {".yaml", ".yml", ".csv", ".md", ".txt"}:
                chars.update(ord(c) for c in path.read_text(encoding="utf-8") if ord(c) > 0x2000)
    return chars


def _face(ttc: Path, family: str) -> Any:
    from fontTools.ttLib import TTCollection

    for font in TTCollection(str(ttc)).fonts:
        if font["name"].getDebugName(1) == family:
            return font
    raise SystemExit(f"{ttc}: no face named {family!r}")


def _to_truetype(font: Any) -> None:
    """Replace the CFF outlines of ``font`` by quadratic TrueType outlines, in place."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for attr in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    maxp.numGlyphs = len(order)
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: smaller, and reportlab needs none
    font.sfntVersion = "\x00\x01\x00\x00"


def build(regular: Path, bold: Path, root: Path) -> list[Path]:
    """Write the Regular and Bold subsets for each region; return the font files written."""
    from fontTools import subset

    keep = charset(root)
    out: list[Path] = []
    for style, ttc in (("Regular", regular), ("Bold", bold)):
        for region, family in REGIONS.items():
            font = _face(ttc, family)
            opts = subset.Options()
            opts.layout_features = []  # reportlab uses the cmap only
            opts.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "DSIG"]
            opts.name_IDs = ["*"]
            opts.notdef_outline = True
            opts.hinting = False
            sub = subset.Subsetter(opts)
            sub.populate(unicodes=keep)
            sub.subset(font)
            _to_truetype(font)
            target = HERE / f"NotoSansCJK{region}-{style}.ttf"
            font.save(str(target))
            out.append(target)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    for path in build(Path(sys.argv[1]), Path(sys.argv[2]), Path.cwd()):
        print(f"{path.name}: {path.stat().st_size / 1e6:.1f} MB")
