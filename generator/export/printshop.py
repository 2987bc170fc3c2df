"""Print-shop files (``pnp export print GAME --vendor V``): PNG faces or PDF/X, as the shop wants.

``export_print`` writes ``<out>/<game>/print/<vendor>/<lang>/``. For a ``png`` profile (The
Game Crafter, MakePlayingCards) every distinct face of every card, token and tile component
becomes one RGB PNG at the shop's exact pixel size, bleed included, named by the profile's
``naming`` pattern, with ``quantities.csv`` saying how many of each to order. For a ``pdfx``
profile (DriveThruCards, any shop) each component becomes one PDF/X-1a file, one page per
physical face in order (front, then its back): the renderer's vectors and embedded fonts in
CMYK through the shop's output profile (see :mod:`generator.export.pdfx`). Boards and dice labels are not print-shop pieces and are named
as left out. Everything is written into a staging folder, preflighted there (the written PDF
files themselves, the drawing behind the PNGs) and moved into place only when nothing a shop
would reject was found, or when the caller forces it.
"""

from __future__ import annotations

import csv
import io
import shutil
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..content.loader import Component
from ..errors import UsageError
from ..faces.expand import Copy, localize, trim_size
from ..locale import _
from ..pipeline.check import Checked, check_game
from ..pipeline.options import BuildOptions
from ..render.preview import faces_pdf, render_faces
from . import images, pdfx
from .folders import replace_folder, safe_name, staging_folder
from .pieces import KINDS, distinct_faces, print_order
from .preflight import Drawn, PreflightFailed, PreflightReport, preflight_checked
from .vendors import Vendor, face_pixels, vendor


@dataclass(frozen=True)
class PrintOptions:
    """Which shop, where to write, which language."""

    vendor: str = "tgc"
    out_dir: Path = Path("output")
    lang: str = "en"
    force: bool = False  # write the files even when the preflight finds problems
    draft: bool = False  # a missing image prints as a placeholder (which the preflight refuses)


@dataclass
class PrintResult:
    """What an export wrote: the folder, its files, and what was left out and why."""

    folder: Path
    files: list[Path] = field(default_factory=list)
    components: list[tuple[str, int, tuple[int, int]]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    report: PreflightReport | None = None  # the preflight of the files written


def _content_date(checked: Checked) -> datetime:
    """The newest modification time of the game's files: same content, same PDF bytes."""
    times = [p.stat().st_mtime for p in checked.game.root.rglob("*") if p.is_file()]
    return datetime.fromtimestamp(max(times, default=0), UTC)


class _Writer:
    def __init__(self, checked: Checked, v: Vendor, lang: str, stage: Path, final: Path) -> None:
        self.checked, self.vendor, self.lang = checked, v, lang
        self.stage, self.final = stage, final
        self.files: list[Path] = []
        self.drawn: dict[str, Drawn] = {}  # what each component's files show, for the preflight

    def name(self, component: Component, item: str, n: int, side: str) -> str:
        return self.vendor.naming.format(
            component=safe_name(component.id), item=safe_name(item), n=n, side=side
        )

    def png(self, component: Component, copies: list[Copy], size: tuple[int, int]) -> None:
        trim = trim_size(component)
        faces = distinct_faces(copies)
        files: dict[int, str] = {}
        count: dict[str, int] = {}
        bleed = self.vendor.bleed
        drawn = faces_pdf([f for _, _, f in faces], trim, self.lang, bleed)
        self.drawn[component.id] = Drawn(drawn, list(range(len(faces))), bleed, None)
        pictures = render_faces([f for _, _, f in faces], trim, size, self.lang, bleed, drawn)
        for (cp, side, face), picture in zip(faces, pictures, strict=True):
            key = f"{cp.item.id}.{side}"
            count[key] = count.get(key, 0) + 1
            item = cp.item.id if count[key] == 1 else f"{cp.item.id}-{count[key]}"
            name = self.name(component, item, count[key], side)
            target = self.stage / name
            target.parent.mkdir(parents=True, exist_ok=True)
            images.save_png(picture, target)
            self.files.append(self.final / name)
            files[id(face)] = name
        table = io.StringIO()
        out = csv.writer(table, lineterminator="\n")
        out.writerow(["front", "back", "quantity"])
        quantities: dict[tuple[str, str], int] = {}
        for cp in copies:
            pair = (files[id(cp.front)], files[id(cp.back)] if cp.back is not None else "")
            quantities[pair] = quantities.get(pair, 0) + 1
        out.writerows([*pair, qty] for pair, qty in quantities.items())
        target = self.stage / safe_name(component.id) / "quantities.csv"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(table.getvalue(), encoding="utf-8")
        self.files.append(self.final / safe_name(component.id) / "quantities.csv")

    def pdf(self, component: Component, copies: list[Copy], size: tuple[int, int]) -> None:
        trim = trim_size(component)
        faces = distinct_faces(copies)
        drawn = faces_pdf([f for _, _, f in faces], trim, self.lang, self.vendor.bleed)
        pages = print_order(copies, faces)
        name = self.name(component, "", 1, "")
        title = f"{localize(self.checked.game.spec.title, self.lang)}: {localize(component.spec.title, self.lang)}"
        pdfx.write_pdfx(
            self.stage / name,
            drawn,
            pages,
            trim[:2],  # type: ignore[arg-type]
            self.vendor.bleed,
            title,
            self.vendor.intent,
            self.vendor.rich_black,
            self.vendor.dpi,
            _content_date(self.checked),
        )
        del drawn
        written = (self.stage / name).read_bytes()
        ink = pdfx.file_ink(self.stage / name)
        self.drawn[component.id] = Drawn(written, pages, self.vendor.bleed, ink)
        self.files.append(self.final / name)


def export_print(path: Path, options: PrintOptions | None = None) -> PrintResult:
    """Write the game at ``path`` for the print shop ``options.vendor``.

    The files are checked as the shop would check them (:mod:`.preflight`, on the files
    themselves) before they replace an earlier export: a problem found raises
    :class:`PreflightFailed` and nothing is written, unless ``options.force`` says to send anyway.
    """
    options = options or PrintOptions()
    v = vendor(options.vendor)
    checked = check_game(path, BuildOptions(langs=(options.lang,), draft=options.draft))
    game = checked.game
    parent = options.out_dir / game.root.name / "print" / v.id
    final = parent / options.lang
    stage = staging_folder(parent, ".print-")
    result = PrintResult(final)
    try:
        writer = _Writer(checked, v, options.lang, stage, final)
        for component in game.components:
            kind = str(component.spec.kind)
            if kind not in KINDS:
                result.skipped.append(
                    _("{component}: a {kind} is not a print-shop piece").format(
                        component=component.id, kind=kind
                    )
                )
                continue
            copies = checked.copies.get((component.id, options.lang))
            if copies is None:
                result.skipped.append(
                    _("{component}: not printed in {lang}").format(
                        component=component.id, lang=options.lang
                    )
                )
                continue
            size = face_pixels(v, trim_size(component))
            (writer.png if v.format == "png" else writer.pdf)(component, copies, size)
            result.components.append((component.id, len(copies), size))
        if not result.components:
            raise UsageError(
                _("{game} has no cards, tokens or tiles for a print shop").format(game=game.id)
            )
        result.files = writer.files
        result.report = preflight_checked(checked, v, options.lang, writer.drawn)
        if not result.report.ok and not options.force:
            raise PreflightFailed(result.report)
        replace_folder(stage, final)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return result
