"""The Barons of Fyn played at ``pnp play barons-of-fyn``, as a group types it.

Seed 002 is a Simplified Chinese summary of the rules. Read top to bottom, this module shows how
a game goes with our tools:

1. set-up (C): capitals and King Timothy Returns out of the deck, five cards dealt to each
   player, a must-play card dealt goes back and another is dealt;
2. a turn (D): draw up to the hand limit (D.1), move, build or attack (the deck as a random
   number generator, B.4; the hit number, D.4), expand, discard up to two (D.6);
3. the deck over the game (E.5, E.6): a must-play card drawn acts at once, the discards are
   reshuffled with King Timothy Returns in them, and drawing him ends the game (F: scoring).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .helpers import pnp
from .playthrough import at_table, new_session, number_after

GAME = "barons-of-fyn"


@pytest.fixture
def session(data_dir: Path) -> str:
    """Two barons, seeded so that Bob's opening hand is dealt two must-play cards."""
    return new_session(GAME, "--players", "Ann,Bob", seed=7)


def pnp_json(*args: str) -> str:
    done = pnp(*args)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_help_lists_every_command_this_table_uses(session: str) -> None:
    said = at_table(GAME, "help")
    for command in (
        "deck number fyn --position N",
        "deck draw fyn --player P [--up-to N]",
        "deck deal fyn --player P",
        "deck discard fyn CARD --player P",
        "deck return fyn CARD --player P",
        "score calc barons-of-fyn:baron",
        "turn   turn next",
        "status --player P",
    ):
        assert command in said, command


def test_setup_deals_five_cards_and_puts_a_must_play_card_back(session: str) -> None:
    # seed 002 C: capitals and King Timothy Returns stay out; the deck is shuffled
    said = at_table(GAME, "status")
    assert "Fyn deck: 150 in the deck, 0 discarded, 0 in hands." in said
    # five cards each; a must-play card in an opening hand goes back and another is drawn
    said = at_table(GAME, "deck deal fyn --player Ann", "deck deal fyn --player Bob")
    assert "Ann takes cards from the Fyn deck into hand (5)" in said
    assert "Bob takes cards from the Fyn deck into hand (5)" in said
    assert "Volcano may not stay in an opening hand: it goes back into the Fyn deck" in said
    assert "Plague may not stay in an opening hand" in said
    said = at_table(GAME, "status", "status --player Bob")
    assert "Fyn deck: 140 in the deck, 0 discarded, 10 in hands." in said
    bob = said.split("Bob's hand from the Fyn deck: ", 1)[1].split(".\n", 1)[0].split(", ")
    assert len(bob) == 5 and "Volcano" not in bob and "Plague" not in bob
    # a hand is secret: the table hears how many cards Ann holds, not which
    assert "Ann holds 5 cards from the Fyn deck (secret)." in said


def test_a_card_may_go_back_from_a_hand_into_the_deck(session: str) -> None:
    # seed 002 C: the rule that returns a dealt card to the deck, by hand when a group needs it
    at_table(GAME, "deck deal fyn --player Ann")
    own = at_table(GAME, "status --player Ann")
    card = own.split("Ann's hand from the Fyn deck: ", 1)[1].split(", ", 1)[0].split(".\n")[0]
    said = at_table(GAME, f"deck return fyn '{card}' --player Ann", "status")
    assert f"Back into the Fyn deck, to be drawn again: {card}." in said
    assert "Fyn deck: 146 in the deck, 0 discarded, 4 in hands." in said


def test_step_a_draws_up_to_the_hand_limit(session: str) -> None:
    # seed 002 D.1: a player draws until his hand reaches his limit: 5 for the capital, 2 for a
    # city, 1 for a town, 0 for a village
    limit = at_table(GAME, "score calc barons-of-fyn:baron --holdings capital,city")
    assert number_after(limit, r"hand limit: (\d+)") == 7
    at_table(GAME, "deck deal fyn --player Ann")
    # the limit is kept: 5 with the capital alone, so a sixth card is refused ...
    refused = at_table(GAME, "deck draw fyn --player Ann")
    assert "Error: Ann's hand is full; its limit is 5" in refused
    # ... until Ann's city raises her own marker on the hand-limit track to 7
    said = at_table(GAME, "score track hand-limit --player Ann --to 7")
    assert "hand limit (Ann): 5 → 7." in said
    said = at_table(GAME, "deck draw fyn --player Ann --up-to 7", "status")
    # E.5: a must-play card drawn acts at once and leaves the hand, so another card is drawn
    played = len(re.findall(r"must be played at once", said))
    assert said.count("Ann takes cards from the Fyn deck into hand (1)") == 2
    assert said.count("Ann draws ") == played
    assert "Ann holds 7 cards from the Fyn deck (secret)." in said
    said = at_table(GAME, "deck draw fyn --player Ann --up-to 7")
    assert "Ann holds 7 cards, the limit is 7: nothing to draw." in said
    # the card drawn is not in what --json prints either (the session log keeps it)
    drawn = json.loads(at_table(GAME, "deck draw fyn --player Bob --json").splitlines()[0])
    assert drawn["fx"]["player"] == "Bob" and "card" not in drawn["fx"] and "out" not in drawn


def test_an_attack_reads_a_number_from_the_deck_and_compares_it_with_the_hit_number(
    session: str,
) -> None:
    # seed 002 B.4: name a position 1..4, draw a card, read the number there (0 reads 10)
    said = at_table(GAME, "turn next", "turn next")
    assert "Round 1, Ann's turn, phase 3 of 5: Build armies or attack." in said
    said = at_table(GAME, "deck number fyn --position 3")
    drawn = number_after(said, r"Number at position 3 of .+?: (\d+)")
    assert 1 <= drawn <= 10
    # D.4: the attack hits at 5 plus the difference of combat values or below
    calc = at_table(GAME, f"score calc barons-of-fyn:baron --mine 3 --theirs 1 --draw {drawn}")
    hit = number_after(calc, r"hit number: (\d+)")
    assert hit == 7
    assert ("hit: yes" in calc) == (drawn == 1 or (drawn <= hit and drawn != 10)), calc
    # a position outside 1..4 is refused
    assert "Error:" in at_table(GAME, "deck number fyn --position 5")


def test_step_f_discards_face_up_and_the_next_player_begins(session: str) -> None:
    # seed 002 D.6: up to two cards discarded, face up, then the turn passes
    at_table(GAME, "deck deal fyn --player Ann")
    own = at_table(GAME, "status --player Ann")
    card = own.split("Ann's hand from the Fyn deck: ", 1)[1].split(", ", 1)[0].split(".\n")[0]
    said = at_table(GAME, *["turn next"] * 4, f"deck discard fyn '{card}' --player Ann")
    assert "Round 1, Ann's turn, phase 5 of 5: Discard." in said
    assert f"Onto the discard pile of the Fyn deck: {card}." in said
    assert "Round 1, Bob's turn, phase 1 of 5" in at_table(GAME, "turn next")


def test_a_must_play_card_drawn_later_acts_at_once_and_is_shown(session: str) -> None:
    # seed 002 E.5: a must-play card drawn into a hand acts at once; drawn for a number, it
    # does nothing
    # (a house rule: no hand limit, so that many cards are drawn at once)
    said = at_table(GAME, "deck draw fyn --player Ann --count 100 --force", "status")
    shown = re.findall(r"Ann draws (.+?)\.\n(.+?) must be played at once\.", said)
    assert shown and all(a == b and a in ("Volcano", "Plague") for a, b in shown), said[-2000:]
    # every other card drawn stays secret, and a played card does not stay in the hand
    assert said.count("Ann draws ") == len(shown)
    assert f"Ann holds {100 - len(shown)} cards from the Fyn deck (secret)." in said


def test_king_timothy_returns_at_the_first_reshuffle_and_ends_the_game(session: str) -> None:
    # seed 002 C and E.6: King Timothy Returns is shuffled in with the discards when the deck
    # first runs out; drawing him ends the game and the scores are counted (F)
    said = at_table(GAME, *["deck number fyn --position 1"] * 151)
    assert "The discard pile was shuffled into a new deck." in said
    said = at_table(GAME, *["deck number fyn --position 1"] * 151)
    assert "King Timothy Returns!: the game ends now." in said
    assert "Game over: the game ends and the scores are counted." in said
    after = said.split("Game over:", 1)[1]
    assert "Number at position" not in after, "no draw after the game is over"
    score = at_table(GAME, "score calc barons-of-fyn:baron --lands 6 --population 4 --combat 5")
    assert number_after(score, r"score: (\d+)") == 15


def test_a_turn_in_simplified_chinese(session: str) -> None:
    said = at_table(
        GAME,
        "turn",
        "deck deal fyn --player Ann",
        "deck deal fyn --player Bob",
        "deck number fyn --position 2",
        lang="zh-Hans",
    )
    assert "第 1 轮，Ann的回合，第 1／5 阶段：抽到手牌上限。" in said
    assert "Bob从菲恩牌堆抽牌放入手牌（5 张）；只给Bob本人看" in said
    assert "不能留在起始手牌：放回菲恩牌堆，另发一张补上。" in said
    assert re.search(r"第 2 位的数字：\d+", said)


def test_the_counter_counts_rounds_and_names_whose_turn_it_is(data_dir: Path) -> None:
    # seed 002 D: each player takes the five steps in turn; a round ends when every player has
    # had a turn, so three barons' fifteen steps are one round and the sixteenth opens round 2
    new_session(GAME, "--players", "Ann,Bob,Cy", seed=5)
    said = at_table(GAME, *["turn next"] * 10)
    assert "Round 1, Bob's turn, phase 5 of 5: Discard." in said
    assert "Round 1, Cy's turn, phase 1 of 5: Draw up to your hand limit." in said
    said = at_table(GAME, *["turn next"] * 5, "status")
    assert "Round 1, Cy's turn, phase 5 of 5: Discard." in said
    assert "Round 2, Ann's turn, phase 1 of 5: Draw up to your hand limit." in said
    assert "Turn " not in said
    # status and its JSON (what the web page reads) say the same
    assert said.rstrip().count("Round 2, Ann's turn, phase 1 of 5") == 2
    view = json.loads(pnp_json("status", "--json"))
    assert view["turn"] == {
        "n": 2, "phase": 0, "phase_id": "draw", "round": True, "player": "Ann"
    }  # fmt: skip
    # undone, the turn goes back to the last baron of round 1
    said = at_table(GAME, "undo", "turn", lang="zh-Hant")
    assert "第 1 輪，Cy的回合，第 5／5 階段：棄牌。" in said


def test_the_hand_limit_adds_every_holding_even_two_towns(session: str) -> None:
    # seed 002 D.1: the modifiers stack: capital 5, each city +2, each town +1, a village +0;
    # the sheet's own example: a capital, a city and two towns hold 9 cards
    said = at_table(
        GAME, "score calc barons-of-fyn:baron --holdings capital,city,town,town,village"
    )
    assert number_after(said, r"hand limit: (\d+)") == 9
    assert "Town ×2" in said
    said = at_table(
        GAME,
        "score calc barons-of-fyn:baron --holdings capital,city,city,town,town",
        lang="zh-Hant",
    )
    assert number_after(said, r"手牌上限：(\d+)") == 5 + 2 + 2 + 1 + 1
    assert "城市 ×2" in said and "城鎮 ×2" in said


def test_a_siege_uses_the_combat_draw_as_a_marked_house_rule(session: str) -> None:
    # seed 002 D.4.d.4: a town, city or capital must be taken by its siege value, and only by a
    # surviving attacker; the summary gives no test, so the sheet's suggested house rule reads
    # it as a combat draw: 5 + the army's combat value - the siege value (city: siege 4, B.3)
    said = at_table(
        GAME,
        "score calc barons-of-fyn:baron --besieger 3 --siege 4 --siege-draw 4",
        "score calc barons-of-fyn:baron --besieger 3 --siege 4 --siege-draw 5",
        "score calc barons-of-fyn:baron --besieger 1 --siege 9 --siege-draw 1",
    )
    assert "siege number (suggested house rule): 4" in said
    results = re.findall(r"the siege \(suggested house rule\): (\w+)", said)
    assert results == ["succeeds", "fails", "succeeds"]  # a 1 always takes it
    said = at_table(
        GAME, "score calc barons-of-fyn:baron --besieger 5 --siege 2 --siege-draw 0", lang="zh-Hant"
    )
    assert "攻陷值門檻（建議的自訂規則）：8" in said and "失敗" in said  # 0 reads 10: never


def test_a_new_session_says_turns_follow_the_order_the_players_were_named(data_dir: Path) -> None:
    # seed 002 D: play passes from baron to baron; the counter follows the order typed
    said = pnp_json("session", "new", GAME, "--players", "Cy,Ann,Bob")
    assert "Turns go in the order the players were named (Cy, Ann, Bob)" in said
    assert "Round 1, Cy's turn, phase 1 of 5" in at_table(GAME, "turn")
    said = pnp_json("session", "new", GAME, "--lang", "zh-Hant")
    assert "請用 --players 依出牌順序列出玩家" in said
