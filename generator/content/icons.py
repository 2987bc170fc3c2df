"""The icon set: vector icons kept as data in ``templates/``, plus SVG icons of a game's own.

This module holds the icons as data (names, shapes, SVG files); :mod:`generator.render.icons`
draws them.

``templates/icons.yaml`` holds the shared icons as shapes in a unit square centred on the
origin (y up): polygons, circles and thick lines, with white ``holes`` drawn over them.
SVG files in ``templates/icons/`` and in a game's ``icons/`` folder add icons named after the
file (a game's icon replaces a shared one of the same name); they are read with svglib, drawn
in the requested colour and scaled into the same square. ``ICONS`` is the one registry that
layouts (`icon` boxes), text markup (``:sword:``) and ``pnp icons`` look names up in;
:func:`use_game` puts a game's own icons in it for the time that game is built.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from lxml import etree

from ..layout import presets
from ..locale import _
from .files import read_guarded

MAX_SVG_BYTES = 1024 * 1024
MAX_SVG_SIZE = 100_000.0  # the largest width or height an icon may declare (user units)
MAX_SVG_ELEMENTS = 5_000  # an icon is drawn on every card that shows it: keep it small
Shape = dict[str, Any]


class Icon:
    """One icon: shapes (from icons.yaml) or an SVG file."""

    __slots__ = ("shapes", "holes", "svg")

    def __init__(
        self,
        shapes: list[Shape] | None = None,
        holes: list[Shape] | None = None,
        svg: Path | None = None,
    ) -> None:
        self.shapes = shapes or []
        self.holes = holes or []
        self.svg = svg


def _svg_icons(folder: Path) -> dict[str, Icon]:
    if not folder.is_dir():
        return {}
    return {p.stem: Icon(svg=p) for p in sorted(folder.glob("*.svg")) if p.is_file()}


@cache
def _shared() -> dict[str, Icon]:

    base = presets.templates_dir()
    path = base / "icons.yaml"
    out: dict[str, Icon] = {}
    if path.is_file():
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506
        for name, spec in (data or {}).get("icons", {}).items():
            out[str(name)] = Icon(spec.get("shapes"), spec.get("holes"))
    out.update(_svg_icons(base / "icons"))
    return out


class _Registry(dict[str, Icon]):
    """The shared icons, with the current game's own laid over them.

    The shared icon file is read on the first look-up, so a build whose texts name no icon
    never reads it.
    """

    _loaded = False
    _extra: dict[str, Icon] | None = None

    def reset(self, extra: dict[str, Icon] | None = None) -> None:
        """The shared icons again, with ``extra`` (a game's own) laid over them."""
        self.clear()
        self.update(_shared())
        self.update(extra or {})
        self._loaded = True

    def later(self, extra: dict[str, Icon] | None = None) -> None:
        """Like :meth:`reset`, on the first look-up."""
        self.clear()
        self._extra = extra
        self._loaded = False

    def _load(self) -> None:
        if not self._loaded:
            self.reset(self._extra)

    def __contains__(self, key: object) -> bool:
        self._load()
        return super().__contains__(key)

    def __getitem__(self, key: str) -> Icon:
        self._load()
        return super().__getitem__(key)

    def __iter__(self) -> Iterator[str]:
        self._load()
        return super().__iter__()

    def __len__(self) -> int:
        self._load()
        return super().__len__()

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        """The icon called ``key``, or ``default``."""
        self._load()
        return super().get(key, default)

    def keys(self) -> Any:
        """The icon names."""
        self._load()
        return super().keys()

    def items(self) -> Any:
        """(name, icon) pairs."""
        self._load()
        return super().items()

    def values(self) -> Any:
        """The icons."""
        self._load()
        return super().values()


ICONS = _Registry()


def game_icons(game_root: Path) -> dict[str, Icon]:
    """A game's own SVG icons (``icons/*.svg`` in its folder)."""
    return _svg_icons(Path(game_root) / "icons")


def use_game(game_root: Path | None) -> None:
    """Make ``ICONS`` the shared icons plus those of the game at ``game_root``."""
    ICONS.later(game_icons(game_root) if game_root is not None else None)


def svg_problem(path: Path) -> str | None:
    """Why an SVG file cannot be used as an icon, or None.

    The file is read through the guarded reader (inside its game folder after links, a regular
    file, at most :data:`MAX_SVG_BYTES`), and may refer to nothing outside itself: an ``href``
    must be a ``#fragment`` or a ``data:`` URL, and no entity or DTD is loaded.
    """
    unreadable = _("{name} is not a readable SVG file with a width and height").format(
        name=path.name
    )
    try:
        data = _svg_data(path)
    except _Unreadable:
        return unreadable
    except ValueError as exc:
        return _("{name}: {reason}").format(name=path.name, reason=exc)
    drawing = _render_svg(data)
    if drawing is None or not drawing.width or not drawing.height:
        return unreadable
    if not all(0 < size <= MAX_SVG_SIZE for size in (drawing.width, drawing.height)):
        return _("{name}: its width and height must be between 0 and {largest}").format(
            name=path.name, largest=f"{MAX_SVG_SIZE:g}"
        )
    return None


class _Unreadable(ValueError):
    """The file is not an SVG document at all."""


def _svg_data(path: Path) -> bytes:
    """The SVG's bytes, read guarded; ValueError when it is unsafe to draw."""

    data = read_guarded(path, None, MAX_SVG_BYTES)
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        raise _Unreadable(str(exc)) from None
    if root is None:
        raise _Unreadable("empty")
    nodes = list(root.iter())
    if len(nodes) > MAX_SVG_ELEMENTS:
        raise ValueError(
            _("it has {count} elements; an icon may have at most {limit}").format(
                count=len(nodes), limit=MAX_SVG_ELEMENTS
            )
        )
    for node in nodes:
        for name, value in node.attrib.items():
            if (name == "href" or name.endswith("}href")) and not (
                value.strip().startswith("#") or value.strip().lower().startswith("data:")
            ):
                raise ValueError(
                    _(
                        "it refers to {target}; an icon may only use its own parts (#id) "
                        "or data: images"
                    ).format(target=repr(value[:60]))
                )
    return data


def _render_svg(data: bytes) -> Any:

    from svglib.svglib import svg2rlg  # deferred: 0.28 s to import, only for a game's own SVG icons

    try:
        return svg2rlg(io.BytesIO(data))
    except Exception:  # svglib and lxml raise many kinds on broken files  # noqa: BLE001
        return None


@cache
def svg_drawing(path: Path) -> Any:
    """The parsed drawing of an SVG file (svglib), read once per file; None when the file may
    not be drawn (:func:`svg_problem` says why)."""
    if svg_problem(path) is not None:
        return None
    return _render_svg(_svg_data(path))
