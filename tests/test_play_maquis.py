"""Maquis, played for days at the table with our tools.

A solo game: the resistance has 15 days to finish two missions before the occupation crushes
the town. Every step is checked against the Maquis part of seed 004 (004_36c866b9a4224666.txt:
the component list, set-up steps 1-9 and the day's three phases) and, where the seed stops, the
public sources named in content/maquis (board.yaml, table.yaml). The game's random procedure is
the patrol deck; its tracks are the day, morale and soldiers, and its end conditions morale at
0, the end of day 15, and two missions done.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import pnp

GAME = "maquis"


def ok(*args: str, lang: str = "en") -> str:
    done = pnp(*args, "--lang", lang)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def step(track: str) -> int:
    state = json.loads(ok("status", "--json"))["state"]
    return int(state["tracks"][track])


@pytest.fixture
def town(data_dir: Path) -> Path:
    # set-up 2 and 3: ten patrol cards shuffled face down; the day marker on day 1, morale and
    # soldiers on their start spaces
    ok("session", "new", GAME, "--seed", "7")
    return data_dir


def test_setup_the_patrol_deck_and_the_tracks(town: Path) -> None:
    status = ok("status")
    assert "patrol deck: 10 in the deck" in status
    assert step("day") == 1 and step("morale") == 6 and step("soldiers") == 0
    # the placement phase starts by reading the morale track: at morale 6, three patrols
    assert "today 3 patrols come out" in status


def test_a_patrol_card_names_its_route(town: Path) -> None:
    # placement: each patrol card lists three locations in the order the patrol tries them
    drawn = ok("deck", "draw", "patrol")
    assert "route (first empty location, else the first with a worker)" in drawn
    route = drawn.splitlines()[-1]
    assert route.split("): ")[1].count(",") == 2  # three places
    zh = ok("deck", "draw", "patrol", lang="zh-Hant")
    assert "路線" in zh


def test_the_day_clock_lowers_morale_on_its_marked_days(town: Path) -> None:
    # the start of days 3, 6, 9 and 12 (and 14, an estimate) lowers morale by one, and the day's
    # patrols are read from the morale reached
    said = ok("score", "track", "day", "--by", "1")
    assert "day: 1 → 2" in said and "today 3 patrols come out" in said
    assert step("morale") == 6
    said = ok("score", "track", "day", "--by", "1")
    assert "morale falls by 1" in said and "Morale: 6 → 5" in said
    assert said.count("today 3 patrols come out") == 1
    for _ in range(3):
        said = ok("score", "track", "day", "--by", "1")
    assert step("day") == 6 and step("morale") == 4
    assert "today 4 patrols come out" in said
    zh = ok("score", "track", "day", "--by", "1", lang="zh-Hans")
    assert "今天出动 4 支巡逻队" in zh


def test_the_patrol_deck_is_shuffled_again_when_it_runs_out(town: Path) -> None:
    # the deck is drawn card by card; when it runs out the used cards make a new deck
    for _ in range(10):
        ok("deck", "draw", "patrol")
    again = ok("deck", "draw", "patrol")
    assert "shuffle" in again.casefold()
    assert "patrol deck: 9 in the deck, 1 discarded" in ok("status")
    # the reset command says the same thing as the table notes: it starts the deck over, not "a
    # new day"
    help_text = ok("deck", "reset", "--help")
    assert "day" not in help_text


def test_two_missions_done_the_resistance_wins(town: Path) -> None:
    # the goal: finish two missions within 15 days
    first = ok("score", "track", "missions", "--by", "1")
    assert "game over" not in first.casefold()
    won = ok("score", "track", "missions", "--by", "1")
    assert "both missions are done: the resistance wins" in won
    refused = pnp("score", "track", "day", "--by", "1")
    assert refused.returncode != 0  # the game is over


def test_morale_at_zero_the_occupation_wins(town: Path) -> None:
    lost = ok("score", "track", "morale", "--by", "-6", lang="zh-Hant")
    assert "城鎮士氣崩潰：佔領軍獲勝" in lost


def test_day_fifteen_over_the_occupation_wins(town: Path) -> None:
    ok("score", "track", "day", "--to", "15")
    over = ok("score", "track", "day", "--by", "1")
    assert "day 15 is over with a mission still open: the occupation wins" in over


def test_help_in_pnp_play_lists_every_command_the_table_uses(town: Path) -> None:
    done = pnp("play", GAME, input="help\ndeck draw patrol\nstatus\nquit\n")
    assert done.returncode == 0, done.stderr
    for command in (
        "deck draw patrol",
        "deck reset patrol",
        "score track day --by N | --to N",
        "score track morale --by N | --to N",
        "score track missions --by N | --to N",
    ):
        assert command in done.stdout, command
