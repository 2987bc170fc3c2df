"""Typesetting of every shipped rule sheet and player-aid set, counted from the laid-out lines.

Run from the repository root: ``python bench/typeset.py [--lang LANG ...] [--game GAME ...]``.
Each sheet is set exactly as ``pnp rules build`` sets it (A4, poker-size aids), and the
lines the layout made are counted (:mod:`generator.render.typeset`). The text boxes of every
card and token face are counted too (``faces``). One row per game,
language and kind (rules, aids or faces), and a total per language. Columns:

- ``texts``, ``lines``: paragraphs, items, titles and table cells laid out, and their lines;
- ``spaced``: justified lines drawn with more than 0.15 em between characters;
- ``ragged``: justified lines set ragged because they would have needed more;
- ``widows``: paragraphs whose last line holds one Chinese character (and its punctuation);
- ``cell-brk``: table-cell line breaks that fall inside a Chinese word (jieba's dictionary and
  the glossary's terms);
- ``overflow``: lines wider than their column (an unbreakable run).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.content.loader import find_games
from generator.errors import IssueCollector
from generator.pipeline.check import check_game
from generator.render.typeset import (
    Figures,
    aid_texts_laid,
    face_texts_laid,
    figures,
    sheet_texts_laid,
)
from generator.rules.sheet import make_sheet
from generator.rules.source import load_rulebook

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = ("texts", "lines", "spaced", "ragged", "widows", "cell-brk", "overflow")


def _row(label: str, f: Figures) -> str:
    values = (f.texts, f.lines, f.letter_spaced, f.ragged, f.widows, f.cell_breaks, f.overflows)
    return f"{label:<32}" + "".join(f"{v:>9}" for v in values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", action="append", help="zh-Hant, zh-Hans or en (repeatable)")
    parser.add_argument("--game", action="append", help="a game's folder name (repeatable)")
    args = parser.parse_args()
    langs = args.lang or ["zh-Hans", "zh-Hant", "en"]
    games = [p for p in find_games(ROOT / "content") if (p / "rules").is_dir()]
    games = [p for p in games if not args.game or p.name in args.game]
    print(f"{'game / lang / kind':<32}" + "".join(f"{c:>9}" for c in COLUMNS))
    for lang in langs:
        total = Figures()
        for path in games:
            book = load_rulebook(path, IssueCollector())
            if book is None:
                continue
            sheet = make_sheet(book, lang)
            copies = check_game(path).copies
            faces = [
                t for (_, lg), cps in copies.items() if lg == lang for t in face_texts_laid(cps)
            ]
            for kind, texts in (
                ("rules", sheet_texts_laid(sheet)),
                ("aids", aid_texts_laid(sheet)),
                ("faces", faces),
            ):
                f = figures(texts)
                total = total + f
                print(_row(f"{path.name} {lang} {kind}", f))
        print(_row(f"total {lang}", total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
