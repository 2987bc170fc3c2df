"""Dice-label items made from the dice the table companion rolls (``table.yaml``).

A ``dice-labels`` component has no item file: every face of every chosen die becomes one label
item, so a printed die and the die ``pnp roll`` rolls can never disagree. Face names come from
the game's glossary (by face id), else the face's own ``name``, else its id; a face whose id is
an icon name (``pnp icons``) carries that icon too.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from ...errors import ContentError, IssueCollector, Location
from ...locale import _
from ...text.localtext import LANGS
from ..game import Item
from ..icons import ICONS
from ..schema import ComponentSpec
from ..validate import key_path, suggest
from ..yamlload import Marks, display_path, load_yaml
from . import load_table, table_path

if TYPE_CHECKING:
    from ..game import Item


class Collecting(Protocol):
    """What dice labels need from the game loader (``content.loader``): the game's folder, the
    list of files the build reads, and where problems go."""

    root: Path
    files: list[Path]
    issues: IssueCollector


def _glossary(root: Any) -> dict[str, Any]:
    path = root / "rules" / "glossary.yaml"
    if not path.is_file():
        return {}
    try:
        data = load_yaml(path).data
    except ContentError:
        return {}  # `pnp rules check` reports a broken glossary
    terms = data.get("terms") if isinstance(data, dict) else None
    return terms if isinstance(terms, dict) else {}


def _name(terms: dict[str, Any], term: str | None, fallback: Any, default: str) -> Any:
    entry = terms.get(term or "")
    if isinstance(entry, dict) and any(lang in entry for lang in LANGS):
        return {lang: str(entry[lang]) for lang in LANGS if lang in entry}
    return fallback if fallback is not None else default


def dice_items(
    loader: Collecting, comp: ComponentSpec, marks: Marks, base: tuple[Any, ...]
) -> tuple[tuple[Item, ...], str]:
    """One label item per face of each chosen die; issues go to ``loader.issues``."""

    where = marks.locate((*base, "kind"))
    try:
        path = table_path(loader.root)
        table = load_table(loader.root)
        loader.files.append(path)
    except ContentError as exc:
        loader.issues.issues.extend(exc.issues)
        return (), "table.yaml"
    except (OSError, ValueError) as exc:
        loader.issues.add(
            where,
            key_path((*base, "kind")),
            _("dice labels need table.yaml: {reason}").format(reason=exc),
        )
        return (), "table.yaml"
    spec = comp.dice
    chosen = (
        list(spec.dice)
        if spec and spec.dice
        else [d for d, die in table.dice.items() if die.faces is not None]
    )
    if not chosen:
        loader.issues.add(
            where,
            key_path((*base, "kind")),
            _("table.yaml has no dice with labelled faces to label"),
        )
    sets = spec.sets if spec else 1
    terms = _glossary(loader.root)
    items: list[Item] = []
    for n, die_id in enumerate(chosen):
        die = table.dice.get(die_id)
        if die is None:
            at = (*base, "dice", "dice", n)
            loader.issues.add(
                marks.locate(at),
                key_path(at),
                _("no die {die!r} in table.yaml").format(die=die_id) + suggest(die_id, table.dice),
            )
            continue
        die_name = _name(terms, die.term or die_id, die.name, die_id)
        faces: list[tuple[str, Any, int]] = []
        if die.faces is not None:
            for face in die.faces:
                name = _name(terms, face.id, face.name, face.id)
                faces.extend((face.id, name, face.value) for _ in range(face.count))
        else:
            assert die.sides is not None
            for k in range(die.sides):
                number = k + die.first
                faces.append((str(number), str(number), number))
        for k, (face_id, name, value) in enumerate(faces, start=1):
            data = {
                "id": f"{die_id}-{k}",
                "die": die_name,
                "die_id": die_id,
                "face": face_id,
                "name": name,
                "value": value,
                "icon": face_id if face_id in ICONS else "",
                "estimate": die.estimate,
            }
            items.append(
                Item(
                    data["id"],
                    sets,
                    MappingProxyType(data),
                    None,
                    partial(_at, where),
                    die.estimate,
                )
            )
    return tuple(items), display_path(path)


def _at(where: Location) -> Location:
    return where
