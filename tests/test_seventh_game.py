"""A seventh game, made from the skirmish starter with data alone, played as a group plays it.

`pnp new night-raid --from skirmish` gives a game folder without a line of Python; its table
uses every generic block (a roll with icons and a contest, a bag drawn once an hour that moves a
track, tracks whose marks move another track or stay told, every kind of game-over threshold, an
activation deck with three ways of play, hands that discard down or refuse, a score with a
lookup table and tie-breaks, a turn of phases). Each step names the section of the starter's
rule sheet (``templates/starters/skirmish/rules/en.yaml``) it checks.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .helpers import pnp

GAME = "night-raid"


@pytest.fixture
def camp(tmp_path: Path) -> Path:
    """A fresh folder holding the new game, with its own data folder."""
    env = {"PNP_DATA_DIR": str(tmp_path / "data"), "PATH": ""}
    made = pnp("new", GAME, "--from", "skirmish", cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr
    return tmp_path


def play(camp: Path, *lines: str, lang: str = "en") -> str:
    """Type ``lines`` at ``pnp play night-raid``; everything the table printed."""
    env = {"PNP_DATA_DIR": str(camp / "data"), "PATH": ""}
    done = pnp(
        "play", GAME, "--lang", lang, cwd=camp, env=env, input="\n".join([*lines, "quit", ""])
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout + done.stderr


def test_the_new_game_is_data_alone_and_checks_clean(camp: Path) -> None:
    folder = camp / "content" / GAME
    assert not [p for p in folder.rglob("*") if p.suffix in (".py", ".pyc", ".so")]
    env = {"PNP_DATA_DIR": str(camp / "data"), "PATH": ""}
    checked = pnp("check", GAME, cwd=camp, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_an_hour_of_the_night_walks_its_phases(camp: Path) -> None:  # section "hour"
    said = play(camp, "turn", "turn next", "turn next", "turn next", "turn next")
    for phase in ("phase 1 of 4: Orders", "phase 2 of 4: Supply", "phase 3 of 4: Fight"):
        assert phase in said
    assert "Turn 2, phase 1 of 4: Orders." in said


def test_orders_three_ways_of_play(camp: Path) -> None:  # section "orders"
    said = play(
        camp,
        "deck turn orders --mode 'mixed orders'",
        "deck activate orders --player blue",
        "deck play orders --player blue",
    )
    assert re.search(r"(Scouts|Sappers|Sentries|Camp guard)", said), said
    chosen = play(camp, "deck turn orders --mode 自選下令", "deck play orders --player red guard")
    assert "Camp guard" in chosen
    wrong = play(camp, "deck turn orders --mode hurried")
    assert "mixed orders" in wrong and "planned orders" in wrong and "chosen orders" in wrong


def test_supply_draws_once_an_hour_and_the_last_tile_raises_the_alarm(camp: Path) -> None:
    # section "hour", step 2: up to two tiles; only the last counts
    said = play(camp, "fate draw --bag supply --draws 2", "fate stop --bag supply", "status --json")
    state = json.loads(said[said.index('{"') :].splitlines()[0])["state"]
    assert 0 <= state["tracks"]["alarm"] <= 2
    again = play(camp, "fate draw --bag supply")
    assert "next turn" in again or "turn next" in again


def test_the_alarm_wakes_the_sentries_and_morale_drops(camp: Path) -> None:  # section "tracks"
    said = play(camp, "score track alarm --to 3", "status")
    assert "the sentries wake" in said
    assert re.search(r"raiders' morale: 2", said), said
    shaken = play(camp, "score track morale --to 1")
    assert "shaken" in shaken


@pytest.mark.parametrize(
    ("move", "ending"),
    [
        ("score track alarm --to 6", "the whole camp is awake; red wins"),
        ("score track morale --to 0", "the raiders flee; red wins"),
        ("score track night --by 4", "dawn: count the stores taken"),
        ("score track powder --by -4", "out of powder"),
    ],
)
def test_every_way_the_raid_ends(
    camp: Path, move: str, ending: str
) -> None:  # "overview", "tracks"
    said = play(camp, move, "score track alarm --by 1")
    assert ending in said
    assert "the game is over" in said  # later moves are refused


def test_a_volley_hits_on_the_icons_shown(camp: Path) -> None:  # section "fight"
    said = play(camp, "roll volley --n 9")
    assert re.search(r"6d6@56", said), said  # at most six dice
    assert re.search(r"\d+ hits", said), said


def test_hands_discard_down_or_refuse(camp: Path) -> None:
    said = play(camp, "deck draw tactics --player blue --count 4")
    assert "discard" in said.casefold()
    # over the limit of a hand that discards down, nothing else happens until blue discards
    first = play(camp, "deck draw plans --player blue")
    assert "blue holds 4 cards, more than the 3 allowed: blue discards down first" in first
    own = play(camp, "status --player blue")
    card = own.split("Blue's hand from the tactics: ", 1)[1].split(", ", 1)[0].split(".\n")[0]
    refused = play(
        camp,
        f"deck discard tactics '{card}' --player blue",
        "deck draw plans --player blue",
        "deck draw plans --player blue",
    )
    assert "Error: blue's hand is full; its limit is 1" in refused


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ("--taken gold,food --lost 1", "the raid succeeds"),  # 8 - 1 = 7
        ("--taken gold --lost 2", "red holds the camp"),  # 6 - 2 = 4
        ("--taken food,powder --lost 1 --guards-lost 2", "the raid succeeds"),  # 5: fewer lost
        ("--taken food,powder --lost 1 --guards-lost 1", "red holds the camp"),  # 5, equal: red
    ],
)
def test_dawn_counts_the_stores(camp: Path, args: str, says: str) -> None:  # section "victory"
    said = play(camp, f"score calc {GAME}:raid {args}")
    assert f"at dawn: {says}" in said


def test_the_raid_in_traditional_chinese(camp: Path) -> None:
    said = play(camp, f"score calc {GAME}:raid --taken 金子,food --lost 1", "turn", lang="zh-Hant")
    assert "天亮時：突襲成功" in said and "下令" in said
