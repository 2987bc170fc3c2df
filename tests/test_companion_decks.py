"""Decks and the score pad: the card-number generator, activation modes, patrols, the pad, the prompt."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.companion.engine import Table, new_session
from generator.errors import UsageError

from .helpers import ROOT, pnp
from .helpers import TABLE_GAME as GAME

pytestmark = pytest.mark.usefixtures("data_dir")


def table(tmp_path: Path, seed: int = 1) -> Table:
    path = tmp_path / "s.jsonl"
    new_session(GAME, path, ["Ann", "Bob"], seed=seed)
    return Table(path)


def test_number_deck_reads_the_chosen_position_and_discards(tmp_path: Path) -> None:
    t = table(tmp_path)
    fx = t.run("deck.draw", {"deck": "numbers", "position": 2})["fx"]
    numbers = {"a": 2, "b": 6, "c": 10, "plague": 4}
    assert fx["number"] == numbers[fx["card"].split("#")[0]]
    state = t.snapshot_state()["decks"]["numbers"]
    assert state["discard"] == [fx["card"]] and len(state["pile"]) == 7
    with pytest.raises(UsageError, match="position must be 1..4"):
        t.run("deck.draw", {"deck": "numbers", "position": 5})


def test_capitals_stay_out_and_the_king_joins_at_the_first_reshuffle_and_ends_the_game(
    tmp_path: Path,
) -> None:
    t = table(tmp_path, seed=8)
    seen = [t.run("deck.draw", {"deck": "numbers", "position": 1})["fx"] for _ in range(8)]
    assert not any(fx["card"].startswith(("king", "capital")) for fx in seen)
    assert sorted(fx["card"] for fx in seen) == sorted(
        t.snapshot_state()["decks"]["numbers"]["discard"]
    )
    for _ in range(9):
        fx = t.run("deck.draw", {"deck": "numbers", "position": 1})["fx"]
        if fx["card"] == "king":
            assert fx["ends_game"] is True
            break
    else:
        pytest.fail("the king never came up after the reshuffle")
    assert t.snapshot_state()["decks"]["numbers"]["reshuffles"] == 1
    with pytest.raises(UsageError, match="the game is over"):
        t.run("deck.draw", {"deck": "numbers", "position": 1})


def test_must_play_acts_when_drawn_into_a_hand_but_not_as_a_number(tmp_path: Path) -> None:
    t = table(tmp_path, seed=2)
    kinds = set()
    for _ in range(8):
        fx = t.run("deck.draw", {"deck": "numbers"})["fx"]
        kinds.add(fx["kind"])
        assert fx.get("must_play", False) == (fx["kind"] == "must-play")
    assert "must-play" in kinds
    assert len(t.snapshot_state()["decks"]["numbers"]["out"]) == 8
    t.run("deck.discard", {"deck": "numbers", "cards": ["plague"]})
    assert any(c.startswith("plague") for c in t.snapshot_state()["decks"]["numbers"]["discard"])


def test_plain_deck_reshuffles_and_never_repeats_within_a_cycle(tmp_path: Path) -> None:
    t = table(tmp_path)
    cards = [t.run("deck.draw", {"deck": "cycle"})["fx"]["card"] for _ in range(14)]
    assert sorted(cards[:7]) == sorted(cards[7:]) == [f"c{i}" for i in range(1, 8)]


def test_marauder_mode_mixes_every_card_and_allows_one_reserve_per_player(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    t.run("act.add", {"deck": "units", "player": "Ann", "units": ["griffins", "archers"]})
    t.run("act.add", {"deck": "units", "player": "Bob", "units": ["wolves", "fangs"]})
    t.run("act.turn", {"deck": "units", "mode": "marauder"})
    fx = t.run("act.draw", {"deck": "units"})["fx"]
    owner = fx["owner"]
    other = "Bob" if owner == "Ann" else "Ann"
    with pytest.raises(UsageError, match="only the card just drawn"):
        t.run("act.reserve", {"deck": "units", "player": other})
    t.run("act.reserve", {"deck": "units", "player": owner})
    with pytest.raises(UsageError, match="already reserved a card this turn"):
        t.run("act.reserve", {"deck": "units", "player": owner})
    drawn = [t.run("act.draw", {"deck": "units"})["fx"]["card"] for _ in range(3)]
    with pytest.raises(UsageError, match="the deck is empty"):
        t.run("act.draw", {"deck": "units"})
    played = t.run("act.play", {"deck": "units", "player": owner})["fx"]["card"]
    assert sorted([*drawn, played]) == ["archers", "fangs", "griffins", "wolves"]


def test_sequence_mode_reveals_in_order_and_reserves_the_first_card(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.run("act.add", {"deck": "units", "player": "Ann", "units": ["a1", "a2", "a3"]})
    t.run("act.turn", {"deck": "units", "mode": "sequence", "order": {"Ann": ["a3", "a1", "a2"]}})
    t.run("act.reserve", {"deck": "units", "player": "Ann"})
    assert t.run("act.draw", {"deck": "units", "player": "Ann"})["fx"]["card"] == "a1"
    assert t.run("act.play", {"deck": "units", "player": "Ann"})["fx"]["card"] == "a3"
    t.run("act.remove", {"deck": "units", "unit": "a2"})
    assert t.run("act.draw", {"deck": "units", "player": "Ann"})["fx"]["removed"] is True


def test_barbarian_mode_plays_the_chosen_card(tmp_path: Path) -> None:
    t = table(tmp_path)
    t.run("act.add", {"deck": "units", "player": "Ann", "units": ["a1", "a2"]})
    t.run("act.turn", {"deck": "units", "mode": "barbarian"})
    assert t.run("act.play", {"deck": "units", "player": "Ann", "card": "a2"})["fx"]["card"] == "a2"
    with pytest.raises(UsageError, match="has no card 'a2' left"):
        t.run("act.play", {"deck": "units", "player": "Ann", "card": "a2"})


def test_score_pad_sums_rounds_per_player(tmp_path: Path, data_dir: Path) -> None:
    assert pnp("session", "new", GAME, "--players", "Ann,Bob").returncode == 0
    for who, pts in (("Ann", "3"), ("Bob", "5"), ("Ann", "4")):
        assert pnp("score", "add", who, pts).returncode == 0
    pad = json.loads(pnp("score", "pad", "--json").stdout)
    assert pad["totals"] == {"Ann": 7, "Bob": 5} and pad["rounds"] == [1, 2]
    status = pnp("status", "--lang", "zh-Hant").stdout
    assert "分數：Ann 7, Bob 5" in status


def test_points_taken_away_are_written_as_a_negative_number(tmp_path: Path, data_dir: Path) -> None:
    """A penalty is typed as the players say it (`score add Ann -5`), not after a `--`."""
    assert pnp("session", "new", GAME, "--players", "Ann,Bob").returncode == 0
    assert pnp("score", "add", "Ann", "7").stdout.startswith("Ann +7 (round 1)")
    taken = pnp("score", "add", "Ann", "-5", "--round", "2")
    assert taken.returncode == 0, taken.stderr
    assert taken.stdout.startswith("Ann -5 (round 2); total 2.")
    assert "+-" not in pnp("score", "add", "Bob", "-3", "--lang", "zh-Hans").stdout
    pad = json.loads(pnp("score", "pad", "--json").stdout)
    assert pad["totals"] == {"Ann": 2, "Bob": -3}
    assert pnp("score", "add", "Ann", "-5x").returncode == 2  # still not a number
    # a mistyped option is still named as one, wherever it stands, in the players' language
    for args in (["Ann", "5", "--rond", "2"], ["Ann", "--rond", "2", "5"]):
        typo = pnp("score", "add", *args)
        assert typo.returncode == 2 and "No such option '--rond'" in typo.stderr, typo.stderr
        assert "--round" in typo.stderr
    said = pnp("score", "add", "Ann", "5", "--rond", "2", "--lang", "zh-Hans").stderr
    assert "没有“--rond”这个选项" in said and "--round" in said
    assert json.loads(pnp("score", "pad", "--json").stdout)["totals"] == {"Ann": 2, "Bob": -3}


def test_play_prompt_reads_commands_from_stdin(tmp_path: Path, data_dir: Path) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(data_dir)}
    run = pnp(
        "play", GAME,
        input="roll 2d6 --seed 1\nroll 2d6kq\nscore add Ann 2\nquit\nroll 1d6\n",
        cwd=ROOT, env=env,
    )  # fmt: skip
    assert run.returncode == 0
    assert "2d6 = [" in run.stdout and "Ann +2 (round 1); total 2." in run.stdout
    assert "unexpected 'q'" in run.stderr and "1d6" not in run.stdout


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_every_kind_of_deck_event_is_told_in_a_sentence(tmp_path: Path, lang: str) -> None:
    from generator.companion.engine import OPS
    from generator.companion.i18n import Terms
    from generator.companion.render import RENDER, event_lines
    from generator.locale import use_language

    t = table(tmp_path)
    events = [
        t.run("act.add", {"deck": "units", "player": "Ann", "units": ["a1", "a2"]}),
        t.run("act.turn", {"deck": "units", "mode": "sequence", "order": {"Ann": ["a2", "a1"]}}),
        t.run("act.remove", {"deck": "units", "unit": "a1"}),
        t.run("deck.draw", {"deck": "numbers"}),
    ]
    hand = t.state["decks"]["numbers"]["out"]
    events.append(t.run("deck.discard", {"deck": "numbers", "cards": list(hand)}))
    events.append(t.run("deck.reset", {"deck": "cycle"}))
    terms = Terms(t.game.root, lang)
    use_language(lang)
    try:
        told = {e["type"]: event_lines(t.game, terms, e) for e in events}
    finally:
        use_language("en")
    assert set(OPS) <= set(RENDER)
    for kind in ("act.add", "act.turn", "act.remove", "deck.discard", "deck.reset"):
        (line,) = told[kind]
        assert "{" not in line and kind not in line, line
        assert line.endswith("." if lang == "en" else "。"), line
    if lang != "en":  # a mode is named by its glossary term; this game has none: by its id
        assert told["act.turn"][0].endswith("：sequence。")
