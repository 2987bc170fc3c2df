"""The print build: the library entry point behind ``pnp build`` and ``pnp check``.

``check_game`` loads, validates and expands a game without drawing (every problem collected
and raised once). ``build_game`` then imposes and renders each component per language into
``output/<game>/``; a content hash of the inputs (files, options and the generator's own code)
lets an unchanged component be skipped on the next build.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__, presets
from .content.expand import Copy, Expander, languages, trim_size
from .content.loader import Component, Game, load_game
from .content.schema import SheetSpec
from .errors import ContentError, Issue, IssueCollector
from .layout.impose import DoesNotFit, Imposition, impose
from .layout.tiling import Tiling, tile_board

STATE_FILE = ".pnp-build.json"
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class BuildOptions:
    """Command-line overrides of each component's sheet settings, and build switches."""

    out_dir: Path = Path("output")
    paper: str | None = None
    duplex: str | None = None
    bleed: float | None = None
    packing: str | None = None
    proof: bool = False
    force: bool = False
    langs: tuple[str, ...] | None = None
    components: tuple[str, ...] | None = None  # only these component ids (None: all)

    def sheet(self, spec: SheetSpec) -> SheetSpec:
        changes = {
            k: v
            for k, v in (
                ("paper", self.paper),
                ("duplex", self.duplex),
                ("bleed", self.bleed),
                ("packing", self.packing),
            )
            if v is not None
        }
        return spec.model_copy(update=changes) if changes else spec


@dataclass
class ComponentResult:
    """One PDF written (or skipped as unchanged)."""

    game: str
    component: str
    lang: str
    path: Path
    items: int
    copies: int
    pages: int
    bytes: int
    seconds: float
    skipped: bool = False
    packing: str = ""
    warnings: list[str] = field(default_factory=list)


def _code_hash() -> str:
    h = hashlib.sha256(__version__.encode())
    for p in sorted(Path(__file__).parent.rglob("*.py")):
        h.update(p.read_bytes())
    return h.hexdigest()


def _inputs_hash(game: Game, options: BuildOptions) -> str:
    h = hashlib.sha256(_code_hash().encode())
    files = set(game.files)
    shared = presets.templates_dir(game.root)
    files.update(p for p in (shared / "presets.yaml", shared / "icons.yaml") if p.is_file())
    files.update((shared / "icons").glob("*.svg"))  # papers, sizes and icons shape every sheet
    files.update(
        p for p in game.root.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()
    )
    for p in sorted(files):
        h.update(str(p.relative_to(game.root) if p.is_relative_to(game.root) else p.name).encode())
        h.update(p.read_bytes())
    skip = ("force", "out_dir", "components")
    opts = {k: str(v) for k, v in options.__dict__.items() if k not in skip}
    h.update(json.dumps(opts, sort_keys=True).encode())
    return h.hexdigest()


def _component_issue(game: Game, component: Component, key: str, message: str) -> Issue:
    n = [c.id for c in game.spec.components].index(component.id)
    assert game.marks is not None
    return Issue(game.marks.locate(("components", n, key)), f"components[{n}].{key}", message)


def plan(
    game: Game, component: Component, options: BuildOptions
) -> tuple[Imposition | Tiling, SheetSpec]:
    """The imposition (or a board's tiling) a component gets; ContentError when it cannot fit."""
    sheet = options.sheet(component.spec.sheet)
    tw, th, shape = trim_size(component)
    if component.kind == "board":
        board = component.spec.board
        try:
            tiling = tile_board(
                tw,
                th,
                paper=sheet.paper,
                orientation=sheet.orientation,
                bleed=sheet.bleed,
                margin=sheet.margin,
                crop_marks=sheet.crop_marks,
                overlap=board.overlap,
                max_tiles=board.max_tiles,
            )
        except DoesNotFit as exc:
            raise ContentError([_component_issue(game, component, "size", str(exc))]) from None
        return tiling, sheet
    has_back = component.back is not None or any(i.back is not None for i in component.items)
    duplex = sheet.duplex if has_back else "none"
    if shape == "round" and sheet.packing == "auto":
        sheet = sheet.model_copy(update={"packing": "bleed"})  # circles cannot share cut lines
    try:
        imp = impose(
            tw,
            th,
            paper=sheet.paper,
            orientation=sheet.orientation,
            bleed=sheet.bleed,
            gap=sheet.gap,
            margin=sheet.margin,
            crop_marks=sheet.crop_marks,
            duplex=duplex,
            packing=sheet.packing,
        )
    except DoesNotFit as exc:
        raise ContentError([_component_issue(game, component, "size", str(exc))]) from None
    return imp, sheet


def build_languages(game: Game, component: Component, options: BuildOptions) -> list[str]:
    """The component's languages that this build prints (all of them unless --lang narrows)."""
    own = languages(game, component)
    return [lang for lang in own if lang in options.langs] if options.langs else own


@dataclass
class Checked:
    """A validated game with every component expanded per language."""

    game: Game
    copies: dict[tuple[str, str], list[Copy]]
    warnings: list[Issue]


def check_game(path: Path, options: BuildOptions | None = None) -> Checked:
    """Validate everything a build would use, without drawing. Raises ContentError once, with all problems."""
    options = options or BuildOptions()
    game = load_game(path)
    issues = IssueCollector()
    expander = Expander(game, issues)
    copies: dict[tuple[str, str], list[Copy]] = {}
    for component in selected(game, options):
        try:
            plan(game, component, options)
        except ContentError as exc:
            issues.issues.extend(exc.issues)
        for lang in build_languages(game, component, options):
            copies[(component.id, lang)] = expander.expand(component, lang)
    issues.raise_if_errors()
    return Checked(game, copies, issues.warnings)


def _signature(copies: list[Copy]) -> str:
    h = hashlib.sha256()
    for cp in copies:
        for face in (cp.front, cp.back):
            if face is None:
                continue
            for b in face.boxes:
                h.update(repr((b.text, b.fill, b.icon, str(b.image))).encode())
    return h.hexdigest()


def selected(game: Game, options: BuildOptions) -> list[Component]:
    """The components ``options.components`` names (all when None), in the game's order."""
    if options.components is None:
        return list(game.components)
    for cid in options.components:
        game.component(cid)  # UsageError with a hint for an unknown id
    return [c for c in game.components if c.id in options.components]


def build_game(
    path: Path, options: BuildOptions | None = None, progress: Progress | None = None
) -> list[ComponentResult]:
    """Build every component of the game at ``path`` into ``options.out_dir/<game>/``."""
    options = options or BuildOptions()
    return build_checked(check_game(path, options), options, progress)


def build_checked(
    checked: Checked, options: BuildOptions, progress: Progress | None = None
) -> list[ComponentResult]:
    """Build the components of an already checked game (those ``options.components`` names)."""
    from .render.board import write_board
    from .render.fonts import use_game_fonts
    from .render.sheet import SheetMeta, write_sheets

    game = checked.game
    use_game_fonts(game.root, dict(game.spec.fonts))
    out = options.out_dir / game.id
    state_path = out / STATE_FILE
    state: dict[str, dict[str, object]] = {}
    if state_path.is_file():
        try:
            state = json.loads(state_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            state = {}
    inputs = _inputs_hash(game, options)
    results: list[ComponentResult] = []
    total = sum(len(checked.copies[k]) for k in checked.copies)
    done = 0
    for component in selected(game, options):
        langs = build_languages(game, component, options)
        if not langs:
            continue  # the component is not printed in the languages asked for
        # building only some of its languages: name each file by its language, keep the others
        partial = len(langs) < len(languages(game, component))
        groups: dict[str, list[str]] = {}
        for lang in langs:  # languages whose faces print the same text share one PDF
            sig = _signature(checked.copies[(component.id, lang)]) if len(langs) > 1 else ""
            groups.setdefault(sig, []).append(lang)
        single = len(groups) == 1 and not partial
        key = hashlib.sha256(f"{inputs}:{component.id}".encode()).hexdigest()
        previous = state.get(component.id, {})
        targets = {
            (langs_[0] if not single else "all"): out
            / (f"{component.id}.pdf" if single else f"{component.id}.{langs_[0]}.pdf")
            for langs_ in groups.values()
        }
        if (
            not options.force
            and previous.get("hash") == key
            and all(p.is_file() for p in targets.values())
        ):
            for lang, target in targets.items():
                n = len(checked.copies[(component.id, langs[0] if lang == "all" else lang)])
                done += n
                results.append(
                    ComponentResult(
                        game.id,
                        component.id,
                        lang,
                        target,
                        len(component.items),
                        n,
                        0,
                        target.stat().st_size,
                        0.0,
                        skipped=True,
                    )
                )
            if progress:
                progress(f"{game.id}/{component.id} unchanged", done, total)
            continue
        imp, sheet = plan(game, component, options)
        for langs_ in groups.values():
            lang = langs_[0]
            target = targets["all" if single else lang]
            copies = checked.copies[(component.id, lang)]
            started = time.perf_counter()
            title = game.spec.title
            words = SheetMeta(
                _local(title, lang),
                _local(component.spec.title, lang),
                "all languages" if single else "+".join(langs_),
            )
            if isinstance(imp, Tiling):
                result = write_board(
                    target,
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
                    target,
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
            done += len(copies)
            results.append(
                ComponentResult(
                    game.id,
                    component.id,
                    "all" if single else "+".join(langs_),
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
            if progress:
                progress(f"{game.id}/{component.id} ({lang})", done, total)
        if not partial:
            _remove_stale(out, component.id, set(targets.values()))
        state[component.id] = {"hash": key, "outputs": sorted(p.name for p in targets.values())}
        _write_state(state_path, state)
    return results


def build_rules_cached(path: Path, options: BuildOptions) -> list[ComponentResult]:
    """Build a game's rule sheets unless their sources, options and the code are unchanged."""
    from .rules import build_rules

    out = options.out_dir / path.name
    state_path = out / ".pnp-rules.json"
    h = hashlib.sha256(_code_hash().encode())
    for p in sorted((path / "rules").rglob("*")):
        if p.is_file():
            h.update(p.name.encode())
            h.update(p.read_bytes())
    langs = list(options.langs) if options.langs else ["en", "zh-Hant", "zh-Hans"]
    h.update(json.dumps([langs, options.paper]).encode())
    key = h.hexdigest()
    previous: dict[str, object] = {}
    if state_path.is_file():
        try:
            previous = json.loads(state_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            previous = {}
    names = previous.get("outputs") if isinstance(previous.get("outputs"), list) else None
    if (
        not options.force
        and previous.get("hash") == key
        and names
        and all((out / n).is_file() for n in names)
    ):
        return [_rules_row(path.name, out / n, 0.0, skipped=True) for n in names]
    started = time.perf_counter()
    paths = build_rules(path, out, langs, (), options.paper or "A4")
    took = (time.perf_counter() - started) / max(1, len(paths))
    _write_state(state_path, {"hash": key, "outputs": sorted(p.name for p in paths)})  # type: ignore[dict-item]
    return [_rules_row(path.name, p, took) for p in paths]


def _rules_row(game: str, path: Path, seconds: float, skipped: bool = False) -> ComponentResult:
    stem, _, rest = path.name.partition(".")
    pages = 0
    if not skipped:
        import pypdfium2

        doc = pypdfium2.PdfDocument(str(path))
        pages = len(doc)
        doc.close()
    return ComponentResult(
        game,
        stem,
        rest.removesuffix(".pdf"),
        path,
        0,
        0,
        pages,
        path.stat().st_size,
        seconds,
        skipped=skipped,
        packing="rule sheet",
    )


def _local(value: object, lang: str) -> str:
    from .content.expand import localize

    out = localize(value, lang)
    return str(out)


def _remove_stale(out: Path, cid: str, keep: set[Path]) -> None:
    """Drop PDFs of this component from an earlier build that this build no longer writes."""
    for p in out.glob(f"{cid}.*pdf"):
        if p not in keep and (p.name == f"{cid}.pdf" or p.name.count(".") == 2):
            p.unlink()


def _write_state(path: Path, state: dict[str, dict[str, object]]) -> None:
    from .render.sheet import atomic_target, commit_file

    fd, tmp = atomic_target(path)
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=1, sort_keys=True)
    commit_file(fd, tmp, path)


__all__ = [
    "BuildOptions",
    "ComponentResult",
    "build_checked",
    "build_game",
    "check_game",
    "plan",
    "selected",
]
