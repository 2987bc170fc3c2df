"""Pocket Battles: Orcs vs Elves, played for a turn at the table with our tools.

Read top to bottom, this is how two players use the companion for one battle, each step checked
against the rules summary in seed 003 (003_c71e6a989d6ee7c9.txt, sections 1 to 8). The game has
no decks or bags: its random procedures are the melee roll (section "近戰結算"), the charge's extra
die (7-2), the counter-attack and the shooting roll (7-5); its scores are the command points of
the army limit (3), the cost of an order (7) and the victory check (8).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from .helpers import ROOT, ShippedBuild, pnp

GAME = "pocket-battles"


def calc(*args: str, lang: str = "en") -> dict:  # type: ignore[type-arg]
    done = pnp("score", "calc", f"{GAME}:battle", *args, "--json", "--lang", lang)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def said(*args: str, lang: str = "en") -> str:
    done = pnp(*args, "--lang", lang)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def scored(icons: str, faces: list[int]) -> int:
    """Hits by the seed's rule: each die scores as many hits as the icon row has of its face."""
    return sum(icons.count(str(face)) for face in faces)


# ---------------------------------------------------------------- set-up


def test_setup_the_limit_gives_the_command_points(data_dir: Path) -> None:
    # seed 003 section 3: the players agree an army limit in tens; each takes limit / 10
    # command markers (a 60-point army takes 6) and builds an army within the limit
    assert calc("--limit", "60")["values"]["command-points"] == 6
    assert calc("--limit", "100")["values"]["command-points"] == 10
    refused = pnp("score", "calc", f"{GAME}:battle", "--limit", "65")
    assert refused.returncode != 0 and "Traceback" not in refused.stderr


def test_setup_command_points_are_named_as_on_the_markers(data_dir: Path) -> None:
    # seed 003 section 1 calls them 命令點; the printed markers and the rule sheet say the same,
    # so the companion must not call them anything else
    text = said("score", "calc", f"{GAME}:battle", "--limit", "60", lang="zh-Hant")
    assert "命令點：6" in text and "指揮" not in text
    assert "命令点：6" in said("score", "calc", f"{GAME}:battle", "--limit", "60", lang="zh-Hans")


# ---------------------------------------------------------------- one turn


def test_a_turn_orders_charge_melee_counter_attack_and_shooting(data_dir: Path) -> None:
    assert pnp("session", "new", GAME, "--seed", "11").returncode == 0

    # section 7: an order costs the command markers already on the unit plus one; a unit
    # ordered for the first time this turn costs 1, the second time 2 (then it holds 3)
    assert calc("--on-unit", "0")["values"]["order-cost"] == 1
    assert calc("--on-unit", "1")["values"]["order-cost"] == 2

    # 7-2 and the melee steps: a charging unit rolls one die plus one for the charge and
    # counts, for each die, the entries of its black (melee) icon row showing that face;
    # with the row 33445 a 4 gives two hits
    charge = json.loads(
        pnp("roll", f"{GAME}:melee", "--icons", "33445", "--dice", "2", "--json").stdout
    )
    assert len(charge["dice"]) == 2
    assert charge["total"] == scored("33445", charge["dice"])

    # the melee steps: a surviving defender strikes back at once with one die, no charge die
    back = json.loads(pnp("roll", f"{GAME}:melee", "--icons", "22336", "--json").stdout)
    assert len(back["dice"]) == 1 and back["total"] == scored("22336", back["dice"])

    # the melee roll takes at most two dice (one, and one for the charge): a third is refused
    refused = pnp("roll", f"{GAME}:melee", "--icons", "33445", "--dice", "3")
    assert refused.returncode != 0 and "--dice must be 1..2" in refused.stderr

    # 7-5: shooting rolls one die against the white (ranged) icon row
    shot = json.loads(pnp("roll", f"{GAME}:shoot", "--icons", "456", "--json").stdout)
    assert len(shot["dice"]) == 1 and shot["total"] == scored("456", shot["dice"])
    # the roll says what its total means: hits, each a damage point on the target
    again = said("roll", f"{GAME}:shoot", "--icons", "456")
    hits = int(again.split("hits: ", 1)[1].split(" ", 1)[0])
    assert f"hits: {hits} (one damage point each)" in again and 0 <= hits <= 1

    # every roll of the turn is in the session's log, for a later look
    log = pnp("log", "--json")
    assert log.returncode == 0 and log.stdout.count("@33445") >= 1


def test_the_same_turn_in_pnp_play_in_traditional_chinese(data_dir: Path) -> None:
    typed = "\n".join(
        [
            "help",
            "roll melee --icons 33445 --dice 2",  # charge (7-2)
            "roll shoot --icons 456",  # shooting (7-5)
            "odds melee --icons 33445 --dice 2",  # how good is a charge with this row?
            "score calc pocket-battles:battle --on-unit 1",
            "quit",
        ]
    )
    done = pnp("play", GAME, "--lang", "zh-Hant", input=typed + "\n")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    # help lists every command the game's table uses: its two rolls and its calculator
    for command in ("roll melee", "roll shoot", "score calc pocket-battles:battle", "odds"):
        assert command in text
    assert "2d6@33445" in text and "1d6@456" in text
    # each roll says its hits in words, one damage point each (the melee steps, 7-5)
    assert text.count("次（每次一個傷害點）") == 2
    # odds of the charge, worked by hand: no hit needs both dice on 1, 2 or 6: 1/4
    assert "25.00%" in text and "精確機率" in text
    assert "命令費用：2" in text


def test_odds_of_the_shooting_roll_by_hand(data_dir: Path) -> None:
    # one die against the row 456: a 4, 5 or 6 is one hit (1/2); the mean is one half
    data = json.loads(pnp("odds", f"{GAME}:shoot", "--icons", "456", "--json").stdout)
    assert {r["total"]: r["exact"] for r in data["rows"]} == {0: "1/2", 1: "1/2"}


# ---------------------------------------------------------------- victory


def test_victory_is_half_the_enemy_army_not_half_the_limit(data_dir: Path) -> None:
    # section 8: the destroyed enemy troops' points are added up; whoever first destroys half
    # (or more) of the enemy's points wins. Both armies were built for a 60 limit, but the Orcs
    # spent only 50: destroying 25 Orc points wins, although 25 is under half the limit
    orcs_beaten = calc("--destroyed", "25", "--lost", "10", "--my-army", "60", "--enemy-army", "50")
    assert orcs_beaten["values"]["winner"] == 1 and orcs_beaten["values"]["you-broke-them"] == 1
    # and 29 of a full 60-point army is not yet half
    assert (
        "winner"
        not in calc("--destroyed", "29", "--lost", "10", "--my-army", "50", "--enemy-army", "60")[
            "values"
        ]
    )


def test_victory_when_both_reach_half_at_once(data_dir: Path) -> None:
    # section 8: if both reach it in the same check, the higher destroyed total wins; still
    # equal, the second player (who did not start) wins
    both = ("--my-army", "60", "--enemy-army", "60")
    assert calc("--destroyed", "40", "--lost", "30", *both)["values"]["winner"] == 1
    tie = calc("--destroyed", "30", "--lost", "30", *both)
    assert tie["says"]["winner"] == "the second player"


def test_victory_needs_both_armies(data_dir: Path) -> None:
    # the army totals are what the share is taken of: without them there is nothing to check
    done = pnp(
        "score", "calc", f"{GAME}:battle", "--destroyed", "30", "--lost", "10", "--limit", "60"
    )
    assert done.returncode != 0
    assert "--enemy-army" in done.stderr or "--my-army" in done.stderr
    zh = pnp(
        "score", "calc", f"{GAME}:battle", "--destroyed", "30", "--lost", "10", "--lang", "zh-Hans"
    )
    assert zh.returncode != 0 and "需要提供 --enemy-army" in zh.stderr


# ---------------------------------------------------------------- what the players read


@pytest.fixture(scope="module")
def rules_text(shipped: ShippedBuild) -> dict[str, str]:
    out = shipped.built(GAME) / GAME
    return {
        lang: " ".join(page.extract_text() for page in PdfReader(out / f"rules.{lang}.pdf").pages)
        for lang in ("en", "zh-Hant")
    }


def test_the_sheet_speaks_to_players_not_of_our_sources(rules_text: dict[str, str]) -> None:
    # the sheet names where its rules come from in words a player understands
    for text in rules_text.values():
        assert "seed" not in text.casefold()
    assert "player-written" in rules_text["en"]
    assert "命令點" in rules_text["zh-Hant"] and "指揮點" not in rules_text["zh-Hant"]


def test_a_tie_names_the_second_player_of_the_session(data_dir: Path) -> None:
    # section 8: both reach half in the same check with equal totals: the second player (Bo,
    # who did not start) wins, told by name to a group whose session names its players
    done = pnp("session", "new", GAME, "--players", "Ann,Bo")
    assert done.returncode == 0, done.stderr
    args = ("--destroyed", "30", "--lost", "30", "--my-army", "60", "--enemy-army", "60")
    said = pnp("score", "calc", f"{GAME}:battle", *args)
    assert "winner: Bo (the second player)" in said.stdout
    zh = pnp("score", "calc", f"{GAME}:battle", *args, "--lang", "zh-Hant")
    assert "勝方：Bo（後手玩家）" in zh.stdout
    assert calc(*args)["says"]["winner"] == "Bo (the second player)"


def test_there_is_an_overlay_for_each_of_the_30_troops_of_each_side() -> None:
    # the overlays go over the troop cards: one for every template of troops-*.yaml (30 a side)
    import yaml

    folder = ROOT / "content" / GAME
    overlays = {
        i["id"] for i in yaml.safe_load((folder / "overlays.yaml").read_text("utf-8"))["items"]
    }
    for side in ("orcs", "elves"):
        troops = yaml.safe_load((folder / f"troops-{side}.yaml").read_text("utf-8"))["items"]
        assert len(troops) == 30
        assert {t["id"] for t in troops} <= overlays, side
