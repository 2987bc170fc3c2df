"""A game's own fonts and icons: the files are sound, and every name a layout uses is known.

Fonts declared in ``game.yaml`` must be TrueType-outline files inside the game folder; a font a
layout box names must be a shipped family or a declared one. SVG icons in the game's ``icons/``
folder must be readable and small; they become the icons its layouts and text markup can name.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import IssueCollector, Location
from ..locale import _
from . import icons
from .files import read_guarded
from .paths import resolve_inside
from .schema import GameSpec, LayoutSpec
from .validate import key_path, suggest
from .yamlload import Marks, display_path

FONT_FACES = ("regular", "bold", "italic", "bold_italic")
SHIPPED_FONTS = {"sans", "cjk"}


MAX_FONT_BYTES = 40 * 1024 * 1024


def font_problem(path: Path, root: Path | None = None) -> str | None:
    """Why ``path`` cannot be embedded as a font, or None when it looks like TrueType outlines.

    The file is read guarded (inside ``root`` after links, a regular file, bounded in size);
    the check of a game (:func:`generator.pipeline.check.check_game`) then parses it whole.
    """
    try:
        data = read_guarded(path, root, MAX_FONT_BYTES)
    except ValueError as exc:
        return _("font {name}: {reason}").format(name=repr(path.name), reason=exc)
    magic = data[:4]
    if magic == b"OTTO":
        return _(
            "CFF-outline (PostScript) OpenType fonts cannot be embedded; use a TrueType-outline .ttf"
        )
    if magic not in (b"\x00\x01\x00\x00", b"true", b"ttcf"):
        return _("{file!r} is not a TrueType font file").format(file=path.name)
    return None


def font_files(spec: GameSpec, root: Path, marks: Marks, issues: IssueCollector) -> list[Path]:
    """The declared font files that can be embedded; a located issue for each that cannot."""
    out: list[Path] = []
    for name, font in spec.fonts.items():
        for face in FONT_FACES:
            rel = getattr(font, face)
            if rel is None:
                continue
            at = ("fonts", name, face)
            where = marks.locate(at)
            try:
                full = resolve_inside(root, rel)
            except ValueError as exc:
                issues.add(where, key_path(at), str(exc))
                continue
            problem = font_problem(full, root)
            if problem:
                issues.add(where, key_path(at), problem)
                continue
            out.append(full)
    return out


def check_font_names(
    layouts: Mapping[str, LayoutSpec | None],
    layout_marks: Mapping[str, Marks],
    declared: set[str],
    issues: IssueCollector,
) -> None:
    """Every font a layout names is a shipped family or one game.yaml declares."""
    known = SHIPPED_FONTS | declared
    for name, layout in layouts.items():
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
                marks = layout_marks.get(name)
                at = (*path, "font")
                issues.add(
                    marks.locate(at) if marks else Location(name),
                    key_path(at),
                    _(
                        "unknown font {font!r}: use sans or a font declared under fonts: in "
                        "game.yaml ({known})"
                    ).format(font=font, known=", ".join(sorted(known)))
                    + suggest(font, known),
                )


def game_icons(root: Path, issues: IssueCollector) -> list[Path]:
    """Check the game's own SVG icons and make them the ones layouts and text can name.

    Returns the icon files that are sound (inputs of the build).
    """

    out: list[Path] = []
    for name, icon in icons.game_icons(root).items():
        assert icon.svg is not None
        problem = icons.svg_problem(icon.svg)
        if problem:
            issues.add(Location(display_path(icon.svg), 1, 1), f"icons.{name}", problem)
        else:
            out.append(icon.svg)
    icons.use_game(root)
    return out
