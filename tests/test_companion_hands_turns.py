"""The generic blocks a play-through leans on, each on a made-up game written in the test.

A hand shared by two decks with a limit (refused or discarded down), a deck with one owner, an
opening deal that puts a kind back, a card returned from a hand, a turn of phases that wraps to
the next turn, a bag drawn once a turn, and the checks ``table.yaml`` gets for them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.companion.engine import Table, new_session
from generator.content.table import load_table
from generator.errors import ContentError, UsageError

pytestmark = pytest.mark.usefixtures("data_dir")

TABLE = """
decks:
  red:
    cards: [{id: red, qty: 6, name: red card}]
    owner: Ann
  blue:
    cards:
      - {id: blue, qty: 3, name: blue card}
      - {id: trap, qty: 5, name: trap, kind: trap}
    deal: 3
    deal_redraw: [trap]
hands:
  cards: {decks: [red, blue], limit: 3, over: refuse}
bags:
  pool:
    tiles: [{id: one, value: 1, qty: 4}]
    max_draws: 2
    per_turn: true
    track: clock
tracks:
  clock: {start: 0, end: 20}
turn:
  - {id: draw, name: {en: Draw}}
  - {id: fight, name: {en: Fight}, does: {en: Roll the dice.}}
"""


def game(tmp_path: Path, table: str = TABLE) -> Path:
    root = tmp_path / "made-up"
    root.mkdir()
    (root / "game.yaml").write_text("id: made-up\ntitle: Made up\ncomponents: []\n")
    (root / "table.yaml").write_text(table)
    return root


def table(tmp_path: Path) -> Table:
    path = tmp_path / "s.jsonl"
    new_session(str(game(tmp_path)), path, ["Ann", "Bob"], seed=5)
    return Table(path)


def test_a_hand_shared_by_two_decks_refuses_a_card_past_its_limit(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.run("deck.draw", {"deck": "red", "player": "Ann"})
    t.run("deck.draw", {"deck": "red", "player": "Ann"})
    t.run("deck.draw", {"deck": "blue", "player": "Ann"})
    with pytest.raises(UsageError, match="Ann's hand is full; its limit is 3"):
        t.run("deck.draw", {"deck": "blue", "player": "Ann"})
    t.run("deck.draw", {"deck": "blue", "player": "Bob"})  # Bob's hand is his own


def test_a_deck_with_an_owner_is_drawn_by_that_player_alone(tmp_path: Path) -> None:
    t = table(tmp_path)
    with pytest.raises(UsageError, match="only Ann draws from the red"):
        t.run("deck.draw", {"deck": "red", "player": "Bob"})
    assert t.run("deck.draw", {"deck": "red"})["fx"]["player"] == "Ann"


def test_an_opening_deal_puts_a_redrawn_kind_back_and_replays_the_same(tmp_path: Path) -> None:
    t = table(tmp_path)
    fx = t.run("deck.deal", {"deck": "blue", "player": "Bob"})["fx"]
    assert len(fx["cards"]) == 3 and all(c.startswith("blue") for c, _ in fx["cards"])
    assert fx["returned"] and all(c.startswith("trap") for c in fx["returned"])
    state = Table(t.path).snapshot_state()["decks"]["blue"]  # rebuilt from the log
    assert sorted(state["pile"]) == [f"trap#{i}" for i in range(1, 6)]
    with pytest.raises(UsageError, match="the red has no opening deal"):
        t.run("deck.deal", {"deck": "red", "player": "Ann"})


def test_a_card_goes_back_from_a_hand_into_the_deck(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.run("deck.draw", {"deck": "blue", "player": "Bob"})
    hand = Table(t.path).snapshot_state()["decks"]["blue"]["hands"]["Bob"]
    name = "blue card" if hand[0][0].startswith("blue") else "trap"  # as drawn
    fx = t.run("deck.return", {"deck": "blue", "cards": [name], "player": "Bob"})["fx"]
    state = Table(t.path).snapshot_state()["decks"]["blue"]
    assert fx["returned"][0] in state["pile"] and state["hands"]["Bob"] == []


def test_a_turn_walks_its_phases_and_wraps_to_the_next_turn(tmp_path: Path) -> None:
    t = table(tmp_path)
    assert t.run("turn.next", {})["fx"] == {"n": 1, "phase": 1}
    assert t.run("turn.next", {})["fx"] == {"n": 2, "phase": 0}


def test_a_bag_drawn_once_a_turn_waits_for_the_next(tmp_path: Path) -> None:
    t = table(tmp_path)
    with pytest.raises(UsageError, match="say how many tiles may be drawn this turn"):
        t.run("fate.draw", {"bag": "pool"})
    t.run("fate.draw", {"bag": "pool", "generals": 1})
    with pytest.raises(UsageError, match="this bag has had its drawing for turn 1"):
        t.run("fate.draw", {"bag": "pool", "generals": 1})
    t.run("turn.next", {})
    t.run("turn.next", {})
    assert t.run("fate.draw", {"bag": "pool", "generals": 1})["out"]["resolve"]


def test_table_yaml_names_a_missing_deck_in_a_hand_and_a_per_turn_bag_without_a_turn(
    tmp_path: Path,
) -> None:
    broken = TABLE.replace("decks: [red, blue]", "decks: [red, bleu]").split("turn:\n")[0]
    with pytest.raises(ContentError) as found:
        load_table(game(tmp_path, broken))
    said = str(found.value)
    assert "hands.cards.decks[1]: no deck 'bleu'" in said and "blue" in said
    assert "bags.pool.per_turn: per_turn needs a turn: block" in said


def test_a_log_recorded_in_the_older_table_shape_goes_on_with_the_rules_as_they_are_now(
    tmp_path: Path,
) -> None:
    import json

    from .helpers import pnp

    path = tmp_path / "old.jsonl"
    new_session(str(game(tmp_path)), path, ["Ann"], seed=2)
    Table(path).run("turn.next", {})
    lines = path.read_text(encoding="utf-8").split("\n")
    header = json.loads(lines[0])
    record = header["record"]
    del record["format"]  # written before the turn became a list of phases
    record["spec"]["turn"] = {"phases": record["spec"]["turn"]}
    lines[0] = json.dumps(header, ensure_ascii=False)
    path.write_text("\n".join(lines), encoding="utf-8")
    done = pnp("status", "--session", str(path))
    assert done.returncode == 0, done.stderr
    assert "Turn 1, phase 2 of 2: Fight." in done.stdout
    assert "has changed since this session started" in done.stderr


def test_table_yaml_names_a_turn_track_that_is_not_a_track(tmp_path: Path) -> None:
    broken = TABLE.replace("turn:\n", "turn_track: dya\nturn:\n", 1)
    with pytest.raises(ContentError) as found:
        load_table(game(tmp_path, broken))
    said = str(found.value)
    assert "turn_track: no track 'dya'" in said
