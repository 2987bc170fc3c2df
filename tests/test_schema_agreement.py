"""The JSON Schema that `pnp schema` writes and `pnp check` agree on every file we ship or test.

An editor that checks a file against the written schema must accept what the build accepts and
refuse what it refuses, for every kind of component and box.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.helpers import ROOT, pnp

GAME_DIRS = sorted(
    p.parent
    for base in (ROOT / "content", ROOT / "tests" / "fixtures" / "games")
    for p in base.glob("*/game.yaml")
)


@pytest.fixture(scope="module")
def schemas(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("schema")
    result = pnp("schema", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return {
        p.name.removesuffix(".schema.json"): json.loads(p.read_text()) for p in out.glob("*.json")
    }


def _load(path: Path) -> object:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _errors(schema: dict, data: object) -> list[str]:
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]


def test_schema_declares_every_component_and_box_kind(schemas: dict[str, dict]) -> None:
    text = json.dumps(schemas["game"]) + json.dumps(schemas["layout"])
    for kind in ("cards", "tokens", "tiles", "board", "dice-labels"):
        assert f'"{kind}"' in text
    for box in (
        "frame",
        "text",
        "circle",
        "icon",
        "image",
        "line",
        "polygon",
        "arc",
        "repeat",
        "grid",
    ):
        assert f'"{box}"' in text


@pytest.mark.parametrize("game", GAME_DIRS, ids=lambda p: p.name)
def test_every_good_file_passes_both_the_schema_and_check(
    game: Path, schemas: dict[str, dict]
) -> None:
    spec = _load(game / "game.yaml")
    assert _errors(schemas["game"], spec) == []
    for layout in sorted((game / "layouts").glob("*.yaml")):
        assert _errors(schemas["layout"], _load(layout)) == [], layout.name
    for component in spec.get("components", []):
        items = component.get("items")
        if items and items.endswith((".yaml", ".yml", ".json")):
            assert _errors(schemas["items"], _load(game / items)) == [], items
    result = pnp("check", "--content", str(game.parent), game.name)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "name,kind,file",
    [
        ("bad_enum", "game", "game.yaml"),
        ("bad_unknown_key", "game", "game.yaml"),
        ("bad_repeat_count", "layout", "layouts/track.yaml"),
    ],
)
def test_files_check_refuses_are_refused_by_the_schema(
    name: str, kind: str, file: str, schemas: dict[str, dict]
) -> None:
    path = ROOT / "tests" / "fixtures" / "bad" / name / file
    assert _errors(schemas[kind], _load(path))
    assert pnp("check", "--content", "tests/fixtures/bad", name).returncode == 1


@pytest.mark.parametrize(
    ("written", "accepted"),
    [("qty: 4", True), ('qty: "4"', False), ("qty: 4.0", True), ("qty: yes", False)],
)
def test_schema_and_check_agree_on_a_quantity_written_as_text(
    written: str, accepted: bool, schemas: dict[str, dict], tmp_path: Path
) -> None:
    """In YAML a number is a number: text that looks like one is refused by both (a
    spreadsheet's cells are all text, and there check reads the number, see test_tabular)."""
    game = tmp_path / "sample"
    shutil.copytree(ROOT / "tests" / "fixtures" / "games" / "sample", game)
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("qty: 4", written, 1), "utf-8")
    assert (_errors(schemas["items"], _load(cards)) == []) is accepted
    result = pnp("check", "--content", str(tmp_path), "sample")
    assert (result.returncode == 0) is accepted, result.stderr
    if not accepted:
        assert "cards.yaml:5:10: items[0].qty: expected a whole number" in result.stderr
