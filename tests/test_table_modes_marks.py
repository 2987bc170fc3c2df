"""Decks and tracks from generic blocks: a game's own modes of play, stay marks, marks that move
other tracks, a hand limit over several decks, and sessions recorded in the former format.

A made-up game (written into ``tmp_path``) names its modes of play as it likes; each mode says
how the next card is found (random, queue, choose), and the table plays it through the ``pnp``
command line without a line of Python for the game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from generator.content.table import load_table
from generator.errors import ContentError

from .helpers import ROOT, pnp_printed

pytestmark = pytest.mark.usefixtures("data_dir")

GAME_YAML = "id: drift-game\ntitle: Drift\ntable: table.yaml\n"
TABLE = """
decks:
  crew:
    name: {en: crew cards, zh-Hant: 船員卡, zh-Hans: 船员卡}
    cards: []
    modes: {drift: random, line: queue, pick: choose}
tracks:
  tide:
    start: 0
    end: 6
    marks:
      - {at: 2, stay: true, note: {en: the shoals show, zh-Hant: 淺灘露出, zh-Hans: 浅滩露出}}
      - {at: 3, id: squall, note: a squall, move: {hull: -1, luck: 2}}
      - {at: 4, stay: true, note: the harbour is in reach}
  hull:
    start: 3
    end: 0
    low: 0
    high: 3
  luck:
    start: 0
    end: 5
"""
GLOSSARY = """source: invented for the test suite
estimate: true
terms:
  drift: {en: drift mode, zh-Hant: 漂流模式, zh-Hans: 漂流模式}
  line: {en: line mode, zh-Hant: 列隊模式, zh-Hans: 列队模式}
  pick: {en: pick mode, zh-Hant: 挑選模式, zh-Hans: 挑选模式}
"""


def made_up(tmp_path: Path, table: str = TABLE) -> Path:
    """A game folder with ``table`` as its table.yaml and a glossary naming its modes."""
    root = tmp_path / "drift-game"
    (root / "rules").mkdir(parents=True)
    (root / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (root / "table.yaml").write_text(table, encoding="utf-8")
    (root / "rules" / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    return root


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, text = pnp_printed(capsys, *args)
    assert code == 0, (args, text)
    return text


def state(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    said = ok(capsys, "status", "--json", "--player", "Ann").splitlines()[0]  # then any notice
    return json.loads(said)["state"]  # type: ignore[no-any-return]


# ---------------------------------------------------------------- modes named by the game


def test_a_game_of_its_own_plays_a_random_mode_and_a_queue_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "session", "new", str(made_up(tmp_path)), "--seed", "5")
    ok(capsys, "deck", "add", "crew", "a1", "a2", "--player", "Ann")
    ok(capsys, "deck", "add", "crew", "b1", "--player", "Bob")
    said = ok(capsys, "deck", "turn", "crew", "--mode", "drift")
    assert "A new turn of the crew cards begins in drift mode." in said
    crew = state(capsys)["decks"]["crew"]  # type: ignore[index]
    assert crew["mode"] == "drift" and crew["pile"] == 3  # a pile: counted, never named
    assert crew["left"] == {"Ann": ["a1", "a2"], "Bob": 1}  # Ann's own cards, Bob's counted
    drawn = ok(capsys, "deck", "activate", "crew")
    # random: a card of the mixed pile comes up face down; its owner may keep it in reserve
    assert re.search(r"(Ann|Bob) draws one of their own cards, face down", drawn), drawn
    assert state(capsys)["decks"]["crew"]["pile"] == 2  # type: ignore[index]
    # queue: each player's own order, revealed in turn; nothing is drawn at random
    ok(capsys, "deck", "turn", "crew", "--mode", "line", "--order", "Ann:a2,a1")
    first = ok(capsys, "deck", "activate", "crew", "--player", "Ann")
    assert first.startswith("a2 (Ann) activates."), first
    # Bob acts after Ann; Ann again only out of turn
    code, text = pnp_printed(capsys, "deck", "activate", "crew", "--player", "Ann")
    assert code != 0 and "Bob acts next, not Ann" in text, text
    forced = ok(capsys, "deck", "activate", "crew", "--player", "Ann", "--force")
    assert forced.startswith("a1 (Ann)")
    code, text = pnp_printed(capsys, "deck", "activate", "crew", "--player", "Ann", "--force")
    assert code != 0 and "Ann has no cards left this turn" in text


def test_a_choose_mode_plays_the_named_card_and_draws_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "session", "new", str(made_up(tmp_path)), "--seed", "5")
    ok(capsys, "deck", "add", "crew", "a1", "a2", "--player", "Ann")
    ok(capsys, "deck", "turn", "crew", "--mode", "pick")
    code, text = pnp_printed(capsys, "deck", "activate", "crew")
    assert code != 0 and "in pick mode the player chooses a card" in text, text
    assert ok(capsys, "deck", "play", "crew", "a2", "--player", "Ann").startswith("a2 (Ann)")
    assert state(capsys)["decks"]["crew"]["queues"] == {"Ann": ["a1"]}  # type: ignore[index]


@pytest.mark.parametrize(
    ("lang", "typed", "told"),
    [
        ("zh-Hant", "列隊模式", "船員卡開始新回合：列隊模式。"),
        ("zh-Hans", "漂流模式", "船员卡开始新回合：漂流模式。"),
    ],
)
def test_mode_is_taken_by_its_chinese_name_and_told_in_it(
    lang: str, typed: str, told: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "session", "new", str(made_up(tmp_path)), "--seed", "5")
    ok(capsys, "deck", "add", "crew", "a1", "--player", "Ann")
    assert told in ok(capsys, "deck", "turn", "crew", "--mode", typed, "--lang", lang)
    mode = {"zh-Hant": "line", "zh-Hans": "drift"}[lang]
    assert state(capsys)["decks"]["crew"]["mode"] == mode  # type: ignore[index]
    code, text = pnp_printed(capsys, "deck", "turn", "crew", "--mode", "sail", "--lang", lang)
    listing = (
        "漂流模式、列隊模式、挑選模式" if lang == "zh-Hant" else "漂流模式、列队模式、挑选模式"
    )
    assert code != 0 and "sail" in text and listing in text, text


def test_ragnarok_marauder_mode_by_its_traditional_chinese_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # seed 001 (activation phase): in Marauder mode (劫匪模式) every army's cards form one deck
    ok(capsys, "session", "new", "ragnarok", "--seed", "2")
    said = ok(capsys, "deck", "turn", "activation", "--mode", "劫匪模式")
    assert "begins in Marauder mode." in said
    crew = state(capsys)["decks"]["activation"]  # type: ignore[index]
    assert crew["mode"] == "marauder" and crew["pile"] == len(crew["owners"])
    said = ok(capsys, "deck", "turn", "activation", "--mode", "依序模式", "--lang", "zh-Hans")
    assert "依序模式" in said and state(capsys)["decks"]["activation"]["mode"] == "sequence"  # type: ignore[index]


# ---------------------------------------------------------------- marks


def test_a_stay_mark_is_told_where_the_marker_stands_and_not_when_passed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "session", "new", str(made_up(tmp_path)), "--seed", "5")
    landed = ok(capsys, "score", "track", "tide", "--to", "2", "--lang", "zh-Hant")
    assert "淺灘露出" in landed
    assert "the shoals show" in ok(capsys, "status")
    passed = ok(capsys, "score", "track", "tide", "--to", "5")
    assert "the shoals show" not in passed and "the harbour is in reach" not in passed
    assert "the shoals show" not in ok(capsys, "status")
    back = ok(capsys, "score", "track", "tide", "--to", "4")
    assert "the harbour is in reach" in back and "a squall" not in back  # back, not ahead


def test_a_mark_moves_other_tracks_by_the_steps_its_mapping_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "session", "new", str(made_up(tmp_path)), "--seed", "5")
    said = ok(capsys, "score", "track", "tide", "--by", "3")
    assert "a squall" in said and "hull: 3 → 2." in said and "luck: 0 → 2." in said
    assert state(capsys)["tracks"] == {"tide": 3, "hull": 2, "luck": 2}
    ok(capsys, "score", "track", "tide", "--by", "1")  # a mark is told once, when reached
    assert state(capsys)["tracks"] == {"tide": 4, "hull": 2, "luck": 2}


@pytest.mark.parametrize(
    ("change", "where", "said"),
    [
        ("{at: 2, stay: true, note:", "{at: 2, stay: true, nope:", None),
        (
            "{at: 2, stay: true, note: {en: the shoals show, zh-Hant: 淺灘露出, zh-Hans: 浅滩露出}}",
            "{at: 2, stay: true}",
            "tracks.tide.marks[0].note: a mark with stay: true needs a note",
        ),
        ("{at: 3, id: squall,", "{at: 3,", "tracks.tide.marks[1].id: a mark needs an id"),
        (
            "move: {hull: -1, luck: 2}",
            "move: {hull: -1, lcuk: 2}",
            "no track 'lcuk'; did you mean 'luck'?",
        ),
        (
            "{at: 4, stay: true, note: the harbour is in reach}",
            "{at: 4, stay: true, note: the harbour, move: {hull: 1}}",
            "tracks.tide.marks[2].move: a mark with stay: true moves no track",
        ),
        (
            "modes: {drift: random,",
            "positions: 2\n    modes: {drift: random,",
            "give positions or modes, not both",
        ),
    ],
)
def test_bad_marks_and_decks_are_told_at_their_line(
    change: str, where: str, said: str | None, tmp_path: Path
) -> None:
    assert change in TABLE
    with pytest.raises(ContentError) as found:
        load_table(made_up(tmp_path, TABLE.replace(change, where)))
    text = str(found.value)
    assert re.search(r"table\.yaml:\d+:\d+: ", text), text
    assert said is None or said in text, text


def test_former_keys_are_told_how_they_are_written_now(tmp_path: Path) -> None:
    old = TABLE.replace(
        "    cards: []\n", "    cards: []\n    kind: activation\n    hand_size: 5\n"
    )
    old = old.replace("  hull:\n", "  hull:\n    steps: [{at: 1, note: listing}]\n")
    with pytest.raises(ContentError) as found:  # an earlier format: pnp migrate rewrites it
        load_table(made_up(tmp_path / "old", old))
    assert "written in an earlier format (1): run `pnp migrate" in str(found.value)
    with pytest.raises(ContentError) as found:  # said to be current: each former key is told
        load_table(made_up(tmp_path, "format: 3\n" + old))
    lines = str(found.value).splitlines()
    assert any(
        ":7:5: decks.crew.kind: unknown key: decks have no kind any more" in x for x in lines
    )
    assert any(
        ":8:5: decks.crew.hand_size: unknown key: hand_size is now a hand" in x for x in lines
    )
    assert any("tracks.hull.steps: unknown key: a step's meaning is now a mark" in x for x in lines)


# ---------------------------------------------------------------- one hand limit over many decks


def test_manoeuvre_hand_of_five_is_one_hand_over_the_eight_nation_decks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # seed 004 (Manoeuvre, draw phase): a player fills their hand up to five cards of their own
    # nation's deck; one hands: entry counts each player's cards, and a sixth draw is refused
    spec = load_table(ROOT / "content" / "manoeuvre")
    (hand,) = spec.hands.values()
    assert sorted(hand.decks) == sorted(spec.decks) and len(spec.decks) == 8
    assert (hand.limit, hand.over) == (5, "refuse")
    ok(capsys, "session", "new", "manoeuvre", "--seed", "3")
    ok(capsys, "deck", "draw", "france", "--player", "Ann", "--up-to", "5")
    code, text = pnp_printed(capsys, "deck", "draw", "france", "--player", "Ann")
    assert code != 0 and "Ann's hand is full; its limit is 5" in text, text
    ok(capsys, "deck", "draw", "britain", "--player", "Bo", "--up-to", "5")  # Bo's own hand
    hands = state(capsys)["decks"]  # as Ann sees them: her own cards, Bo's counted
    assert len(hands["france"]["hands"]["Ann"]) == 5  # type: ignore[index]
    assert hands["britain"]["hands"]["Bo"] == 5  # type: ignore[index]


# ---------------------------------------------------------------- sessions of the former format


def _former(spec: dict[str, Any]) -> dict[str, Any]:
    """A recorded table as the former format wrote it: deck kinds, a list of built-in modes,
    hand_size on the deck, track steps, a mark's move as {track, by}."""
    sizes = {h["decks"][0]: h["limit"] for h in spec.pop("hands").values()}
    spec["hands"] = {}
    for did, deck in spec["decks"].items():
        deck["kind"] = "activation" if deck["modes"] else "plain"
        deck["modes"] = list(deck["modes"])
        deck["positions"] = 4
        deck["hand_size"] = sizes.get(did)
    for track in spec["tracks"].values():
        marks = track.pop("marks")
        track["steps"] = [{"at": m["at"], "note": m["note"]} for m in marks if m["stay"]]
        track["marks"] = []
        for mark in (m for m in marks if not m.pop("stay")):
            ((other, by),) = mark["move"].items() or [(None, None)]
            mark["move"] = {"track": other, "by": by} if other else None
            track["marks"].append(mark)
    return spec


def test_a_session_recorded_in_the_former_format_opens_replays_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = str(ROOT / "tests" / "fixtures" / "table_blocks")
    found = re.search(r"(\S+\.jsonl)", ok(capsys, "session", "new", game, "--seed", "4"))
    assert found is not None
    log = Path(found.group(1))
    ok(capsys, "deck", "add", "units", "a", "b", "--player", "Ann")
    ok(capsys, "deck", "add", "units", "c", "--player", "Bob")
    ok(capsys, "deck", "turn", "units", "--mode", "marauder")
    ok(capsys, "deck", "activate", "units")
    ok(capsys, "score", "track", "week", "--by", "1")  # the storm lowers the spirit to 2
    ok(capsys, "deck", "draw", "hand", "--player", "Ann", "--count", "2")
    before = state(capsys)
    header, rest = log.read_text(encoding="utf-8").split("\n", 1)
    data = json.loads(header)
    data["record"]["spec"] = _former(data["record"]["spec"])
    del data["record"]["format"]  # the former format wrote none
    assert data["record"]["spec"]["decks"]["units"]["modes"] == ["marauder", "sequence"]
    log.write_text(json.dumps(data, ensure_ascii=False) + "\n" + rest, encoding="utf-8")
    for extra in log.parent.glob(log.name + ".*"):
        extra.unlink()  # the snapshot and cache: the whole log is replayed
    assert state(capsys) == before
    assert "two guards on the walls" in ok(capsys, "status")  # a former step's meaning
    code, text = pnp_printed(capsys, "deck", "draw", "hand", "--player", "Ann")
    assert code != 0 and "its limit is 2" in text, text  # the former hand_size
    assert re.search(r"(Ann|Bob) draws one of their own", ok(capsys, "deck", "activate", "units"))
    assert "sequence" in ok(capsys, "deck", "turn", "units", "--mode", "sequence")
    assert ok(capsys, "session", "verify", str(log)).strip()


def test_the_exported_schema_documents_the_deck_and_mark_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "schema", "--out", str(tmp_path / "schema"))
    defs = json.loads((tmp_path / "schema" / "table.schema.json").read_text())["$defs"]
    assert "TrackMove" not in defs and "StepNote" not in defs
    deck, mark = defs["DeckSpec"]["properties"], defs["MarkSpec"]["properties"]
    assert "kind" not in deck and "hand_size" not in deck and "steps" not in defs["TrackSpec"]
    assert set(deck["modes"]["additionalProperties"]["enum"]) == {"random", "queue", "choose"}
    assert "queue:" in deck["modes"]["description"] and deck["positions"]["description"]
    assert mark["stay"]["type"] == "boolean" and "stands" in mark["stay"]["description"]
    assert mark["move"]["additionalProperties"]["type"] == "integer"
    assert "id" not in defs["MarkSpec"].get("required", [])


def test_the_counters_starter_pulls_chits_at_random_or_lets_a_side_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = tmp_path / "content"
    ok(capsys, "new", "war", "--from", "counters", "--content", str(content))
    ok(capsys, "session", "new", str(content / "war"), "--seed", "1")
    said = ok(capsys, "deck", "turn", "chits", "--mode", "chit-pull")
    assert said.startswith("A new turn of the activation chits begins in chit-pull mode.")
    pulled = [ok(capsys, "deck", "activate", "chits").splitlines()[0] for _ in range(4)]
    assert sorted(pulled) == [
        "Blue 1st division (Blue) activates.",
        "Blue 2nd division (Blue) activates.",
        "Red 1st division (Red) activates.",
        "Red 2nd division (Red) activates.",
    ]
    said = ok(capsys, "deck", "turn", "chits", "--mode", "指揮模式", "--lang", "zh-Hant")
    assert "指揮模式" in said
    played = ok(
        capsys, "deck", "play", "chits", "紅軍第一師", "--player", "紅軍", "--lang", "zh-Hant"
    )
    assert played.startswith("紅軍第一師（紅軍）啟動。"), played


def test_a_deck_without_positions_reads_no_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 004 (Maquis): patrol cards name places, no numbers; seed 002 (Barons of Fyn): four
    # numbers on every card, read at a chosen position
    code, text = pnp_printed(capsys, "odds", "maquis:patrol", "--position", "1")
    assert code != 0 and "the cards of this deck carry no numbers" in text, text
    assert "position 4 of the next card" in ok(
        capsys, "odds", "barons-of-fyn:fyn", "--position", "4"
    )
    ok(capsys, "session", "new", "maquis", "--seed", "1")
    code, text = pnp_printed(
        capsys, "deck", "number", "patrol", "--position", "1", "--lang", "zh-Hans"
    )
    assert code != 0 and "这个牌堆的卡牌上没有数字" in text, text


def test_a_deck_without_reserves_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = tmp_path / "content"
    ok(capsys, "new", "war", "--from", "counters", "--content", str(content))
    ok(capsys, "session", "new", str(content / "war"), "--seed", "1")
    ok(capsys, "deck", "turn", "chits", "--mode", "chit-pull")
    ok(capsys, "deck", "activate", "chits")
    code, text = pnp_printed(
        capsys, "deck", "reserve", "chits", "--player", "blue", "--lang", "zh-Hant"
    )
    assert code != 0 and "這個牌堆的卡牌從不放入保留區" in text, text
