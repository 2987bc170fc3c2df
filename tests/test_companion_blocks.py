"""A made-up game (tests/fixtures/table_blocks) plays by data alone: every building block once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.companion.engine import Table, new_session
from generator.companion.game import TableGame, named_roll
from generator.companion.scores import calculate
from generator.errors import UsageError

from .helpers import ROOT

GAME = ROOT / "tests" / "fixtures" / "table_blocks"
pytestmark = pytest.mark.usefixtures("data_dir")


def table(tmp_path: Path, seed: int = 3) -> Table:
    path = tmp_path / "s.jsonl"
    new_session(str(GAME), path, ["Ann", "Bob"], seed=seed)
    return Table(path)


def score(name: str, **opts: str) -> dict:  # type: ignore[type-arg]
    spec = TableGame.load(GAME).spec.scoring[name]
    return calculate(spec, {k.replace("_", "-"): v for k, v in opts.items()})


def test_the_game_folder_holds_no_python() -> None:
    assert not list(GAME.rglob("*.py"))


def test_a_roll_option_without_a_default_must_be_given() -> None:
    game = TableGame.load(GAME)
    with pytest.raises(UsageError, match="needs --icons"):
        named_roll(game, "volley", {})
    assert named_roll(game, "volley", {"icons": "345"})[0] == "1d6@345"


def test_a_deck_takes_its_cards_and_names_from_a_printed_component(tmp_path: Path) -> None:
    t = table(tmp_path)
    names = set()
    for _ in range(3):
        event = t.run("deck.draw", {"deck": "patrol"})
        names.add(t.game.cards["patrol"][event["fx"]["card"]]["name"]["en"])
    assert names == {"North Gate", "Market", "Bridge"}
    assert event["fx"]["deck_empty"] is True
    with pytest.raises(UsageError, match="the game is over \\(the last patrol has walked\\)"):
        t.run("track.move", {"track": "alarm", "by": 1})


def test_hand_size_limits_a_players_hand(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.run("deck.draw", {"deck": "hand", "player": "Ann"})
    t.run("deck.draw", {"deck": "hand", "player": "Ann"})
    with pytest.raises(UsageError, match="at most 2"):
        t.run("deck.draw", {"deck": "hand", "player": "Ann"})
    t.run("deck.draw", {"deck": "hand", "player": "Bob"})


def test_two_reserves_a_turn_when_the_deck_says_so(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.run("act.add", {"deck": "units", "player": "Ann", "units": ["a", "b", "c"]})
    t.run("act.turn", {"deck": "units", "mode": "sequence"})
    t.run("act.reserve", {"deck": "units", "player": "Ann"})
    t.run("act.reserve", {"deck": "units", "player": "Ann"})
    with pytest.raises(UsageError, match="at most 2"):
        t.run("act.reserve", {"deck": "units", "player": "Ann"})


def test_thresholds_end_the_game_at_reaching_below_and_past(tmp_path: Path) -> None:
    t = table(tmp_path)
    assert t.run("track.move", {"track": "spirit", "to": 4})["fx"]["to"] == 4
    assert t.run("track.move", {"track": "week", "to": 3})["fx"]["game_over"] is None
    assert t.run("track.move", {"track": "week", "by": 1})["fx"]["game_over"] == 0
    t2 = table(tmp_path / "b")
    assert t2.run("track.move", {"track": "spirit", "by": -3})["fx"]["game_over"] == 0
    t3 = table(tmp_path / "c")
    assert t3.run("track.move", {"track": "alarm", "by": 9})["fx"]["to"] == 5
    assert t3.snapshot_state()["over"]["id"] == "alarm"


def test_the_bag_moves_its_track(tmp_path: Path) -> None:
    t = table(tmp_path, seed=11)
    event = t.run("fate.draw", {"bag": "luck", "generals": 1})
    resolved = event["fx"]["resolved"]
    assert t.snapshot_state()["tracks"]["alarm"] == resolved["value"]


def test_control_sum_army_and_territory_blocks() -> None:
    low = score("hold", hold="well")
    assert low["points"] == 2 and low["wins"] is False
    assert [w for w in low["other_side_instant_wins"] if "army" in w]
    high = score("hold", hold="tower,well")
    assert high["wins_now"] is True and not [
        w for w in high["other_side_instant_wins"] if "army" in w
    ]
    assert score("duel", gold="2", land="3")["score"] == 5
    assert score("duel", holdings="castle,farm")["hand_limit"] == 4
    assert score("duel", mine="3", theirs="1", draw="0")["hit"] is False
    assert score("duel", mine="3", theirs="1", draw="6")["hit"] is True
    both = score("clash", destroyed="20", lost="20", **{"my-army": "40", "enemy-army": "40"})
    assert both["winner"] == "blue" and both["decided_by"] == "blue"
    assert (
        score("clash", destroyed="30", lost="20", **{"my-army": "40", "enemy-army": "40"})["winner"]
        == "me"
    )
    assert score("field", attack="5", defence="2")["result"] == "defender routed"
    assert score("field", attack="1", defence="2")["result"] == "attacker hurt"
    order = score("field", mine="2", theirs="2", colours="BLUE,Red")
    assert order["winner"] == "them" and order["decided_by"] == "colour order"


def test_a_game_over_is_announced_in_every_language(tmp_path: Path) -> None:
    t = table(tmp_path)
    runner = CliRunner()
    out = runner.invoke(
        cli, ["score", "track", "alarm", "--to", "5", "--session", str(t.path), "--json"]
    )
    assert json.loads(out.output)["fx"]["game_over"] == 0
    for lang, word in (("en", "Game over"), ("zh-Hant", "遊戲結束"), ("zh-Hans", "游戏结束")):
        status = runner.invoke(cli, ["status", "--session", str(t.path), "--lang", lang])
        assert word in status.output
