"""Each game played by its rules at the table, checked against the seed section that states the rule.

Every test names the seed file and section its facts come from (see the seeds' README for the
games): seed 000 The Battle of Five Armies, 001 Rag'narok activation, 002 The Barons of Fyn,
003 Pocket Battles, 004 Manoeuvre and Maquis.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import cli
from generator.companion.engine import Table, new_session

pytestmark = pytest.mark.usefixtures("data_dir")


def run(*args: str) -> tuple[int, str]:
    """Run ``pnp ARGS``; (exit code, printed text and error text)."""
    result = CliRunner().invoke(cli, list(args))
    text = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        lines = getattr(result.exception, "lines", None)
        text += "\n".join(lines()) if callable(lines) else str(result.exception)
    return result.exit_code, text


def calc(what: str, *opts: str) -> dict:  # type: ignore[type-arg]
    code, text = run("score", "calc", what, *opts, "--json")
    assert code == 0, text
    return json.loads(text)


def table(tmp_path: Path, game: str, players: list[str] | None = None, seed: int = 1) -> Table:
    path = tmp_path / f"{game}.jsonl"
    new_session(game, path, players or [], seed=seed)
    return Table(path)


# ---------------------------------------------------------------- 1. Barons of Fyn combat


def test_barons_a_drawn_0_reads_10_and_always_misses_seed_002_b4_d4() -> None:
    # seed 002 B.4: numbers 1..10, 0 reads 10; D.4: 1 always hits, 10 always misses
    assert (
        calc("barons-of-fyn:baron", "--mine", "2", "--theirs", "2", "--draw", "0")["values"][
            "attack"
        ]
        == 0
    )
    assert (
        calc("barons-of-fyn:baron", "--mine", "9", "--theirs", "1", "--draw", "10")["values"][
            "attack"
        ]
        == 0
    )
    assert (
        calc("barons-of-fyn:baron", "--mine", "1", "--theirs", "9", "--draw", "1")["values"][
            "attack"
        ]
        == 1
    )
    code, text = run(
        "score", "calc", "barons-of-fyn:baron", "--mine", "2", "--theirs", "2", "--draw", "11"
    )
    assert code != 0 and "--draw must be 0..10" in text


def test_barons_hit_number_never_shows_below_the_always_hit_draw_seed_002_d4() -> None:
    # seed 002 D.4: hit number 5 + difference; only a 1 hits when the difference is hopeless
    result = calc("barons-of-fyn:baron", "--mine", "1", "--theirs", "7")
    assert result["values"]["hit-number"] == 1
    assert calc("barons-of-fyn:baron", "--mine", "9", "--theirs", "1")["values"]["hit-number"] == 9


# ---------------------------------------------------------------- 2. Rag'narok activation


def own_units_only(t: Table) -> Table:
    """Take the printed roster cards out, so that only the units a test adds are in play."""
    for unit in list(t.snapshot_state()["decks"]["activation"]["owners"]):
        t.run("act.remove", {"deck": "activation", "unit": unit})
    return t


def test_ragnarok_marauder_card_reserved_then_played_activates_once_seed_001_marauder(
    tmp_path: Path,
) -> None:
    # seed 001, Marauder mode: one own card per turn may go to reserve and be played later
    t = own_units_only(table(tmp_path, "ragnarok"))
    t.run("act.add", {"deck": "activation", "player": "Ann", "units": ["wolves"]})
    t.run("act.turn", {"deck": "activation", "mode": "marauder"})
    drawn = t.run("act.draw", {"deck": "activation"})
    t.run("act.reserve", {"deck": "activation", "player": "Ann"})
    t.run("act.play", {"deck": "activation", "player": "Ann"})
    assert drawn["fx"]["may_reserve"] is True
    code, text = run("log", "--session", str(t.path))
    assert code == 0 and text.count(") activates.") == 1, text
    assert "activates it now or puts it in reserve" in text


def test_ragnarok_identical_unit_names_are_allowed_within_and_across_players_seed_001(
    tmp_path: Path,
) -> None:
    # seed 001: each unit has its card; two units of one profile carry the same name
    t = own_units_only(table(tmp_path, "ragnarok"))
    t.run("act.add", {"deck": "activation", "player": "Ann", "units": ["warriors", "warriors"]})
    t.run("act.add", {"deck": "activation", "player": "Bob", "units": ["warriors"]})
    t.run("act.turn", {"deck": "activation", "mode": "marauder"})
    drawn = [t.run("act.draw", {"deck": "activation"})["fx"] for _ in range(3)]
    owners = sorted(fx["owner"] for fx in drawn)
    assert owners == ["Ann", "Ann", "Bob"]


def test_ragnarok_sequence_run_out_names_the_player_and_status_shows_each_player_seed_001(
    tmp_path: Path,
) -> None:
    # seed 001, other modes: each player's sequence in order, one reserve
    t = own_units_only(table(tmp_path, "ragnarok"))
    t.run("act.add", {"deck": "activation", "player": "Ann", "units": ["wolves", "hunters"]})
    t.run("act.add", {"deck": "activation", "player": "Bob", "units": ["bears"]})
    t.run("act.turn", {"deck": "activation", "mode": "sequence"})
    t.run("act.draw", {"deck": "activation", "player": "Bob"})
    code, text = run("deck", "activate", "activation", "--player", "Bob", "--session", str(t.path))
    assert code != 0 and "Bob has no cards left this turn" in text
    # the order a player chose is secret: counted for the table, named for its owner alone
    code, status = run("status", "--session", str(t.path))
    assert "Ann: still to activate 2 (secret)" in status and "wolves" not in status
    assert "the turn is Bob's" in status
    code, status = run("status", "--player", "Ann", "--session", str(t.path))
    assert "Ann: still to activate wolves, hunters" in status


# ---------------------------------------------------------------- 3. Maquis


def test_maquis_morale_by_minus_one_lowers_and_zero_loses_seed_004_maquis(tmp_path: Path) -> None:
    # seed 004 (Maquis): the town's morale falling to 0 loses the game
    t = table(tmp_path, "maquis")
    start = t.snapshot_state()["tracks"]["morale"]
    fx = t.run("track.move", {"track": "morale", "by": -1})["fx"]
    assert fx["to"] == start - 1
    fx = t.run("track.move", {"track": "morale", "to": 0})["fx"]
    assert fx["game_over"] == 0
    code, text = run("score", "track", "day", "--by", "1", "--session", str(t.path))
    assert code != 0 and "the game is over" in text


def test_maquis_day_past_15_loses_and_morale_reaches_7_seed_004_maquis(tmp_path: Path) -> None:
    # seed 004 (Maquis): 15 days to finish two missions; the sheet's patrol table runs 1..7
    t = table(tmp_path, "maquis")
    assert t.run("track.move", {"track": "morale", "to": 7})["fx"]["to"] == 7
    code, text = run("score", "track", "day", "--to", "15", "--session", str(t.path))
    assert code == 0 and "Game over" not in text
    code, text = run("score", "track", "day", "--by", "1", "--session", str(t.path))
    assert code == 0 and "Game over: day 15 is over" in text


def test_maquis_patrol_draws_show_card_names_seed_004_maquis(tmp_path: Path) -> None:
    # seed 004 (Maquis): 10 patrol cards shuffled face down
    t = table(tmp_path, "maquis")
    t.run("deck.draw", {"deck": "patrol"})
    code, text = run("log", "--session", str(t.path))
    assert "Drew Patrol " in text and "patrol-0" not in text and "patrol-1" not in text
    assert (
        "route (first empty location, else the first with a worker); a Milice patrol, or a Soldier once the day's Milice are out: "
        in text
    )


# ---------------------------------------------------------------- 4. Pocket Battles


def test_pocket_battles_melee_needs_the_units_icon_row_seed_003_melee() -> None:
    # seed 003, melee: roll one die and count the entries of *the unit's* icon row
    code, text = run("roll", "pocket-battles:melee", "--no-session")
    assert code != 0 and "needs --icons" in text
    code, text = run("roll", "pocket-battles:melee", "--icons", "33445", "--seed", "1")
    assert code == 0 and "@33445" in text


# ---------------------------------------------------------------- 5. Five Armies


def test_five_armies_rally_has_no_five_unit_limit_seed_000_mustering_regions() -> None:
    # seed 000 ch. 9: mustering regions have no stacking limit; rally rolls one die per unit
    code, text = run("roll", "five-armies:rally", "--units", "8", "--seed", "2")
    assert code == 0 and text.startswith("8d6"), text


def test_five_armies_beorn_takes_a_target_of_6_seed_000_beorn_in_combat() -> None:
    # seed 000 ch. 12: Beorn suffers the hit modifiers against a fortification, ford or slope
    code, text = run("roll", "five-armies:beorn", "--target", "6", "--seed", "3")
    assert code == 0 and text.startswith("4d6>=6"), text


def test_five_armies_fate_track_15_ends_the_game_and_stops_draws_seed_000_ch7(
    tmp_path: Path,
) -> None:
    # seed 000 ch. 7: the fate marker reaching step 15 wins for the Free Peoples at once
    t = table(tmp_path, "five-armies")
    fx = t.run("track.move", {"track": "fate", "to": 15})["fx"]
    assert fx["game_over"] == 0
    code, text = run("fate", "draw", "--session", str(t.path))
    assert code != 0 and "the game is over" in text and "Free Peoples win" in text


def test_five_armies_shadow_wins_at_10_points_seed_000_ch11() -> None:
    # seed 000 ch. 11: 10 or more points at the end of a turn win for the Shadow
    result = calc("five-armies:victory", "--hold", "ravenhill,east-hill,camp,dale-ruins")
    assert result["values"]["points"] == 12 and result["values"]["shadow"] == 1


# ---------------------------------------------------------------- 6. Manoeuvre


def test_manoeuvre_result_is_told_in_the_chosen_language_seed_004_6_1() -> None:
    # seed 004 section 6.1 step 7: the result table by attack / defence ratio
    code, text = run(
        "score",
        "calc",
        "manoeuvre:battle",
        "--attack",
        "9",
        "--defence",
        "4",
        "--combat",
        "assault",
        "--lang",
        "zh-Hans",
    )
    assert code == 0 and "由攻方决定：守方撤退，或守方受一次伤害" in text
    assert "{" not in text and "zh-Hant" not in text


def test_manoeuvre_ties_go_to_fewer_losses_then_nation_order_any_case_seed_004_scoring() -> None:
    # seed 004, scoring: most squares; tie: fewer losses; then USA ... France
    fewer = calc(
        "manoeuvre:battle",
        "--mine",
        "4",
        "--theirs",
        "4",
        "--losses-mine",
        "1",
        "--losses-theirs",
        "3",
    )
    assert fewer["values"]["winner"] == 1 and fewer["decided_by"]["winner"] == "fewer losses"
    tie = calc(
        "manoeuvre:battle", "--mine", "4", "--theirs", "4", "--my-nation", "France",
        "--their-nation", "USA",
    )  # fmt: skip
    assert tie["values"]["winner"] == -1 and tie["decided_by"]["winner"] == "nation order"


# ---------------------------------------------------------------- 7. Barons deck and hands


def test_barons_hands_have_owners_and_discard_takes_the_shown_name_seed_002_d1_d6(
    tmp_path: Path,
) -> None:
    # seed 002 D.1: each player draws up to his hand size; D.6: he discards from his hand
    t = table(tmp_path, "barons-of-fyn", ["Ann", "Bob"])
    fx = t.run("deck.draw", {"deck": "fyn", "player": "Ann"})["fx"]
    code, text = run("status", "--player", "Ann", "--session", str(t.path))
    shown = text.split("Ann's hand from the Fyn deck: ", 1)[1].split(".\n", 1)[0]
    assert fx["card"] not in text or shown == fx["card"]
    code, text = run("deck", "discard", "fyn", shown, "--player", "Bob", "--session", str(t.path))
    assert code != 0 and "not in Bob's hand" in text
    code, text = run("deck", "discard", "fyn", shown, "--player", "Ann", "--session", str(t.path))
    assert code == 0 and f"Onto the discard pile of the Fyn deck: {shown}." in text
    assert "the the" not in text


def test_barons_same_name_in_two_hands_asks_whose_seed_002_d6(tmp_path: Path) -> None:
    # seed 002 D.6: a card is discarded from its owner's hand
    t = table(tmp_path, "barons-of-fyn", ["Ann", "Bob"], seed=5)
    for who in ("Ann", "Bob"):  # D.1: many population centres, a large hand
        t.run("track.move", {"track": "hand-limit", "player": who, "to": 40})
    names: dict[str, str] = {}
    for _ in range(40):
        for who in ("Ann", "Bob"):
            fx = t.run("deck.draw", {"deck": "fyn", "player": who})["fx"]
            name = t.game.cards["fyn"][fx["card"].split("#")[0]]["name"]["en"]
            if fx["n"] == 1:
                names.setdefault(name, who)
                if names[name] != who:
                    code, text = run("deck", "discard", "fyn", name, "--session", str(t.path))
                    assert code != 0 and "say whose with --player" in text
                    return
    pytest.fail("no card name came up in both hands")


# ---------------------------------------------------------------- 8. pnp play


def test_play_takes_bare_roll_names_and_has_its_own_help_seed_000_ch10(data_dir: Path) -> None:
    # seed 000 ch. 10: the combat roll with its hit number
    result = CliRunner().invoke(
        cli, ["play", "five-armies"], input="help\nroll combat --strength 3 --target 6\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "roll combat [--strength N]" in result.output
    assert "3d6>=6r0" in result.output
    assert "Usage: pnp" not in result.output


# ---------------------------------------------------------------- 9. estimates


def test_estimated_dice_and_tiles_are_marked_as_estimates_seed_000_ch5_ch7(tmp_path: Path) -> None:
    # seed 000 ch. 5 names the die symbols; their face mix is sourced from the publisher's rules
    # (no estimate); ch. 7 gives no tile mix, so the fate odds are estimates
    code, text = run("roll", "five-armies:shadow-actions", "--seed", "1")
    assert code == 0 and "Estimate:" not in text
    t = table(tmp_path, "five-armies")
    code, text = run("fate", "odds", "--session", str(t.path))
    assert code == 0 and "Estimate:" in text
    code, text = run("roll", "five-armies:combat", "--seed", "1")
    assert "Estimate:" not in text


# ---------------------------------------------------------------- 10. languages


def test_status_and_game_over_in_traditional_chinese_seed_000_ch7(tmp_path: Path) -> None:
    # seed 000 ch. 7: the fate track and its end
    t = table(tmp_path, "five-armies")
    code, text = run(
        "score", "track", "fate", "--to", "15", "--session", str(t.path), "--lang", "zh-Hant"
    )
    assert code == 0 and "遊戲結束：自由人民立即獲勝" in text
    code, text = run("status", "--session", str(t.path), "--lang", "zh-Hant")
    assert "遊戲結束" in text and "天命" in text
    code, text = run("score", "calc", "five-armies:victory", "--hold", "camp", "--lang", "zh-Hant")
    assert "黑暗勢力勝利點數：2" in text and "points" not in text


def test_a_note_ending_in_a_full_stop_is_not_stopped_twice() -> None:
    from generator.companion.i18n import message
    from generator.locale import translation

    over = "Game over: {note}."
    assert message(over, note="the occupation wins.") == "Game over: the occupation wins."
    said = translation("zh-Hant").gettext(over)
    assert message(said, note="佔領軍獲勝。") == "遊戲結束：佔領軍獲勝。"
    assert message(over, note="the week is over") == "Game over: the week is over."
