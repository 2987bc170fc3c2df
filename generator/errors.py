"""The one exception family of the project.

Every error a user can cause derives from :class:`PnpError`; the CLI prints it as
``Error: ...`` (or, for content errors, one ``file:line:col: key.path: message`` line per
problem) and exits non-zero, never with a traceback. Content errors carry their location as
structured data so tests and editors can use it without parsing text.
"""

from __future__ import annotations

from operator import itemgetter

from .locale import _, ngettext

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any
    from typing import NamedTuple as Record
else:

    class _RecordMeta(type):
        """Builds a :class:`Record` class: a tuple whose annotated fields read as attributes."""

        def __new__(mcls, name, bases, ns):
            base = name == "Record" and ns.get("__module__") == __name__
            if base or any(getattr(b, "_fields", None) for b in bases):  # Record, or a subclass
                ns.setdefault("__slots__", ())
                return super().__new__(mcls, name, bases, ns)
            fields = tuple(ns.get("__annotations__", {}))
            defaults = {f: ns.pop(f) for f in fields if f in ns}
            ns.update({f: property(itemgetter(i)) for i, f in enumerate(fields)})
            ns.update(__slots__=(), _fields=fields, _field_defaults=defaults)
            ns["__match_args__"] = fields
            return super().__new__(mcls, name, bases, ns)

    class Record(tuple, metaclass=_RecordMeta):
        """What ``typing.NamedTuple`` gives (fields, defaults, equality, ``_replace``), built
        without importing :mod:`typing` or compiling code at run time: every table command
        imports this module and the dice grammar, and building NamedTuple classes there cost
        more than the command's own work. The type checker sees a ``NamedTuple``.
        """

        __slots__ = ()

        def __new__(cls, *args, **kwargs):
            """The record of ``args`` in field order, then ``kwargs`` and defaults."""
            fields = cls._fields
            if not kwargs and len(args) == len(fields):
                return tuple.__new__(cls, args)
            if len(args) > len(fields):
                raise TypeError(f"{cls.__name__} takes {len(fields)} fields, got {len(args)}")
            values = list(args)
            for f in fields[len(args) :]:
                if f in kwargs:
                    values.append(kwargs.pop(f))
                elif f in cls._field_defaults:
                    values.append(cls._field_defaults[f])
                else:
                    raise TypeError(f"{cls.__name__} is missing the field {f!r}")
            if kwargs:
                raise TypeError(f"{cls.__name__} got unexpected fields {sorted(kwargs)}")
            return tuple.__new__(cls, values)

        def __repr__(self) -> str:
            inner = ", ".join(f"{f}={v!r}" for f, v in zip(self._fields, self, strict=True))
            return f"{type(self).__name__}({inner})"

        def __getnewargs__(self):
            """The fields, for copy and pickle."""
            return tuple(self)

        def _replace(self, **changes):
            """A copy with ``changes`` made to the named fields."""
            return type(self)(
                *[changes.pop(f, v) for f, v in zip(self._fields, self, strict=True)], **changes
            )

        def _asdict(self) -> dict[str, Any]:
            """The fields by name."""
            return dict(zip(self._fields, self, strict=True))


class Location(Record):
    """Where in a content file something is: 1-based line and column (ordered, immutable)."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file


class Issue(Record):
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
    lines = exc.lines()
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

    def add(self, location: Location, key: str, message: str, severity: str = "error") -> None:
        """Record one problem (``error`` or ``warning``) at ``location``."""
        self.issues.append(Issue(location, key, message, severity))

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
