"""Load a game folder into an immutable, validated :class:`Game`.

Reads ``game.yaml``, each component's item file and the layouts it names (the game's own
``layouts/`` first, then the shared ``templates/layouts/``), validates all of them, checks
that every referenced file stays inside the game folder, and raises one
:class:`~generator.errors.ContentError` listing every problem found.

An item's own ``back`` is either ``{layout, data}`` (its own back layout and values for it) or
values for the component's shared back layout; values must be named (a lone per-language text
is refused, since no template could show it). The records built here live in :mod:`.game`,
paths in :mod:`.paths`, font and icon checks in :mod:`.assets`.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..errors import ContentError, IssueCollector, Location
from ..layout import presets
from ..layout.units import MM
from ..locale import _
from ..text.localtext import LANGS
from . import tabular
from .assets import check_font_names, font_files, game_icons
from .game import Component, Game, Item
from .migrate import refuse_stale
from .paths import find_games, game_dir, item_id_problem, present_inside, resolve_inside
from .schema import BackSpec, ComponentSpec, GameSpec, ItemsFile, ItemSpec, LayoutSpec, PresetsFile
from .table.dicelabels import dice_items
from .validate import key_path, report_twice, suggest, validate
from .values import check_langs, named_values
from .yamlload import Loaded, Marks, display_path, load_yaml

__all__ = [
    "Component",
    "Game",
    "Item",
    "find_games",
    "game_dir",
    "load_game",
    "resolve_inside",
]

DICE_LABEL_LAYOUT = "die-label"  # the shared layout in templates/layouts/
MAX_COPIES = 20_000  # physical copies one component may print
MAX_GAME_COPIES = 60_000  # physical copies all of a game's components may print together


class _Loader:
    def __init__(self, root: Path, templates: Path | None) -> None:
        self.root = root
        self.templates = templates
        self.issues = IssueCollector()
        self.files: list[Path] = []
        self.layouts: dict[str, LayoutSpec | None] = {}
        self.sizes: dict[str, tuple[float, float, str]] = dict(presets.sizes())
        self.langs: tuple[str, ...] = LANGS
        self.layout_marks: dict[str, Marks] = {}

    def yaml(self, path: Path) -> Loaded | None:
        try:
            root = self.root if path.is_relative_to(self.root.resolve()) else None
            read = tabular.load_table if tabular.is_table(path) else load_yaml
            loaded = read(path, root=root)
        except ContentError as exc:
            self.issues.issues.extend(exc.issues)
            return None
        self.files.append(path)
        return loaded

    def layout(self, name: str, where: Location, key: str) -> LayoutSpec | None:
        if name in self.layouts:
            return self.layouts[name]
        path: Path | None = None
        own = self.root / "layouts"
        for folder in (own, self.templates):
            if folder is None:
                continue
            try:  # the game's own layouts must stay inside the game folder, links included
                cand = (
                    resolve_inside(self.root, f"layouts/{name}.yaml")
                    if folder == own
                    else resolve_inside(folder, f"{name}.yaml")
                )
            except ValueError as exc:
                self.issues.add(where, key, str(exc))
                self.layouts[name] = None
                return None
            if cand.exists():
                path = cand
                break
        if path is None:
            known = sorted(
                {
                    p.stem
                    for f in (own, self.templates)
                    if f and f.is_dir()
                    for p in f.glob("*.yaml")
                }
            )
            self.issues.add(
                where,
                key,
                _("no layout {name!r}{suggest}").format(name=name, suggest=suggest(name, known)),
            )
            self.layouts[name] = None
            return None
        loaded = self.yaml(path)
        if loaded is not None:
            self.layout_marks[name] = loaded.marks
        spec = validate(LayoutSpec, loaded, self.issues) if loaded else None
        if spec is not None and loaded is not None and spec.id != name:
            self.issues.add(
                loaded.marks.locate(("id",)),
                "id",
                _("layout id {id!r} does not match its file name {name!r}").format(
                    id=spec.id, name=name
                ),
            )
        self.layouts[name] = spec
        return spec

    def items(self, rel: str, where: Location, key: str = "items") -> tuple[tuple[Item, ...], str]:
        """The items of the item file ``rel`` (YAML, JSON, CSV, TSV or .xlsx) and its shown path."""
        try:
            path, found = present_inside(self.root, rel)
        except ValueError as exc:
            self.issues.add(where, key, str(exc))
            return (), rel
        if not found or not path.is_file():  # a folder, a pipe or a device is no item file
            said = (
                _("file {file!r} does not exist")
                if not found
                else _("{file!r} is not a regular file")
            )
            self.issues.add(where, key, said.format(file=rel))
            return (), rel
        loaded = self.yaml(path)
        if loaded is None:
            return (), rel
        first = len(self.issues.issues)
        spec = validate(ItemsFile, loaded, self.issues)
        out: list[Item] = []
        ids: dict[str, str] = {}  # file stem of an id -> the id
        if spec is not None:
            for n, item in enumerate(spec.items):
                out.append(self._item(item, n, spec.defaults, loaded, ids))
            copies = sum(i.qty for i in out)
            if copies > MAX_COPIES:
                self.issues.add(
                    loaded.marks.locate(("items",)),
                    "items",
                    _("{copies} copies in all; a component may print at most {max_copies}").format(
                        copies=copies, max_copies=MAX_COPIES
                    ),
                )
            elif out and copies == 0:
                self.issues.add(
                    loaded.marks.locate(("items",)),
                    "items",
                    _("every item has qty 0, so nothing would print; give at least one item a qty"),
                )
        if tabular.is_table(path):  # a spreadsheet's problems are keyed by column header
            tabular.relabel(self.issues.issues, loaded.marks.file, first)
        return tuple(out), display_path(path)

    def _item(
        self, item: ItemSpec, n: int, defaults: dict[str, Any], loaded: Loaded, ids: dict[str, str]
    ) -> Item:
        where = partial(loaded.marks.locate, ("items", n))
        data = dict(defaults)
        data.update(item.extra)
        for key, value in item.extra.items():
            check_langs(value, ("items", n, key), loaded, self.langs, self.issues)
        iid = item.id or str(n + 1)
        at = ("items", n, "id")
        if item.id is None:
            self.issues.add(
                where(),
                key_path(at),
                _(
                    "item {n} has no id; give it one (id: a short name), which names its "
                    "pictures, previews and print-shop files"
                ).format(n=n + 1),
            )
        else:
            problem = item_id_problem(iid, ids)
            if problem is not None:
                self.issues.add(loaded.marks.locate(at), key_path(at), problem)
        data["id"] = iid
        back = self._back(item.back, ("items", n, "back"), loaded)
        return Item(
            iid,
            item.qty,
            MappingProxyType(data),
            back,
            where,
            item.estimate,
            item.layout,
            n,
            loaded.marks,
        )

    def _back(
        self, value: dict[str, Any] | BackSpec | None, at: tuple[Any, ...], loaded: Loaded
    ) -> BackSpec | None:
        """An item's own back: ``{layout, data}`` names its own back layout (and values for it);
        any other mapping gives values for the shared back layout."""
        if value is None or isinstance(value, BackSpec):
            return value
        if not named_values(value, at, loaded, self.issues):
            return None
        check_langs(value, at, loaded, self.langs, self.issues)
        if "layout" in value and set(value) <= {"layout", "data"}:
            layout, data = value["layout"], value.get("data", {})
            problem = (
                ("layout", "expected a layout id")
                if not isinstance(layout, str) or not layout
                else ("data", "expected a mapping of values for the back's templates")
                if not isinstance(data, dict)
                or not named_values(data, (*at, "data"), loaded, self.issues)
                else None
            )
            if problem is not None:
                where = (*at, problem[0])
                self.issues.add(loaded.marks.locate(where), key_path(where), problem[1])
                return None
            return BackSpec(layout=layout, data=data)
        return BackSpec(layout="", data=value)

    def component(self, comp: ComponentSpec, n: int, marks: Marks) -> Component | None:
        where = marks.locate(("components", n))
        base = ("components", n)
        named = named_values(comp.data, (*base, "data"), marks, self.issues)
        if comp.back is not None:
            named = (
                named_values(comp.back.data, (*base, "back", "data"), marks, self.issues) and named
            )
        front = self.layout(
            comp.layout or DICE_LABEL_LAYOUT,
            marks.locate((*base, "layout")),
            key_path((*base, "layout")),
        )
        back = None
        if comp.back is not None:
            back = self.layout(
                comp.back.layout,
                marks.locate((*base, "back", "layout")),
                key_path((*base, "back", "layout")),
            )
        if comp.kind == "dice-labels":
            items, items_file = dice_items(self, comp, marks, base)
        elif comp.items is None:
            single = Item("1", 1, MappingProxyType({"id": "1"}), None, lambda: where)
            items, items_file = (single,), display_path(self.root / "game.yaml")
        else:
            at = (*base, "items")
            items, items_file = self.items(comp.items, marks.locate(at), key_path(at))
        own_backs: dict[str, LayoutSpec] = {}
        own_fronts: dict[str, LayoutSpec] = {}
        for item in items:
            if item.layout:
                lay = self.layout(item.layout, item.location, "layout")
                if lay is not None:
                    own_fronts[item.layout] = lay
            if item.back is not None and item.back.layout:
                lay = self.layout(item.back.layout, item.location, "back.layout")
                if lay is not None:
                    own_backs[item.back.layout] = lay
            elif item.back is not None and back is None:
                self.issues.add(
                    item.location,
                    "back",
                    _("item gives back data but the component has no shared back layout"),
                )
        trim = self.trim(comp, marks, base)
        if front is None or trim is None or not named:
            return None
        return Component(
            comp,
            items,
            front,
            back,
            MappingProxyType(own_backs),
            items_file,
            where,
            MappingProxyType(own_fronts),
            trim,
        )

    def trim(
        self, comp: ComponentSpec, marks: Marks, base: tuple[Any, ...]
    ) -> tuple[float, float, str] | None:
        """The component's trim size: a named size (the game's presets, then the shared ones)."""
        size = comp.size
        if comp.kind == "dice-labels":
            dice = comp.dice
            die = dice.die if dice else 16 * MM
            edge = dice.label if dice and dice.label else die - 2.5 * MM
            return edge, edge, "rect"
        if size is None:
            return None
        if not isinstance(size, str):
            return size.width, size.height, size.shape
        found = self.sizes.get(size)
        if found is None:
            at = (*base, "size")
            self.issues.add(
                marks.locate(at),
                key_path(at),
                _(
                    "unknown size preset {size!r}: choose one of {known} or give {{width, height}}"
                ).format(size=size, known=", ".join(self.sizes))
                + suggest(size, self.sizes),
            )
        return found

    def game_presets(self) -> None:
        """Add the game's own named sizes from ``presets.yaml``, when it has one."""
        path = self.root / "presets.yaml"
        if not os.path.lexists(path):
            return
        loaded = self.yaml(path)
        spec = validate(PresetsFile, loaded, self.issues) if loaded else None
        if spec is not None:
            self.sizes.update({k: (v.width, v.height, v.shape) for k, v in spec.sizes.items()})


def load_game(path: Path, templates: Path | None = None) -> Game:
    """Load and validate the game folder ``path``; raise ContentError listing every problem."""
    root = Path(path)
    if templates is None:
        templates = presets.templates_dir(root) / "layouts"
    loader = _Loader(root, templates)
    game_file = root / "game.yaml"
    loaded = loader.yaml(game_file)
    if loaded is None:
        raise ContentError(loader.issues.errors)
    folder = root.resolve().name
    if isinstance(loaded.data, dict) and "id" not in loaded.data:
        loaded.data["id"] = folder
    refuse_stale("game.yaml", loaded.data, loaded.marks.locate(("format",)), folder)
    spec = validate(GameSpec, loaded, loader.issues)
    if spec is None:
        raise ContentError(loader.issues.errors)
    if spec.id != folder:
        loader.issues.add(
            loaded.marks.locate(("id",)),
            "id",
            _(
                "the game id {id!r} differs from its folder name {folder!r}; builds, exports "
                "and saved games are named by the id, so rename one to match the other"
            ).format(id=spec.id, folder=folder),
        )
    loader.game_presets()
    loader.langs = tuple(spec.languages)
    loader.files.extend(game_icons(root, loader.issues))
    ids, said = [c.id for c in spec.components], _("component id {id!r} is used twice")
    report_twice(ids, lambda n: ("components", n, "id"), said, loaded, loader.issues)
    components: list[Component] = []
    for n, comp in enumerate(spec.components):
        built = loader.component(comp, n, loaded.marks)
        if built is not None:
            components.append(built)
    total = sum(i.qty for c in components for i in c.items)
    if total > MAX_GAME_COPIES:
        said = _("{copies} copies in all; a game may print at most {limit}")
        where = loaded.marks.locate(("components",))
        loader.issues.add(where, "components", said.format(copies=total, limit=MAX_GAME_COPIES))
    loader.files.extend(font_files(spec, root, loaded.marks, loader.issues))
    check_font_names(loader.layouts, loader.layout_marks, set(spec.fonts), loader.issues)
    loader.issues.raise_if_errors()
    return Game(
        spec,
        root,
        tuple(components),
        tuple(loader.files),
        loaded.marks,
        MappingProxyType(loader.layout_marks),
    )
