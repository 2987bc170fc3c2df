"""The one exception family of the project.

Every error a user can cause derives from :class:`PnpError`; the CLI prints it as
``Error: ...`` (or, for content errors, one ``file:line:col: key.path: message`` line per
problem) and exits non-zero, never with a traceback. Content errors carry their location as
structured data so tests and editors can use it without parsing text.

Every line the commands print passes through :func:`printable`: a card name, a title or a key
in a shared game folder could hold escape sequences that move the cursor, clear the screen or
retitle the window, so control characters are written as visible escapes (``\\x1b``) while
tabs, line breaks and all printable text, Chinese included, stay as they are.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import NamedTuple

from .locale import _, ngettext

# C0 controls but tab and newline, DEL, C1 controls, line/paragraph separators, bidi overrides
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character written as a visible escape."""
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text


def printable_json(text: str) -> str:
    """Dumped JSON with the controls ``json`` leaves as they are (DEL, C1, separators,
    bidi overrides) escaped as ``\\uXXXX``: still valid JSON, meaning the same."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class Location(NamedTuple):
    """Where in a content file something is: 1-based line and column (ordered, immutable)."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file


class Issue(NamedTuple):
    """One problem found in content: where, which key, what is wrong."""

    location: Location
    key: str
    message: str
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        key = f" {self.key}:" if self.key else ""
        return f"{self.location}:{key} {self.message}"


class PnpError(Exception):
    """Base of every error the CLI reports without a traceback."""

    exit_code = 1

    def lines(self) -> list[str]:
        """The message as printable lines (without the ``Error:`` prefix)."""
        return [str(self)]


class ContentError(PnpError):
    """Content failed validation; carries every problem found, not just the first."""

    def __init__(self, issues: list[Issue]) -> None:
        self.issues = sorted(issues, key=lambda i: (i.location, i.key))
        super().__init__("\n".join(str(i) for i in self.issues))

    def lines(self) -> list[str]:
        """One printed line per problem, located."""
        return self._lines if self._lines is not None else [str(i) for i in self.issues]

    _lines: list[str] | None = None

    @classmethod
    def from_lines(cls, lines: list[str]) -> ContentError:
        """An error made of already-formatted problem lines (from several games), in order."""
        err = cls([])
        err._lines = list(lines)
        err.args = ("\n".join(lines),)
        return err


def report(exc: PnpError) -> list[str]:
    """The lines the CLI prints for ``exc``: one ``Error:`` line, or each problem and a count."""
    lines = [printable(line) for line in exc.lines()]
    if len(lines) == 1:
        return [_("Error: {message}").format(message=lines[0])]
    count = ngettext("Error: {count} problem found.", "Error: {count} problems found.", len(lines))
    return [*lines, count.format(count=len(lines))]


class UsageError(PnpError):
    """The user asked for something that cannot be done (unknown game, bad option value)."""

    exit_code = 2


class BuildError(PnpError):
    """A build step failed for a reason other than invalid content (disk, font, image)."""


class IssueCollector:
    """Accumulates issues so a whole game is checked before aborting once."""

    def __init__(self) -> None:
        self.issues: list[Issue] = []
        self._seen: set[Issue] = set()

    def add(self, location: Location, key: str, message: str, severity: str = "error") -> None:
        """Record one problem (``error`` or ``warning``) at ``location``, once."""
        issue = Issue(location, key, message, severity)
        if issue not in self._seen:
            self._seen.add(issue)
            self.issues.append(issue)

    @property
    def errors(self) -> list[Issue]:
        """The problems that stop a build."""
        return [i for i in self.issues if i.severity == "error"]

    @property
    def warnings(self) -> list[Issue]:
        """The problems reported without stopping a build."""
        return [i for i in self.issues if i.severity == "warning"]

    def raise_if_errors(self) -> None:
        """Raise one :class:`ContentError` carrying every error collected, if any."""
        if self.errors:
            raise ContentError(self.errors)


def suggest(word: str, choices: Iterable[str]) -> str:
    """A "did you mean" suffix, or an empty string."""
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return _("; did you mean {word!r}?").format(word=close[0]) if close else ""
