"""Manoeuvre, played for a turn at the table with our tools.

Two players, Ann (France) and Bo (Britain), set up and play a turn; every step is checked
against the Simplified Chinese rules in seed 004 (004_36c866b9a4224666.txt): the dice (1.2),
the nation decks (1.3), the end of the game (2.3), set-up (3), the five phases of a turn (4),
the four kinds of combat (6.1, 6.2, 6.5) and the end-of-game count. The game's random
procedures are the first-player roll, the decks and the combat dice; its scores are the combat
result and the count of squares held.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .helpers import pnp

GAME = "manoeuvre"


def ok(*args: str, lang: str = "en") -> str:
    done = pnp(*args, "--lang", lang)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def data(*args: str) -> dict:  # type: ignore[type-arg]
    return json.loads(ok(*args, "--json"))  # type: ignore[no-any-return]


def hand_of(player: str, deck: str) -> list[str]:
    """A player's own view of their hand (``status --player``): the card ids in it."""
    state = data("status", "--player", player)["state"]
    return [card for card, _ in state["decks"][deck]["hands"].get(player, [])]


@pytest.fixture
def table(data_dir: Path) -> Path:
    ok("session", "new", GAME, "--seed", "4", "--players", "Ann,Bo")
    return data_dir


# ---------------------------------------------------------------- set-up (section 3)


def test_first_player_both_roll_a_d10_high_starts_ties_roll_again(table: Path) -> None:
    # section 3: each player rolls 1d10; the higher roll is the start player; a tie rolls again
    for seed in range(1, 30):
        roll = json.loads(
            pnp(
                "roll", f"{GAME}:first-player", "--seed", str(seed), "--json", "--no-session"
            ).stdout
        )
        rounds = roll["rounds"]
        for earlier in rounds[:-1]:  # every round but the last was a tie for the highest
            assert len(earlier) == 2 and earlier[0]["total"] == earlier[1]["total"]
        last = rounds[-1]
        assert len(last) == 2 and last[0]["total"] != last[1]["total"]
        assert all(1 <= r["total"] <= 10 for r in last)  # the d10's 0 reads 10 (1.2)
        high = "Player A" if last[0]["total"] > last[1]["total"] else "Player B"
        assert roll["winner"] == high
        if len(rounds) > 1:
            break
    else:
        pytest.fail("no seed gave a tie to roll again")
    # seed 2 ties first: the text says so and rolls again, in Simplified Chinese too
    text = ok("roll", f"{GAME}:first-player", "--seed", "2", "--no-session", lang="zh-Hans")
    assert "全部重掷" in text and "掷出最高点" in text and "起始玩家" in text


def test_the_first_player_roll_winner_starts_every_round_and_undo_takes_it_back(
    table: Path,
) -> None:
    # section 3: the higher d10 is the start player; section 4: a game turn is the start
    # player's five phases, then the other player's. Named in the order Ann, Bo, the session
    # seats whoever wins the roll first, without naming the players again.
    said = ok("session", "new", GAME, "--seed", "4", "--players", "Ann,Bo")
    assert f"`pnp roll {GAME}:first-player` seats its winner first" in said
    for _attempt in range(20):  # the seeded session rolls on: one of these Bo wins
        roll = data("roll", f"{GAME}:first-player")
        if roll["winner"] == "Bo":
            break
        ok("undo")  # Ann won: take back her first place, then roll again
    else:
        pytest.fail("Bo never won the first-player roll")
    assert roll["first"]["order"] == ["Bo", "Ann"] and roll["first"]["player"] == "Bo"
    said = ok("turn")
    assert "Round 1, Bo's turn, phase 1 of 5: Discard phase." in said
    assert "Bo won the first-player roll: each round goes Bo, Ann." in said
    assert "Bo won the first-player roll" in ok("status")
    turn = data("status")["turn"]  # the view the web page reads says the same
    assert (turn["n"], turn["player"], turn["order"]) == (1, "Bo", ["Bo", "Ann"])
    for _ in range(5):
        said = ok("turn", "next")
    assert "Round 1, Ann's turn, phase 1 of 5: Discard phase." in said
    for _ in range(5):
        said = ok("turn", "next")
    assert "Round 2, Bo's turn, phase 1 of 5: Discard phase." in said
    # the order is an event of the log, in every language
    log = ok("log", lang="zh-Hant")
    assert "Bo在決定起始玩家的擲骰中獲勝：每一輪依序為Bo、Ann。" in log
    assert "Bo在决定起始玩家的掷骰中获胜：每一轮依次为Bo、Ann。" in ok("log", lang="zh-Hans")
    # undone (the ten phases, then the first player), the order is the one named again
    for _ in range(10):
        ok("undo")
    assert "turn.first" in ok("undo")
    said = ok("turn")
    assert "Round 1, Ann's turn, phase 1 of 5" in said and "first-player roll" not in said
    assert "order" not in data("status")["turn"]


def test_once_play_has_begun_a_first_player_roll_seats_no_one(table: Path) -> None:
    # seed 004 sections 3-4: the start player is chosen before the first turn and starts every
    # round of the game; a roll for it once play is under way is only a roll
    first = data("roll", f"{GAME}:first-player")
    order = first["first"]["order"]
    ok("turn", "next")  # into the first player's second phase: play has begun
    again = pnp("roll", "first-player", "--lang", "en")
    assert again.returncode == 0, again.stderr
    assert f"each round still goes {', '.join(order)}" in again.stderr
    events = [e["type"] for e in data("log")["events"]]
    assert events.count("turn.first") == 1 and events[-1] == "roll"
    assert data("status")["turn"]["order"] == order
    said = pnp("roll", "first-player", "--lang", "zh-Hant").stderr
    assert "已經開始" in said and "、".join(order) in said
    # the table itself keeps the rule, whoever asks it to seat a first player
    from generator.companion.engine import Table
    from generator.companion.errtext import TableError
    from generator.companion.paths import current_session

    with pytest.raises(TableError, match="play has begun"):
        Table(Path(str(current_session()))).run("turn.first", {"player": order[-1]})
    # undone back to the first turn (the later rolls, then the phase), the roll seats again
    for _ in range(12):
        if "phase 1 of 5" in ok("turn"):
            break
        assert "turn.first" not in ok("undo")
    assert "first" in data("roll", f"{GAME}:first-player")


def test_a_first_player_roll_outside_a_session_orders_nothing(table: Path) -> None:
    roll = data("roll", f"{GAME}:first-player", "--no-session", "--seed", "3")
    assert roll["winner"] in ("Player A", "Player B") and "first" not in roll
    assert "Round 1, Ann's turn" in ok("turn") and "first-player roll" not in ok("turn")


def test_each_player_draws_a_secret_hand_of_five(table: Path) -> None:
    # section 3 step 5: each player shuffles their own nation's deck and draws 5 cards
    drawn = ok("deck", "draw", "france", "--player", "Ann", "--count", "5")
    ok("deck", "draw", "britain", "--player", "Bo", "--count", "5")
    # a hand is secret: the table's output does not name Ann's cards...
    assert drawn.count("takes cards from the France deck into hand") == 5
    assert "Guard" not in drawn and "Regiment" not in drawn
    # ...and Ann asks for her own view
    hand = hand_of("Ann", "france")
    assert len(hand) == 5 and all(card.startswith("france-") for card in hand)
    assert "Ann" in ok("status", "--player", "Ann", lang="zh-Hant")
    # Bo's cards are Britain's, from his own deck
    assert all(c.startswith("britain-") for c in hand_of("Bo", "britain"))
    # each deck is the nation's 60 cards (1.3): 55 are left in France's after the hand
    status = ok("status")
    assert "France deck: 55 in the deck" in status and "Britain deck: 55 in the deck" in status
    # the table's status says how many cards a hand holds, never which, even to scripts
    state = json.loads(ok("status", "--json"))["state"]["decks"]["france"]
    assert state["hands"] == {"Ann": 5}  # a count only: no card named
    assert not any(str(c) in json.dumps(state["hands"]) for c in hand)
    # the hand holds 5 at most
    full = pnp("deck", "draw", "france", "--player", "Ann")
    assert full.returncode != 0 and "its limit is 5" in full.stderr


# ---------------------------------------------------------------- one turn (section 4)


def test_discard_then_draw_back_up_to_five(table: Path) -> None:
    ok("deck", "draw", "france", "--player", "Ann", "--count", "5")
    hand = hand_of("Ann", "france")
    # discard phase: any number of cards, face up (so naming them is fine)
    line = next(
        x for x in ok("status", "--player", "Ann").splitlines() if "hand from the France" in x
    )
    first = line.split(": ", 1)[1].split(", ")[0].rstrip(".")
    said = ok("deck", "discard", "france", first, "--player", "Ann")
    assert first in said
    assert len(hand_of("Ann", "france")) == 4
    # draw phase: back up to 5 (--up-to draws as many as the hand lacks)
    ok("deck", "draw", "france", "--player", "Ann", "--up-to", "5")
    after = hand_of("Ann", "france")
    assert len(after) == 5 and set(hand) - set(after)


def test_assault_reads_the_ratio_table(table: Path) -> None:
    # 6.1 and 6.5: an assault compares the attack total (strength + the card's dice) with the
    # defence total; the result is read by their ratio
    roll = data("roll", f"{GAME}:d8", "--n", "2")
    assert len(roll["dice"]) == 2 and all(1 <= d <= 8 for d in roll["dice"])
    attack = 5 + roll["total"]
    result = data(
        "score",
        "calc",
        f"{GAME}:battle",
        "--attack",
        str(attack),
        "--defence",
        "4",
        "--combat",
        "assault",
    )
    assert result["says"]["result"] and 0 <= result["values"]["result"] <= 5
    rows = {
        (3, 4): "every attacking and supporting unit takes a hit",  # lower: the attackers pay
        (4, 4): "nothing happens",
        (5, 4): "the defender chooses: retreat or take a hit",
        (9, 4): "the attacker chooses: the defender retreats or takes a hit",
        (13, 4): "the defender retreats and takes a hit",
        (17, 4): "the defender is eliminated",
    }
    for (a, d), words in rows.items():
        got = data(
            "score",
            "calc",
            f"{GAME}:battle",
            "--attack",
            str(a),
            "--defence",
            str(d),
            "--combat",
            "ambush",
        )
        assert got["says"]["result"] == words, (a, d)


def test_bombard_and_volley_only_hit_when_attack_beats_defence(table: Path) -> None:
    # 6.2 step 4: a bombard or volley hits (one hit) when the attack total beats the defence
    # total; anything else does nothing. The assault table must not be read: a low volley
    # never hurts the shooters, and a big one does not eliminate
    for kind in ("bombard", "volley"):
        low = data(
            "score", "calc", f"{GAME}:battle", "--attack", "3", "--defence", "4", "--combat", kind
        )
        assert low["says"]["result"] == "nothing happens"
        big = data(
            "score", "calc", f"{GAME}:battle", "--attack", "20", "--defence", "4", "--combat", kind
        )
        assert big["says"]["result"] == "the defender takes a hit"
    # the kind of combat must be said
    none = pnp("score", "calc", f"{GAME}:battle", "--attack", "9", "--defence", "4")
    assert none.returncode != 0 and "--combat" in none.stderr


def test_results_are_told_without_internals(table: Path) -> None:
    text = ok(
        "score",
        "calc",
        f"{GAME}:battle",
        "--attack",
        "9",
        "--defence",
        "4",
        "--combat",
        "volley",
        lang="zh-Hant",
    )
    assert "戰鬥結果：守方受一次傷害" in text
    assert "territory" not in text and "row" not in text and "列：" not in text


def test_odds_of_an_attack_card(table: Path) -> None:
    # a card with 2d8 of attack: 2 to 16, 8 ways of 9 in 64; mean 9
    odds = data("odds", f"{GAME}:d8", "--n", "2")
    rows = {r["total"]: r["exact"] for r in odds["rows"]}
    assert rows[9] == "1/8" and rows[2] == "1/64" and odds["mean"] == 9


# ---------------------------------------------------------------- the end (2.3) and the count


def test_the_game_ends_with_the_turn_both_decks_have_run_out(table: Path) -> None:
    # 2.3: a player who draws out their deck shuffles the discards into a new one and goes on;
    # once both players have drawn out their decks, the game ends at the end of that turn
    ok("deck", "draw", "france", "--player", "Ann", "--count", "5")  # set-up: both hands
    ok("deck", "draw", "britain", "--player", "Bo", "--count", "5")
    first = ok("deck", "draw", "france", "--count", "55")  # plain draws go to the discard
    assert "France deck has run out for the first time" in first
    assert "game ends" not in first
    again = ok("deck", "draw", "france")  # France goes on with its discards reshuffled
    assert "reshuffled" in again.casefold() or "shuffle" in again.casefold()
    end = ok("deck", "draw", "britain", "--count", "55")
    assert "both players' decks have now run out once" in end
    assert "count the squares held" in end


def test_end_count_squares_then_losses_then_nation_order(table: Path) -> None:
    # the count: most squares held in the enemy half wins; a tie goes to fewer reduced units,
    # then to the nation earlier in the order USA, Ottoman, Spain, Austria, Prussia, Russia,
    # Britain, France
    calc = ("score", "calc", f"{GAME}:battle")
    assert data(*calc, "--mine", "5", "--theirs", "3")["values"]["winner"] == 1
    fewer = data(
        *calc, "--mine", "4", "--theirs", "4", "--losses-mine", "1", "--losses-theirs", "3"
    )
    assert fewer["values"]["winner"] == 1 and fewer["decided_by"]["winner"] == "fewer losses"
    nations = ("--my-nation", "france", "--their-nation", "britain")
    order = data(*calc, "--mine", "4", "--theirs", "4", *nations)
    assert order["values"]["winner"] == -1 and order["decided_by"]["winner"] == "nation order"
    # a misspelt nation is named, with what was meant; not called a full tie
    typo = pnp(*calc, "--mine", "4", "--theirs", "4", "--my-nation", "frnace", *nations[2:])
    assert typo.returncode != 0
    assert "frnace is not one of" in typo.stderr and "did you mean france" in typo.stderr
    assert "full tie" not in typo.stderr
    zh = pnp(
        *calc,
        "--mine",
        "4",
        "--theirs",
        "4",
        "--my-nation",
        "frnace",
        *nations[2:],
        "--lang",
        "zh-Hant",
    )
    assert "是不是要寫 france" in zh.stderr


def test_help_in_pnp_play_lists_every_command_the_table_uses(table: Path) -> None:
    done = pnp("play", GAME, "--lang", "zh-Hans", input="help\nroll first-player\nquit\n")
    assert done.returncode == 0, done.stderr
    for command in (
        "roll first-player",
        "odds d8",
        "deck draw france",
        "status --player P",
        "deck discard france CARD",
        "score calc manoeuvre:battle --attack N --defence N --combat assault|ambush|bombard|volley",
        "--my-nation usa|ottoman|spain|austria|prussia|russia|britain|france",
    ):
        assert command in done.stdout, command
    assert "掷出最高点" in done.stdout


# ---------------------------------------------------------------- what the owner of the box is given


@pytest.fixture(scope="module")
def printed(shipped):  # type: ignore[no-untyped-def]
    from pypdf import PdfReader

    out = shipped.built(GAME) / GAME

    def text(name: str) -> str:
        path = out / f"{name}.pdf"
        return " ".join(p.extract_text() for p in PdfReader(path).pages)

    return text


def test_the_sheet_explains_every_printed_value_and_what_is_estimated(printed) -> None:  # type: ignore[no-untyped-def]
    rules = " ".join(printed("rules.en").split())
    for words in ("Pursuit", "Rally", "Restoration phase", "Command", "Withdraw"):
        assert words in rules, words
    assert "What is estimated, and why" in rules
    assert "blank 4 x 4 grids" in rules


def test_markers_for_the_start_player_and_redoubts(printed) -> None:  # type: ignore[no-untyped-def]
    # seed 004 section 3: the first-player roll's winner takes the start-player marker;
    # 6.3: a redoubt is built onto a square
    text = printed("markers.en")
    assert "Start player" in text and text.count("Redoubt") == 2 * 8  # fronts and backs


def test_map_tiles_are_blank_grids_not_a_guessed_terrain(printed) -> None:  # type: ignore[no-untyped-def]
    text = printed("tiles.en")  # each language its own file: the corner and the footer are words
    for word in ("woods", "hill", "marsh", "town", "lake", "fields"):
        assert word not in text, word
    assert "Tile 1A" in text and "Tile 24B" in text


def test_in_a_session_the_games_roll_is_called_by_its_name_alone(table: Path) -> None:
    # seed 004 section 3, as a group types it at the table: the session's game is known, so
    # `pnp roll first-player` is its first-player roll, seated like the GAME:ROLL form
    roll = data("roll", "first-player")
    assert roll["winner"] in ("Ann", "Bo")
    assert roll["first"]["order"][0] == roll["winner"]
    assert f"Round 1, {roll['winner']}'s turn" in ok("turn")
    assert [e["type"] for e in data("log")["events"]][-2:] == ["roll", "turn.first"]
    # a dice expression stays dice (Manoeuvre also has a roll called d6), and a word that is
    # neither dice nor one of the game's rolls is refused as dice
    assert data("roll", "2d6")["total"] >= 2
    assert "first" not in data("roll", "d6")
    refused = pnp("roll", "first-plaeyr")
    assert refused.returncode == 1 and "column 1" in refused.stderr


def test_the_first_player_roll_names_the_sessions_players(table: Path) -> None:
    # seed 004 section 3: both players roll a d10, the higher starts; the table says who by name
    said = ok("roll", f"{GAME}:first-player")
    assert "Ann: " in said and "Bo: " in said
    assert re.search(r"(Ann|Bo) rolls highest\.", said)
    assert "Player A" not in said
    said = ok("roll", f"{GAME}:first-player", lang="zh-Hant")
    assert "Ann：" in said or "Ann: " in said
    assert "玩家甲" not in said


def test_one_players_deck_running_out_alone_does_not_end_the_game(table: Path) -> None:
    # seed 004 2.3: only both players' first run-outs end the game; one player alone, even
    # with the other deck never drawn from, goes on with a reshuffled deck
    first = ok("deck", "draw", "france", "--count", "60")
    assert "France deck has run out for the first time" in first
    assert "both players' decks have now run out once" not in first
    zh = ok("deck", "draw", "britain", "--count", "60", lang="zh-Hant")
    assert "雙方的牌組都已各抽完一次" in zh


def test_pursuit_and_rally_are_rolled_against_the_cards_values(table: Path) -> None:
    # seed 004 6.5 (a winning unit may advance and pursue) and 4 (the restoration phase): the
    # roll is one die against the card's pursuit value or the leader's rally value
    said = ok("roll", f"{GAME}:pursuit")
    assert re.search(r"1d\[d6\] = \[[1-6]\]", said)
    assert "estimate" in said and "pursuit modifier" in said
    said = ok("roll", f"{GAME}:rally", lang="zh-Hant")
    assert "六面骰" in said and re.search(r"= [1-6]", said)


def test_a_game_turn_is_both_players_five_phases_and_the_counter_counts_game_turns(
    table: Path,
) -> None:
    # seed 004 section 4: a game turn is two player turns; the start player runs the five phases
    # (discard, draw, movement, combat, restoration), then the other player, then a new game turn
    said = ok("turn")
    assert "Round 1, Ann's turn, phase 1 of 5: Discard phase." in said
    for _ in range(4):
        said = ok("turn", "next")
    assert "Round 1, Ann's turn, phase 5 of 5: Restoration phase." in said
    said = ok("turn", "next")
    assert "Round 1, Bo's turn, phase 1 of 5: Discard phase." in said
    for _ in range(5):
        said = ok("turn", "next", lang="zh-Hant")
    assert "第 2 輪，Ann的回合，第 1／5 階段：棄牌階段。" in said
    assert data("status")["turn"]["player"] == "Ann"
