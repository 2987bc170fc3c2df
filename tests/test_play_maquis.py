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
from .playthrough import at_table, new_session

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
    assert route.rsplit(": ", 1)[1].count(",") == 2  # three places
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
    assert "今天出动 4 名巡逻兵" in zh


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


# ---------------------------------------------------------------- the printed pieces at the table


@pytest.fixture(scope="module")
def maquis_game():  # type: ignore[no-untyped-def]
    from generator.content.loader import load_game

    from .helpers import ROOT

    return load_game(ROOT / "content" / GAME)


def test_action_markers_fit_the_mission_squares_and_suffice(maquis_game) -> None:  # type: ignore[no-untyped-def]
    # seed 004 components: 6 wooden action markers tick off a mission's steps
    markers = maquis_game.component("action-markers")
    assert markers.copies == 6
    disc = markers.trim[0]
    from generator.layout.units import MM

    layout = maquis_game.component("missions").front
    squares = [b for b in layout.boxes if getattr(b, "when", None) and "steps >=" in b.when]
    assert len(squares) == 6  # no mission asks for more markers than exist
    for square in squares:
        assert disc < square.w.resolve(0) < 9 * MM, "a marker lies inside its square"
    assert max(int(i.data["steps"]) for i in maquis_game.component("missions").items) <= 6


def test_no_seam_of_the_a4_tiling_runs_through_a_place(maquis_game) -> None:  # type: ignore[no-untyped-def]
    # the board is printed in tiles on A4: a seam through a location splits its words
    from generator.layout.tiling import tile_board

    board = maquis_game.component("board")
    w, h, _ = board.trim
    tiling = tile_board(w, h, paper="A4")
    seams_x = [tiling.step_x * c for c in range(1, tiling.cols)]
    seams_y = [tiling.step_y * r for r in range(1, tiling.rows)]
    from generator.layout.units import MM

    def at(b):  # type: ignore[no-untyped-def]
        return b.x.resolve(w), b.y.resolve(h), b.w.resolve(w), b.h.resolve(h)

    spaces = [
        at(b)
        for b in board.front.boxes
        if type(b).__name__ == "FrameBox" and at(b)[2] < 60 * MM and at(b)[3] < 40 * MM
    ]
    assert len(spaces) > 10
    for x, y, bw, bh in spaces:
        assert not any(x < s < x + bw for s in seams_x), (x / MM, y / MM)
        assert not any(y < s < y + bh for s in seams_y), (x / MM, y / MM)


def test_a_day_is_a_turn_of_three_phases(data_dir: Path) -> None:
    # seed 004 (game flow): one day is one turn: 1. placement, 2. action, 3. upkeep
    new_session(GAME)
    said = at_table(GAME, "turn", "turn next", "turn next", "turn next")
    assert "Turn 1, phase 1 of 3: Placement." in said
    assert "Turn 1, phase 2 of 3: Action." in said
    assert "Turn 1, phase 3 of 3: Upkeep." in said
    assert "Turn 2, phase 1 of 3: Placement." in said
    said = at_table(GAME, "turn", lang="zh-Hant")
    assert "佈局階段" in said and "抵抗組織成員" in said and "工人" not in said


def test_a_drawn_patrol_and_the_day_say_milice_or_soldier(data_dir: Path) -> None:
    # seed 004 (components): blue Milice and red Soldier patrols, and a soldier track; the
    # day's patrols are Milice first, the last as many as the soldier track shows Soldiers
    new_session(GAME)
    said = at_table(
        GAME, "deck draw patrol", "score track soldiers --by 2", "score track day --by 1"
    )
    assert "a Milice patrol, or a Soldier once the day's Milice are out" in said
    assert "the last 2 patrols placed today are Soldiers" in said
    assert "today 3 patrols come out" in said  # morale 6 (the start)
    said = at_table(GAME, "deck draw patrol", lang="zh-Hant")
    assert "民警巡邏兵" in said and "士兵巡邏兵" in said and "抵抗組織成員" in said
    assert "工人" not in said


def test_a_track_says_when_it_stops_at_its_end(data_dir: Path) -> None:
    # seed 004: morale goes no higher than its track's last step (7, starting on 6)
    new_session(GAME)
    said = at_table(GAME, "score track morale --by 5", "score track soldiers --by -1")
    assert "morale: 6 → 7." in said.lower()
    assert "stops at 7: step 11 is not on the track" in said
    assert "stops at 0: step -1 is not on the track" in said
    said = at_table(GAME, "score track morale --by 3", lang="zh-Hans")
    assert "停在 7：轨道上没有第 10 格" in said


def test_the_turn_after_upkeep_is_the_next_day_on_the_day_track(data_dir: Path) -> None:
    # seed 004 (game flow): one day is one turn of placement, action and upkeep, so the turn
    # counter and the day marker move together; day 3 opens with a fall in morale
    new_session(GAME)
    said = at_table(GAME, *["turn next"] * 3, "status")
    assert "day: 1 → 2." in said and "Turn 2, phase 1 of 3: Placement." in said
    assert "day: 2\n" in said
    said = at_table(GAME, *["turn next"] * 3, lang="zh-Hant")
    assert "日期：2 → 3。" in said and "士氣減 1" in said
    assert "第 3 回合，第 1／3 階段：佈局階段。" in said
    # the last day over ends the game: the occupation wins
    said = at_table(GAME, *["turn next"] * 3 * 13, "turn next")
    assert "day 15 is over with a mission still open: the occupation wins" in said
