"""The package's layers, read from the source: no import cycle, no import pointing up.

Every module's imports are read with :mod:`ast` (those inside functions and ``if TYPE_CHECKING``
blocks too, since a deferred import is still a dependency) and resolved to modules of
``generator``. The layers follow ARCHITECTURE.md's "layers only point down": each package may
import those in lower rows only, never one in its own row or above; a module may import any
module of its own package, but no chain of imports may lead back to where it started.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"

# top row first; a unit is a subpackage or a loose module of generator/ ("" is the package itself)
LAYERS: list[set[str]] = [
    {"__main__"},  # python -m generator
    {"cli"},  # click commands: parse, call one library function, print
    {"web"},  # the table as a local web page, over the companion's one entry
    {"export"},  # other tools' formats, from a checked game
    {"pipeline"},  # the print pipeline (check, plan, cache, staging, watch, starters)
    # the table engine / the only place that draws / game texts in gettext catalogues (which the
    # pipeline reads for the texts not yet reviewed): none imports another
    {"companion", "render", "translate"},
    {"rules", "faces"},  # rule-sheet sources and the sheet to draw / components expanded to faces
    {"content"},  # game folders -> validated models: YAML, schema, item files, icons, table data
    {"dice", "text", "layout"},  # the dice grammar / languages and Chinese / units, imposition
    {"errors", "atomic"},  # the exception family (its messages translated), atomic writes
    {"locale", ""},  # the program's own words (gettext); the package's version
]
LOOSE_MODULES = {"__init__", "__main__", "errors", "atomic"}


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["generator", *path.relative_to(PACKAGE).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


MODULES = _modules()


def _imported(name: str, path: Path, is_package: bool) -> Iterator[tuple[str, int]]:
    """(module of generator, line) for each import in the file, relative ones resolved."""
    here = name.split(".") if is_package else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            # `from . import x` imports the module x when there is one
            targets = [
                f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module
                for a in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


GRAPH = {
    name: sorted(set(_imported(name, path, is_package)))
    for name, (path, is_package) in MODULES.items()
}


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _row(unit: str) -> int:
    for row, units in enumerate(LAYERS):
        if unit in units:
            return row
    raise AssertionError(f"generator.{unit} is in no layer: add it to LAYERS")


def test_every_package_and_loose_module_has_a_layer() -> None:
    for module in MODULES:
        _row(_unit(module))


def test_no_import_points_up_or_sideways() -> None:
    wrong = []
    for module, targets in GRAPH.items():
        mine = _unit(module)
        for target, line in targets:
            theirs = _unit(target)
            if theirs != mine and _row(theirs) <= _row(mine):
                wrong.append(f"{module}:{line} imports {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in GRAPH:
        if start in index:
            continue
        work = [(start, iter(t for t, _ in GRAPH[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(t for t, _ in GRAPH[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle() -> None:
    assert _cycles() == []


def test_the_cycle_finder_sees_a_cycle() -> None:
    GRAPH["generator.errors"].append(("generator.atomic", 1))
    GRAPH["generator.atomic"].append(("generator.errors", 1))
    try:
        assert ["generator.atomic", "generator.errors"] in _cycles()
    finally:
        GRAPH["generator.errors"].pop()
        GRAPH["generator.atomic"].pop()


def test_the_layer_check_sees_an_upward_import(tmp_path: Path) -> None:
    source = "def f():\n    from ..cli import app\n"
    (tmp_path / "mod.py").write_text(source)
    found = list(_imported("generator.content.mod", tmp_path / "mod.py", False))
    assert found == [("generator.cli.app", 2)]
    assert _row(_unit(found[0][0])) < _row("content")


def test_generator_keeps_four_loose_modules_at_most() -> None:
    loose = {p.stem for p in PACKAGE.glob("*.py")}
    assert loose <= LOOSE_MODULES, f"move {sorted(loose - LOOSE_MODULES)} into a package"


@pytest.mark.parametrize(
    "package", sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and any(p.glob("*.py")))
)
def test_each_package_says_what_it_owns_and_may_import(package: str) -> None:
    init = PACKAGE / package / "__init__.py"
    assert init.is_file(), f"generator/{package}/ has no __init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    assert re.search(r"^May import:", doc, re.M), (
        f"generator/{package}/__init__.py: no 'May import:'"
    )


def test_no_hand_made_type_checking_flag() -> None:
    found = [
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*.py")
        if re.search(r"^TYPE_CHECKING\s*=", path.read_text(encoding="utf-8"), re.M)
    ]
    assert found == []


# The library modules the command line may import: each room's front door, so that the logic a
# library user needs stays in the library and cli/ only parses, calls one of these, and prints.
CLI_MAY_IMPORT = {
    "generator",  # the version
    "generator.locale",  # the program's own words
    "generator.errors",  # the exception family, rendered once
    # the table: moves (table), its questions, each answered in one call (ask_*), their answer
    # type, and the players' language (--lang's meaning)
    "generator.companion.table",
    "generator.companion.answer",
    "generator.companion.ask_roll",  # apart from the others so `pnp roll 2d6` loads no game
    "generator.companion.ask_session",
    "generator.companion.ask_odds",
    "generator.companion.ask_game",
    "generator.companion.i18n",
    # the print side: build, check, preview, schemas, new games, watch, rule sheets
    "generator.pipeline.run",
    "generator.pipeline.check",
    "generator.pipeline.options",
    "generator.pipeline.game",
    "generator.pipeline.schemas",
    "generator.pipeline.starters",
    "generator.pipeline.watch",
    "generator.pipeline.rules",
    "generator.pipeline.typecheck",  # pnp rules check: the sheets checked as laid out
    "generator.content.folders",  # a game's folder from the name typed (the one rule)
    "generator.content.migrate",  # the format migration's one entry
    "generator.layout.presets",  # the paper names --paper accepts
    "generator.layout.units",  # the lengths --bleed accepts
    "generator.text.localtext",  # the languages --lang accepts
    "generator.text.columns",  # screen columns of Chinese text, for aligned output
    "generator.rules.source",  # the translations --lang and --bilingual accept
    "generator.rules.report",  # pnp rules status and check: the table, the lines, the verdict
    # other tools' formats, one module per command, and the steps of pnp translate
    "generator.export.tts",
    "generator.export.printshop",
    "generator.export.preflight",
    "generator.translate.importer",  # pnp translate import
    "generator.translate.workflow",  # export, status, glossary, and pnp rules stamp
    "generator.web.serve",
}


def _cli_strays(graph: dict[str, list[tuple[str, int]]]) -> list[str]:
    return [
        f"{module}:{line} imports {target}"
        for module, targets in graph.items()
        if _unit(module) == "cli"
        for target, line in targets
        if _unit(target) != "cli" and target not in CLI_MAY_IMPORT
    ]


def test_the_command_line_imports_only_the_front_doors() -> None:
    strays = _cli_strays(GRAPH)
    assert not strays, "cli/ reaches past the library's front doors:\n" + "\n".join(strays)


def test_the_front_door_check_sees_a_command_reaching_into_the_table() -> None:
    graph = {"generator.cli.table_cmds": [("generator.companion.decks", 7)]}
    assert _cli_strays(graph) == ["generator.cli.table_cmds:7 imports generator.companion.decks"]
    assert _cli_strays({"generator.cli.x": [("generator.companion.table", 1)]}) == []
