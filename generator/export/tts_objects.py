"""Tabletop Simulator's objects for one game: decks, tiles, tokens and boards, with their images.

Owns the export's options (:class:`TtsOptions`), the sizes a scale-1 object has in the game,
the file or web address of each image (:func:`file_uri`) and the building of each component's
object (:class:`_Export`, dispatched by kind through :data:`KINDS`). :mod:`.tts` runs the
export: checks the game, stages the folder and writes the saved object.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..content.loader import Component
from ..errors import UsageError
from ..faces.expand import Copy, FaceDraw, localize, trim_size
from ..locale import _
from ..pipeline.check import Checked
from ..render.preview import render_faces
from . import images
from .folders import safe_name
from .tts_dice import custom_dice

DEFAULT_DPI = 200


POKER_WIDTH_PT = 63.5 / 25.4 * 72  # estimate: the width of a scale-1 card in the game


POKER_HEIGHT_PT = 88.9 / 25.4 * 72  # estimate: its height


TILE_WIDTH_PT = 2.0 * 72  # estimate: the width of a scale-1 custom tile or token


BOARD_WIDTH_PT = 20.0 * 72  # estimate: the width of a scale-1 custom board


CARD_TYPE = {"rect": 0, "round": 4}  # Tabletop Simulator card shapes: rounded rectangle, circle


TILE_TYPE = {"rect": 0, "round": 2}  # tile shapes: box, circle


@dataclass(frozen=True)
class TtsOptions:
    """Where to write, which language, how images are addressed and how sharp they are."""

    out_dir: Path = Path("output")
    lang: str = "en"
    url_base: str | None = None
    dpi: int = DEFAULT_DPI


def file_uri(path: Path) -> str:
    """``file:///`` URI of ``path`` as Tabletop Simulator's file browser writes it, with the
    characters a URI reader takes for something else escaped (``%`` starts an escape, ``#`` a
    fragment, ``?`` a query), so a folder named ``a#b`` or ``x%20y`` names the file written."""
    text = path.resolve().as_posix().lstrip("/")
    return "file:///" + "".join(
        f"%{ord(ch):02X}" if ch in "%#?" or ord(ch) < 0x20 else ch for ch in text
    )


def _check_url_base(url_base: str | None) -> str | None:
    if url_base is None:
        return None
    if not url_base.startswith(("http://", "https://")) or any(c.isspace() for c in url_base):
        raise UsageError(
            _(
                "--url-base {url_base!r} is not a web address; give one such as https://example.org/game/"
            ).format(url_base=url_base)
        )
    return url_base.rstrip("/") + "/"


class _Export:
    """Builds one game's objects while writing images into a staging folder."""

    def __init__(self, checked: Checked, options: TtsOptions, stage: Path, final: Path) -> None:
        self.checked = checked
        self.options = options
        self.stage = stage
        self.final = final
        self.url_base = _check_url_base(options.url_base)
        self.deck_id = 0
        self.guids = 0
        self.written: list[Path] = []
        self.warnings: list[str] = []
        self.skipped: list[str] = []

    # ------------------------------------------------------------------ helpers
    def guid(self) -> str:
        self.guids += 1
        return hashlib.sha1(f"{self.checked.game.id}:{self.guids}".encode()).hexdigest()[:6]

    def url(self, name: str) -> str:
        if self.url_base:
            return self.url_base + quote(name)
        return file_uri(self.final / name)

    def save(self, image: Any, name: str) -> str:
        """Write ``image`` into the export under ``name`` (made unique); its address."""
        stem, n = name.removesuffix(".png"), 1
        while (self.stage / name).exists():  # ids that differ only in unsafe characters
            n += 1
            name = f"{stem}~{n}.png"
        images.save_png(image, self.stage / name)
        self.written.append(self.final / name)
        return self.url(name)

    def base(
        self,
        name: str,
        nickname: str,
        x: float,
        scale: float | tuple[float, float],
        face_down: bool,
    ) -> dict:
        sx, sz = scale if isinstance(scale, tuple) else (scale, scale)
        return {
            "GUID": self.guid(),
            "Name": name,
            "Transform": {
                "posX": round(x, 3),
                "posY": 1.0,
                "posZ": 0.0,
                "rotX": 0.0,
                "rotY": 180.0,
                "rotZ": 180.0 if face_down else 0.0,
                "scaleX": round(sx, 4),
                "scaleY": 1.0,
                "scaleZ": round(sz, 4),
            },
            "Nickname": nickname,
            "Description": "",
            "Locked": False,
            "Grid": True,
            "Snap": True,
            "Autoraise": True,
            "Sticky": True,
            "Tooltip": True,
        }

    @property
    def lang(self) -> str:
        """The export's language."""
        return self.options.lang

    @property
    def dpi(self) -> int:
        """The export's resolution."""
        return self.options.dpi

    def nickname(self, copy: Copy, fallback: str | None = None) -> str:
        """The item's ``name`` in the export's language, else ``fallback``, else its id."""
        name = localize(copy.item.data.get("name"), self.options.lang)
        return name if isinstance(name, str) and name else fallback or copy.item.id

    def copies(self, component: Component) -> list[Copy]:
        return self.checked.copies[(component.id, self.options.lang)]

    # ------------------------------------------------------------------ kinds
    def cards(self, component: Component, x: float) -> dict:
        trim = trim_size(component)
        grid = images.sheet_grid(trim, self.options.dpi)
        if grid.dpi < self.options.dpi:
            self.warnings.append(
                _(
                    "{component}: a face at {dpi} dpi is larger than a {px} px sheet allows; "
                    "its cards are drawn at {kept} dpi"
                ).format(
                    component=component.id,
                    dpi=self.options.dpi,
                    px=images.MAX_PX,
                    kept=f"{grid.dpi:.0f}",
                )
            )
        copies = self.copies(component)
        groups: dict[int, list[Copy]] = {}
        for cp in copies:  # one set of sheets per distinct back
            groups.setdefault(id(cp.back), []).append(cp)
        custom: dict[str, dict] = {}
        card_ids: dict[int, int] = {}
        deck_of: dict[int, str] = {}
        for n_back, group in enumerate(groups.values(), 1):
            fronts = list({id(cp.front): cp.front for cp in group}.values())
            back_name = f"{component.id}.back{'' if len(groups) == 1 else f'-{n_back}'}.png"
            back_img = images.face_image(group[0].back, trim, grid.cell, self.options.lang)
            back_url = self.save(back_img, back_name)
            for start in range(0, len(fronts), grid.faces):
                chunk = fronts[start : start + grid.faces]
                self.deck_id += 1
                sheet, cols, rows = images.deck_sheet(
                    chunk, back_img, trim, grid, self.options.lang
                )
                face_url = self.save(sheet, f"{component.id}.{self.deck_id}.png")
                key = str(self.deck_id)
                custom[key] = {
                    "FaceURL": face_url,
                    "BackURL": back_url,
                    "NumWidth": cols,
                    "NumHeight": rows,
                    "BackIsHidden": True,
                    "UniqueBack": False,
                    "Type": CARD_TYPE.get(trim[2], 0),
                }
                for index, face in enumerate(chunk):
                    card_ids[id(face)] = self.deck_id * 100 + index
                    deck_of[id(face)] = key
        sideways = trim[0] > trim[1]
        # a card object is a poker card (turned for sideways cards): scale each axis to the trim
        poker = sorted((POKER_WIDTH_PT, POKER_HEIGHT_PT), reverse=sideways)
        scale = (trim[0] / poker[0], trim[1] / poker[1])
        cards = []
        for cp in copies:
            card = self.base("Card", self.nickname(cp), x, scale, True)
            key = deck_of[id(cp.front)]
            card.update(
                CardID=card_ids[id(cp.front)],
                SidewaysCard=sideways,
                Hands=True,
                CustomDeck={key: custom[key]},
            )
            cards.append(card)
        if len(cards) == 1:
            return cards[0]
        deck = self.base("Deck", self.title(component), x, scale, True)
        deck.update(
            SidewaysCard=sideways,
            Hands=False,
            DeckIDs=[c["CardID"] for c in cards],
            CustomDeck=custom,
            ContainedObjects=cards,
        )
        return deck

    def tokens(self, component: Component, x: float) -> dict:
        trim = trim_size(component)
        size = images.cell_size(trim, 1, 1, self.options.dpi)
        copies = self.copies(component)
        names: dict[int, tuple[FaceDraw, str]] = {}  # each distinct face once, drawn in one go
        for cp in copies:
            stem = f"{component.id}-{safe_name(cp.item.id)}"
            names.setdefault(id(cp.front), (cp.front, f"{stem}.front.png"))
            if cp.back is not None:
                names.setdefault(id(cp.back), (cp.back, f"{stem}.back.png"))
        faces = [face for face, _ in names.values()]
        urls = {
            key: self.save(image, name)
            for (key, (_, name)), image in zip(
                names.items(), render_faces(faces, trim, size, self.options.lang), strict=True
            )
        }
        pieces = []
        scale = trim[0] / TILE_WIDTH_PT
        for cp in copies:
            front = urls[id(cp.front)]
            if cp.back is None:
                piece = self.base("Custom_Token", self.nickname(cp), x, scale, False)
                piece["CustomImage"] = {
                    "ImageURL": front,
                    "ImageSecondaryURL": "",
                    "ImageScalar": 1.0,
                    "WidthScale": 0.0,
                    "CustomToken": {
                        "Thickness": 0.2,
                        "MergeDistancePixels": 15.0,
                        "StandUp": False,
                        "Stackable": True,
                    },
                }
            else:
                piece = self.base("Custom_Tile", self.nickname(cp), x, scale, False)
                piece["CustomImage"] = {
                    "ImageURL": front,
                    "ImageSecondaryURL": urls[id(cp.back)],
                    "ImageScalar": 1.0,
                    "WidthScale": 0.0,
                    "CustomTile": {
                        "Type": TILE_TYPE.get(trim[2], 0),
                        "Thickness": 0.1,
                        "Stackable": True,
                        "Stretch": True,
                    },
                }
            pieces.append(piece)
        return self.one_or_bag(component, x, pieces)

    def board(self, component: Component, x: float) -> dict:
        trim = trim_size(component)
        size = images.cell_size(trim, 1, 1, self.options.dpi)
        boards = []
        copies = self.copies(component)
        title = self.title(component)
        for cp in copies:
            name = f"{component.id}-{safe_name(cp.item.id)}.png"
            nick = self.nickname(cp, title if len(copies) == 1 else f"{title} {cp.item.id}")
            board = self.base("Custom_Board", nick, x, trim[0] / BOARD_WIDTH_PT, False)
            board["CustomImage"] = {
                "ImageURL": self.save(
                    images.face_image(cp.front, trim, size, self.options.lang), name
                ),
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
            }
            boards.append(board)
        return self.one_or_bag(component, x, boards)

    def one_or_bag(self, component: Component, x: float, objects: list[dict]) -> dict:
        """The one object a component makes, or a bag named after it holding them all."""
        if len(objects) == 1:
            return objects[0]
        bag = self.base("Bag", self.title(component), x, 1.0, False)
        bag["ContainedObjects"] = objects
        return bag

    def title(self, component: Component) -> str:
        return str(localize(component.spec.title, self.options.lang))


KINDS: dict[str, Callable[[_Export, Component, float], dict | None]] = {
    "dice-labels": custom_dice,
    "cards": _Export.cards,
    "tokens": _Export.tokens,
    "tiles": _Export.tokens,
    "board": _Export.board,
}
