"""The validated game: the one ``Game`` class of the print side, its components and items.

:func:`~generator.content.loader.load_game` builds these from a game folder; expansion, the
renderer, the build and the exporters read them. They are immutable: a loaded game is never
changed, only expanded into faces.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec
from msgspec import field

from ..errors import Location, UsageError
from ..locale import _
from .schema import BackSpec, ComponentSpec, GameSpec, LayoutSpec
from .validate import suggest
from .yamlload import Marks


class Item(msgspec.Struct, frozen=True):
    """One validated item: its data (defaults merged), copies, back and where it was written."""

    id: str
    qty: int
    data: MappingProxyType[str, Any]
    back: BackSpec | None
    where: Callable[[], Location]  # looked up only when a message needs it
    estimate: bool = False
    layout: str | None = None  # the item's own front layout
    index: int = -1  # its place in the item file (-1: not from an item file)
    marks: Marks | None = None  # the item file's marks, to point at one of its fields

    @property
    def location(self) -> Location:
        """Where the item was written, for messages."""
        return self.where()


class Component(msgspec.Struct, frozen=True):
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
        """The component's kind."""
        return self.spec.kind

    @property
    def id(self) -> str:
        """The component's id."""
        return self.spec.id

    @property
    def copies(self) -> int:
        """How many copies of all its items are printed."""
        return sum(i.qty for i in self.items)


class Game(msgspec.Struct, frozen=True):
    """A whole game folder after validation."""

    spec: GameSpec
    root: Path
    components: tuple[Component, ...]
    files: tuple[Path, ...] = ()
    marks: Marks | None = None
    layout_marks: MappingProxyType[str, Marks] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def id(self) -> str:
        """The game's id."""
        return self.spec.id

    def component(self, cid: str) -> Component:
        """The component with this id; an unknown id is a usage error with a suggestion."""
        for c in self.components:
            if c.id == cid:
                return c
        raise UsageError(
            _("{id} has no component {cid!r}{suggest}").format(
                id=self.id, cid=cid, suggest=suggest(cid, [c.id for c in self.components])
            )
        )
