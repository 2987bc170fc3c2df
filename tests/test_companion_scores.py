"""Scores: one block of inputs, lookup tables, formulas and tie-breaks, played through `pnp score calc`.

The made-up game in ``tests/fixtures/table_blocks`` uses every part of the block; the four games
with a score are checked against their rules (the seed section named in each test).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from .helpers import ROOT, pnp

MADE_UP = ROOT / "tests" / "fixtures" / "table_blocks"


def calc(what: str, *opts: str, lang: str = "en") -> dict[str, Any]:
    done = pnp("score", "calc", what, *opts, "--json", "--lang", lang)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def refused(what: str, *opts: str, lang: str = "en") -> str:
    done = pnp("score", "calc", what, *opts, "--lang", lang)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr


def made_up(name: str) -> str:
    return f"{MADE_UP}:{name}"


# ------------------------------------------------------------------ the block, on a made-up game


def test_names_add_up_a_table_and_a_second_table_reads_the_same_names() -> None:
    low = calc(made_up("hold"), "--hold", "well")
    assert low["values"] == {"points": 2, "red": 0, "blue": 1}
    assert low["says"]["blue"] == "the blue king is caught or the blue army arrives"
    high = calc(made_up("hold"), "--hold", "tower,well,tower")  # a name counts once
    assert high["values"]["points"] == 5 and high["says"]["red"] == "red wins at once"
    assert calc(made_up("hold"), "--hold", "well,tower")["values"]["red"] == 2
    assert "not one of tower, well" in refused(made_up("hold"), "--hold", "moat")


def test_results_are_told_only_when_one_of_their_inputs_was_given() -> None:
    assert calc(made_up("duel"), "--gold", "2", "--land", "3")["values"] == {"score": 5}
    assert calc(made_up("duel"), "--holdings", "castle,farm")["values"] == {"hand-limit": 4}
    both = calc(made_up("duel"), "--mine", "3", "--theirs", "1")
    assert both["values"] == {"hit-number": 6}  # no --draw: the attack is not worked out
    assert "--theirs N is needed" in refused(made_up("duel"), "--mine", "3")
    assert "give --gold N --land N" in refused(made_up("duel"))


@pytest.mark.parametrize(
    ("mine", "theirs", "draw", "hits"),
    [("3", "1", "6", True), ("3", "1", "7", False), ("9", "1", "0", False), ("1", "9", "1", True)],
)
def test_a_hit_number_is_kept_within_its_ends_and_a_drawn_0_reads_10(
    mine: str, theirs: str, draw: str, hits: bool
) -> None:
    got = calc(made_up("duel"), "--mine", mine, "--theirs", theirs, "--draw", draw)
    assert got["says"]["attack"] == ("hits" if hits else "misses")
    assert 1 <= got["values"]["hit-number"] <= 9


def test_a_result_only_when_its_condition_holds_and_ties_read_in_order() -> None:
    armies = ("--my-army", "40", "--enemy-army", "40")
    assert (
        "winner"
        not in calc(made_up("clash"), "--destroyed", "10", "--lost", "10", *armies)["values"]
    )
    won = calc(made_up("clash"), "--destroyed", "30", "--lost", "10", *armies)
    assert won["values"]["winner"] == 1 and won["says"]["winner"] == "you win"
    both = calc(made_up("clash"), "--destroyed", "20", "--lost", "30", *armies)
    assert both["values"]["winner"] == -1 and both["decided_by"] == {"winner": "more destroyed"}
    full = calc(made_up("clash"), "--destroyed", "20", "--lost", "20", *armies)
    assert full["says"]["winner"] == "blue" and full["decided_by"] == {}
    assert "multiple of 10" in refused(
        made_up("clash"), "--destroyed", "1", "--lost", "1", "--my-army", "4", "--enemy-army", "45"
    )


@pytest.mark.parametrize(
    ("attack", "combat", "said"),
    [("3", "storm", "attacker hurt"), ("4", "storm", "nothing"), ("5", "storm", "wall breached"),
     ("13", "storm", "wall breached"), ("3", "shell", "nothing"), ("5", "shell", "wall cracked"), ("9", "shell", "wall cracked"),
     ("13", "shell", "wall falls"), ("13", "shell the walls", "wall falls")],
)  # fmt: skip
def test_the_combat_chosen_names_the_table_read_by_rows(
    attack: str, combat: str, said: str
) -> None:
    got = calc(made_up("siege"), "--attack", attack, "--defence", "4", "--combat", combat)
    assert got["says"]["result"] == said


def test_an_end_of_game_comparison_goes_down_its_tie_breaks() -> None:
    assert calc(made_up("siege"), "--mine", "3", "--theirs", "2")["says"]["winner"] == "you win"
    order = calc(
        made_up("siege"),
        "--mine",
        "2",
        "--theirs",
        "2",
        "--my-colour",
        "blue",
        "--their-colour",
        "red",
    )
    assert order["values"]["winner"] == -1 and order["decided_by"]["winner"] == "colour order"
    assert "--my-colour red|blue is needed" in refused(
        made_up("siege"), "--mine", "2", "--theirs", "2"
    )
    assert "no input --attakc" in refused(made_up("siege"), "--attakc", "2")
    assert "--defence must be 1..999" in refused(
        made_up("siege"), "--attack", "2", "--defence", "0", "--combat", "storm"
    )


BROKEN = [
    ('value: "{gold} + {land}"', 'value: "{gold} + {silver}"', "results.score.value", "{silver} is neither an input nor an earlier result"),
    ('value: "{gold} + {land}"', 'value: "{gold} + 2d6"', "results.score.value", "cannot roll dice"),
    ('value: "{gold} + {land}"', 'value: "{gold} +"', "results.score.value", "column"),
    ('value: "{holdings}"', 'value: "{coins:holdings}"', "results.hand-limit.value", "no table 'coins'"),
    ("says: hit}", "says: hits}", "results.attack.says", "no table 'hits'"),
    ("of: hand}", "of: hands}", "inputs.holdings.of", "no table 'hands'"),
    ("storm: {0: attacker hurt", "storms: {0: attacker hurt", "results.result.says", "no table 'storm' for the name 'storm'"),
    ('mine: "{mine}"', 'mine: "{combat}"', "results.winner.ties[0].mine", "{combat} adds up texts"),
    ("      land: {}", "      land: {kind: icons}", "inputs.land.kind", "a score's input is a number or names"),
    ('value: "{hit-number}"', 'value: "{attack}"', None, None),
]  # fmt: skip


@pytest.mark.parametrize(("good", "bad", "key", "message"), BROKEN[:-1])
def test_a_broken_score_is_refused_with_its_place(
    tmp_path: Path, good: str, bad: str, key: str, message: str
) -> None:
    game = tmp_path / "made-up"
    shutil.copytree(MADE_UP, game)
    table = game / "table.yaml"
    text = table.read_text(encoding="utf-8")
    assert good in text
    table.write_text(text.replace(good, bad, 1), encoding="utf-8")
    done = pnp("score", "calc", f"{game}:duel", "--gold", "1")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    line = next(ln for ln in done.stderr.splitlines() if "scoring." in ln and key in ln)
    assert line.startswith(str(table)) or "table.yaml:" in line
    assert message in line


def test_a_later_result_cannot_be_named_before_it_is_worked_out(tmp_path: Path) -> None:
    game = tmp_path / "made-up"
    shutil.copytree(MADE_UP, game)
    table = game / "table.yaml"
    text = table.read_text(encoding="utf-8")
    text = text.replace('hit-number: {value: "((4', 'hit-number: {value: "{attack} + ((4', 1)
    table.write_text(text, encoding="utf-8")
    done = pnp("score", "calc", f"{game}:duel", "--gold", "1")
    assert "scoring.duel.results.hit-number.value" in done.stderr
    assert "{attack} is neither an input nor an earlier result" in done.stderr


# ------------------------------------------------------------------ the four games' rules


def test_five_armies_victory_points_and_the_front_gate(  # seed 000 chapter 11
) -> None:
    end_of_turn = calc("five-armies:victory", "--hold", "ravenhill,east-hill,camp")
    assert end_of_turn["values"]["points"] == 10 and end_of_turn["values"]["shadow"] == 1
    at_once = calc("five-armies:victory", "--hold", "front-gate,ravenhill,camp")
    assert at_once["values"]["shadow"] == 2 and "at once" in at_once["says"]["shadow"]
    low = calc("five-armies:victory", "--hold", "camp,dale-ruins")
    assert "Beorn" in low["says"]["free-peoples"]
    high = calc("five-armies:victory", "--hold", "ravenhill,east-hill")
    assert "Beorn" not in high["says"]["free-peoples"]  # only below 6 points
    assert "mordor is not one of" in refused("five-armies:victory", "--hold", "mordor")


def typed(line: str) -> list[str]:
    """Options written as the players type them on one line."""
    return line.split()


def values(what: str, line: str) -> dict[str, Any]:
    """The numbers a score works out from options written as one line."""
    return calc(what, *typed(line))["values"]  # type: ignore[no-any-return]


def test_barons_score_hand_limit_and_hit_number() -> None:  # seed 002 D.1, D.4 and F
    barons = "barons-of-fyn:baron"
    assert values(barons, "--lands 5 --population 7 --combat 6") == {"score": 18}
    assert values(barons, "--holdings capital,city,town,village") == {"hand-limit": 8}
    assert values(barons, "--mine 3 --theirs 2 --draw 6") == {"hit-number": 6, "attack": 1}
    # a 1 always hits, a 10 always misses, and a drawn 0 reads 10
    assert values(barons, "--mine 1 --theirs 9 --draw 1")["attack"] == 1
    assert values(barons, "--mine 9 --theirs 1 --draw 10")["attack"] == 0
    assert values(barons, "--mine 9 --theirs 1 --draw 0")["attack"] == 0
    assert "--draw must be 0..10" in refused(barons, *typed("--mine 2 --theirs 2 --draw 11"))


def test_pocket_battles_orders_and_victory_at_half_the_enemy() -> None:  # seed 003 sections 3, 7, 8
    game = "pocket-battles:battle"
    assert calc(game, "--on-unit", "1")["values"] == {"order-cost": 2}
    assert calc(game, "--limit", "60")["values"] == {"command-points": 6}
    armies = ("--my-army", "60", "--enemy-army", "60")
    assert calc(game, "--destroyed", "30", "--lost", "20", *armies)["says"]["winner"] == "you win"
    assert calc(game, "--destroyed", "30", "--lost", "40", *armies)["values"]["winner"] == -1
    tie = calc(game, "--destroyed", "30", "--lost", "30", *armies)
    assert tie["says"]["winner"] == "the second player"
    assert "winner" not in calc(game, "--destroyed", "20", "--lost", "10", *armies)["values"]
    # the share is of each army as built, which may fall short of the agreed size
    assert values(game, "--destroyed 28 --lost 0 --my-army 60 --enemy-army 55")["winner"] == 1


def test_manoeuvre_combat_rows_and_the_end_of_battle_order() -> None:  # seed 004 sections 6.1, 6.2
    said = {
        a: calc("manoeuvre:battle", "--attack", str(a), "--defence", "4", "--combat", "assault")[
            "says"
        ]["result"]
        for a in (3, 4, 5, 9, 13, 17)
    }
    assert said[3].startswith("every attacking") and said[4] == "nothing happens"
    assert said[5].startswith("the defender chooses") and said[9].startswith("the attacker chooses")
    assert (
        said[13] == "the defender retreats and takes a hit"
        and said[17] == "the defender is eliminated"
    )
    losses = calc(
        "manoeuvre:battle", *typed("--mine 4 --theirs 4 --losses-mine 1 --losses-theirs 2")
    )
    assert losses["values"]["winner"] == 1 and losses["decided_by"]["winner"] == "fewer losses"
    order = calc(
        "manoeuvre:battle", *typed("--mine 4 --theirs 4 --my-nation france --their-nation britain")
    )
    assert order["values"]["winner"] == -1 and order["decided_by"]["winner"] == "nation order"


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_scores_are_told_in_chinese_with_names_typed_in_chinese(lang: str) -> None:
    nation = {"zh-Hant": "法國", "zh-Hans": "法国"}[lang]
    done = pnp(
        "score", "calc", "manoeuvre:battle", "--mine", "4", "--theirs", "4",
        "--my-nation", nation, "--their-nation", "usa", "--lang", lang,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert {"zh-Hant": "國家順序", "zh-Hans": "国家顺序"}[lang] in done.stdout
    assert not any(ch.isascii() and ch.isalpha() for ch in done.stdout), done.stdout
    gaul = typed("--mine 4 --theirs 4 --my-nation gaul --their-nation usa")
    wrong = refused("manoeuvre:battle", *gaul, lang=lang)
    assert nation in wrong and "gaul" in wrong


def test_a_lookup_table_past_its_limit_is_refused_at_its_line(tmp_path: Path) -> None:
    game = tmp_path / "made-up"
    shutil.copytree(MADE_UP, game)
    table = game / "table.yaml"
    many = ", ".join(f"p{i}: 1" for i in range(501))
    text = table.read_text(encoding="utf-8").replace(
        "places: {tower: 3, well: 2}", f"places: {{{many}}}"
    )
    table.write_text(text, encoding="utf-8")
    done = pnp("score", "calc", f"{game}:hold", "--hold", "p1")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert re.search(
        r"table\.yaml:\d+:\d+: scoring\.hold\.tables\.places: must have at most 500", done.stderr
    )


def test_a_roll_refuses_a_parameter_of_names(tmp_path: Path) -> None:
    game = tmp_path / "made-up"
    shutil.copytree(MADE_UP, game)
    table = game / "table.yaml"
    text = table.read_text(encoding="utf-8")
    old = "n: {default: 1, min: 1, max: 2}"
    assert old in text
    table.write_text(text.replace(old, "n: {kind: names, of: places}"), encoding="utf-8")
    done = pnp("score", "calc", f"{game}:hold", "--hold", "well")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "rolls.volley.params.n.kind: a roll's parameter is a number or icons" in done.stderr
