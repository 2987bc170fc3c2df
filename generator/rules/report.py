"""Rule sheets reported as text: the coverage table, each game's check and its verdict.

What ``pnp rules status`` and ``pnp rules check`` print, as library calls that return it:
:func:`rules_status` (one :class:`StatusRow` per game and language) and :func:`status_table`
(the aligned table, Chinese headings included); :class:`SheetCheck` (one game's problems as
``file:line:col: key.path: message`` lines and a count) and :class:`RulesCheck` (several games
checked one at a time, then the closing line when the check fails). :func:`issue_line` is the
one way a rule problem is written, a warning saying so before its message. The checks
themselves need the fonts and are run by :func:`generator.pipeline.typecheck.check_rule_sheets`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..content.folders import find_games
from ..errors import Issue, IssueCollector, UsageError
from ..locale import NC_, _, ngettext, pgettext
from ..text.columns import width
from ..text.localtext import LANGS
from .coverage import STATUSES, Coverage
from .source import load_rulebook, rules_folder


def issue_line(issue: Issue) -> str:
    """``file:line:col: key.path: message``; a warning says so before its message."""
    if issue.severity == "error":
        return str(issue)
    key = f" {issue.key}:" if issue.key else ""
    return f"{issue.location}:{key} " + _("warning: {message}").format(message=issue.message)


def errors_said(count: int) -> str:
    """``3 errors``, in the reader's language."""
    return ngettext("{count} error", "{count} errors", count).format(count=count)


def warnings_said(count: int) -> str:
    """``2 warnings``, in the reader's language."""
    return ngettext("{count} warning", "{count} warnings", count).format(count=count)


@dataclass(frozen=True)
class StatusRow:
    """Coverage of one game in one language."""

    game: str
    lang: str
    sections: int
    counts: dict[str, int]
    problem: str | None = None

    @property
    def covered(self) -> int:
        """Sections printed in this language from a current text (hand-written or derived)."""
        if self.lang == "en":
            return self.sections
        return self.counts.get("hand", 0) + self.counts.get("derived", 0)


def rules_status(content_dir: Path) -> list[StatusRow]:
    """One row per game with rules and language: hand-written, derived, missing, stale."""
    rows: list[StatusRow] = []
    for game in find_games(Path(content_dir)):
        issues = IssueCollector()
        spec, folder = rules_folder(game, issues)
        if spec is None or folder is None:
            continue
        try:
            book = load_rulebook(game, issues)
        except UsageError:
            continue
        problem = None
        if issues.errors:
            n = len(issues.errors)
            problem = ngettext(
                "{count} error: run pnp rules check", "{count} errors: run pnp rules check", n
            ).format(count=n)
        if book is None:
            rows.append(StatusRow(spec.id, "en", 0, {}, problem or _("no rule sources")))
            continue
        cov = Coverage(book)
        for lang in LANGS:
            counts = cov.counts(lang)
            full = {k: counts.get(k, 0) for k in STATUSES}
            if lang == "en":
                full = {"hand": len(book.sections), "derived": 0, "missing": 0, "stale": 0}
            rows.append(StatusRow(spec.id, lang, len(book.sections), full, problem))
    return rows


# the coverage table's column headings (said with the "rules status" context) and least widths
STATUS_COLUMNS = (
    NC_("rules status", "game"),
    NC_("rules status", "lang"),
    NC_("rules status", "sections"),
    NC_("rules status", "hand"),
    NC_("rules status", "derived"),
    NC_("rules status", "missing"),
    NC_("rules status", "stale"),
    NC_("rules status", "covered"),
)
_WIDTHS = (16, 8, 8, 5, 8, 8, 6, 8)


def status_lines(rows: Sequence[StatusRow]) -> list[str]:
    """The coverage table of ``rows``: a heading, a rule under it, one line per row; each
    column as wide as its widest cell (a Chinese character taking two columns)."""
    heads = [pgettext("rules status", h) for h in STATUS_COLUMNS]
    table = [heads] + [
        [r.game, r.lang, str(r.sections)]
        + [str(r.counts.get(k, 0)) for k in ("hand", "derived", "missing", "stale")]
        + [f"{100 * r.covered // r.sections}%" if r.sections else "-"]
        for r in rows
    ]
    sizes = [max(n, *(width(row[i]) for row in table)) for i, n in enumerate(_WIDTHS)]

    def line(cells: list[str]) -> str:
        return " ".join(
            c + " " * (n - width(c)) if i < 2 else " " * (n - width(c)) + c
            for i, (c, n) in enumerate(zip(cells, sizes, strict=True))
        )

    head = line(heads)
    lines = [head, "-" * width(head)]
    for r, cells in zip(rows, table[1:], strict=True):
        lines.append(line(cells) + (f"  ({r.problem})" if r.problem else ""))
    return lines


def status_table(content_dir: Path) -> str:
    """What ``pnp rules status`` prints: the coverage table of every game under
    ``content_dir`` with rule sheets, or a line saying there is none."""
    rows = rules_status(content_dir)
    lines = status_lines(rows)
    if not rows:
        lines.append(_("no game under {folder} has rule sheets").format(folder=content_dir))
    return "\n".join(lines)


def games_with_rules(content_dir: Path) -> list[Path]:
    """The game folders under ``content_dir`` that have rule sheets (or name a folder for them
    that cannot be read, which a check reports)."""
    out = []
    for game in find_games(Path(content_dir)):
        spec, folder = rules_folder(game, IssueCollector())
        if spec is None or folder is not None or spec.rules is not None:
            out.append(game)
    return out


@dataclass(frozen=True)
class SheetCheck:
    """The problems of one game's rule sheets, sorted by place."""

    game: str
    issues: tuple[Issue, ...]

    @property
    def errors(self) -> int:
        """How many problems are errors."""
        return sum(1 for i in self.issues if i.severity == "error")

    @property
    def warnings(self) -> int:
        """How many problems are warnings."""
        return len(self.issues) - self.errors

    def lines(self) -> list[str]:
        """One ``file:line:col: key.path: message`` line per problem."""
        return [issue_line(i) for i in self.issues]

    def summary(self) -> str:
        """``game: 1 error, 2 warnings``."""
        said = _("{game}: {errors}, {warnings}")
        return said.format(
            game=self.game, errors=errors_said(self.errors), warnings=warnings_said(self.warnings)
        )


class RulesCheck:
    """Several games' rule sheets checked one at a time: iterate for each game's
    :class:`SheetCheck` as it is made, then ask :meth:`failure` for the verdict."""

    def __init__(
        self, folders: Sequence[Path], check: Callable[[Path], list[Issue]], strict: bool = False
    ) -> None:
        self.strict = strict
        self.done: list[SheetCheck] = []
        self._folders = list(folders)
        self._check = check

    def _step(self) -> bool:
        """Check the next game not yet checked; False when every game is."""
        if len(self.done) == len(self._folders):
            return False
        folder = self._folders[len(self.done)]
        self.done.append(SheetCheck(folder.name, tuple(self._check(folder))))
        return True

    def __iter__(self) -> Iterator[SheetCheck]:
        index = 0
        while index < len(self.done) or self._step():
            yield self.done[index]
            index += 1

    def failure(self) -> str | None:
        """The closing line when the check fails (any error; with ``strict``, any warning
        too), else None. Checks the games not yet iterated first."""
        while self._step():
            pass
        errors = sum(c.errors for c in self.done)
        warnings = sum(c.warnings for c in self.done)
        if not errors and not (self.strict and warnings):
            return None
        if self.strict:
            said = _("rule sheets have problems: {errors}, {warnings} (--strict)")
        else:
            said = _("rule sheets have problems: {errors}")
        return said.format(errors=errors_said(errors), warnings=warnings_said(warnings))
