"""Drawing a checked game: each component's PDFs per language, and the rule sheets.

``build_checked`` imposes and renders each component of a game that
:func:`generator.pipeline.check.check_game` accepted into ``output/<game>/``, every file staged
until the whole build has succeeded (:mod:`generator.pipeline.stage`), and records what it wrote
so an unchanged game is skipped next time (:mod:`generator.pipeline.cache`).
``build_rules_cached`` does the same for the rule sheets. The front door is
:mod:`generator.pipeline.run`.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.validate import suggest
from ..errors import UsageError
from ..faces.expand import languages, localize, trim_size
from ..layout.impose import Imposition
from ..locale import _
from ..render.board import write_board
from ..render.fonts import use_game_fonts
from ..render.sheet import SheetMeta, write_sheets
from .cache import (
    STATE_FILE,
    STATE_VERSION,
    game_key,
    read_state,
)
from .check import Checked, build_languages, check_game, fuzzy_texts, plan, selected
from .options import BuildOptions, ComponentResult, Progress, skipped_row
from .stage import Staging, staged
from .tuckbox import SUFFIX, box_targets, boxed, build_tuck_boxes

if TYPE_CHECKING:
    from ..content.loader import Component


def build_checked(
    checked: Checked,
    options: BuildOptions,
    progress: Progress | None = None,
    staging: Staging | None = None,
    key: str | None = None,
) -> list[ComponentResult]:
    """Build the components of an already checked game (those ``options.components`` names)."""

    game = checked.game
    use_game_fonts(game.root, dict(game.spec.fonts))
    out = options.out_dir / game.root.name  # the folder's name: known before anything is read
    state_path = out / STATE_FILE
    state = read_state(state_path)
    done_before = state.get("components")
    components: dict[str, Any] = dict(done_before) if isinstance(done_before, dict) else {}
    if key is None:
        key = game_key(game.root, options)
    results: list[ComponentResult] = []
    progressed = _Progress(progress, sum(len(v) for v in checked.copies.values()))
    with staged(options.out_dir, staging) as stage:
        for component in selected(game, options):
            langs = build_languages(game, component, options)
            if not langs:
                continue  # the component is not printed in the languages asked for
            ckey = hashlib.sha256(f"{key}:{component.id}".encode()).hexdigest() if key else None
            entry = _build_component(
                checked, component, langs, options, stage, out, ckey, components, progressed
            )
            results.extend(entry)
        if results:  # what the check found that prints, but wrongly; texts not yet reviewed
            results[0].warnings.extend(str(w) for w in checked.warnings)
            results[0].warnings.extend(fuzzy_texts(game.root, options.langs))
        outputs = sorted({r.path for r in results})
        data: dict[str, Any] = {
            "version": STATE_VERSION,
            "root": str(Path(game.root).resolve()),
            "components": components,
        }
        if options.components is None and key is not None:
            data["key"] = key
            data["rows"] = [_row_state(r) for r in results]
        stage.state(state_path, data, outputs)
    return results


@dataclass
class _Progress:
    report: Progress | None
    total: int
    done: int = 0

    def __call__(self, what: str, copies: int) -> None:
        self.done += copies
        if self.report:
            self.report(what, self.done, self.total)


def _row_state(r: ComponentResult) -> dict[str, Any]:
    return {
        "component": r.component,
        "lang": r.lang,
        "file": r.path.name,
        "items": r.items,
        "copies": r.copies,
        "bytes": r.bytes,
        "packing": r.packing,
    }


def _build_component(
    checked: Checked,
    component: Component,
    langs: list[str],
    options: BuildOptions,
    stage: Staging,
    out: Path,
    key: str | None,
    components: dict[str, Any],
    progress: _Progress,
) -> list[ComponentResult]:
    """One component's PDFs, one per language, staged.

    Languages never share a file, even where the faces print the same text: each sheet's label,
    scale check and notes print in that sheet's language. A component printed in one language
    only is ``<component>.pdf``.
    """

    game = checked.game
    # building only some of its languages: keep the files of the others
    partial = len(langs) < len(languages(game, component))
    single = len(langs) == 1 and not partial  # a component in one language: no suffix
    targets = {
        lang: out / (f"{component.id}.pdf" if single else f"{component.id}.{lang}.pdf")
        for lang in langs
    }
    boxes = options.tuck_box and boxed(component)
    box_files = box_targets(component, out, langs, single) if boxes else {}
    previous = components.get(component.id)
    if (
        not options.force
        and key is not None
        and isinstance(previous, dict)
        and previous.get("hash") == key
        and _same_sizes([*targets.values(), *box_files.values()], previous.get("sizes"))
    ):
        rows = []
        for lang, target in targets.items():
            n = len(checked.copies[(component.id, lang)])
            row = {"component": component.id, "lang": lang, "file": target.name, "items": 0}
            row.update(copies=n, bytes=target.stat().st_size, packing="")
            skipped = skipped_row(game.id, out, row | {"items": len(component.items)})
            assert skipped is not None
            rows.append(skipped)
        for lang, target in box_files.items():
            row = {"component": f"{component.id}{SUFFIX}", "lang": lang}
            row.update(file=target.name, items=len(component.items), copies=0, packing="")
            skipped = skipped_row(game.id, out, row | {"bytes": target.stat().st_size})
            assert skipped is not None
            rows.append(skipped)
        progress(f"{game.id}/{component.id} unchanged", sum(r.copies for r in rows))
        return rows
    imp, sheet = plan(game, component, options)
    results: list[ComponentResult] = []
    for lang, target in targets.items():
        copies = checked.copies[(component.id, lang)]
        started = time.perf_counter()
        words = SheetMeta(
            _local(game.spec.title, lang),
            _local(component.spec.title, lang),
            lang,
            (lang,),
        )
        write_to = stage.target(target)
        try:
            if not isinstance(imp, Imposition):  # a board's tiling
                result = write_board(
                    write_to,
                    copies,
                    imp,
                    words,
                    bleed=sheet.bleed,
                    crop_marks=sheet.crop_marks,
                    proof=options.proof,
                    assembly=component.spec.board.assembly,
                )
            else:
                size = component.spec.size
                result = write_sheets(
                    write_to,
                    copies,
                    imp,
                    words,
                    trim=trim_size(component),
                    bleed=sheet.bleed,
                    crop_marks=sheet.crop_marks,
                    proof=options.proof,
                    cut=component.spec.cut,
                    radius=0.0 if size is None or isinstance(size, str) else size.radius,
                )
        except OSError as exc:  # the system refused: name the file it was writing
            if exc.filename is None:
                exc.filename = str(target)
            raise
        results.append(
            ComponentResult(
                game.id,
                component.id,
                lang,
                target,
                len(component.items),
                len(copies),
                result.pages,
                result.bytes,
                time.perf_counter() - started,
                packing=imp.describe(),
                warnings=[f"{w.layout} box {w.box}: {w.message}" for w in result.warnings],
            )
        )
        progress(f"{game.id}/{component.id} ({lang})", len(copies))
    if boxes:
        results += build_tuck_boxes(checked, component, langs, single, options, stage, out)
    if not partial:
        keep = set(targets.values()) | set(box_files.values())
        for p in out.glob(f"{component.id}.*pdf"):  # files of an earlier build not made now
            tuck = p.name.startswith(f"{component.id}{SUFFIX}.")
            if p not in keep and (
                p.name == f"{component.id}.pdf" or p.name.count(".") == 2 or tuck
            ):
                stage.remove(p)
    components[component.id] = {
        "hash": key,
        "outputs": sorted(p.name for p in [*targets.values(), *box_files.values()]),
        "sizes": {r.path.name: r.bytes for r in results},
    }
    return results


def _same_sizes(paths: Iterable[Path], sizes: Any) -> bool:
    """Whether each file exists with the size the build that wrote it recorded."""
    if not isinstance(sizes, dict):
        return False
    for p in paths:
        try:
            if p.stat().st_size != sizes.get(p.name):
                return False
        except OSError:
            return False
    return True


def _local(value: object, lang: str) -> str:

    out = localize(value, lang)
    return str(out)


__all__ = ["build_checked", "preview_game"]


@dataclass
class PreviewFiles:
    """The PNGs written for one component."""

    component: str
    count: int
    folder: Path


def preview_game(
    path: Path,
    out_dir: Path,
    *,
    component: str | None = None,
    item: str | None = None,
    lang: str = "en",
    dpi: int = 150,
    proof: bool = False,
) -> list[PreviewFiles]:
    """Write PNGs of a game's items (one component, one item) and a contact sheet per component."""
    # deferred: the PDF rasteriser (pypdfium2) is a twentieth of a build's start-up, and only
    # previews need it
    from ..render.preview import write_previews

    checked = check_game(path, BuildOptions(langs=(lang,)))
    game = checked.game
    use_game_fonts(game.root, dict(game.spec.fonts))
    comps = [game.component(component)] if component else list(game.components)
    if not comps:
        raise UsageError(_("{game} has no printable components").format(game=game.id))
    out = []
    for comp in comps:
        copies = checked.copies[(comp.id, lang)]
        if item is not None:
            copies = [c for c in copies if c.item.id == item]
            if not copies:
                said = _("{component} has no item {item!r}").format(component=comp.id, item=item)
                raise UsageError(said + suggest(item, [i.id for i in comp.items]))
        _plan, sheet = plan(game, comp, BuildOptions())
        target = out_dir / game.root.name / "preview" / comp.id / lang
        written = write_previews(
            target, copies, trim_size(comp), sheet.bleed, dpi=dpi, proof=proof, lang=lang
        )
        out.append(PreviewFiles(comp.id, len(written), target))
    return out
