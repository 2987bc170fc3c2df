"""Dice-label components as Tabletop Simulator custom dice (``Custom_Dice`` objects).

Each six-faced die of a ``dice-labels`` component becomes one custom die per set: its labels
drawn three across and two down in face order on one picture, and each face's name as the
value Tabletop Simulator shows when that face lands up. Dice with another number of faces
are left out and named.
"""

from __future__ import annotations

from typing import Any, Protocol

from PIL import Image

from ..content.loader import Component
from ..faces.expand import Copy, localize, trim_size
from ..locale import _
from ..render.preview import render_faces
from . import images
from .folders import safe_name


class Exporter(Protocol):
    """What a custom die needs of the Tabletop Simulator export it belongs to."""

    skipped: list[str]

    @property
    def lang(self) -> str:
        """The export's language."""
        ...

    @property
    def dpi(self) -> int:
        """The export's resolution."""
        ...

    def copies(self, component: Component) -> list[Copy]:
        """The component's copies in the export's language."""
        ...

    def save(self, image: Any, name: str) -> str:
        """Write ``image`` under ``name``; its address."""
        ...

    def base(
        self,
        name: str,
        nickname: str,
        x: float,
        scale: float | tuple[float, float],
        face_down: bool,
    ) -> dict:
        """An object's common fields."""
        ...

    def nickname(self, copy: Copy, fallback: str | None = None) -> str:
        """The name a piece shows."""
        ...

    def title(self, component: Component) -> str:
        """The component's title in the export's language."""
        ...


# A six-faced custom die: its type number, its faces' places on the picture (reading order,
# three across and two down; an estimate of Tabletop Simulator's d6 template) and the rotation
# (x, y, z degrees) that shows each face up, in face order, as Tabletop Simulator's own d6 saves
# list them.
D6_TYPE = 1
D6_GRID = (3, 2)
D6_ROTATIONS = (
    (-90.0, 0.0, 0.0),
    (0.0, 0.0, 0.0),
    (0.0, 0.0, -90.0),
    (0.0, 0.0, 90.0),
    (0.0, 0.0, -180.0),
    (90.0, 0.0, 0.0),
)


def custom_dice(export: Exporter, component: Component, x: float) -> dict | None:
    """One ``Custom_Dice`` per six-faced die of a dice-labels component, in a bag."""
    trim = trim_size(component)
    size = images.cell_size(trim, 1, 1, export.dpi)
    faces_of: dict[str, list[Copy]] = {}
    seen: set[str] = set()
    for cp in export.copies(component):
        if cp.item.id not in seen:
            seen.add(cp.item.id)
            faces_of.setdefault(str(cp.item.data.get("die_id")), []).append(cp)
    dice = []
    sets = max((item.qty for item in component.items), default=1)
    for die_id, faces in faces_of.items():
        if len(faces) != len(D6_ROTATIONS):
            export.skipped.append(
                _(
                    "{component}: die {die} has {count} faces; only six-faced dice are "
                    "exported as Tabletop Simulator custom dice"
                ).format(component=component.id, die=repr(die_id), count=len(faces))
            )
            continue
        pictures = render_faces([cp.front for cp in faces], trim, size, export.lang)
        cols, rows = D6_GRID

        sheet = Image.new("RGB", (cols * size[0], rows * size[1]), "white")
        for n, picture in enumerate(pictures):
            sheet.paste(picture, ((n % cols) * size[0], (n // cols) * size[1]))
        url = export.save(sheet, f"{component.id}-{safe_name(die_id)}.png")
        name = localize(faces[0].item.data.get("die"), export.lang) or die_id
        for _copy in range(sets):
            die = export.base("Custom_Dice", str(name), x, 1.0, False)
            die["CustomImage"] = {
                "ImageURL": url,
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomDice": {"Type": D6_TYPE},
            }
            die["RotationValues"] = [
                {"Value": export.nickname(cp), "Rotation": dict(zip("xyz", rot, strict=True))}
                for cp, rot in zip(faces, D6_ROTATIONS, strict=True)
            ]
            dice.append(die)
    if not dice:
        return None
    if len(dice) == 1:
        return dice[0]
    bag = export.base("Bag", export.title(component), x, 1.0, False)
    bag["ContainedObjects"] = dice
    return bag
