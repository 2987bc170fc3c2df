"""The Battle of Five Armies played for a turn at ``pnp play five-armies``, as a group types it.

Read top to bottom, this is how a turn goes with our tools. Each step names the chapter of seed
000 (the Traditional Chinese translation of the rule book) and what the rule there says:

1. set-up (chapter 2, steps 4-7): the decks shuffled, the fate marker on 0, the fate pool filled;
2. recovery (chapter 4, phase 1; chapter 6): one event card and one card of one's own story deck,
   at most six event and story cards in hand;
3. generals (phase 2), then fate (phase 3; chapter 7): the Shadow draws up to one tile per
   activated general and keeps only the last; once a turn;
4. Shadow leadership (phase 4), then the action round (phase 5; chapters 5, 10, 12): action dice,
   combat with black manoeuvre dice, Eagles, Beorn, rallying;
5. end of turn (phase 6; chapter 11): victory points, then the next turn;
6. the decks over many turns (chapter 6): the event deck is reshuffled, a story deck is not;
7. the end (chapters 7 and 11): the fate marker on 15, or the Shadow's victory points.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .playthrough import at_table, new_session, number_after

GAME = "five-armies"


@pytest.fixture
def session(data_dir: Path) -> str:
    """Chapter 2: a new game, seeded so the play-through reads the same on every run."""
    return new_session(GAME)


def test_setup_puts_every_deck_the_fate_pool_and_the_marker_on_the_table(session: str) -> None:
    # seed 000 ch.2 steps 4-6: event deck, two story decks and the fate deck shuffled; the fate
    # marker on 0; the plain fate tiles in the pool, the blue and red ones set aside
    said = at_table(GAME, "status")
    assert "Turn 1, phase 1 of 6: Recovery." in said
    assert "Fate Track: 0" in said
    assert "Fate Pool: 14 in the bag, 2 waiting, 0 used." in said
    # ch.6: thirty event cards, twenty story cards for each side
    assert "event deck: 30 in the deck" in said
    assert "Free Peoples story deck: 20 in the deck" in said
    assert "Shadow story deck: 20 in the deck" in said
    assert "fate deck: 12 in the deck" in said


def test_help_lists_every_command_this_table_uses(session: str) -> None:
    # the fate phase needs --draws (or --generals), stop, odds and the special tiles; the decks need hands
    said = at_table(GAME, "help")
    for command in (
        "fate draw --draws N",
        "fate stop",
        "fate odds",
        "fate add blue|red",
        "deck draw events --player P",
        "deck draw story-shadow",
        "deck discard events CARD --player P",
        "deck draw fate-cards",
        "roll manoeuvre",
        "turn   turn next",
        "status --player P",
        "score calc five-armies:victory",
    ):
        assert command in said, command


def test_recovery_draws_one_event_and_one_own_story_card_each(session: str) -> None:
    # seed 000 ch.4 phase 1 and ch.6 "drawing cards": one event card and one card of one's own
    # story deck; a side never draws from the other's story deck
    said = at_table(
        GAME,
        "deck draw events --player shadow",
        "deck draw story-shadow",
        "deck draw events --player free-peoples",
        "deck draw story-free-peoples",
        "deck draw story-shadow --player free-peoples",
        "status",
    )
    assert "only shadow draws from the Shadow story deck" in said
    assert "event deck: 28 in the deck, 0 discarded, 2 in hands." in said
    assert "Shadow story deck: 19 in the deck, 0 discarded, 1 in hands." in said
    assert "Free Peoples story deck: 19 in the deck, 0 discarded, 1 in hands." in said
    # a hand is the player's own: the table hears how many cards, the player alone which
    assert "Shadow holds 1 card from the event deck (secret)." in said
    own = at_table(GAME, "status --player shadow")
    assert "Shadow's hand from the Shadow story deck: Shadow story card." in own
    assert "Free Peoples holds 1 card from the Free Peoples story deck (secret)." in own


def test_a_seventh_card_in_hand_is_discarded_down_to_six(session: str) -> None:
    # seed 000 ch.6: event and story cards together, at most six; past that, discard face down
    said = at_table(
        GAME,
        "deck draw events --player shadow --count 4",
        "deck draw story-shadow --count 3",
    )
    assert "shadow now holds 7 cards, more than the 6 allowed: discard down to 6" in said
    assert said.count("more than the 6 allowed") == 1
    said = at_table(GAME, "deck discard events 'event card' --player shadow", "status")
    assert "Onto the discard pile of the event deck: event card." in said
    assert "Shadow holds 3 cards from the event deck (secret)." in said


def test_the_fate_phase_draws_and_holds_then_keeps_the_last_tile_once_a_turn(
    session: str,
) -> None:
    # seed 000 ch.4 phases 2-3: the Free Peoples activate generals, then the Shadow draws fate
    at_table(GAME, "turn next")
    said = at_table(GAME, "turn next")
    assert "Turn 1, phase 3 of 6: Fate." in said
    # ch.7: how many tiles depends on the generals activated, so the table asks
    said = at_table(GAME, "fate draw")
    assert "say how many tiles may be drawn this turn: `fate draw --draws N`" in said
    # three generals: up to three tiles, each drawn one sets the one before aside
    said = at_table(GAME, "fate draw --generals 3", "fate draw")
    assert "Draw 1 of at most 3: `fate draw` sets it aside and draws again" in said
    assert "Draw 2 of at most 3" in said
    assert "pnp fate" not in said, "inside pnp play, commands are typed without pnp"
    assert "Fate Track" not in said, "nothing resolves while the Shadow may still draw"
    kept = [int(v) for v in re.findall(r"Drew Fate tile (\d+)", said)][-1]
    # only the last tile drawn moves the marker; the set-aside one goes back into the pool
    said = at_table(GAME, "fate stop")
    assert "1 set-aside tile goes back into the Fate Pool." in said
    assert number_after(said, r"Fate Track: 0 → (\d+)\.") == kept
    # once a turn: a further draw waits for the next turn
    said = at_table(GAME, "fate draw --generals 1")
    assert "this bag has had its drawing for turn 1; `turn next` moves on" in said


def test_one_general_or_none_draws_a_single_tile_that_resolves_at_once(session: str) -> None:
    # seed 000 ch.7: with none or one general activated the Shadow draws exactly one tile
    said = at_table(GAME, "turn next", "turn next", "fate draw --generals 0")
    value = number_after(said, r"Drew Fate tile (\d+)")
    assert "Draw 1 of at most" not in said
    assert f"Fate Track: 0 → {value}." in said


def test_a_character_on_an_estimated_step_is_not_announced_as_fact(session: str) -> None:
    # seed 000 ch.7: a character is ready once the marker reaches his step; the steps printed
    # on the character cards are not in the seed, so ours are estimates and say so
    said = at_table(GAME, "score track fate --by 5")
    assert "Bilbo is ready if the step is 2: that step is an estimate" in said
    assert "Thorin is ready if the step is 5" in said
    assert "Bilbo is ready." not in said


def test_the_action_round_rolls_symbols_and_combat_counts_hits(session: str) -> None:
    # seed 000 ch.5: five Free Peoples and six Shadow action dice, read by their symbols
    said = at_table(GAME, "roll free-peoples-actions", "roll shadow-actions")
    lines = [line for line in said.splitlines() if "d[" in line]
    assert len(lines) == 2 and all(not line.rstrip().endswith("= 0") for line in lines), said
    # the face mix comes from the publisher's rules (table.yaml names the source): no estimate
    assert "Estimate:" not in said
    # ch.10 step 2: as many dice as the army's strength, at most five; 6 hits a fortification
    said = at_table(GAME, "roll combat --strength 7 --target 6")
    assert "strength lowered to 5" in said
    faces = [int(v) for v in re.findall(r"\d+", said.split("= [", 1)[1].split("]", 1)[0])]
    assert len(faces) == 5
    assert number_after(said, r"hits: (\d+)") == sum(f >= 6 for f in faces)


def test_a_unit_card_played_rolls_black_dice_in_place_of_white_ones(session: str) -> None:
    # seed 000 ch.10 "triggering unit manoeuvre abilities": black dice replace white ones, one
    # per unit of the card's kind; a hit on a black die lets the ability work
    said = at_table(GAME, "roll manoeuvre --white 2 --black 3")
    found = re.search(r"2d6>=5r0 \+ 3d\[black\]>=5 = \[([^\]]*)\]→\d+ \+ \[([^\]]*)\]", said)
    assert found is not None, said
    white, black = (re.findall(r"\d+", group) for group in found.groups())
    assert len(white) == 2 and len(black) == 3
    assert "if a black die hits, the unit card's manoeuvre ability works" in said
    assert re.search(r"hits: \d+", said)


def test_eagles_beorn_and_rallying_roll_as_their_rules_say(session: str) -> None:
    # seed 000 ch.12: an Eagle attacks with three dice hitting on 4+, each miss rolled once more
    said = at_table(GAME, "roll eagles")
    assert "3d6>=4r3" in said and re.search(r"hits: \d+", said)
    # Beorn fights with four dice, 5+, each miss rolled once more
    said = at_table(GAME, "roll beorn --target 6")
    assert "4d6>=6r4" in said
    # ch.9 rallying: one die per unit, each 5+ removes a casualty marker
    said = at_table(GAME, "roll rally --units 3 --leadership 1")
    assert "3d6>=5r1" in said and re.search(r"casualty markers removed: \d+", said)


def test_end_of_turn_checks_victory_and_starts_the_next_turn(session: str) -> None:
    # seed 000 ch.4 phase 6 and ch.11: fortresses 4 points, other settlements 2; ten wins
    said = at_table(GAME, *["turn next"] * 5)
    assert "Turn 1, phase 6 of 6: End of turn." in said
    calc = at_table(GAME, "score calc five-armies:victory --hold ravenhill,east-hill,camp")
    assert "the Shadow: wins at the end of this turn" in calc
    said = at_table(GAME, "turn next")
    assert "Turn 2, phase 1 of 6: Recovery." in said
    # a new turn, a new fate phase; its tiles are drawn in the fate phase alone (ch.4: not in
    # Recovery, not in the Generals' activation)
    said = at_table(GAME, "fate draw --generals 1")
    assert "fate.draw belongs to the Fate phase, and this is the Recovery phase" in said
    assert "Drew Fate tile" in at_table(GAME, "turn next", "turn next", "fate draw --generals 1")


def test_the_event_deck_is_reshuffled_and_a_story_deck_runs_dry(session: str) -> None:
    # seed 000 ch.6 "exhausting the card decks": used and discarded event cards make a new deck
    said = at_table(GAME, "deck draw events --count 30", "deck draw events")
    assert said.count("Drew event card.") == 31
    assert "The discard pile was shuffled into a new deck." in said
    # a story deck is never reshuffled: once empty, no more story cards
    draw_and_discard = [
        "deck draw story-free-peoples",
        "deck discard story-free-peoples 'Free Peoples story card' --player free-peoples",
    ]
    said = at_table(GAME, *draw_and_discard * 20, "deck draw story-free-peoples")
    assert "Error: the deck is empty" in said
    assert "shuffled" not in said


def test_a_fate_tile_with_the_symbol_sends_the_free_peoples_to_the_fate_deck(
    session: str,
) -> None:
    # seed 000 ch.7: a resolved tile with the fate symbol: the Free Peoples draw a fate card and
    # play it at once (it never goes into a hand)
    said = at_table(GAME, "deck draw fate-cards", "status")
    assert "Drew fate card." in said
    assert "fate deck: 11 in the deck, 1 discarded, 0 in hands." in said


def test_a_turn_in_traditional_chinese(session: str) -> None:
    # the same turn, told in the players' language (zh-Hant)
    said = at_table(
        GAME,
        "turn",
        "deck draw events --player shadow",
        "turn next",
        "turn next",
        "fate draw",
        "fate draw --generals 2",
        "roll manoeuvre --white 1 --black 2",
        lang="zh-Hant",
    )
    assert "第 1 回合，第 1／6 階段：恢復。" in said
    assert "黑暗勢力從事件牌堆抽牌放入手牌（1 張）；只給黑暗勢力本人看" in said
    assert "第 1 回合，第 3／6 階段：天命。" in said
    assert "請說明本回合最多可抽幾片：`fate draw --draws N`" in said
    assert "第 1 片，最多 2 片：`fate draw` 擱置這片再抽" in said
    assert "黑色戰鬥骰" in said and re.search(r"命中 \d+ 次", said)


def test_the_game_ends_when_the_fate_marker_reaches_15_or_the_shadow_holds_enough(
    session: str,
) -> None:
    # seed 000 ch.11: the Shadow wins at once with 10 points and the Front Gate, else with 10 at
    # the end of a turn; Beorn arriving while the Shadow has fewer than 6 wins for the Free Peoples
    calc = at_table(GAME, "score calc five-armies:victory --hold front-gate,ravenhill,east-hill")
    assert "points: 12" in calc and "the Shadow: wins at once" in calc
    calc = at_table(GAME, "score calc five-armies:victory --hold front-gate,camp")
    assert "points: 6" in calc and "the Shadow: not yet" in calc
    assert "Beorn enters play now" not in calc, "with 6 points Beorn no longer wins at once"
    # ch.7: the fate marker on step 15 wins for the Free Peoples at once; nothing is drawn after
    said = at_table(GAME, "score track fate --by 16", "fate draw --generals 1")
    assert "Fate Track: 0 → 15." in said and "Game over: the Free Peoples win at once." in said
    assert "the game is over (the Free Peoples win at once); `undo` takes back" in said


def test_the_victory_check_in_chinese_names_the_front_gate_as_the_glossary_does(
    session: str,
) -> None:
    # seed 000 ch.11: 10 points and the Front Gate (前門, the glossary's and the seed's word) win
    # at once; the check's words are reviewed translations, never a stale 正門
    calc = at_table(
        GAME, "score calc five-armies:victory --hold front-gate,ravenhill,east-hill", lang="zh-Hant"
    )
    assert "前門" in calc and "正門" not in calc
    assert "勝利點數" in calc
    calc = at_table(
        GAME, "score calc five-armies:victory --hold front-gate,ravenhill,east-hill", lang="zh-Hans"
    )
    assert "前门" in calc and "正门" not in calc


def test_a_side_typed_by_its_chinese_name_holds_the_same_hand(session: str) -> None:
    # seed 000 ch.4 phase 1 and ch.6: each side draws an event card into its own hand; the
    # recovery phase names the side `shadow`, a group playing in Chinese types 黑暗勢力
    said = at_table(
        GAME,
        "deck draw events --player shadow",
        "deck draw events --player 黑暗勢力",
        "deck draw events --player 自由人民",
        "status",
        lang="zh-Hant",
    )
    assert "黑暗勢力從事件牌堆抽牌放入手牌（1 張）" in said
    assert "黑暗勢力手上有 2 張來自事件牌堆的牌（祕密）。" in said
    assert "自由人民手上有 1 張來自事件牌堆的牌（祕密）。" in said
    said = at_table(GAME, "status --player Shadow")
    assert "Shadow's hand from the event deck:" in said and "(2)" in said
