"""How Chinese the shipped Chinese PDFs read: one row per game and language, and a total.

Run from the repository root: ``python bench/chinese.py [--out DIR]``. It runs ``pnp build
--lang zh-Hant --lang zh-Hans`` for every shipped game into a temporary folder (or ``--out``)
and reads the text of every ``*.zh-Hant.pdf`` and ``*.zh-Hans.pdf`` with pypdf. Columns:

- ``pdfs``: Chinese PDFs read (component sheets, rule sheet and player aids);
- ``chrome``: the program's English printed words found (the sheets' catalogue entries);
- ``english``: lower-case English words outside a bracketed gloss, item ids left out;
- ``converter``: software phrase-table mistranslations of the lexicon (运行, 数据源 ...);
- ``region``: the other region's words of the lexicon and the game-vocabulary table, and
  Traditional characters in Simplified text;
- ``widest Tc``: the widest character spacing a justified line sets, in ems (at most 0.25).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import polib
from pypdf import PdfReader

from generator.content.loader import find_games, load_game
from generator.locale import catalogue_path
from generator.rules.translator import english_words
from generator.text.regional import CONVERTER, regional_forms, traditional_characters

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("zh-Hant", "zh-Hans")
_SPACING = re.compile(rb"/\S+ (-?[\d.]+) Tf|(-?[\d.]+) Tc")


def english_chrome() -> list[str]:
    """The English ids of the printed words the sheets take from the catalogue."""
    places = ("layout/impose.py", "render/")
    return [
        e.msgid
        for e in polib.pofile(str(catalogue_path("zh-Hant")))
        if any(p in ref for ref, _ in e.occurrences for p in places)
        and len(re.findall(r"[a-z]{3,}", e.msgid)) >= 2
    ]


def widest_spacing(reader: PdfReader) -> float:
    """The widest character spacing (Tc) set, in ems of the font size then in use."""
    widest = 0.0
    for page in reader.pages:
        size = 0.0
        for m in _SPACING.finditer(page.get_contents().get_data()):  # type: ignore[union-attr]
            if m.group(1) is not None:
                size = float(m.group(1))
            elif size:
                widest = max(widest, float(m.group(2)) / size)
    return widest


def figures(out: Path, game: str, lang: str, chrome: list[str]) -> tuple[int, ...] | None:
    """(pdfs, chrome, english, converter, region, widest Tc in thousandths of an em)."""
    paths = sorted((out / game).glob(f"*.{lang}.pdf"))
    if not paths:
        return None
    ids = {i.id for c in load_game(ROOT / "content" / game).components for i in c.items}
    counts = [len(paths), 0, 0, 0, 0, 0]
    for path in paths:
        reader = PdfReader(str(path))
        text = " ".join(p.extract_text() for p in reader.pages).replace("\n", " ")
        counts[1] += sum(text.count(c) for c in chrome)
        counts[2] += sum(1 for w in english_words(text) if not any(w in i for i in ids))
        found = regional_forms(text, lang)
        counts[3] += sum(1 for f in found if f.region == CONVERTER)
        counts[4] += sum(1 for f in found if f.region != CONVERTER)
        if lang == "zh-Hans":
            counts[4] += len(traditional_characters(text))
        counts[5] = max(counts[5], round(widest_spacing(reader) * 1000))
    return tuple(counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="build here (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        cmd = ["pnp", "build", "--lang", "zh-Hant", "--lang", "zh-Hans", "--force"]
        subprocess.run([*cmd, "--out", str(out)], cwd=ROOT, check=True, capture_output=True)
        chrome = english_chrome()
        head = ("game", "lang", "pdfs", "chrome", "english", "converter", "region", "widest Tc")
        print(f"{head[0]:<16}{head[1]:<9}" + "".join(f"{h:>10}" for h in head[2:]))
        total = [0, 0, 0, 0, 0, 0]
        for game in (p.name for p in find_games(ROOT / "content")):
            for lang in LANGS:
                row = figures(out, game, lang, chrome)
                if row is None:
                    continue
                total = [
                    *(a + b for a, b in zip(total[:5], row[:5], strict=True)),
                    max(total[5], row[5]),
                ]
                cells = [*(f"{v:>10}" for v in row[:5]), f"{row[5] / 1000:>10.3f}"]
                print(f"{game:<16}{lang:<9}" + "".join(cells))
        cells = [*(f"{v:>10}" for v in total[:5]), f"{total[5] / 1000:>10.3f}"]
        print(f"{'total':<25}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
