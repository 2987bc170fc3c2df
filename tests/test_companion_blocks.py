"""A made-up game (tests/fixtures/table_blocks) plays by data alone: every building block once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import cli
from generator.companion.engine import Table, new_session
from generator.companion.game import TableGame
from generator.companion.named_rolls import named_roll
from generator.errors import UsageError

from .helpers import ROOT

GAME = ROOT / "tests" / "fixtures" / "table_blocks"
pytestmark = pytest.mark.usefixtures("data_dir")


def table(tmp_path: Path, seed: int = 3) -> Table:
    path = tmp_path / "s.jsonl"
    new_session(str(GAME), path, ["Ann", "Bob"], seed=seed)
    return Table(path)


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


def test_a_hand_of_hands_refuses_a_draw_past_its_limit(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.run("deck.draw", {"deck": "hand", "player": "Ann"})
    t.run("deck.draw", {"deck": "hand", "player": "Ann"})
    with pytest.raises(UsageError, match="its limit is 2"):
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


def test_a_contest_rolls_again_until_one_is_highest(monkeypatch: pytest.MonkeyPatch) -> None:
    from .helpers import pnp

    monkeypatch.setenv("PNP_CONTENT_DIR", str(GAME.parent))
    for seed in range(1, 40):
        done = pnp("roll", "table_blocks:initiative", "--seed", str(seed), "--no-session", "--json")
        data = json.loads(done.stdout)
        last = data["rounds"][-1]
        assert last[0]["total"] != last[1]["total"]
        assert all(r[0]["total"] == r[1]["total"] for r in data["rounds"][:-1])
        assert data["winner"] == ("Red" if last[0]["total"] > last[1]["total"] else "Blue")
        if len(data["rounds"]) > 1:
            return
    pytest.fail("no seed gave a tie")


def test_a_mark_moves_another_track_and_steps_tell_their_meaning(tmp_path: Path) -> None:
    t = table(tmp_path)
    move = t.run("track.move", {"track": "week", "by": 1})["fx"]
    assert move["marks"] == ["storm"]
    assert move["then"][0]["track"] == "spirit" and move["then"][0]["to"] == 2
    assert move["tells"] == {"spirit": 2}
    from generator.companion.i18n import Terms
    from generator.companion.render import event_lines

    event = t.log.events[-1]
    lines = event_lines(t.game, Terms(t.game.root, "en"), {**event, "fx": move})
    assert "a storm lowers the spirit" in lines
    assert lines.count("two guards on the walls") == 1


def test_decks_of_one_side_keep_hands_hidden_and_end_together(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.snapshot_state()  # loads the game
    cards = t.game.cards["red-orders"]
    assert set(cards) == {"p1", "p2"} and set(t.game.cards["blue-orders"]) == {"p3"}
    assert cards["p1"]["name"]["en"] == "North Gate"
    assert t.game.cards["blue-orders"]["p3"]["name"] == {
        "en": "Old Bridge"
    }  # the first field given
    t.run("deck.draw", {"deck": "blue-orders", "player": "Bob"})  # Blue's deck is in play
    first = t.run("deck.draw", {"deck": "red-orders", "player": "Ann"})["fx"]
    assert not first.get("ran_out")
    last = t.run("deck.draw", {"deck": "red-orders", "player": "Ann"})["fx"]
    assert last["ran_out"] and last["all_run_out"]  # Blue's single card was drawn out first
    from generator.companion.i18n import Terms
    from generator.companion.render import deck_draw

    said = deck_draw(t.game, Terms(t.game.root, "en"), t.log.events[-1] | {"fx": last})
    assert (
        "into hand" in said[0]
        and "North Gate" not in " ".join(said)
        and "Market" not in " ".join(said)
    )
    assert said[-1] == "both order decks are spent"
