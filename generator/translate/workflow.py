"""Translating a game, one call a step: export its catalogue, write its glossary, see its status,
stamp its reviewed translations. Each call does the work and returns what ``pnp translate``
(and ``pnp rules stamp``) print, as text in the reader's language or as data.

Importing a catalogue back is :func:`generator.translate.importer.import_catalogue`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..atomic import write_text
from ..content.folders import find_games, game_dir
from ..locale import N_, _, ngettext
from ..rules.stamp import Stamp, stamp_rules
from ..text.columns import width
from .catalogue import game_texts, stamp_texts
from .po import po_text
from .status import StatusRow, translation_status
from .terms import glossary_export


@dataclass(frozen=True)
class Exported:
    """A catalogue written: where, and how many of its entries are in each state."""

    file: Path
    translated: int
    fuzzy: int
    missing: int

    @property
    def total(self) -> int:
        """Every entry of the catalogue."""
        return self.translated + self.fuzzy + self.missing

    def summary(self) -> str:
        """``FILE: 321 entries (320 translated, 1 fuzzy, 0 missing)``."""
        return _(
            "{file}: {total} entries ({translated} translated, {fuzzy} fuzzy, {missing} missing)"
        ).format(
            file=self.file,
            total=self.total,
            translated=self.translated,
            fuzzy=self.fuzzy,
            missing=self.missing,
        )


def export_catalogue(folder: Path, lang: str, out: Path | None = None) -> Exported:
    """Write every translatable text of the game in ``folder`` into one PO catalogue of
    ``lang``: ``out``, else ``<game>.<lang>.po`` in the working folder (its translator comments
    kept when it exists)."""
    texts = game_texts(Path(folder), lang)
    target = out or Path(f"{texts.game}.{lang}.po")
    write_text(target, po_text(texts, target))
    count = Counter(e.state for e in texts.entries)
    return Exported(target, count["translated"], count["fuzzy"], count["missing"])


def write_glossary(folder: Path, fmt: str, out: Path | None = None) -> Path:
    """Write the glossary of the game in ``folder`` as ``fmt`` (tbx or csv) to ``out``, else
    ``<game>.glossary.<fmt>`` in the working folder; the file written."""
    target = out or Path(f"{Path(folder).name}.glossary.{fmt}")
    write_text(target, glossary_export(Path(folder), fmt))
    return target


# the status table's count columns, after the game and the language
STATUS_COUNTS: tuple[str, ...] = (
    N_("translated"),
    N_("fuzzy"),
    N_("missing"),
    N_("blank slots"),
    N_("written"),
    N_("edition"),
    N_("converted"),
)


@dataclass(frozen=True)
class StatusReport:
    """Each game's translation status in each language, and the table that shows it."""

    rows: list[StatusRow]

    @property
    def complete(self) -> bool:
        """Nothing fuzzy and nothing missing anywhere."""
        return all(r.complete for r in self.rows)

    def lines(self) -> list[str]:
        """A heading, then one line per game and language, the counts right-aligned (a Chinese
        heading taking two columns a character, as on a terminal)."""
        head = (_("game"), _("language"), *(_(c) for c in STATUS_COUNTS))
        table = [head] + [
            (r.game, r.lang, str(r.translated), str(r.fuzzy), str(r.missing))
            + (str(r.slots_missing), str(r.written), str(r.edition), str(r.converted))
            for r in self.rows
        ]
        widths = [max(width(row[i]) for row in table) for i in range(len(head))]
        out = []
        for row in table:
            cells = [c + " " * (w - width(c)) for c, w in zip(row[:2], widths, strict=False)]
            cells += [" " * (w - width(c)) + c for c, w in zip(row[2:], widths[2:], strict=True)]
            out.append("  ".join(cells).rstrip())
        return out

    def table(self) -> str:
        """What ``pnp translate status`` prints."""
        return "\n".join(self.lines())


def status_report(
    content_dir: Path, game: str | None = None, lang: str | None = None
) -> StatusReport:
    """The translation status of ``game`` (a name under ``content_dir`` or a folder), or of
    every game under ``content_dir``; in ``lang`` only, or in every translation."""
    folders = [game_dir(content_dir, game)] if game else find_games(content_dir)
    return StatusReport(translation_status(folders, [lang] if lang else None))


@dataclass(frozen=True)
class GameStamps:
    """What stamping a game recorded: rule sections and the game's other texts."""

    sections: list[Stamp]
    texts: list[tuple[str, str]]  # (language, context)

    def section_lines(self) -> list[str]:
        """``zh-Hant setup: OLD -> NEW`` per section stamped (``-`` when it had no stamp)."""
        return [f"{s.lang} {s.section}: {s.old or '-'} -> {s.new}" for s in self.sections]

    def sections_summary(self) -> str:
        """How many sections were stamped."""
        n = len(self.sections)
        return ngettext("{count} section stamped", "{count} sections stamped", n).format(count=n)

    def text_lines(self) -> list[str]:
        """``zh-Hant CONTEXT`` per other text stamped."""
        return [f"{lang} {ctx}" for lang, ctx in self.texts]

    def texts_summary(self) -> str:
        """How many other texts were stamped (in stamps.yaml)."""
        return ngettext(
            "{count} other text stamped (stamps.yaml)",
            "{count} other texts stamped (stamps.yaml)",
            len(self.texts),
        ).format(count=len(self.texts))


def stamp_game(folder: Path, langs: list[str] | None = None) -> GameStamps:
    """Record that every translated rule section (:func:`generator.rules.stamp_rules`) and
    every other written translation (:func:`.catalogue.stamp_texts`) of the game in ``folder``
    matches its current English, in ``langs`` (default: every translation)."""
    sections = stamp_rules(Path(folder), langs or None)
    return GameStamps(sections, stamp_texts(Path(folder), langs or None))
