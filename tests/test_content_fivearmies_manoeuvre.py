"""The Battle of Five Armies and Manoeuvre: every printed component, and a short turn of each at
the table against what is printed.

Both games are built once into a temporary folder by a real ``pnp build`` process; the tests
open the PDFs it wrote (pypdf) and hold them to the content: pieces per component (the sum of
the items' quantities, fronts and backs), embedded fonts, three languages, the estimate mark on
exactly the components that hold estimates. The content checks tie the printed pieces to the
rest of the game: the fate tiles are the companion's fate bag, the nation decks belong to the
printed counters and nations. The scripted turns play through ``pnp session``, ``pnp fate``,
``pnp roll`` and ``pnp score`` and check each answer against the printed pieces.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from generator.content.loader import Component, Game, load_game
from generator.content.yamlload import load_yaml

from . import pdfcheck
from .helpers import ROOT, ShippedBuild, pnp

GAMES = ("five-armies", "manoeuvre")
LANGS = ("en", "zh-Hant", "zh-Hans")
# Components issue 9 asks of these two games (the rule sheets are built too, but are not pieces).
EXPECTED = {
    "five-armies": {
        "fate-tiles",
        "tokens",
        "recruitment",
        "units",
        "aid",
        "events",
        "stories",
        "fate-cards",
        "fate-track",
        "dice-free-peoples",
        "dice-shadow",
    },
    "manoeuvre": {"counters", "markers", "cards", "aid", "tiles"},
}


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {name: load_game(ROOT / "content" / name) for name in GAMES}


@pytest.fixture(scope="module")
def built(shipped: ShippedBuild) -> Path:
    """Both games built by ``pnp build`` (shared per run)."""
    return shipped.built(*GAMES)


def pdf_of(built: Path, game: str, component: str, lang: str) -> Path:
    """The component's PDF in ``lang`` (one file per language when the texts differ)."""
    own = built / game / f"{component}.{lang}.pdf"
    return own if own.exists() else built / game / f"{component}.pdf"


def item_table(game: str, name: str) -> dict[str, object]:
    return load_yaml(ROOT / "content" / game / name).data  # type: ignore[no-any-return]


def session(tmp_path: Path, game: str, seed: int) -> list[str]:
    path = tmp_path / f"{game}.session"
    run = pnp("session", "new", game, "--seed", str(seed), "--session", str(path), "--json")
    assert run.returncode == 0, run.stderr
    return ["--session", str(path), "--json"]


def call(*args: str) -> dict:  # type: ignore[type-arg]
    run = pnp(*args)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout)  # type: ignore[no-any-return]


# ---------------------------------------------------------------- the printed PDFs


def test_each_game_declares_every_component_the_issue_asks_for(games: dict[str, Game]) -> None:
    for name, game in games.items():
        assert {c.id for c in game.components} >= EXPECTED[name], name


@pytest.mark.parametrize(
    ("game", "component"),
    [(g, c) for g in GAMES for c in sorted(EXPECTED[g])],
)
def test_every_piece_is_printed_in_every_language(
    built: Path, games: dict[str, Game], game: str, component: str
) -> None:
    comp: Component = games[game].component(component)
    faces = 2 if comp.back is not None and comp.spec.sheet.duplex != "none" else 1
    for lang in LANGS:
        pdf = pdf_of(built, game, component, lang)
        assert pdf.exists(), pdf
        pages = pdfcheck.page_count(pdf)
        placed = sum(len(pdfcheck.placements(pdf, p)) for p in range(pages))
        assert placed == comp.copies * faces, (pdf, placed, comp.copies, faces)
        fonts = pdfcheck.fonts(pdf)
        assert fonts and all(embedded for _, embedded in fonts), (pdf, fonts)


@pytest.mark.parametrize(
    ("game", "component"),
    [(g, c) for g in GAMES for c in sorted(EXPECTED[g])],
)
def test_estimates_are_marked_on_exactly_the_pieces_that_hold_them(
    built: Path, games: dict[str, Game], game: str, component: str
) -> None:
    comp = games[game].component(component)
    estimated = sum(i.qty for i in comp.items if i.estimate)
    marks = pdfcheck.text(pdf_of(built, game, component, "en")).count("≈")
    if estimated:
        assert marks >= estimated, (component, marks, estimated)
    else:
        assert marks == 0, (component, marks)


def test_chinese_pdfs_carry_the_chinese_names(built: Path) -> None:
    hant = pdfcheck.text(pdf_of(built, "manoeuvre", "cards", "zh-Hant"))
    hans = pdfcheck.text(pdf_of(built, "manoeuvre", "cards", "zh-Hans"))
    assert "帝國衛隊" in hant and "法國" in hant
    assert "帝国卫队" in hans and "法国" in hans and "法國" not in hans
    units = pdfcheck.text(pdf_of(built, "five-armies", "units", "zh-Hant"))
    assert "矮人老兵" in units and "地形優勢" in units


# ---------------------------------------------------------------- content that must agree


def test_fate_tiles_are_the_companions_fate_bag(games: dict[str, Game]) -> None:
    bag = item_table("five-armies", "table.yaml")["bags"]["fate"]["tiles"]  # type: ignore[index]
    in_bag = {t["id"]: (t.get("qty", 1), t["value"], bool(t.get("symbol"))) for t in bag}
    printed = {
        i.id: (i.qty, i.data["value"], bool(i.data["symbol"]))
        for i in games["five-armies"].component("fate-tiles").items
    }
    assert printed == in_bag


def test_recruitment_tokens_come_in_the_three_groups_of_the_seed(games: dict[str, Game]) -> None:
    groups = {i.data["group"]["en"] for i in games["five-armies"].component("recruitment").items}
    assert groups == {"Dwarves and Men", "Elves", "Shadow"}


def test_card_templates_have_the_deck_sizes_of_the_seed(games: dict[str, Game]) -> None:
    fa = games["five-armies"]
    assert fa.component("events").copies == 30
    sides = Counter(i.data["back_color"] for i in fa.component("stories").items)
    assert sorted(sides.values()) == [20, 20]
    for comp in ("events", "stories", "fate-cards"):
        assert all(i.data["title"] == "" and i.data["text"] == "" for i in fa.component(comp).items)


def test_each_nation_deck_has_40_unit_cards_5_per_counter_and_20_command_cards(
    games: dict[str, Game],
) -> None:
    mg = games["manoeuvre"]
    counters = {i.id: i.data for i in mg.component("counters").items}
    per_unit: Counter[str] = Counter()
    commands: Counter[str] = Counter()
    kinds: set[str] = set()
    for item in mg.component("cards").items:
        nation = item.data["deck_nation"]
        if item.data["deck"] == "unit":
            counter = counters[item.data["unit"]]
            assert item.data["name"] == counter["name"], item.id
            assert item.data["nation"] == counter["nation"], item.id
            assert item.data["arm"] == counter["arm"], item.id
            per_unit[item.data["unit"]] += item.qty
        else:
            commands[nation] += item.qty
            kinds.add(item.data["kind"])
    assert per_unit == dict.fromkeys(counters, 5)
    assert commands == dict.fromkeys(commands, 20) and len(commands) == 8
    assert len(kinds) == 12


def test_tie_break_order_names_the_printed_nations(games: dict[str, Game]) -> None:
    battle = item_table("manoeuvre", "table.yaml")["scoring"]["battle"]  # type: ignore[index]
    order = battle["tables"]["nation-order"]
    decks = {i.data["deck_nation"] for i in games["manoeuvre"].component("cards").items}
    assert set(order) == decks and len(order) == 8  # type: ignore[arg-type]


# ---------------------------------------------------------------- a turn at the table


def test_five_armies_turn_draws_printed_fate_tiles_and_rolls_combat(
    tmp_path: Path, built: Path, games: dict[str, Game]
) -> None:
    fa = games["five-armies"]
    printed = {i.id: i for i in fa.component("fate-tiles").items}
    tiles_pdf = pdfcheck.text(pdf_of(built, "five-armies", "fate-tiles", "en"))
    s = session(tmp_path, "five-armies", seed=11)
    call("turn", "next", *s)
    call("turn", "next", *s)
    # phase 3 with two activated generals: draw, set aside, draw again, the last one resolves
    drawn = [call("fate", "draw", "--generals", "2", *s)["out"]["tile"] for _ in range(2)]
    for tile in drawn:
        tid = tile.split("#")[0]
        assert tid in printed, tile
        assert printed[tid].data.get("special") is False
    # the story card brings in the blue tile, which is printed too
    call("fate", "add", "blue", *s)
    assert "The Arkenstone of Thrain" in tiles_pdf and "blue" in printed
    # an army of three figures with one leadership token attacks: one die per strength point
    units = fa.component("units")
    strength = 3 * next(i for i in units.items if i.id == "elf-archer").data["strength"]
    roll = call("roll", "five-armies:combat", "--strength", str(strength), "--leadership", "1", *s)
    assert len(roll["dice"]) == strength
    assert roll["total"] == sum(1 for d in roll["dice"] if d >= 5)
    assert "Elf Archer" in pdfcheck.text(pdf_of(built, "five-armies", "units", "en"))


def test_manoeuvre_assault_with_printed_cards_and_tie_break_by_printed_nations(
    tmp_path: Path, built: Path, games: dict[str, Game]
) -> None:
    mg = games["manoeuvre"]
    counters = {i.id: i.data for i in mg.component("counters").items}
    cards = {i.id: i.data for i in mg.component("cards").items}
    attack_card, defence_card = cards["france-1-card-1"], cards["britain-1-card-1"]
    count, sides = (int(v) for v in attack_card["attack"].split("d"))
    s = session(tmp_path, "manoeuvre", seed=5)
    roll = call("roll", f"manoeuvre:d{sides}", "--n", str(count), *s)
    assert len(roll["dice"]) == count and all(1 <= d <= sides for d in roll["dice"])
    attack = counters[attack_card["unit"]]["full"] + roll["total"]
    defence = counters[defence_card["unit"]]["full"] + defence_card["defence"]
    result = call(
        "score",
        "calc",
        "manoeuvre:battle",
        "--attack",
        str(attack),
        "--defence",
        str(defence),
        "--combat",
        "assault",
        "--json",
    )
    battle = item_table("manoeuvre", "table.yaml")["scoring"]["battle"]  # type: ignore[index]
    table = battle["tables"]["assault"]
    # seed 004 section 6.1: below, equal, then more than once, twice, three and four times
    row = 0 if attack < defence else 1 + sum(attack > k * defence for k in (1, 2, 3, 4))
    assert result["says"]["result"] == table.get(row, table.get(str(row)))["en"]
    # a full tie at the end is settled by the nation order, printed on the decks' backs
    tie = call(
        "score",
        "calc",
        "manoeuvre:battle",
        "--mine",
        "4",
        "--theirs",
        "4",
        "--my-nation",
        "usa",
        "--their-nation",
        "france",
        "--json",
    )
    assert tie["values"]["winner"] == 1 and tie["decided_by"]["winner"] == "nation order"
    text = pdfcheck.text(pdf_of(built, "manoeuvre", "cards", "en"))
    names = defaultdict(set)
    for c in cards.values():
        names[c["deck_nation"]].add(c["nation"]["en"])
    for nation in ("usa", "france"):
        assert all(n in text for n in names[nation]), nation


def test_fate_track_board_marks_the_companions_character_spaces(games: dict[str, Game]) -> None:
    track = item_table("five-armies", "table.yaml")["tracks"]["fate"]  # type: ignore[index]
    steps = games["five-armies"].component("fate-track").items[0].data["steps"]
    assert [s["n"] for s in steps] == list(range(track["start"], track["end"] + 1))
    printed = {s["n"]: s["mark"]["en"] for s in steps if "mark" in s}
    expected = {m["at"]: m["id"] for m in track["marks"]}
    assert printed.keys() == expected.keys()
    for at, name in printed.items():
        assert name.lower().replace(" ", "-") == expected[at]


def test_map_tiles_are_24_double_sided_4_by_4_squares_blank_or_of_known_terrain(
    games: dict[str, Game],
) -> None:
    tiles = games["manoeuvre"].component("tiles")
    assert tiles.copies == 24 and tiles.back is not None
    for item in tiles.items:
        for side in ("side_a", "side_b"):
            rows = [r.split() for r in item.data[side]]
            assert len(rows) == 4 and all(len(r) == 4 for r in rows), item.id
            assert {c for r in rows for c in r} <= set("cfwhtml."), item.id
