"""Names typed in the players' language: a place, nation, bag, deck or track is accepted as its id
or as its glossary or table name in any of the three languages, and a name that matches nothing
is refused with the accepted names listed in the players' language.

Each command runs through ``pnp``'s entry point; the game rules checked are named by their seed
section.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .helpers import ROOT, pnp_printed
from .test_table_lang import leftover

LATIN = re.compile(r"[A-Za-z]")


def _calc(capsys: pytest.CaptureFixture[str], what: str, *args: str) -> tuple[int, str]:
    return pnp_printed(capsys, "score", "calc", what, *args)


# seed 000 chapter 11: the Shadow scores 4 for Ravenhill, the Front Gate and the East Hill


@pytest.mark.parametrize(
    ("lang", "held"),
    [
        ("zh-Hant", "前門,烏丘"),
        ("zh-Hans", "前门,乌丘"),
        ("zh-Hant", "前门,Ravenhill"),  # Simplified and English names in a Traditional run
        ("en", "front-gate,烏丘"),
    ],
)
def test_places_are_taken_by_id_or_by_name_in_any_language(
    lang: str, held: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _calc(capsys, "five-armies:victory", "--hold", held, "--lang", lang)
    assert code == 0, text
    points = {
        "zh-Hant": "黑暗勢力勝利點數：8",
        "zh-Hans": "黑暗势力胜利点数：8",
        "en": "Shadow victory points: 8",
    }[lang]
    assert points in text, text
    if lang != "en":
        assert not leftover(text), text


@pytest.mark.parametrize(
    ("lang", "known"),
    [("zh-Hant", "烏丘、前門"), ("zh-Hans", "乌丘、前门"), ("en", "Ravenhill, Front Gate")],
)
def test_an_unknown_place_is_refused_with_the_places_in_the_players_language(
    lang: str, known: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _calc(capsys, "five-armies:victory", "--hold", "後門", "--lang", lang)
    assert code == 2, text
    assert known in text, text
    if lang != "en":
        assert not LATIN.search(text.replace("後門", "")), text


# seed 004 sections 6.1 and 6.2: squares held, then fewer losses, then the nation order
# (USA, Ottoman, Spain, Austria, Prussia, Russia, Britain, France; the earlier wins)


@pytest.mark.parametrize(
    ("lang", "nations", "said"),
    [
        ("zh-Hant", "法國,美國", ("戰役勝負：這場戰役由對方獲勝", "以國家順序決定")),
        ("zh-Hans", "普鲁士,france", ("战役胜负：这场战役由你获胜", "以国家顺序决定")),
        ("en", "法國,USA", ("the other side wins the battle", "decided by nation order")),
    ],
)
def test_a_full_tie_ranks_nations_named_in_any_language_and_says_why_in_the_players_words(
    lang: str,
    nations: str,
    said: tuple[str, ...],
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    mine, theirs = nations.split(",")
    code, text = _calc(
        capsys,
        "manoeuvre:battle",
        "--mine", "3", "--theirs", "3", "--my-nation", mine, "--their-nation", theirs,
        "--lang", lang,
    )  # fmt: skip
    assert code == 0, text
    assert all(s in text for s in said), text
    if lang != "en":
        assert not LATIN.search(text), text


def test_an_unknown_nation_is_refused_with_the_nations_in_the_players_language(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _calc(
        capsys, "manoeuvre:battle", "--mine", "1", "--theirs", "1", "--my-nation", "法國", "--their-nation", "xx",
        "--lang", "zh-Hans",
    )  # fmt: skip
    assert code == 2, text
    # the names the table accepts, each in Simplified Chinese, in the table's tie-break order
    from generator.content.table import load_table

    tables = load_table(ROOT / "content" / "manoeuvre").scoring["battle"].tables
    ranked = sorted(tables["nations"], key=lambda n: tables["nation-order"][n])
    nations = [tables["nations"][n]["zh-Hans"] for n in ranked]  # type: ignore[index]
    assert len(nations) == 8 and "法国" in nations
    places = [text.find(name) for name in nations]
    assert -1 not in places and places == sorted(places), text
    assert not LATIN.search(text.replace("xx", "")), text


# seed 003 (victory): equal destroyed totals go to the player who moved second


@pytest.mark.parametrize(("lang", "winner"), [("zh-Hant", "後手玩家"), ("zh-Hans", "后手玩家")])
def test_the_second_player_wins_a_full_tie_named_in_the_players_language(
    lang: str, winner: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _calc(
        capsys, "pocket-battles:battle", "--destroyed", "9", "--lost", "9", "--my-army", "10",
        "--enemy-army", "10", "--lang", lang,
    )  # fmt: skip
    assert code == 0, text
    assert f"：{winner}" in text, text
    assert not LATIN.search(text), text


# seed 000 chapters 4 and 9: the fate pool and the fate track; seed 004: the patrol deck


@pytest.fixture
def five_armies(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, text = pnp_printed(capsys, "session", "new", "five-armies", "--seed", "3")
    assert code == 0, text
    for _phase in ("generals", "fate"):  # seed 000 ch. 4: tiles are drawn in the fate phase
        assert pnp_printed(capsys, "turn", "next")[0] == 0


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_bag_and_a_track_are_taken_by_their_glossary_names(
    lang: str, five_armies: None, capsys: pytest.CaptureFixture[str]
) -> None:
    pool, track = ("天命池", "天命軌道") if lang == "zh-Hant" else ("天命池", "天命轨道")
    code, text = pnp_printed(
        capsys, "fate", "draw", "--bag", pool, "--generals", "1", "--lang", lang
    )
    assert code == 0, text
    code, text = pnp_printed(capsys, "score", "track", track, "--by", "1", "--lang", lang)
    assert code == 0, text
    assert track in text, text
    code, text = pnp_printed(capsys, "score", "track", "Fate Track", "--by", "1", "--lang", lang)
    assert code == 0, text


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_an_unknown_track_lists_the_tracks_in_the_players_language(
    lang: str, five_armies: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = pnp_printed(capsys, "score", "track", "士氣", "--by", "1", "--lang", lang)
    assert code == 2, text
    assert ("天命軌道" if lang == "zh-Hant" else "天命轨道") in text, text
    assert not leftover(text.replace("士氣", "")), text


def test_a_deck_is_taken_by_its_table_name(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = pnp_printed(capsys, "session", "new", "maquis", "--seed", "2")
    assert code == 0, text
    code, text = pnp_printed(capsys, "deck", "draw", "巡查牌堆", "--lang", "zh-Hans")
    assert code == 0, text
    code, text = pnp_printed(capsys, "deck", "draw", "Patrol Deck", "--lang", "zh-Hant")
    assert code == 0, text
    code, text = pnp_printed(capsys, "deck", "draw", "牌堆", "--lang", "zh-Hant")
    assert code == 2 and "巡查牌堆" in text, text


# seed 001 (Rag'narok activation): each army's activation cards; in sequence mode the player
# orders their own units, and a unit card leaves the deck when the unit is destroyed


@pytest.mark.parametrize(
    ("lang", "deck", "army", "units", "said"),
    [
        (
            "zh-Hant",
            "啟動卡",
            "狼人",
            "牙戰士,Great Fangs",
            ("牙戰士（狼人）啟動", "牙戰士已移出啟動卡"),
        ),
        ("zh-Hans", "激活卡", "wolfen", "巨牙,牙戰士", ("巨牙（狼人）激活", "牙战士已移出激活卡")),
    ],
)
def test_activation_players_and_units_are_taken_and_told_by_their_names(
    lang: str,
    deck: str,
    army: str,
    units: str,
    said: tuple[str, str],
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, text = pnp_printed(capsys, "session", "new", "ragnarok", "--seed", "2")
    assert code == 0, text
    runs = [
        ["deck", "turn", deck, "--mode", "sequence", "--order", f"{army}:{units}"],
        ["deck", "activate", deck, "--player", army],
        ["deck", "remove", deck, "Fang Warriors"],
        ["status"],
    ]
    told = ""
    for args in runs:
        code, text = pnp_printed(capsys, *args, "--lang", lang)
        assert code == 0, (args, text)
        told += text
    assert all(s in told for s in said), told
    assert not leftover(re.sub(r"\S*\.jsonl", "", told)), told  # the session file aside


# seed 003 (combat): a unit's melee roll is its dice against the icons of its card


@pytest.mark.parametrize(
    ("lang", "roll"), [("zh-Hant", "近戰"), ("zh-Hans", "近战"), ("en", "melee")]
)
def test_a_named_roll_is_taken_by_its_name_in_any_language(
    lang: str, roll: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    by_id = pnp_printed(capsys, "roll", "pocket-battles:melee", "--icons", "33445", "--seed", "3")
    code, text = pnp_printed(
        capsys, "roll", f"pocket-battles:{roll}", "--icons", "33445", "--seed", "3", "--lang", lang
    )
    assert code == 0 and by_id[0] == 0, text
    assert text.split("\n")[0] == by_id[1].split("\n")[0], (text, by_id)
    code, text = pnp_printed(capsys, "roll", "pocket-battles:遠射", "--lang", "zh-Hans")
    assert code == 2 and "近战、射击" in text, text
