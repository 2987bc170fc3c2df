"""Content format versions, and ``pnp migrate``: a game written for an earlier pnp, rewritten.

Each kind of content file carries its format in a top-level ``format:`` key; a file without one
is in format 1. :data:`STEPS` holds, for each kind, the chain of steps that carry a file forward
one format at a time (the step at index ``N - 1`` takes format ``N`` to ``N + 1``); a kind's
current format is one past its last step.

A step is ``step(doc, log)``: it changes the YAML document in place (a ruamel.yaml round-trip
mapping, so comments and key order stay; plain dicts work too) and tells every change with
``log(path, message)`` *before* making it, so the change is reported at the line it was read
from. A step leaves alone what already has the new shape: a file without a ``format:`` key may
be in any format, and running the whole chain over a current file changes nothing.

To add a step (say table.yaml 3 -> 4): write ``def table_3_to_4(doc: Any, log: Log) -> None`` in
:mod:`.migrate_table`, append it to ``STEPS["table.yaml"]``, keep a sample game in format 3
under ``tests/fixtures/formats/`` and add it to the migration test's list.
"""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedBase, CommentedMap

from ..atomic import write_text
from ..errors import ContentError, Issue, Location
from ..locale import _
from .migrate_table import table_1_to_2, table_2_to_3
from .tablefile import has_table, table_path
from .yamlload import display_path, key_path, load_yaml

PathKey = tuple[str | int, ...]
Log = Callable[[PathKey, str], None]
Step = Callable[[Any, Log], None]

# file kind -> its steps, format N -> N + 1 at index N - 1
STEPS: dict[str, list[Step]] = {
    "game.yaml": [],
    "table.yaml": [table_1_to_2, table_2_to_3],
}


def current_format(kind: str) -> int:
    """The format a file of ``kind`` is written in by this pnp."""
    return len(STEPS[kind]) + 1


class Change(NamedTuple):
    """One change made (or to be made) to a file, where it was read from."""

    file: str
    line: int
    key: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{key} {self.message}"


def _line(doc: Any, path: PathKey) -> int:
    """The 1-based line of ``path`` in a round-trip document (0 when unknown)."""
    node: Any = doc
    line = 0
    for key in path:
        if not isinstance(node, CommentedBase):
            break
        try:
            pos = node.lc.key(key) if isinstance(node, dict) else node.lc.item(key)
            line = pos[0] + 1
        except (KeyError, IndexError, TypeError, AttributeError):
            line = line or node.lc.line + 1
            break
        node = node[key]  # type: ignore[index]
    return line


def file_format(data: Any, kind: str) -> int:
    """The format ``data`` says it is written in (1 when it says nothing)."""
    found = data.get("format", 1) if isinstance(data, dict) else 1
    return found if isinstance(found, int) and not isinstance(found, bool) else 1


def run_steps(kind: str, doc: Any, log: Log) -> int:
    """Carry ``doc`` to the current format of ``kind`` in place; return the format it had."""
    start = file_format(doc, kind)
    for step in STEPS[kind][max(start, 1) - 1 :]:
        step(doc, log)
    return start


def is_stale(kind: str, data: Any) -> bool:
    """Whether ``data`` (plain loaded YAML) is in an earlier format that ``pnp migrate`` changes."""
    if not isinstance(data, dict) or file_format(data, kind) >= current_format(kind):
        return False
    said: list[str] = []
    run_steps(kind, copy.deepcopy(data), lambda path, message: said.append(message))
    return bool(said)


def refuse_stale(kind: str, data: Any, where: Location, game: str) -> None:
    """ContentError for a file in an earlier format (or one newer than this pnp)."""
    issue = stale_issue(kind, data, where, game)
    if issue is not None:
        raise ContentError([issue])


def stale_issue(kind: str, data: Any, where: Location, game: str) -> Issue | None:
    """The problem to report for a file in an earlier format (or one newer than this pnp)."""
    found = file_format(data, kind)
    if found > current_format(kind):
        said = _("written in format {found}, newer than this pnp reads ({current}): upgrade pnp")
        return Issue(where, "format", said.format(found=found, current=current_format(kind)))
    if is_stale(kind, data):
        said = _(
            "written in an earlier format ({found}): run `pnp migrate {game}` to rewrite it in "
            "format {current}, keeping its comments"
        )
        return Issue(where, "", said.format(found=found, game=game, current=current_format(kind)))
    return None


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.representer.add_representer(
        type(None), lambda rep, _data: rep.represent_scalar("tag:yaml.org,2002:null", "null")
    )
    return yaml


def migrate_file(path: Path, kind: str, root: Path, write: bool = True) -> list[Change]:
    """Rewrite one file in the current format of ``kind``; return the changes made."""
    load_yaml(path, root=root)  # the guarded read: size, nodes, depth, safe subset
    text = path.read_text(encoding="utf-8")
    yaml = _yaml()
    doc: Any = yaml.load(text)
    if not isinstance(doc, CommentedMap):
        return []
    shown = display_path(path)
    changes: list[Change] = []

    def log(key: PathKey, message: str) -> None:
        changes.append(Change(shown, _line(doc, key), key_path(key), message))

    start = run_steps(kind, doc, log)
    current = current_format(kind)
    if changes and start < current:  # a file already in the current shapes is left alone
        said = _("format {old} -> {new}").format(old=start, new=current)
        log(("format",), said)
        if "format" in doc:
            doc["format"] = current
        else:
            doc.insert(0, "format", current)
    if changes and write:
        out = io.StringIO()
        yaml.dump(doc, out)
        write_text(path, out.getvalue())
    return changes


def migrate_game(root: Path, write: bool = True) -> list[Change]:
    """Rewrite every content file of the game at ``root`` written in an earlier format."""
    changes = migrate_file(root / "game.yaml", "game.yaml", root, write)
    if has_table(root):
        path = table_path(root)
        if not path.is_file():
            said = _("file {name!r} does not exist").format(name=path.name)
            raise ContentError([Issue(Location(display_path(root / "game.yaml")), "table", said)])
        changes += migrate_file(path, "table.yaml", root, write)
    return changes
