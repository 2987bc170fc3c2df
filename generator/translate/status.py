"""``pnp translate status``: per game and language, how many texts are translated, fuzzy, missing."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

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
            rows.append(
                StatusRow(
                    folder.name, lang, count["translated"], count["fuzzy"], count["missing"], slots
                )
            )
    return rows
