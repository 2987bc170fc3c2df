"""A companion deck's cards read from printed components (``cards_from`` in ``table.yaml``).

The deck and the PDF then name the same cards: each item of the component's item file becomes
one card (``qty`` copies) with its shown name, its owner (activation decks: one roster per army)
and the fields told when it is drawn (``show``), whose values are named through a mapping under
the item file's ``defaults`` (a patrol's route of location ids becomes the printed place names).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import IssueCollector
from ...locale import _
from .. import tabular
from ..paths import resolve_inside
from ..schema import ItemsFile
from ..validate import validate
from ..yamlload import load_yaml
from .decks import CardsFrom, DeckSpec


def _named(value: Any, names: dict[str, Any] | None, where: str) -> Any:
    if names is None:
        return value
    if not isinstance(value, str) or value not in names:
        known = ", ".join(sorted(names)[:8])
        raise ValueError(
            _("{where}: {value!r} is not one of the names given ({known})").format(
                where=where, value=value, known=known
            )
        )
    return names[value]


def _cards_of(root: Path, source: CardsFrom) -> dict[str, dict[str, Any]]:
    path = card_file_of(root, source.component)
    spec = load_items(path)
    cards: dict[str, dict[str, Any]] = {}
    for item in spec.items:
        extra = {**spec.defaults, **item.extra}
        if source.skip is not None and extra.get(source.skip):
            continue
        if any(str(extra.get(k)) != v for k, v in source.where.items()):
            continue
        fields = [source.name] if isinstance(source.name, str) else source.name
        name = next((extra[f] for f in fields if extra.get(f) not in (None, "")), None)
        card: dict[str, Any] = {"id": str(item.id), "qty": item.qty, "name": name}
        if name is None:
            raise ValueError(
                _("item {id!r} of {name} has no {name2!r} to show").format(
                    id=item.id, name=path.name, name2=" | ".join(fields)
                )
            )
        if source.owner is not None:
            card["owner"] = source.owner
        if item.estimate:
            card["estimate"] = True
        shown = []
        for show in source.show:
            if show.field not in extra:
                continue
            names = None
            if show.names is not None:
                names = spec.defaults.get(show.names)
                if not isinstance(names, dict):
                    raise ValueError(
                        _(
                            "{name}: defaults has no mapping {names!r} to name {field!r} values"
                        ).format(name=path.name, names=show.names, field=show.field)
                    )
            value = extra[show.field]
            values = value if isinstance(value, list) else [value]
            where = f"{path.name}: item {item.id!r}: {show.field}"
            shown.append({"label": show.label, "values": [_named(v, names, where) for v in values]})
        if shown:
            card["show"] = shown
        cards[str(item.id)] = card
    return cards


def printed_cards(root: Path, deck: DeckSpec) -> dict[str, dict[str, Any]]:
    """Card id -> card data for a deck with ``cards_from``; ValueError on a bad reference."""
    cards: dict[str, dict[str, Any]] = {}
    for source in deck.printed:
        for cid, card in _cards_of(root, source).items():
            if cid in cards:
                raise ValueError(_("card {cid!r} is in more than one component").format(cid=cid))
            cards[cid] = card
    return cards


def card_file_of(root: Path, component: str) -> Path:
    """The item file of a printed component named in game.yaml; ValueError when there is none."""
    data = load_yaml(root / "game.yaml", root=root).data if (root / "game.yaml").is_file() else {}
    for comp in (data or {}).get("components") or []:
        if isinstance(comp, dict) and comp.get("id") == component:
            items = comp.get("items")
            if not isinstance(items, str):
                raise ValueError(
                    _("component {component!r} has no item file").format(component=component)
                )
            path = resolve_inside(root, items)
            if not path.is_file():
                raise ValueError(
                    _("component {component!r}: file {items!r} does not exist").format(
                        component=component, items=items
                    )
                )
            return path
    raise ValueError(_("game.yaml has no component {component!r}").format(component=component))


def load_items(path: Path, root: Path | None = None) -> ItemsFile:
    """An item file validated with the print schema (the same file the PDF is built from);
    ``root`` is the game folder the file must stay inside."""
    read = tabular.load_table if tabular.is_table(path) else load_yaml
    loaded = read(path, root=root)
    issues = IssueCollector()
    spec = validate(ItemsFile, loaded, issues)
    issues.raise_if_errors()
    assert spec is not None
    return spec
