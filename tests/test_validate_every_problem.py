"""`pnp check` reports every schema problem of a file, each at its own line and key, worded
for a user: not only the first one, and never a traceback."""

from __future__ import annotations

import copy
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.content.schema import GameSpec, ItemsFile, LayoutSpec
from generator.content.table import TableSpec
from generator.content.validate import convert, validate
from generator.content.yamlload import load_yaml_text
from generator.errors import IssueCollector
from generator.rules.models import SourceFile
from tests.helpers import ROOT, pnp

SAMPLE = ROOT / "tests" / "fixtures" / "games" / "sample"

BROKEN_GAME = """\
id: sample
title: {en: Sample Game, zh-Hant: 範例遊戲}
languages: [en, zh-Hant, fr]
components:
  - id: cards
    kind: cards
    title: Cards
    items: cards.yaml
    size: poker
    layout: card-front
    sheet: {paper: A5, bleed: 60mm, crop_marks: maybe}
  - id: tokens
    kind: tokns
    title: Tokens
  - id: board
    kind: board
    title: Board
    size: {width: 0.5mm, height: 40cm}
    colour: red
"""

BROKEN_LAYOUT = """\
id: card-front
background: "#12345"
boxes:
  - {kind: text, x: 2mm, y: 2mm, w: -5mm, h: 10mm, text: hi, size: 0}
  - kind: repeat
    count: 3
    boxes:
      - {kind: line, x: 0, y: 0, w: 1mm, h: 1mm}
      - {kind: circle, x: 1parsec, y: 0, w: 5mm, h: 5mm}
  - {kind: grid, cell: 5mm, rows: 0, terrain: {wood: {fill: green, icon_colour: red}}}
"""


def _game(tmp_path: Path, game: str | None = None, layout: str | None = None) -> Path:
    folder = tmp_path / "sample"
    shutil.copytree(SAMPLE, folder)
    if game is not None:
        (folder / "game.yaml").write_text(game, encoding="utf-8")
    if layout is not None:
        (folder / "layouts" / "card-front.yaml").write_text(layout, encoding="utf-8")
    return folder


def _problems(tmp_path: Path) -> list[str]:
    result = pnp("check", "--content", str(tmp_path), "sample", cwd=tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.replace(f"{tmp_path}/", "").splitlines()
    if len(lines) == 1:  # a lone problem is the error itself
        return [lines[0].removeprefix("Error: ")]
    assert lines[-1] == f"Error: {len(lines) - 1} problems found."
    return lines[:-1]


def test_every_problem_of_a_game_file_is_reported_at_its_line(tmp_path: Path) -> None:
    _game(tmp_path, game=BROKEN_GAME)
    got = _problems(tmp_path)
    assert got == [
        "sample/game.yaml:3:26: languages[2]: 'fr' is not one of en, zh-Hant, zh-Hans",
        "sample/game.yaml:11:20: components[0].sheet.paper: 'A5' is not one of A4, Letter, A3, "
        "Tabloid",
        "sample/game.yaml:11:31: components[0].sheet.bleed: must be between 0mm and 50mm",
        "sample/game.yaml:11:49: components[0].sheet.crop_marks: expected true or false, "
        "got 'maybe'",
        "sample/game.yaml:13:11: components[1].kind: 'tokns' is not one of cards, tokens, tiles, "
        "board, dice-labels; did you mean 'tokens'?",
        "sample/game.yaml:15:5: components[2].layout: required key is missing",
        "sample/game.yaml:18:19: components[2].size.width: must be between 1mm and 3000mm",
        "sample/game.yaml:19:5: components[2].colour: unknown key",
    ]


def test_every_problem_of_a_layout_is_reported_inside_nested_boxes(tmp_path: Path) -> None:
    _game(tmp_path, layout=BROKEN_LAYOUT)
    got = _problems(tmp_path)
    assert got == [
        "sample/layouts/card-front.yaml:2:13: background: '#12345' is not a colour; use #rgb, "
        "#rrggbb or one of black, blue, brown, gray, green, grey, none, orange, purple, red, "
        "white, yellow",
        "sample/layouts/card-front.yaml:4:37: boxes[0].w: must not be negative",
        "sample/layouts/card-front.yaml:4:68: boxes[0].size: 0 is not a font size between 1pt "
        "and 300pt",
        "sample/layouts/card-front.yaml:9:27: boxes[1].boxes[1].x: '1parsec' is not a length; "
        "write a number and one of mm, cm, in, pt",
        "sample/layouts/card-front.yaml:10:35: boxes[2].rows: must be at least 1, not 0",
        "sample/layouts/card-front.yaml:10:68: boxes[2].terrain.wood.icon_colour: unknown key; "
        "did you mean 'icon_color'?",
    ]


def test_a_missing_key_is_reported_at_the_mapping_that_lacks_it(tmp_path: Path) -> None:
    text = "id: card-front\nboxes:\n  - {kind: text, x: 1mm, y: 1mm, w: 5mm, h: 5mm}\n"
    _game(tmp_path, layout=text)
    assert _problems(tmp_path) == [
        "sample/layouts/card-front.yaml:3:5: boxes[0].text: required key is missing"
    ]


def test_good_data_converts_to_typed_values() -> None:
    game = convert(
        GameSpec,
        {
            "id": "g",
            "title": "G",
            "components": [
                {"id": "c", "kind": "tokens", "title": "C", "items": "i.yaml", "size": "poker"}
                | {"layout": "f", "sheet": {"bleed": "0.125in", "margin": "5mm"}}
            ],
        },
    )
    (component,) = game.components
    assert component.kind == "tokens"
    assert component.sheet.bleed == pytest.approx(9.0)  # 1/8 inch in points
    assert component.sheet.margin == pytest.approx(5 * 72 / 25.4)
    layout = convert(
        LayoutSpec,
        {"id": "f", "boxes": [{"kind": "text", "x": "10%", "y": 0, "w": 1, "h": 1, "text": "t"}]},
    )
    box = layout.boxes[0]
    assert (box.x.value, box.x.relative, box.size, box.color) == (0.1, True, 9.0, "#000000")


def test_a_kind_that_is_not_a_word_is_a_located_problem(tmp_path: Path) -> None:
    text = "id: card-front\nboxes:\n  - {kind: [text], x: 1mm, y: 1mm, w: 5mm, h: 5mm}\n"
    _game(tmp_path, layout=text)
    (problem,) = _problems(tmp_path)
    assert problem.startswith("sample/layouts/card-front.yaml:3:12: boxes[0].kind: ['text'] is not")


_ODD = [None, 0, -1, 1.5, "", "x", "10mm", "50%", [], {}, [1, "a"], {"k": 1}, True, 10**20]


def _places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _places(value, (*path, key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from _places(value, (*path, n))


def _mutated(data: Any, rng: random.Random) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 4)):
        path = rng.choice(list(_places(data)))
        if not path:
            continue
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        roll = rng.random()
        if roll < 0.6:
            parent[path[-1]] = copy.deepcopy(rng.choice(_ODD))
        elif roll < 0.8 and isinstance(parent, dict):
            parent[f"{path[-1]}x"] = 1
        elif isinstance(parent, dict):
            del parent[path[-1]]
    return data


@pytest.mark.parametrize(
    ("model", "file"),
    [
        (GameSpec, SAMPLE / "game.yaml"),
        (LayoutSpec, SAMPLE / "layouts" / "card-front.yaml"),
        (ItemsFile, SAMPLE / "cards.yaml"),
        (TableSpec, ROOT / "content" / "maquis" / "table.yaml"),
        (SourceFile, ROOT / "content" / "ragnarok" / "rules" / "en.yaml"),
    ],
    ids=lambda v: v.name if isinstance(v, Path) else v.__name__,
)
def test_broken_files_give_located_problems_never_a_crash(model: Any, file: Path) -> None:
    """Seeded random breakage of real files (wrong types, unknown keys, keys removed)."""
    text = file.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    rng = random.Random(file.name)
    refused = 0
    for _ in range(150):
        broken = _mutated(data, rng)
        loaded = load_yaml_text(yaml.safe_dump(broken, allow_unicode=True), file.name)
        issues = IssueCollector()
        result = validate(model, loaded, issues)
        assert (result is None) == bool(issues.issues)
        for issue in issues.issues:
            assert issue.location.line >= 1 and issue.message
        refused += result is None
    assert refused > 50  # the breakage is real: most files are refused
