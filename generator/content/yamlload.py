"""Safe YAML loading that remembers where every value came from.

Content is untrusted, so this module owns the defences that sit below the schema: only the
safe YAML subset, a cap on file size, a cap on the number of nodes after aliases are expanded
(a "billion laughs" document is rejected at its first alias past the cap), a nesting-depth cap,
and duplicate keys reported rather than silently overwritten. The result is plain Python data
plus a :class:`Marks` table mapping each key path to its 1-based line and column, which is what
lets schema errors point at ``file:line:col``. Marks are worked out only when something asks
for one, and a document written as plain JSON is read by the json module when that means the
same as reading it as YAML.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import yaml

from ..errors import ContentError, Issue, Location
from ..locale import N_, _
from .files import display_path, read_guarded
from .yamlguard import (
    _COUNT_ABOVE,
    _NOT_JSON,
    MAX_DEPTH,
    MAX_NODES,
    _count_values,
    _flow_too_deep,
    _json_fast,
    _Loader,
)

MAX_FILE_BYTES = 5 * 1024 * 1024

PathKey = tuple[str | int, ...]
_STR = "tag:yaml.org,2002:str"

# what the YAML parser says about a file it cannot read, and where it was, in the catalogue
PARSER_WORDS = (
    N_("did not find expected key"),
    N_("did not find expected ',' or ']'"),
    N_("did not find expected ',' or '}'"),
    N_("did not find expected node content"),
    N_("did not find expected '-' indicator"),
    N_("mapping values are not allowed in this context"),
    N_("mapping values are not allowed here"),
    N_("found character that cannot start any token"),
    N_("could not find expected ':'"),
    N_("found unexpected end of stream"),
    N_("found undefined alias"),
    N_("found unknown escape character"),
    N_("block sequence entries are not allowed in this context"),
    N_("found a tab character that violates indentation"),
    N_("while parsing a block mapping"),
    N_("while parsing a block collection"),
    N_("while parsing a flow sequence"),
    N_("while parsing a flow mapping"),
    N_("while scanning a simple key"),
    N_("while scanning a quoted scalar"),
    N_("while parsing a node"),
)


def key_path(path: PathKey) -> str:
    """``("components", 0, "size")`` -> ``components[0].size``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _rel(path: Path) -> str:
    rel = display_path(path)
    return str(path) if rel.startswith("..") else rel


class Marks:
    """Line/column of every value (and every mapping key) in one loaded file.

    Built either while composing the YAML, or, for a file read by the JSON fast path, on the
    first :meth:`locate` (only a file with a problem to report ever pays for it).
    """

    def __init__(self, file: str, text: str | None = None) -> None:
        self.file = file
        self._text = text
        self._values: dict[PathKey, tuple[int, int]] = {}
        self._keys: dict[PathKey, tuple[int, int]] = {}

    def _fill(self) -> None:
        text, self._text = self._text, None
        if text is None:
            return
        try:
            loaded = load_yaml_text(text, self.file, fast=False)
        except ContentError:  # pragma: no cover - the text parsed once already
            return
        self._values, self._keys = loaded.marks._values, loaded.marks._keys

    @property
    def values(self) -> dict[PathKey, tuple[int, int]]:
        """Path -> (line, column) of each value, read from the text when first asked."""
        if self._text is not None:
            self._fill()
        return self._values

    @property
    def keys(self) -> dict[PathKey, tuple[int, int]]:
        """Path -> (line, column) of each key, read from the text when first asked."""
        if self._text is not None:
            self._fill()
        return self._keys

    def locate(self, path: PathKey, *, key: bool = False) -> Location:
        """The closest known location for ``path``; falls back to its parents."""
        table = self.keys if key else self.values
        p = tuple(path)
        while p:
            if p in table:
                return Location(self.file, *table[p])
            if p in self.values:
                return Location(self.file, *self.values[p])
            p = p[:-1]
        return Location(self.file, *self.values.get((), (1, 1)))


class Loaded(msgspec.Struct):
    """A loaded YAML document: plain data and where each part of it stands."""

    data: Any
    marks: Marks
    path: Path
    text_cells: bool = False  # every value is text (a spreadsheet): numbers are read from it


class _Redo(Exception):
    """A problem found without marks: build again with them to say where."""


class _Builder:
    """Turns composed YAML nodes into plain data; with ``record``, also notes every mark.

    Without ``record`` (the first, faster pass) any problem raises :class:`_Redo`, and the
    caller builds again with marks so the message can point at the line and column.
    """

    def __init__(self, file: str, *, record: bool = True) -> None:
        self.file = file
        self.record = record
        self.marks = Marks(file)
        self.nodes = 0
        self.issues: list[Issue] = []
        self.constructor = yaml.constructor.SafeConstructor()

    def _pos(self, node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def build(self, node: yaml.Node, path: PathKey, depth: int = 0) -> Any:
        self.nodes += 1
        if not self.record:
            if self.nodes > MAX_NODES or depth > MAX_DEPTH:
                raise _Redo
        elif self.nodes > MAX_NODES:
            raise _TooBig(
                Location(self.file, *self._pos(node)),
                _("document expands to more than {count} values (alias bomb?)").format(
                    count=MAX_NODES
                ),
            )
        if depth > MAX_DEPTH:
            raise _TooBig(
                Location(self.file, *self._pos(node)),
                _("nesting deeper than {depth} levels").format(depth=MAX_DEPTH),
            )
        if self.record:
            self.marks._values.setdefault(path, self._pos(node))
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, (*path, i), depth + 1) for i, child in enumerate(node.value)]
        if node.tag == _STR:
            return node.value
        value = self.constructor.construct_object(node)
        if not isinstance(value, (str, int, float, bool, type(None))):
            # dates and binary scalars are not content values; keep the text the user wrote
            value = str(node.value)
        return value

    def _mapping(self, node: yaml.MappingNode, path: PathKey, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                sources = (
                    value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
                )
                for src in sources:
                    data = self.build(src, path, depth + 1)
                    if isinstance(data, dict):
                        for k, v in data.items():
                            merged.setdefault(k, v)
                continue
            key = (
                key_node.value
                if key_node.tag == _STR
                else self.constructor.construct_object(key_node)
            )
            if not isinstance(key, (str, int, float, bool)) or isinstance(key, bool):
                key = str(key_node.value)
            key = str(key)
            kpath = (*path, key)
            if key in out:
                if not self.record:
                    raise _Redo
                first = self.marks._keys.get(kpath, (0, 0))
                self.issues.append(
                    Issue(
                        Location(self.file, *self._pos(key_node)),
                        key_path(kpath),
                        _("duplicate key (first given at line {line})").format(line=first[0]),
                    )
                )
                continue
            if self.record:
                self.marks._keys[kpath] = self._pos(key_node)
                self.marks._values[kpath] = self._pos(value_node)
            out[key] = self.build(value_node, kpath, depth + 1)
        for k, v in merged.items():
            out.setdefault(k, v)
        return out


class _TooBig(Exception):
    def __init__(self, location: Location, message: str) -> None:
        self.location = location
        self.message = message


def load_yaml(path: Path, *, shown_as: str | None = None, root: Path | None = None) -> Loaded:
    """Load one YAML file safely, with marks. Raises ContentError on any problem.

    The file is read through :func:`~generator.content.paths.read_guarded`: inside ``root`` (the
    game folder; default the folder holding it) after links, a regular file, bounded in size.
    """
    file = shown_as or _rel(path)
    text = (
        read_text(path, file, root=root).replace("\r\n", "\n").replace("\r", "\n")
    )  # as text mode reads
    return load_yaml_text(text, file, path)


def read_text(path: Path, file: str, encoding: str = "utf-8", *, root: Path | None = None) -> str:
    """A content file's text, refused (ContentError at ``file``) when it lies outside ``root``
    after links, is not a regular file, is too big or is not UTF-8."""

    try:
        data = read_guarded(path, root, MAX_FILE_BYTES)
    except ValueError as exc:
        message = _("cannot read file: {reason}").format(reason=exc)
        raise ContentError([Issue(Location(file), "", message)]) from None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:  # said at its line and column, as a text editor shows it
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode(encoding, "replace")) + 1
        said = _("not UTF-8 text: byte {byte} is not part of a character; save the file as UTF-8")
        said = said.format(byte=f"0x{data[exc.start]:02X}")
        raise ContentError([Issue(Location(file, line, col), "", said)]) from None


def load_yaml_text(text: str, file: str, path: Path | None = None, *, fast: bool = True) -> Loaded:
    """Parse YAML text (see :func:`load_yaml`).

    A document written as JSON (a YAML subset that generated item lists often use) is read by
    the json module, with the same limits, when it means the same in both; its marks are
    computed only if something asks for a location.
    """
    if fast:
        data = _json_fast(text)
        if data is not _NOT_JSON:
            return Loaded(data, Marks(file, text), path or Path(file))
    _flow_too_deep(text, file)
    if len(text) > _COUNT_ABOVE:
        _count_values(text, file)
    builder = _Builder(file)
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = _(exc.problem) if exc.problem else _("invalid YAML")
        said = _("malformed YAML: {problem}").format(problem=problem)
        if "maximum nesting depth" in (exc.problem or ""):  # libyaml's own limit came first
            said = _("nesting deeper than {depth} levels").format(depth=MAX_DEPTH)
        elif exc.context:
            said = _("malformed YAML: {problem} ({context})").format(
                problem=problem, context=_(exc.context)
            )
        raise ContentError([Issue(Location(file, line, col), "", said)]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses: say where, on one line
        # the first such character (libyaml counts its position in UTF-8 bytes, not characters)
        found = text.find(chr(exc.character)) if isinstance(exc.character, int) else -1
        at = found if found >= 0 else max(0, min(exc.position, len(text)))
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        what = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        raise ContentError(
            [
                Issue(
                    Location(file, line, col),
                    "",
                    _("malformed YAML: character {what} is not allowed").format(what=what),
                )
            ]
        ) from None
    except yaml.YAMLError as exc:
        said = _("malformed YAML: {problem}").format(problem=exc)
        raise ContentError([Issue(Location(file, 1, 1), "", said)]) from None
    if node is None:
        return Loaded({}, builder.marks, path or Path(file))
    if fast:  # data first; marks only if something later asks where a value stands
        try:
            data = _Builder(file, record=False).build(node, ())
        except (_Redo, RecursionError):
            pass
        else:
            return Loaded(data, Marks(file, text), path or Path(file))
    try:
        data = builder.build(node, ())
    except _TooBig as exc:
        raise ContentError([Issue(exc.location, "", exc.message)]) from None
    except RecursionError:
        raise ContentError(
            [Issue(Location(file, 1, 1), "", _("document nests too deeply"))]
        ) from None
    if builder.issues:
        raise ContentError(builder.issues)
    return Loaded(data, builder.marks, path or Path(file))
