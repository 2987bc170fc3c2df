"""Translation coverage: for every section and language, which text prints and how current it is.

Each (section, language) is one of:

- ``hand``: a hand-written translation stamped with the English section's current hash;
- ``derived``: zh-Hans derived from a current zh-Hant section (no hand-written zh-Hans), or
  zh-Hant from a hand-written zh-Hans one (no hand-written zh-Hant);
- ``stale``: a translation (hand-written, or derived from one) whose English changed after it
  was stamped, or that was never stamped (like gettext's fuzzy mark);
- ``missing``: nothing to print in this language; the sheet falls back to the English text.

A hand-written section always wins over a derived one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from ..content.validate import key_path
from ..errors import Location
from .derive import DERIVED_FROM, derive_section
from .models import SourceSection, TranslatedSection
from .source import TRANSLATED, RuleBook, RuleFile

STATUSES: tuple[str, ...] = ("hand", "derived", "missing", "stale")


@dataclass(frozen=True)
class Entry:
    """Coverage of one section in one language."""

    section: str
    lang: str
    status: str  # hand, derived, missing, stale (or "source" for English)
    origin: str  # source, hand, derived, fallback
    stored_hash: str | None
    current_hash: str
    file: RuleFile = field(repr=False, compare=False)  # where a fix goes: the translation's
    path: tuple[str | int, ...] = ()  # section, or the English one; the key path in that file

    @property
    def location(self) -> Location:
        """Where the fix goes (found in the file only when asked: most entries never are)."""
        return self.file.locate(*self.path)

    @property
    def key(self) -> str:
        """The key path at :attr:`location`, as messages print it."""
        return key_path(self.path)


@dataclass(frozen=True)
class Resolved:
    """The section a sheet prints for one language, and where it came from."""

    section: SourceSection | TranslatedSection
    entry: Entry


class Coverage:
    """Coverage of a whole rule book; derives Chinese sections once, on demand."""

    def __init__(self, book: RuleBook) -> None:
        self.book = book
        self.hashes = book.hashes()
        self._derived: dict[tuple[str, str], TranslatedSection] = {}

    def _hand(self, lang: str, sid: str) -> tuple[TranslatedSection, RuleFile, int] | None:
        rf = self.book.translations.get(lang)
        if rf is None:
            return None
        n = rf.index().get(sid)
        if n is None:
            return None
        return rf.model.sections[n], rf, n  # type: ignore[return-value]

    def _source_path(self, sid: str) -> tuple[str | int, ...]:
        return ("sections", self.book.source.index()[sid], "id")

    def derived(self, sid: str, lang: str = "zh-Hans") -> TranslatedSection | None:
        """Section ``sid`` in ``lang`` derived from the other script's hand-written one
        (None without one)."""
        if (sid, lang) not in self._derived:
            source = self._hand(DERIVED_FROM[lang], sid)
            if source is None:
                return None
            self._derived[(sid, lang)] = derive_section(source[0], self.book.glossary, lang)
        return self._derived[(sid, lang)]

    def resolve(self, lang: str, section: SourceSection) -> Resolved:
        """What prints for ``section`` in ``lang``, with its coverage entry."""
        sid, current = section.id, self.hashes[section.id]
        if lang == "en":
            path = self._source_path(sid)
            entry = Entry(sid, lang, "source", "source", current, current, self.book.source, path)
            return Resolved(section, entry)
        hand = self._hand(lang, sid)
        if hand is not None:
            tsec, rf, n = hand
            stale = tsec.source_hash != current
            key = "source_hash" if tsec.source_hash else "id"
            status = "stale" if stale else "hand"
            entry = Entry(
                sid, lang, status, "hand", tsec.source_hash, current, rf, ("sections", n, key)
            )
            return Resolved(tsec, entry)
        if lang in DERIVED_FROM:
            derived = self.derived(sid, lang)
            if derived is not None:
                src = self.resolve(DERIVED_FROM[lang], section).entry
                status = "stale" if src.status == "stale" else "derived"
                entry = Entry(
                    sid, lang, status, "derived", src.stored_hash, current, src.file, src.path
                )
                return Resolved(derived, entry)
        path = self._source_path(sid)
        entry = Entry(sid, lang, "missing", "fallback", None, current, self.book.source, path)
        return Resolved(section, entry)

    @cached_property
    def entries(self) -> dict[str, list[Entry]]:
        """Language -> one entry per English section, in print order."""
        out: dict[str, list[Entry]] = {}
        for lang in ("en", *TRANSLATED):
            out[lang] = [self.resolve(lang, s).entry for s in self.book.sections]
        return out

    def counts(self, lang: str) -> Counter[str]:
        """How many sections of ``lang`` are in each status."""
        return Counter(e.status for e in self.entries[lang])


def stale_message(entry: Entry, game: str, outcome: str = "") -> str:
    """What is stale about ``entry``, what the command does with it, and how to clear it.

    ``game`` is the name ``pnp rules stamp`` takes (the game's folder); ``outcome`` says what
    happens to the section (printed with a mark, or not built), empty for ``pnp rules check``.
    """
    if entry.origin == "derived":
        lang = DERIVED_FROM[entry.lang]
        subject = (
            f"{entry.lang} section {entry.section!r} is derived from a {lang} translation that"
        )
        fix_what = f"the {lang} section"
    else:
        subject = f"{entry.lang} section {entry.section!r}"
        lang = entry.lang
        fix_what = "it"
    if entry.stored_hash is None:
        what = f"{subject} has no source_hash (never checked against the English)"
        fix = (
            f"check {fix_what} against the English, then run `pnp rules stamp {game} --lang {lang}`"
        )
    else:
        what = (
            f"{subject} is stale: the English section changed after it was translated "
            f"(stamped {entry.stored_hash}, English now {entry.current_hash})"
        )
        fix = f"update {fix_what}, then run `pnp rules stamp {game} --lang {lang}`"
    return f"{what}; {outcome + '; ' if outcome else ''}{fix}"
