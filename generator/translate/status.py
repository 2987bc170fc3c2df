"""``pnp translate status``: per game and language, how many texts are translated, fuzzy, missing,
and where the texts that print come from (written for this script, an official edition's own
text, or converted from the other script)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..content.yamlload import display_path
from ..locale import _
from ..rules.source import TRANSLATED
from .catalogue import game_texts


@dataclass(frozen=True)
class StatusRow:
    """One game in one language."""

    game: str
    lang: str
    translated: int
    fuzzy: int
    missing: int
    slots_missing: int  # of the missing: blank overlay fields a group still has to fill
    written: int = 0  # of the texts that print: written for this script
    edition: int = 0  # an official edition's own text
    converted: int = 0  # converted from the other Chinese script

    @property
    def total(self) -> int:
        """Every entry of the catalogue."""
        return self.translated + self.fuzzy + self.missing

    @property
    def complete(self) -> bool:
        """Nothing fuzzy, nothing missing."""
        return not self.fuzzy and not self.missing


def translation_status(folders: list[Path], langs: list[str] | None = None) -> list[StatusRow]:
    """A row per game folder and language (zh-Hant and zh-Hans unless ``langs`` says)."""
    rows = []
    for folder in folders:
        for lang in langs or list(TRANSLATED):
            texts = game_texts(folder, lang)
            count = Counter(e.state for e in texts.entries)
            slots = sum(1 for e in texts.entries if e.slot and e.state == "missing")
            origin = Counter(e.origin for e in texts.entries if e.state != "missing")
            rows.append(
                StatusRow(
                    folder.name,
                    lang,
                    count["translated"],
                    count["fuzzy"],
                    count["missing"],
                    slots,
                    origin["written"],
                    origin["edition"],
                    origin["converted"],
                )
            )
    return rows


def fuzzy_warnings(folder: Path, langs: list[str] | None = None) -> list[str]:
    """One located line per fuzzy text of the game outside its rule sections (whose own
    staleness the rule sheet marks): a translation whose English changed after it was
    reviewed prints as it is, so whoever builds or checks is told which text to look at."""
    out: list[str] = []
    for lang in langs or list(TRANSLATED):
        for e in game_texts(folder, lang).entries:
            if e.state != "fuzzy" or e.section or e.kind == "rules":
                continue
            out.append(
                _(
                    "{file}:{line}: {ctx}: the {lang} translation is fuzzy (its English changed "
                    "after it was reviewed) and prints unreviewed: check it, then run "
                    "`pnp rules stamp {game}`"
                ).format(
                    file=display_path(folder / e.file),
                    line=e.line,
                    ctx=e.ctx,
                    lang=lang,
                    game=folder.name,
                )
            )
    return out
