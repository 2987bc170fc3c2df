"""Checking a game and planning its sheets: everything a build does before drawing.

``BuildOptions`` carries the command line's overrides; ``check_game`` loads, validates and
expands a game per component and language (every problem collected and raised once);
``plan`` gives the imposition (or a board's tiling) each component gets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.assets import FONT_FACES, MAX_FONT_BYTES
from ..content.files import read_guarded
from ..content.icons import ICONS, use_game
from ..content.loader import load_game
from ..content.paths import resolve_inside
from ..content.table import has_table, load_table
from ..content.validate import key_path
from ..errors import ContentError, Issue, IssueCollector
from ..faces.expand import Expander, languages, localize, trim_size
from ..layout.impose import DoesNotFit, impose
from ..layout.tiling import tile_board
from ..locale import _
from ..render.fonts import missing_glyphs, parse_problem
from ..rules.source import names_rules
from ..translate.status import fuzzy_warnings
from .options import BuildOptions
from .rules_check import check_rules
from .textcheck import TextCheck

if TYPE_CHECKING:
    from ..content.loader import Component, Game
    from ..content.schema import SheetSpec
    from ..faces.expand import Copy
    from ..layout.impose import Imposition
    from ..layout.tiling import Tiling


def _component_issue(game: Game, component: Component, key: str, message: str) -> Issue:
    n = [c.id for c in game.spec.components].index(component.id)
    assert game.marks is not None
    return Issue(game.marks.locate(("components", n, key)), f"components[{n}].{key}", message)


def _paper(sheet: SheetSpec) -> dict[str, Any]:
    """The sheet settings that both card imposition and board tiling take."""
    return {
        "paper": sheet.paper,
        "orientation": sheet.orientation,
        "bleed": sheet.bleed,
        "margin": sheet.margin,
        "crop_marks": sheet.crop_marks,
    }


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
                tw, th, **_paper(sheet), overlap=board.overlap, max_tiles=board.max_tiles
            )
        except DoesNotFit as exc:
            raise ContentError([_component_issue(game, component, "size", str(exc))]) from None
        return tiling, sheet
    has_back = component.back is not None or any(i.back is not None for i in component.items)
    duplex = sheet.duplex if has_back else "none"
    if shape == "round" and sheet.packing == "auto":
        sheet = sheet.replace(packing="bleed")  # circles cannot share cut lines
    try:
        imp = impose(tw, th, **_paper(sheet), gap=sheet.gap, duplex=duplex, packing=sheet.packing)
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
    _check_fonts(game, issues)
    issues.raise_if_errors()  # a damaged font cannot even lay the words out
    expander = Expander(game, issues, TextCheck(game, issues).check, options.draft)
    copies: dict[tuple[str, str], list[Copy]] = {}
    for component in selected(game, options):
        try:
            plan(game, component, options)
        except ContentError as exc:
            issues.issues.extend(exc.issues)
        for lang in build_languages(game, component, options):
            copies[(component.id, lang)] = expander.expand(component, lang)
    _check_titles(game, selected(game, options), options, issues)
    issues.raise_if_errors()
    return Checked(game, copies, issues.warnings)


def _check_titles(
    game: Game, components: list[Component], options: BuildOptions, issues: IssueCollector
) -> None:
    """Warn of a character of the game's or a component's title that no font has: the title
    is printed under every sheet, where it would be an empty box."""

    assert game.marks is not None
    warned: set[tuple[tuple[str | int, ...], str]] = set()
    index = {c.id: n for n, c in enumerate(game.components)}
    for component in components:
        places: list[tuple[tuple[str | int, ...], object]] = [
            (("title",), game.spec.title),
            (("components", index[component.id], "title"), component.spec.title),
        ]
        for lang in build_languages(game, component, options):
            for at, value in places:
                for ch in sorted(missing_glyphs(str(localize(value, lang)))):
                    if (at, ch) in warned:
                        continue
                    warned.add((at, ch))
                    where = (*at, lang) if isinstance(value, dict) else at
                    message = _(
                        "character {code} {char} is in none of the fonts of this text, "
                        "so the {lang} {kind} would print an empty box in its place"
                    ).format(code=f"U+{ord(ch):04X}", char=repr(ch), lang=lang, kind=component.kind)
                    issues.add(game.marks.locate(where), key_path(where), message, "warning")


def _check_fonts(game: Game, issues: IssueCollector) -> None:
    """Parse each font the game declares whole: a truncated or garbage file is a located
    problem here, not a failure while a PDF is written."""

    for name, font in game.spec.fonts.items():
        for face in FONT_FACES:
            rel = getattr(font, face)
            if rel is None:
                continue
            try:
                path = resolve_inside(game.root, rel)
                problem = parse_problem(read_guarded(path, game.root, MAX_FONT_BYTES))
            except ValueError:
                continue  # the loader has reported it
            if problem:
                at = ("fonts", name, face)
                assert game.marks is not None
                issues.add(
                    game.marks.locate(at),
                    key_path(at),
                    _("{name} is a damaged TrueType font ({problem})").format(
                        name=repr(path.name), problem=problem
                    ),
                )


def selected(game: Game, options: BuildOptions) -> list[Component]:
    """The components ``options.components`` names (all when None), in the game's order."""
    if options.components is None:
        return list(game.components)
    for cid in options.components:
        game.component(cid)  # UsageError with a hint for an unknown id
    return [c for c in game.components if c.id in options.components]


__all__ = ["BuildOptions", "Checked", "build_languages", "check_game", "plan", "selected"]


def table_and_rules_problems(path: Path) -> tuple[list[Issue], list[Issue]]:
    """Errors and warnings in a game's table data and rule sources (when it has them)."""
    errors: list[Issue] = []
    warnings: list[Issue] = []
    if has_table(path):
        try:
            load_table(path)
        except ContentError as exc:
            errors.extend(exc.issues)
    if names_rules(path) or (path / "rules").is_dir():
        for issue in check_rules(path):
            (errors if issue.severity == "error" else warnings).append(issue)
    return errors, warnings


@dataclass
class GameCheck:
    """What ``pnp check`` found in one game: its size, its problems and its warnings."""

    game: str
    components: int = 0
    items: int = 0
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check_games(paths: Iterable[Path]) -> list[GameCheck]:
    """Check every game without drawing; a game that does not load is all problems."""
    out = []
    for path in paths:
        try:
            checked = check_game(path)
        except ContentError as exc:
            out.append(GameCheck(path.name, problems=exc.lines()))
            continue
        errors, _warnings = table_and_rules_problems(path)
        game = checked.game
        out.append(
            GameCheck(
                game.id,
                components=len(game.components),
                items=sum(len(c.items) for c in game.components),
                problems=[str(i) for i in errors],
                warnings=[str(w) for w in checked.warnings] + fuzzy_texts(path, None),
            )
        )
    return out


def fuzzy_texts(path: Path, langs: tuple[str, ...] | None) -> list[str]:
    """A warning per fuzzy translation of the game (outside its rule sections, whose sheet marks
    its own), in the Chinese languages asked for (all when none)."""
    wanted = [lang for lang in langs if lang != "en"] if langs else None
    if langs and not wanted:
        return []
    try:
        return fuzzy_warnings(path, wanted)
    except ContentError:
        return []  # the check itself reports what is wrong with the files


def icon_names(game: Path | None = None) -> list[str]:
    """The icon names usable as ``:name:`` in text and icon boxes, sorted: the shared ones and,
    with ``game`` (its folder), the game's own SVG icons."""
    use_game(game)
    return sorted(ICONS)
