"""Load a game folder into an immutable, validated :class:`Game`.

Reads ``game.yaml``, each component's item file and the layouts it names (the game's own
``layouts/`` first, then the shared ``templates/layouts/``), validates all of them, checks
that every referenced file stays inside the game folder, and raises one
:class:`~generator.errors.ContentError` listing every problem found.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .. import presets
from ..errors import ContentError, IssueCollector, Location, UsageError
from ..layout.units import MM
from . import tabular
from .schema import BackSpec, ComponentSpec, GameSpec, ItemsFile, ItemSpec, LayoutSpec, PresetsFile
from .types import LANGS
from .validate import key_path, suggest, validate
from .yamlload import Loaded, Marks, display_path, load_yaml

DICE_LABEL_LAYOUT = "die-label"  # the shared layout in templates/layouts/
MAX_COPIES = 20_000  # physical copies one component may print
ITEM_RESERVED = {"id", "qty", "estimate", "source", "back", "layout"}


@dataclass(frozen=True)
class Item:
    """One validated item: its data (defaults merged), copies, back and where it was written."""

    id: str
    qty: int
    data: MappingProxyType[str, Any]
    back: BackSpec | None
    where: Callable[[], Location]  # looked up only when a message needs it
    estimate: bool = False
    layout: str | None = None  # the item's own front layout

    @property
    def location(self) -> Location:
        return self.where()


@dataclass(frozen=True)
class Component:
    """A component with its items and resolved layouts."""

    spec: ComponentSpec
    items: tuple[Item, ...]
    front: LayoutSpec
    back: LayoutSpec | None
    back_layouts: MappingProxyType[str, LayoutSpec]
    items_file: str
    location: Location
    front_layouts: MappingProxyType[str, LayoutSpec] = field(
        default_factory=lambda: MappingProxyType({})
    )
    trim: tuple[float, float, str] = (0.0, 0.0, "rect")  # width, height (points), shape

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def copies(self) -> int:
        return sum(i.qty for i in self.items)


@dataclass(frozen=True)
class Game:
    """A whole game folder after validation."""

    spec: GameSpec
    root: Path
    components: tuple[Component, ...]
    files: tuple[Path, ...] = field(default=())
    marks: Marks | None = None
    layout_marks: MappingProxyType[str, Marks] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def id(self) -> str:
        return self.spec.id

    def component(self, cid: str) -> Component:
        for c in self.components:
            if c.id == cid:
                return c
        raise UsageError(
            f"{self.id} has no component {cid!r}{suggest(cid, [c.id for c in self.components])}"
        )


def resolve_inside(root: Path, rel: str) -> Path:
    """``root / rel`` if it stays inside ``root`` (symlinks resolved); ValueError otherwise."""
    if not isinstance(rel, str) or not rel or "\x00" in rel:
        raise ValueError("expected a relative file path")
    candidate = Path(rel)
    if candidate.is_absolute():
        raise ValueError(f"{rel!r} is absolute; give a path inside the game folder")
    base = root.resolve()
    full = (base / candidate).resolve()
    if full != base and base not in full.parents:
        raise ValueError(f"{rel!r} leads outside the game folder")
    return full


def font_problem(path: Path) -> str | None:
    """Why ``path`` cannot be embedded as a font, or None when it looks like TrueType outlines."""
    with path.open("rb") as fh:
        magic = fh.read(4)
    if magic == b"OTTO":
        return "CFF-outline (PostScript) OpenType fonts cannot be embedded; use a TrueType-outline .ttf"
    if magic not in (b"\x00\x01\x00\x00", b"true", b"ttcf"):
        return f"{path.name!r} is not a TrueType font file"
    return None


def find_games(content_dir: Path) -> list[Path]:
    """Every game folder (one with a game.yaml) under ``content_dir``, sorted."""
    if not content_dir.is_dir():
        return []
    return sorted(p for p in content_dir.iterdir() if (p / "game.yaml").is_file())


def game_dir(content_dir: Path, name: str) -> Path:
    """The folder of game ``name`` (a folder name or a path); UsageError with a hint when unknown."""
    direct = Path(name)
    if (direct / "game.yaml").is_file():
        return direct
    candidate = content_dir / name
    if (candidate / "game.yaml").is_file():
        return candidate
    names = [p.name for p in find_games(content_dir)]
    raise UsageError(
        f"no game {name!r} in {display_path(content_dir)}{suggest(name, names)} (games: {', '.join(names) or 'none'})"
    )


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
            loaded = tabular.load_table(path) if tabular.is_table(path) else load_yaml(path)
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
            if cand.is_file():
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
            self.issues.add(where, key, f"no layout {name!r}{suggest(name, known)}")
            self.layouts[name] = None
            return None
        loaded = self.yaml(path)
        if loaded is not None:
            self.layout_marks[name] = loaded.marks
        spec = validate(LayoutSpec, loaded, self.issues) if loaded else None
        if spec is not None and spec.id != name:
            self.issues.add(
                loaded.marks.locate(("id",)),
                "id",
                f"layout id {spec.id!r} does not match its file name {name!r}",
            )
        self.layouts[name] = spec
        return spec

    def items(self, comp: ComponentSpec, where: Location) -> tuple[tuple[Item, ...], str]:
        try:
            path = resolve_inside(self.root, comp.items)
        except ValueError as exc:
            self.issues.add(where, "items", str(exc))
            return (), comp.items
        if not path.is_file():
            self.issues.add(where, "items", f"file {comp.items!r} does not exist")
            return (), comp.items
        loaded = self.yaml(path)
        if loaded is None:
            return (), comp.items
        first = len(self.issues.issues)
        spec = validate(ItemsFile, loaded, self.issues)
        out: list[Item] = []
        ids: set[str] = set()
        if spec is not None:
            for n, item in enumerate(spec.items):
                out.append(self._item(item, n, spec.defaults, loaded, ids))
            copies = sum(i.qty for i in out)
            if copies > MAX_COPIES:
                self.issues.add(
                    loaded.marks.locate(("items",)),
                    "items",
                    f"{copies} copies in all; a component may print at most {MAX_COPIES}",
                )
            elif out and copies == 0:
                self.issues.add(
                    loaded.marks.locate(("items",)),
                    "items",
                    "every item has qty 0, so nothing would print; give at least one item a qty",
                )
        if tabular.is_table(path):  # a spreadsheet's problems are keyed by column header
            tabular.relabel(self.issues.issues, loaded.marks.file, first)
        return tuple(out), display_path(path)

    def _item(
        self, item: ItemSpec, n: int, defaults: dict[str, Any], loaded: Loaded, ids: set[str]
    ) -> Item:
        where = partial(loaded.marks.locate, ("items", n))
        data = dict(defaults)
        data.update(item.model_extra or {})
        for key, value in (item.model_extra or {}).items():
            self._check_langs(value, ("items", n, key), loaded)
        iid = item.id or str(n + 1)
        if iid in ids:
            self.issues.add(where(), key_path(("items", n, "id")), f"item id {iid!r} is used twice")
        ids.add(iid)
        data["id"] = iid
        back: BackSpec | None = None
        if isinstance(item.back, BackSpec):
            back = item.back
        elif isinstance(item.back, dict):
            back = BackSpec.model_construct(layout="", data=item.back)
        return Item(iid, item.qty, MappingProxyType(data), back, where, item.estimate, item.layout)

    def _check_langs(self, value: Any, path: tuple[Any, ...], loaded: Loaded) -> None:
        """A per-language text names only languages the game is written in."""
        if isinstance(value, list):
            for k, v in enumerate(value[:1000]):
                self._check_langs(v, (*path, k), loaded)
            return
        if not isinstance(value, dict):
            return
        if any(k in LANGS for k in value):
            for k in value:
                if k in self.langs:
                    continue
                at = (*path, k)
                if k in LANGS:
                    why = f"{k!r} is not one of this game's languages ({', '.join(self.langs)}); add it to languages: in game.yaml"
                else:
                    why = f"{k!r} is not a language pnp prints ({', '.join(LANGS)}){suggest(str(k), LANGS)}"
                self.issues.add(loaded.marks.locate(at, key=True), key_path(at), why)
            return
        for k, v in value.items():
            self._check_langs(v, (*path, k), loaded)

    def component(self, comp: ComponentSpec, n: int, marks: Marks) -> Component | None:
        where = marks.locate(("components", n))
        base = ("components", n)
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
            from .dicelabels import dice_items

            items, items_file = dice_items(self, comp, marks, base)
        elif comp.items is None:
            single = Item("1", 1, MappingProxyType({"id": "1"}), None, lambda: where)
            items, items_file = (single,), display_path(self.root / "game.yaml")
        else:
            items, items_file = self.items(comp, marks.locate((*base, "items")))
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
                    "item gives back data but the component has no shared back layout",
                )
        trim = self.trim(comp, marks, base)
        if front is None or trim is None:
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
                f"unknown size preset {size!r}: choose one of {', '.join(self.sizes)} "
                f"or give {{width, height}}{suggest(size, self.sizes)}",
            )
        return found

    def game_presets(self) -> None:
        """Add the game's own named sizes from ``presets.yaml``, when it has one."""
        path = self.root / "presets.yaml"
        if not path.is_file():
            return
        loaded = self.yaml(path)
        spec = validate(PresetsFile, loaded, self.issues) if loaded else None
        if spec is not None:
            self.sizes.update({k: (v.width, v.height, v.shape) for k, v in spec.sizes.items()})


def _check_font_names(loader: _Loader, declared: set[str]) -> None:
    """Every font a layout names is a shipped family or one game.yaml declares."""
    known = {"sans", "cjk"} | declared
    for name, layout in loader.layouts.items():
        if layout is None:
            continue
        todo: list[tuple[tuple[Any, ...], Any]] = [
            (("boxes", n), b) for n, b in enumerate(layout.boxes)
        ]
        while todo:
            path, box = todo.pop()
            todo.extend(((*path, "boxes", k), b) for k, b in enumerate(getattr(box, "boxes", ())))
            font = getattr(box, "font", None)
            if font is not None and font not in known:
                marks = loader.layout_marks.get(name)
                at = (*path, "font")
                loader.issues.add(
                    marks.locate(at) if marks else Location(name),
                    key_path(at),
                    f"unknown font {font!r}: use sans or a font declared under fonts: in "
                    f"game.yaml ({', '.join(sorted(known))}){suggest(font, known)}",
                )


def _game_icons(loader: _Loader, root: Path) -> None:
    """Check the game's own SVG icons and make them the ones layouts and text can name."""
    from ..render import icons

    for name, icon in icons.game_icons(root).items():
        assert icon.svg is not None
        problem = icons.svg_problem(icon.svg)
        if problem:
            loader.issues.add(Location(display_path(icon.svg), 1, 1), f"icons.{name}", problem)
        else:
            loader.files.append(icon.svg)
    icons.use_game(root)


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
    if isinstance(loaded.data, dict) and "id" not in loaded.data:
        loaded.data["id"] = root.resolve().name
    spec = validate(GameSpec, loaded, loader.issues)
    if spec is None:
        raise ContentError(loader.issues.errors)
    loader.game_presets()
    loader.langs = tuple(spec.languages)
    _game_icons(loader, root)
    components: list[Component] = []
    for n, comp in enumerate(spec.components):
        built = loader.component(comp, n, loaded.marks)
        if built is not None:
            components.append(built)
    for name, font in spec.fonts.items():
        for face in ("regular", "bold", "italic", "bold_italic"):
            rel = getattr(font, face)
            if rel is None:
                continue
            where = loaded.marks.locate(("fonts", name, face))
            try:
                full = resolve_inside(root, rel)
            except ValueError as exc:
                loader.issues.add(where, key_path(("fonts", name, face)), str(exc))
                continue
            if not full.is_file():
                loader.issues.add(
                    where, key_path(("fonts", name, face)), f"file {rel!r} does not exist"
                )
                continue
            problem = font_problem(full)
            if problem:
                loader.issues.add(where, key_path(("fonts", name, face)), problem)
                continue
            loader.files.append(full)
    _check_font_names(loader, set(spec.fonts))
    loader.issues.raise_if_errors()
    return Game(
        spec,
        root,
        tuple(components),
        tuple(loader.files),
        loaded.marks,
        MappingProxyType(loader.layout_marks),
    )
