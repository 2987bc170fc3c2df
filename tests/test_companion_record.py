"""The game a session records in its log reads as the table model it was written from, and a
record of the first format still plays with the game's content as it is now."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from generator.companion.engine import Table, new_session
from generator.companion.game import TableGame, migrate_record, recorded_spec
from generator.content.folders import content_dir, find_games
from generator.content.table.models import TableSpec

from .helpers import ROOT

GAMES = [
    *sorted(p.resolve() for p in find_games(content_dir()) if (p / "table.yaml").is_file()),
    ROOT / "tests" / "fixtures" / "table_game",
    ROOT / "tests" / "fixtures" / "table_blocks",
]


@pytest.mark.parametrize("root", GAMES, ids=lambda p: p.name)
def test_a_recorded_table_converts_back_to_the_model_it_was_written_from(root: Path) -> None:
    game = TableGame.load(root)
    record = json.loads(json.dumps(game.record()))  # as the log's header holds it
    assert migrate_record(record) is record
    assert msgspec.convert(record["spec"], TableSpec) == game.spec
    spec = TableGame.from_record(game.id, root, record).spec
    assert spec == recorded_spec(record["spec"])
    for did, deck in game.spec.decks.items():  # the record reads field by field as the model
        assert spec.decks[did].modes == deck.modes and spec.decks[did].deal == deck.deal
    for tid, track in game.spec.tracks.items():
        assert (spec.tracks[tid].start, spec.tracks[tid].end) == (track.start, track.end)
    assert [p.id for p in spec.turn] == [p.id for p in game.spec.turn]


def test_a_record_of_the_first_format_is_read_with_the_content_as_it_is_now(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.jsonl"
    new_session(str(GAMES[-2]), path, ["Ann"], seed=3)
    header, rest = path.read_text(encoding="utf-8").split("\n", 1)
    data = json.loads(header)
    del data["record"]["format"]  # the first format wrote none
    assert migrate_record(data["record"]) is None
    path.write_text(json.dumps(data) + "\n" + rest, encoding="utf-8")
    table = Table(path)
    table.load()
    assert table.game is not None and table.game.changed  # told: the content may differ
    assert isinstance(table.game.spec, TableSpec)  # read from the game's folder
