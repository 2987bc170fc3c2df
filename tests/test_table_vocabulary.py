"""The table vocabulary stays small and generic: every kind serves two games, the schema shrinks.

``table.yaml`` is read by one schema (:mod:`generator.content.table.models`). Every value of a
field with a fixed set of values (a threshold's ``when``, a hand's ``over``, a deck mode's way of
play ...) must be used by at least two of the shipped games and starters, or it is a one-game
special case in disguise; the schema must stay smaller than it was when the score kinds were
one per game (22 structs, 144 fields); no game's id may appear in the program.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest

from generator.content.table import load_table
from generator.content.table.models import TableSpec

from .helpers import ROOT

GAMES = sorted(p for p in (ROOT / "content").iterdir() if (p / "table.yaml").is_file())
STARTERS = sorted(
    p for p in (ROOT / "templates" / "starters").iterdir() if (p / "table.yaml").is_file()
)


def _literals(info: Any) -> list[Any]:
    """The fixed values a field's type allows (inside lists, mappings, unions and metadata)."""
    if isinstance(info, mi.Metadata):
        return _literals(info.type)
    if isinstance(info, mi.LiteralType):
        return list(info.values)
    if isinstance(info, mi.UnionType):
        return [v for t in info.types for v in _literals(t)]
    if isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType)):
        return _literals(info.item_type)
    if isinstance(info, mi.DictType):
        return _literals(info.value_type)
    return []


def _structs(info: Any, seen: dict[type, Any]) -> None:
    """Every struct reachable from ``info``, with its type info."""
    if isinstance(info, mi.Metadata):
        _structs(info.type, seen)
    elif isinstance(info, mi.StructType):
        if info.cls not in seen:
            seen[info.cls] = info
            for f in info.fields:
                _structs(f.type, seen)
    elif isinstance(info, mi.UnionType):
        for t in info.types:
            _structs(t, seen)
    elif isinstance(info, mi.DictType):
        _structs(info.key_type, seen)
        _structs(info.value_type, seen)
    elif hasattr(info, "item_type"):
        _structs(info.item_type, seen)


def schema() -> dict[type, Any]:
    seen: dict[type, Any] = {}
    _structs(mi.type_info(TableSpec), seen)
    return seen


def _uses(value: Any, game: str, found: dict[tuple[str, Any], set[str]]) -> None:
    """Record which game uses which fixed value of which field."""
    if isinstance(value, msgspec.Struct):
        for f in mi.type_info(type(value)).fields:
            allowed = _literals(f.type)
            got = getattr(value, f.name)
            if allowed:
                key = f"{type(value).__name__}.{f.name}"
                values = (
                    got
                    if isinstance(got, list)
                    else got.values()
                    if isinstance(got, dict)
                    else [got]
                )
                for v in values:
                    if v in allowed:
                        found[(key, v)].add(game)
            _uses(got, game, found)
    elif isinstance(value, dict):
        for v in value.values():
            _uses(v, game, found)
    elif isinstance(value, list):
        for v in value:
            _uses(v, game, found)


def test_the_table_schema_is_smaller_than_with_one_score_kind_per_game() -> None:
    structs = schema()
    # the file's format version is not part of the table's vocabulary; the table model's generic
    # rules count in (a phase's allows, a roll's limits, a claimed deck, a marker per player,
    # what the turn counter counts and the track a new turn moves on)
    fields = sum(len([f for f in info.fields if f.name != "format"]) for info in structs.values())
    assert len(structs) < 22 and fields < 153, (len(structs), fields)


def test_every_fixed_value_of_the_table_schema_serves_two_games_or_starters() -> None:
    found: dict[tuple[str, Any], set[str]] = defaultdict(set)
    for folder in [*GAMES, *STARTERS]:
        _uses(load_table(folder), folder.name, found)
    allowed = {
        (f"{cls.__name__}.{f.name}", v)
        for cls, info in schema().items()
        for f in info.fields
        for v in _literals(f.type)
    }
    lonely = {f"{key}={v}": sorted(found.get((key, v), ())) for key, v in allowed}
    lonely = {k: games for k, games in lonely.items() if len(games) < 2}
    assert not lonely, lonely


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_no_game_is_named_in_the_program(folder: Path) -> None:
    word = re.compile(rf"(?<![\w-]){re.escape(folder.name)}(?![\w-])")
    named = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "generator").rglob("*")
        if path.suffix in (".py", ".yaml", ".po") and word.search(path.read_text(encoding="utf-8"))
    ]
    assert not named, named
