"""The edits an import plans on a game's YAML files before writing any of them.

:class:`_Plan` keeps, file by file, the text read, the edits to splice in, the lines to append
and the template texts whose per-language parts change; :func:`_at` finds a node by its key
path, :func:`_set` plans one value, :func:`_section_yaml` writes a new translated rule section
and :func:`_stamp_section` records the English it was translated from. :mod:`.importer`
decides what to plan and writes every file at once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..content.yamlload import display_path, read_text
from ..rules.models import SourceSection
from .yamlnodes import Edit, PathPart, add_key, compose_text, get, quoted, replace_scalar


@dataclass
class _Plan:
    """The edits an import will make, file by file."""

    folder: Path
    texts: dict[Path, str] = field(default_factory=dict)
    edits: dict[Path, list[Edit]] = field(default_factory=lambda: defaultdict(list))
    appended: dict[Path, list[str]] = field(default_factory=lambda: defaultdict(list))
    # template scalars whose per-language literals change: (file, offset) -> (node, changes)
    templates: dict[tuple[Path, int], tuple[ScalarNode, list[tuple[int, str, str]]]] = field(
        default_factory=dict
    )

    def text(self, path: Path) -> str:
        if path not in self.texts:
            self.texts[path] = read_text(path, display_path(path))
        return self.texts[path]

    def node(self, path: Path) -> Node | None:
        return compose_text(self.text(path), display_path(path))


def _at(node: Node | None, where: tuple[PathPart, ...]) -> Node | None:
    for part in where:
        if isinstance(part, int):
            if not isinstance(node, SequenceNode) or part >= len(node.value):
                return None
            node = node.value[part]
        else:
            if not isinstance(node, MappingNode):
                return None
            node = get(node, part)
    return node


def _set(plan: _Plan, path: Path, mapping: MappingNode, key: str, value: str) -> None:
    text = plan.text(path)
    current = get(mapping, key)
    if isinstance(current, ScalarNode):
        plan.edits[path].append(replace_scalar(text, current, value))
    else:
        name = quoted(key) if path.suffix == ".json" else key
        plan.edits[path].append(add_key(text, mapping, name, value))


def _section_yaml(
    section: SourceSection, digest: str, values: dict[tuple[PathPart, ...], str], indent: int
) -> str:
    pad = " " * indent
    out = [f"{pad}- id: {section.id}\n", f"{pad}  source_hash: {digest}\n"]
    out.append(f"{pad}  title: {quoted(values[('title',)])}\n{pad}  blocks:\n")
    for b, block in enumerate(section.blocks):
        kind = block.kind
        if kind == "table":
            assert block.table is not None
            head = ", ".join(
                quoted(values[("blocks", b, "table", "header", c)])
                for c in range(len(block.table.header))
            )
            out.append(f"{pad}    - table:\n{pad}        header: [{head}]\n{pad}        rows:\n")
            for r, row in enumerate(block.table.rows):
                cells = ", ".join(
                    quoted(values[("blocks", b, "table", "rows", r, c)]) for c in range(len(row))
                )
                out.append(f"{pad}          - [{cells}]\n")
        elif kind in ("steps", "list"):
            out.append(f"{pad}    - {kind}:\n")
            for i in range(len(block.texts())):
                out.append(f"{pad}        - {quoted(values[('blocks', b, kind, i)])}\n")
        else:
            out.append(f"{pad}    - {kind}: {quoted(values[('blocks', b, kind)])}\n")
    return "".join(out)


def _stamp_section(text: str, section: MappingNode, digest: str) -> list[Edit]:
    """Edits setting a translated section's ``source_hash`` to ``digest``: replaced where it
    stands, or added on the line after ``id:`` (where ``pnp rules stamp`` puts it)."""
    stored = get(section, "source_hash")
    if isinstance(stored, ScalarNode):
        if stored.value == digest:
            return []
        return [Edit(stored.start_mark.index, stored.end_mark.index, digest)]
    key = next(k for k, _ in section.value if isinstance(k, ScalarNode) and k.value == "id")
    ident = get(section, "id")
    assert ident is not None
    if section.flow_style:
        return [add_key(text, section, "source_hash", digest)]
    newline = "\r\n" if "\r\n" in text else "\n"
    nl = text.find("\n", ident.end_mark.index)
    at = len(text) if nl < 0 else nl + 1
    line = " " * key.start_mark.column + f"source_hash: {digest}"
    return [Edit(at, at, (newline if nl < 0 else "") + line + (newline if nl >= 0 else ""))]
