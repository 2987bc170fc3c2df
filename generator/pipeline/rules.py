"""Library entry point for building rule sheets.

:func:`build_rules` loads a game's rule sources, refuses to build when they have errors
(warnings such as missing or stale translations do not stop a build: a missing section prints
in English), and writes ``rules.<lang>.pdf``, ``rules.en+<lang>.pdf`` and, when sections are
marked ``aid: true``, ``aids.<lang>.pdf``. Stale sections are never printed silently: each is
reported as a located warning naming the section and marked on the sheet; ``strict`` refuses
to build them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..atomic import write_all
from ..errors import ContentError, Issue, IssueCollector, UsageError
from ..locale import N_, _, ngettext
from ..render.rules_aids import render_aids
from ..render.rulesheet import check_glyphs, render_bilingual, render_sheet
from ..rules.coverage import Coverage, stale_message
from ..rules.odds_aid import with_odds
from ..rules.sheet import Sheet, make_sheet
from ..rules.source import TRANSLATED, load_rulebook
from ..text.localtext import LANGS
from .gcpause import paused
from .rules_check import check_book

AID_SIZES: tuple[str, ...] = ("poker", "tarot")


def _langs(langs: Iterable[str]) -> list[str]:
    out: list[str] = []
    for lang in langs:
        chosen = list(LANGS) if lang == "all" else [lang]
        for one in chosen:
            if one not in LANGS:
                raise UsageError(
                    _("unknown language {one!r}; choose {known} or all").format(
                        one=one, known=", ".join(LANGS)
                    )
                )
            if one not in out:
                out.append(one)
    return out


def load_sheets(
    game_dir: Path,
    langs: Iterable[str],
    report: IssueCollector | None = None,
    *,
    strict: bool = False,
) -> dict[str, Sheet]:
    """The printable sheets of ``game_dir`` in ``langs``; ContentError if the sources have errors.

    Every stale section of a wanted language is added to ``report`` as a located warning
    (saying it is printed marked, or with ``strict`` that it is not built).
    """
    issues = IssueCollector()
    book = load_rulebook(Path(game_dir), issues)
    if book is not None:
        check_book(book, issues, advice=False)
    errors = sorted(
        (i for i in issues.issues if i.severity == "error"),
        key=lambda i: (i.location, i.key, i.message),
    )
    if errors:
        raise ContentError(errors)
    assert book is not None
    cov = Coverage(book)
    wanted = _langs(langs)
    if report is not None:
        outcome = REFUSED if strict else MARKED
        for lang in wanted:
            for entry in cov.entries.get(lang, []):
                if entry.status == "stale":
                    message = stale_message(entry, Path(game_dir).name, _(outcome))
                    report.add(entry.location, entry.key, message, "warning")
    return {lang: make_sheet(book, lang, cov) for lang in wanted}


MARKED = N_("printed with an out-of-date mark and a note that the English wins")
REFUSED = N_("not built: --strict refuses stale sections")


class StaleSections(ContentError):
    """``--strict`` met stale sections: each is a located error, and nothing was written."""

    def __init__(self, issues: list[Issue], game: str, sections: list[str]) -> None:
        super().__init__(issues)
        self.game = game
        self.sections = sections  # "zh-Hant 'setup'", ...

    def summary(self) -> str:
        """One line naming the sections and how to clear them."""
        n = len(self.sections)
        return ngettext(
            "nothing written: --strict and {count} stale section ({sections}); update the "
            "translation, then run `pnp rules stamp {game}`, or build without --strict to print "
            "it marked out of date",
            "nothing written: --strict and {count} stale sections ({sections}); update the "
            "translations, then run `pnp rules stamp {game}`, or build without --strict to print "
            "them marked out of date",
            n,
        ).format(count=n, sections=", ".join(self.sections), game=self.game)


def build_rules(
    game_dir: Path,
    out_dir: Path,
    langs: Sequence[str] = ("all",),
    bilingual: Sequence[str] = (),
    paper: str = "A4",
    *,
    aid_size: str = "poker",
    strict: bool = False,
    report: IssueCollector | None = None,
) -> list[Path]:
    """Write a game's rule sheets into ``out_dir`` (the game's own output folder).

    ``langs``: en, zh-Hant, zh-Hans or all; ``bilingual``: translations to print beside the
    English (``rules.en+<lang>.pdf``); ``paper``: a paper of the shared presets; ``aid_size``: poker or tarot
    player-aid cards (``aids.<lang>.pdf``, only when some section has ``aid: true``).
    Stale sections go to ``report`` as warnings; with ``strict`` they are a ContentError and
    nothing is written. Returns the files written.
    """
    with paused():
        return _build_rules(
            game_dir, out_dir, langs, bilingual, paper, aid_size, strict=strict, report=report
        )


def _build_rules(
    game_dir: Path,
    out_dir: Path,
    langs: Sequence[str],
    bilingual: Sequence[str],
    paper: str,
    aid_size: str,
    *,
    strict: bool,
    report: IssueCollector | None,
) -> list[Path]:

    if aid_size not in AID_SIZES:
        raise UsageError(
            _("unknown aid card size {aid_size!r}; choose {known}").format(
                aid_size=aid_size, known=" or ".join(AID_SIZES)
            )
        )
    pairs = _langs(bilingual)
    for lang in pairs:
        if lang not in TRANSLATED:
            raise UsageError(
                _("--bilingual takes a translation ({known}), not {lang!r}").format(
                    known=", ".join(TRANSLATED), lang=lang
                )
            )
    wanted = _langs(langs)
    found = IssueCollector()
    needed = [*wanted, *pairs, *(["en"] if pairs else [])]
    sheets = load_sheets(Path(game_dir), needed, found, strict=strict)
    if strict and found.issues:
        errors = [i._replace(severity="error") for i in found.issues]
        stale = [
            f"{lang} {s.id!r}"
            for lang in needed
            for s in sheets[lang].sections
            if s.status == "stale"
        ]
        raise StaleSections(errors, Path(game_dir).name, list(dict.fromkeys(stale)))
    if report is not None:
        report.issues.extend(found.issues)
    for sheet in sheets.values():
        check_glyphs(sheet)
    # render everything before writing anything: a failed build leaves no partial set
    files: dict[str, bytes] = {}
    for lang in wanted:
        sheet = sheets[lang]
        files[f"rules.{lang}.pdf"] = render_sheet(sheet, paper)
        aids = with_odds(sheet, Path(game_dir))  # the odds of the named rolls: cards only
        check_glyphs(aids)
        if any(s.aid for s in aids.sections):
            files[f"aids.{lang}.pdf"] = render_aids(aids, aid_size, paper)
    for lang in pairs:
        files[f"rules.en+{lang}.pdf"] = render_bilingual(sheets["en"], sheets[lang], paper)
    out = Path(out_dir)
    return write_all({out / name: data for name, data in files.items()})  # all or none
