"""Tabletop Simulator export (``pnp export tts``): images and a saved-object JSON.

``export_tts`` writes ``<out>/<game>/tts/``: deck sheets and backs, token and board images, and
``<game>.json``, a saved object a user copies into Tabletop Simulator's ``Saved Objects`` folder.
The JSON follows the game's save format as its knowledge base describes it ("Save File Format",
kb.tabletopsimulator.com/custom-content/save-file-format/, with public saves and the typed
declarations of the ``@typed-tabletop-simulator`` package for the fields that page leaves out):

- a saved object is a save whose top-level fields are empty and whose ``ObjectStates`` lists
  the objects;
- a deck is a ``Deck`` object whose ``CustomDeck`` maps a DeckID to one sheet (``FaceURL``,
  ``BackURL``, ``NumWidth`` x ``NumHeight`` cells, ``BackIsHidden``, ``UniqueBack``), whose
  ``DeckIDs`` lists every card's CardID in order and whose ``ContainedObjects`` holds one
  ``Card`` object per copy; a CardID is ``DeckID * 100 + cell index`` (cells counted from the
  top left, row by row). A deck of one card is written as a single ``Card``. Copies that look
  the same share one cell (and one CardID); items with different backs go on different sheets,
  one DeckID per sheet, numbered through the whole export so decks can be merged in the game;
- a token or map tile is a ``Custom_Tile`` with ``CustomImage.ImageURL`` (front) and
  ``ImageSecondaryURL`` (back), box- or circle-shaped, when it has a back, and a
  ``Custom_Token`` (one picture, cut along its outline) when it has none; a component's tokens
  come in one ``Bag``;
- a board (a component of kind ``board``) is a ``Custom_Board`` with ``CustomImage.ImageURL``.

Image addresses: Tabletop Simulator loads an image from a web address or from a local file
given as a ``file:///`` URI (what its own file browser fills in), and caches it in its ``Mods``
folder. By default the JSON names each written image by its absolute ``file:///`` URI, so the
saved object works on the computer that exported it; ``url_base`` (``--url-base``) replaces that
with ``<url_base>/<file name>`` for images uploaded to a web server, which is what a saved
object shared with other players needs. Sizes on the table are scaled from the trim size with
an estimate of the game's units (a scale-1 card is taken as a poker card); adjust them in the
game if they matter.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UsageError
from ..faces.expand import localize
from ..locale import _
from ..pipeline.check import check_game
from ..pipeline.options import BuildOptions
from . import images
from .folders import replace_folder, staging_folder
from .tts_objects import KINDS, TtsOptions, _check_url_base, _Export


@dataclass
class TtsResult:
    """What an export wrote: the folder, the saved object, the images and each object's size."""

    folder: Path
    saved_object: Path
    images: list[Path] = field(default_factory=list)
    objects: list[tuple[str, str, int]] = field(default_factory=list)  # (component, kind, pieces)
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def export_tts(path: Path, options: TtsOptions | None = None) -> TtsResult:
    """Export the game at ``path`` for Tabletop Simulator into ``out_dir/<game>/tts/``.

    Everything is written into a staging folder first and moved into place at the end, so a
    failed export leaves the previous one as it was.
    """
    options = options or TtsOptions()
    _check_url_base(options.url_base)
    checked = check_game(path, BuildOptions(langs=(options.lang,)))
    game = checked.game
    parent = options.out_dir / game.root.name  # the game's folder, as for every output
    final = parent / "tts"
    stage = staging_folder(parent, ".tts-")
    try:
        export = _Export(checked, options, stage, final)
        result = TtsResult(final, final / f"{game.id}.json")
        states = []
        for n, component in enumerate(game.components):
            kind = str(component.spec.kind)
            make = KINDS.get(kind)
            if make is None:
                result.skipped.append(
                    _("{id}: kind {kind!r} has no Tabletop Simulator form").format(
                        id=component.id, kind=kind
                    )
                )
                continue
            obj = make(export, component, 4.0 * n)
            if obj is None:
                continue
            states.append(obj)
            pieces = len(obj.get("ContainedObjects", ())) or 1
            result.objects.append((component.id, obj["Name"], pieces))
        if not states:
            raise UsageError(
                _("{id} has nothing to export for Tabletop Simulator").format(id=game.id)
            )
        fronts = [p for p in export.written if ".back" not in p.name]
        if fronts:
            images.thumbnail(stage / fronts[0].name, stage / f"{game.id}.png")
        saved = {
            "SaveName": str(localize(game.spec.title, options.lang)),
            "GameMode": "",
            "Date": "",
            "VersionNumber": "",
            "Gravity": 0.5,
            "PlayArea": 0.5,
            "Table": "",
            "Sky": "",
            "Note": "",
            "Rules": "",
            "XmlUI": "",
            "LuaScript": "",
            "LuaScriptState": "",
            "TabStates": {},
            "ObjectStates": states,
        }
        text = json.dumps(saved, indent=2, ensure_ascii=False) + "\n"
        (stage / result.saved_object.name).write_text(text, encoding="utf-8")
        result.images = export.written
        result.warnings = export.warnings
        result.skipped.extend(export.skipped)
        replace_folder(stage, final)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return result
