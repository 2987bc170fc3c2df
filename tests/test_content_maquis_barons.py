"""Maquis' printed pieces and The Barons of Fyn's counters, built for real and read back.

``pnp build`` (a real process) writes both games into a temporary folder; the tests open the
PDFs with pypdf and hold them to the content: pieces per component equal to the item files'
quantities, every font embedded, every component in all three languages, the location names of
each patrol card printed on that card. A scripted Maquis day with the companion (session, patrol
draws, day track) checks that what the companion draws is what the printed cards say.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.loader import Component, Game, load_game
from generator.content.yamlload import load_yaml
from generator.faces.expand import localize

from . import pdfcheck
from .helpers import ROOT, ShippedBuild, pnp

GAMES = ("maquis", "barons-of-fyn")
LANGS = ("en", "zh-Hant", "zh-Hans")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def out(shipped: ShippedBuild) -> Path:
    """Both games built by the command line (shared per run)."""
    return shipped.built(*GAMES)


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {name: load_game(ROOT / "content" / name) for name in GAMES}


def pdf_of(out: Path, game: str, component: str, lang: str) -> Path:
    """The PDF of one component in one language (one file serves all when the text is equal)."""
    own = out / game / f"{component}.{lang}.pdf"
    return own if own.exists() else out / game / f"{component}.pdf"


def front_pages(component: Component, pages: int) -> range:
    """Pages holding fronts: every other page when backs are printed on their own pages."""
    two_sided = component.back is not None and component.spec.sheet.duplex in ("long", "short")
    return range(0, pages, 2) if two_sided else range(pages)


def raw_items(game: str, name: str) -> list[dict]:
    """An item file's items as written (with their ``source``, which the loader does not keep)."""
    return load_yaml(ROOT / "content" / game / f"{name}.yaml").data["items"]


def printed_patrols(pdf: Path) -> dict[int, list[str]]:
    """Card number -> the three location names, read from the patrol PDF's text."""
    text = "\n".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    cards: dict[int, list[str]] = {}
    for block in re.split(r"\n(?=(?:PATROL|巡查卡) \d+\n)", "\n" + text):
        head = re.match(r"(?:PATROL|巡查卡) (\d+)\n1\n2\n3\n(.+)\n(.+)\n(.+)\n", block)
        if head:
            cards[int(head.group(1))] = [head.group(2), head.group(3), head.group(4)]
    return cards


# ---------------------------------------------------------------- every component, every language


def test_check_reports_no_problem_for_either_game() -> None:
    done = pnp("check", *GAMES)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok: maquis" in done.stdout and "ok: barons-of-fyn" in done.stdout


def test_maquis_prints_the_seed_pieces(games: dict[str, Game]) -> None:
    maquis = games["maquis"]
    copies = {c.id: c.copies for c in maquis.components}
    # seed 004: 10 patrol and 10 mission cards, 6 spare locations, 5 + 5 + 5 pawns,
    # 24 resources, 3 track markers and 6 action markers
    assert copies == {
        "board": 1,
        "patrols": 10,
        "missions": 10,
        "spare-rooms": 6,
        "pawns": 15,
        "resources": 24,
        "markers": 3,
        "action-markers": 6,
    }
    pawns = {i.id: i.qty for i in maquis.component("pawns").items}
    assert pawns == {"resistance": 5, "milice": 5, "soldier": 5}
    resources = maquis.component("resources").items
    assert len(resources) == 6 and {i.qty for i in resources} == {4}
    assert len({i.data["colour"] for i in resources}) == 6, "six colours"


@pytest.mark.parametrize("game", GAMES)
def test_every_component_is_built_in_three_languages_with_its_pieces(
    game: str, out: Path, games: dict[str, Game]
) -> None:
    for component in games[game].components:
        for lang in LANGS:
            pdf = pdf_of(out, game, component.id, lang)
            assert pdf.exists(), (component.id, lang)
            pages = pdfcheck.page_count(pdf)
            placed = [len(pdfcheck.placements(pdf, p)) for p in front_pages(component, pages)]
            if component.spec.kind == "board":
                # one board, tiled: one tile a sheet, then the assembly page
                assert component.copies == 1 and placed[:-1] == [1] * (pages - 1), placed
                assert placed[-1] == 0 and pages >= 3, (component.id, placed)
                continue
            pieces = sum(placed)
            assert pieces == component.copies == sum(i.qty for i in component.items), (
                component.id,
                lang,
                pieces,
            )


@pytest.mark.parametrize("game", GAMES)
def test_every_font_is_embedded_and_chinese_pieces_carry_chinese(
    game: str, out: Path, games: dict[str, Game]
) -> None:
    for component in games[game].components:
        for lang in LANGS:
            pdf = pdf_of(out, game, component.id, lang)
            fonts = pdfcheck.fonts(pdf)
            assert fonts and all(embedded for _, embedded in fonts), (pdf, fonts)
            text = pdfcheck.text(pdf)
            assert bool(CJK.search(text)) == (lang != "en"), (component.id, lang)


# ---------------------------------------------------------------- Maquis: cards against their sources


def test_each_patrol_card_prints_its_three_locations_in_order(
    out: Path, games: dict[str, Game]
) -> None:
    patrols = games["maquis"].component("patrols")
    for lang in LANGS:
        printed = printed_patrols(pdf_of(out, "maquis", "patrols", lang))
        assert sorted(printed) == list(range(1, 11)), lang
        for item in patrols.items:
            data = localize(dict(item.data), lang)
            names = [data["places"][place] for place in data["route"]]
            assert printed[data["number"]] == names, (item.id, lang)


def test_patrol_routes_use_ten_town_locations_and_no_card_repeats_a_place(
    games: dict[str, Game],
) -> None:
    items = games["maquis"].component("patrols").items
    places = set(items[0].data["places"])
    assert len(places) == 10
    routes = [tuple(i.data["route"]) for i in items]
    assert len(set(routes)) == 10, "ten different cards"
    for route in routes:
        assert len(route) == len(set(route)) == 3 and set(route) <= places
    assert set().union(*routes) == places, "every location is on some card"


def test_the_mission_count_is_the_seeds_ten(games: dict[str, Game]) -> None:
    missions = games["maquis"].component("missions").items
    assert len(missions) == 10 and all(i.qty == 1 for i in missions)
    assert {i.data["level"] for i in missions} == {1, 2}
    # the six missions of the first print-and-play are sourced; the rest of the ten is a guess
    guessed = {i.id for i in missions if i.estimate}
    assert len(guessed) == 4
    assert all(m["source"] for m in raw_items("maquis", "missions"))


def test_every_maquis_item_names_its_source() -> None:
    for name in ("patrols", "missions", "rooms", "pawns", "resources", "markers", "action-markers"):
        assert load_yaml(ROOT / "content" / "maquis" / f"{name}.yaml").data["source"], name
        for item in raw_items("maquis", name):
            assert item.get("source"), (name, item["id"])


def test_the_board_prints_every_patrol_location_and_every_space_has_a_road_home(
    out: Path, games: dict[str, Game]
) -> None:
    board = dict(games["maquis"].component("board").items[0].data)
    patrol = games["maquis"].component("patrols").items[0].data
    for place, name in patrol["places"].items():
        assert board["places"][place] == name, place
    for lang in LANGS:
        pdf = pdf_of(out, "maquis", "board", lang)
        text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
        for place in patrol["places"]:
            assert localize(board["places"][place], lang) in text, (place, lang)
    roads: dict[str, set[str]] = {}
    for a, b in board["routes"]:
        roads.setdefault(a, set()).add(b)
        roads.setdefault(b, set()).add(a)
    spaces = {p for p in board["places"] if p != "spare-room"}
    assert set(roads) == spaces
    seen, todo = {"safe-house"}, ["safe-house"]
    while todo:
        for nxt in roads[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    assert seen == spaces, "every space reaches the Safe House by road"
    # morale 1..7 sends 5, 4, 4, 4, 3, 3, 2 patrols; the table's morale starts where the board does
    assert board["patrols_by_morale"] == sorted(board["patrols_by_morale"], reverse=True)
    table = load_yaml(ROOT / "content" / "maquis" / "table.yaml").data
    assert table["tracks"]["morale"]["start"] == board["morale_start"]
    assert table["tracks"]["day"]["end"] == 15 == max(board["morale_days"]) + 1


# ---------------------------------------------------------------- a Maquis day with the companion


def test_a_scripted_maquis_day_draws_patrols_that_go_to_printed_locations(
    out: Path, games: dict[str, Game], tmp_path: Path
) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path / "data")}

    def run(*args: str) -> dict:
        done = pnp(*args, "--json", env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout)

    run("session", "new", "maquis", "--seed", "11")
    patrols = {i.id: dict(i.data) for i in games["maquis"].component("patrols").items}
    printed = printed_patrols(pdf_of(out, "maquis", "patrols", "en"))

    # placement phase at the starting morale: three workers, each answered by a patrol
    board: dict[str, str] = {}
    for worker_at in ("grocer", "doctor", "radio-a"):
        board[worker_at] = "worker"
        card = run("deck", "draw", "patrol")["fx"]["card"]
        assert card in patrols, f"the companion drew {card!r}, which is not a printed card"
        data = patrols[card]
        names = [data["places"][p]["en"] for p in data["route"]]
        assert printed[data["number"]] == names
        empty = [p for p in data["route"] if p not in board]
        with_worker = [p for p in data["route"] if board.get(p) == "worker"]
        goes_to = empty[0] if empty else with_worker[0] if with_worker else None
        if goes_to is not None:
            assert data["places"][goes_to]["en"] in printed[data["number"]]
            board[goes_to] = "patrol"
    assert list(board.values()).count("patrol") >= 1

    # the companion tells the drawn card's route by the place names printed on the card
    shown = pnp("deck", "draw", "patrol", env=env)
    assert shown.returncode == 0, shown.stderr
    drawn = run("status")["state"]["decks"]["patrol"]["discard"][-1]
    route = printed[patrols[drawn]["number"]]
    assert ", ".join(route) in shown.stdout, (route, shown.stdout)

    # upkeep: the patrols leave, the deck is gathered, the day marker moves on
    run("deck", "reset", "patrol")
    moved = run("score", "track", "day", "--by", "1")["fx"]
    assert (moved["from"], moved["to"]) == (1, 2)
    state = run("status")["state"]
    assert state["decks"]["patrol"]["pile"] == len(patrols)  # a draw pile is counted
    assert state["tracks"]["day"] == 2


# ---------------------------------------------------------------- The Barons of Fyn: counters


def test_every_any_play_event_with_a_counter_card_has_a_target_marker(
    games: dict[str, Game],
) -> None:
    barons = games["barons-of-fyn"]
    cards = {i.data["type"]: dict(i.data) for i in barons.component("deck").items}
    counters = [dict(i.data) for i in barons.component("counters").items]
    events = {c["name"]["en"]: c for c in counters if c["group"] == "event"}
    countered = [c for c in cards.values() if c.get("countered_by")]
    assert len(countered) == 4
    for card in countered:
        marker = events[card["name"]["en"]]
        stopper = cards[card["countered_by"]]
        assert marker["stopped_by"] == stopper["name"], card["type"]
    disasters = {c["name"]["en"] for c in counters if c["group"] == "disaster"}
    assert disasters == {c["name"]["en"] for c in cards.values() if c["kind"] == "must-play"}


def test_barons_counters_are_our_aid_without_the_estimate_mark_and_cover_a_draw(
    games: dict[str, Game],
) -> None:
    # the counters are this project's aid for the special cards: they print no value of the
    # game, so none carries the estimate mark
    items = games["barons-of-fyn"].component("counters").items
    assert items and not any(i.estimate for i in items)
    assert all(c["source"] for c in raw_items("barons-of-fyn", "counters"))
    lands = sorted(int(i.data["name"]) or 10 for i in items if i.data["group"] == "land")
    assert lands == list(range(1, 11)), "a land number for every draw 1-10"
    positions = {i.data["name"]: i.qty for i in items if i.data["group"] == "position"}
    assert set(positions) == {"1", "2", "3", "4"}
