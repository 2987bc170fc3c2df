"""Confrontation: Rag'narok's activation phase played at ``pnp play ragnarok``, as a group types it.

Seed 001 is the rule book's chapter on the activation phase. Read top to bottom, this module shows
how a turn of activations goes with our tools, in each of its ways of drawing the cards:

1. the armies' activation cards are in the deck from the start (one card per unit);
2. Barbarian mode: the active player chooses one of his own cards;
3. Marauder mode: one mixed deck; an enemy card is handed to its owner, who becomes the active
   player; an own card may go to reserve, face down, once a turn; an empty deck forces the
   reserve to be played, and the turn does not end over one;
4. any other mode (sequence): each player's secret order; reveal the first card, or reserve it
   instead, or play the reserve;
5. a destroyed unit's card never activates again, from the deck or from a reserve;
6. shooting and fighting: the dice of the ranged, melee and strength tests, and the scatter of
   an area template.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .playthrough import at_table, new_session

GAME = "ragnarok"
DECK = "activation"


@pytest.fixture
def session(data_dir: Path) -> str:
    """A new game, seeded so the play-through reads the same on every run."""
    return new_session(GAME)


def test_help_lists_every_command_this_table_uses(session: str) -> None:
    said = at_table(GAME, "help")
    for command in (
        f"deck activate {DECK} [--player P]",
        f"deck turn {DECK} --mode barbarian|marauder|sequence",
        f"deck reserve {DECK} --player P",
        f"deck play {DECK} [CARD] --player P",
        f"deck remove {DECK} UNIT",
        f"deck add {DECK} UNIT... --player P",
        "roll ranged-test",
        "roll strength-test",
        "roll scatter",
        "status --player P",
    ):
        assert command in said, command


def test_barbarian_mode_lets_the_active_player_choose_his_card(session: str) -> None:
    # seed 001, Barbarian: the active player picks one of his own cards and activates it
    said = at_table(
        GAME,
        f"deck turn {DECK} --mode barbarian",
        f"deck play {DECK} 'Great Fangs' --player wolfen",
        f"deck play {DECK} 'Great Fangs' --player griffins",
    )
    assert "A new turn of the activation cards begins in Barbarian mode." in said
    assert "Great Fangs (Wolfen) activates." in said
    assert "Error:" in said.split("Great Fangs (Wolfen) activates.", 1)[1]


def test_marauder_mode_hands_an_enemy_card_to_its_owner_and_says_who_draws_next(
    session: str,
) -> None:
    # seed 001, Marauder: the first player draws; an enemy card is revealed and given to its
    # owner, who becomes the active player; then the player to his left draws
    said = at_table(
        GAME, f"deck turn {DECK} --mode marauder", f"deck activate {DECK} --player griffins"
    )
    assert (
        "Griffins drew Great Fangs, a card of Wolfen: Wolfen is now the active player and "
        "activates it." in said
    )
    assert "Griffins acts next." in said
    # a card the drawer did not draw for himself cannot go to his reserve, nor to its owner's
    for player in ("griffins", "wolfen"):
        refused = at_table(GAME, f"deck reserve {DECK} --player {player}")
        assert refused.startswith("Error:"), refused


def test_a_marauder_reserve_is_secret_played_instead_of_a_draw_and_ends_the_turn(
    session: str,
) -> None:
    # seed 001, Marauder: one's own card may go to reserve, face down, once a turn
    at_table(GAME, f"deck turn {DECK} --mode marauder", f"deck activate {DECK} --player griffins")
    # griffins drew a Wolfen card, so griffins draws next: wolfen drawing now is out of turn
    # (issue: "Wolfen acts next" was printed, but anyone could act)
    said = at_table(GAME, f"deck activate {DECK} --player wolfen")
    assert "griffins acts next, not wolfen" in said
    said = at_table(GAME, f"deck activate {DECK} --player wolfen --force")
    # the card is drawn face down: the table learns whose it is, never which (issue: the drawn
    # card was printed for everyone before its owner chose to reserve it)
    assert "Wolfen draws one of their own cards, face down" in said
    assert "Fang Warriors" not in said
    assert "Fang Warriors" not in at_table(GAME, "status", "status --json")
    assert "You drew Fang Warriors" in at_table(GAME, "status --player wolfen")
    said = at_table(GAME, f"deck reserve {DECK} --player wolfen")
    assert "wolfen puts a card in reserve, face down; only wolfen sees which" in said
    assert "Fang Warriors" not in said, "the reserved card is not named to the table"
    public = at_table(GAME, "status")
    assert "Wolfen: still to activate -; in reserve 1 (secret)." in public
    assert "Fang Warriors" not in public
    own = at_table(GAME, "status --player wolfen")
    assert "in reserve Fang Warriors." in own
    # a script reading --json learns no more than the table
    state = json.loads(at_table(GAME, "status --json").splitlines()[0])["state"]
    assert state["decks"][DECK]["reserve"] == {"wolfen": 1}
    # one reserve per player per turn
    at_table(GAME, f"deck activate {DECK} --player griffins")
    # draw the rest of the deck
    for _ in range(6):
        said = at_table(GAME, f"deck activate {DECK} --player griffins")
        if "Error:" in said:
            break
    # with the deck empty, the reserve must be played; the turn cannot end over it
    assert "the deck is empty: wolfen must now play the reserved card" in said
    said = at_table(GAME, f"deck turn {DECK} --mode marauder")
    assert "wolfen must still play the reserved card before the turn ends" in said
    said = at_table(GAME, f"deck play {DECK} --player wolfen", f"deck turn {DECK} --mode marauder")
    assert "Fang Warriors (Wolfen) activates." in said
    assert "A new turn of the activation cards begins in Marauder mode." in said


def test_sequence_mode_reserves_the_first_card_instead_of_revealing_it(session: str) -> None:
    # seed 001, other modes: each player orders his cards in secret; at his go he reveals the
    # first card, or puts that first card in reserve without showing it, or plays his reserve
    order = "--order wolfen:wolfen-fang-warriors,wolfen-great-fangs"
    said = at_table(GAME, f"deck turn {DECK} --mode sequence {order}", "status")
    assert "Wolfen: still to activate 2 (secret); in reserve -." in said
    assert "Fang Warriors" not in said, "the order is secret"
    said = at_table(GAME, f"deck reserve {DECK} --player wolfen")
    assert "wolfen puts a card in reserve, face down" in said and "Griffins acts next." in said
    own = at_table(GAME, "status --player wolfen")
    assert "Wolfen: still to activate Great Fangs; in reserve Fang Warriors." in own
    # a revealed card activates: it cannot then be reserved in place of another
    said = at_table(GAME, f"deck activate {DECK} --player griffins")
    assert re.search(r"\(Griffins\) activates\.", said)
    said = at_table(GAME, f"deck reserve {DECK} --player griffins")
    assert "griffins revealed a card this go: a reserve is chosen instead of revealing" in said


def test_a_destroyed_unit_never_activates_again_not_even_from_the_reserve(session: str) -> None:
    # seed 001, special cases: the card of an eliminated unit is skipped and removed
    order = "--order wolfen:wolfen-great-fangs"
    at_table(
        GAME, f"deck turn {DECK} --mode sequence {order}", f"deck reserve {DECK} --player wolfen"
    )
    said = at_table(GAME, f"deck remove {DECK} 'Great Fangs'")
    assert "Great Fangs has left the activation cards" in said
    assert "It was held in reserve: it leaves the reserve too and will not be played." in said
    said = at_table(GAME, f"deck play {DECK} --player wolfen")
    assert said.startswith("Error:") and "activates" not in said
    # a removed unit still in an order is skipped when its turn comes
    at_table(GAME, f"deck remove {DECK} 'Fang Warriors'")
    said = at_table(GAME, f"deck activate {DECK} --player wolfen --force")
    assert "Fang Warriors is out of play; the turn passes." in said


def test_shooting_and_fighting_roll_the_tests_the_seed_names(session: str) -> None:
    # seed 001, ranged attack step 3: as many dice as the ranged combat characteristic, each
    # read on its own: the roll counts the dice that reach the face needed, never a sum
    said = at_table(GAME, "roll ranged-test --dice 3 --need 5")
    found = re.search(r"3d6>=5 = \[(\d\*?), (\d\*?), (\d\*?)\]→(\d)", said)
    assert found is not None
    faces = [int(f.rstrip("*")) for f in found.groups()[:3]]
    assert int(found.group(4)) == sum(1 for f in faces if f >= 5)
    assert all(f.endswith("*") == (int(f.rstrip("*")) >= 5) for f in found.groups()[:3])
    assert "read each die against action value and difficulty as your rule book's" in said
    # step 4 and combat step 3: one die per hit for the strength test
    said = at_table(GAME, "roll strength-test --hits 2", "roll melee-test --dice 4")
    assert re.search(r"2d6>=4 = \[\d\*?, \d\*?\]→\d", said)
    assert re.search(r"4d6>=4 = \[\d\*?, \d\*?, \d\*?, \d\*?\]→\d", said)
    # area weapons: a direction out of the template's six when a test failed
    said = at_table(GAME, "roll scatter")
    assert re.search(r"1d\[scatter\] = \[[1-6]\]", said)
    assert "move the template 1 cm towards the direction rolled for each failed test" in said


def test_a_turn_in_simplified_chinese(session: str) -> None:
    # the same activations, told in the players' language (zh-Hans)
    said = at_table(
        GAME,
        f"deck turn {DECK} --mode marauder",
        f"deck activate {DECK} --player griffins",
        f"deck activate {DECK} --player wolfen --force",
        f"deck reserve {DECK} --player wolfen",
        "status",
        lang="zh-Hans",
    )
    assert "狮鹫抽到" in said and "狼人成为主动玩家并激活它" in said
    assert "接下来轮到狮鹫。" in said
    assert "wolfen把一张卡面朝下放入保留区；只有wolfen知道是哪张" in said
    assert "保留区 1 张（秘密）" in said
