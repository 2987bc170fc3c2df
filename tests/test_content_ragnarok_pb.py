"""Rag'narok and Pocket Battles components: the real PDFs against the content, and a scripted turn.

Builds both games through the library (``build_game``) into a temporary folder and opens the
PDFs with pypdf: one PDF per component and language, as many pieces as the item files' ``qty``
add up to, every font embedded, the texts of each language. Then plays a short turn with the
``pnp`` companion in a real process against what is printed: Rag'narok's activation deck holds
the printed unit cards, Pocket Battles' command pool fits the printed markers and a melee roll
scores by the icon row printed on a troop card.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from generator.build import BuildOptions, ComponentResult, build_game, check_game
from generator.content.types import LANGS

from . import pdfcheck
from .helpers import ROOT, laid_out_texts, pnp

RAGNAROK = ROOT / "content" / "ragnarok"
POCKET = ROOT / "content" / "pocket-battles"
GAMES = {"ragnarok": RAGNAROK, "pocket-battles": POCKET}
ROSTERS = {"griffins": "roster-griffins.yaml", "wolfen": "roster-wolfen.yaml"}


def game_yaml(game: Path) -> dict:  # type: ignore[type-arg]
    with open(game / "game.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def items(game: Path, component: str) -> list[dict]:  # type: ignore[type-arg]
    """The component's items as the item file writes them (read with PyYAML, not our loader)."""
    spec = next(c for c in game_yaml(game)["components"] if c["id"] == component)
    with open(game / spec["items"], encoding="utf-8") as f:
        data = yaml.safe_load(f)
    return [{**(data.get("defaults") or {}), **item} for item in data["items"]]


def front_pages(result: ComponentResult) -> Iterator[int]:
    """Pages that carry fronts: every other page of a long-edge duplex file, else every page."""
    pages = pdfcheck.page_count(result.path)
    spec = next(
        c for c in game_yaml(GAMES[result.game])["components"] if c["id"] == result.component
    )
    duplex = (spec.get("sheet") or {}).get("duplex", "long")
    has_back = "back" in spec and duplex != "none"
    return iter(range(0, pages, 2) if has_back else range(pages))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[ComponentResult]]:
    out = tmp_path_factory.mktemp("built")
    return {name: build_game(path, BuildOptions(out_dir=out)) for name, path in GAMES.items()}


def printed(built: dict[str, list[ComponentResult]], game: str) -> list[ComponentResult]:
    return [r for r in built[game] if r.component not in ("rules", "aids")]


# ---------------------------------------------------------------- the PDFs


@pytest.mark.parametrize("game", GAMES)
def test_every_component_is_built_in_all_three_languages(
    game: str, built: dict[str, list[ComponentResult]]
) -> None:
    wanted = {c["id"] for c in game_yaml(GAMES[game])["components"]}
    got = {(r.component, r.lang) for r in printed(built, game)}
    assert got == {(c, lang) for c in wanted for lang in LANGS}
    assert all(r.path.is_file() and r.path.stat().st_size > 0 for r in printed(built, game))


@pytest.mark.parametrize("game", GAMES)
def test_each_pdf_holds_as_many_pieces_as_the_item_quantities_add_up_to(
    game: str, built: dict[str, list[ComponentResult]]
) -> None:
    for result in printed(built, game):
        expected = sum(int(i.get("qty", 1)) for i in items(GAMES[game], result.component))
        pieces = sum(len(pdfcheck.placements(result.path, p)) for p in front_pages(result))
        assert pieces == expected, (result.path.name, pieces, expected)


@pytest.mark.parametrize("game", GAMES)
def test_every_font_in_every_pdf_is_embedded(
    game: str, built: dict[str, list[ComponentResult]]
) -> None:
    for result in printed(built, game):
        fonts = pdfcheck.fonts(result.path)
        assert fonts and all(embedded for _, embedded in fonts), (result.path.name, fonts)


def test_tactic_cards_carry_each_languages_own_words(
    built: dict[str, list[ComponentResult]],
) -> None:
    text = {r.lang: pdfcheck.text(r.path) for r in built["ragnarok"] if r.component == "tactics"}
    assert "Cry Havoc!" in text["en"] and "Authority (4)" in text["en"]
    assert "狂猛長嘯" in text["zh-Hant"] and "權威屬性" in text["zh-Hant"]
    # zh-Hans is derived from zh-Hant: simplified forms, none of the traditional ones
    assert "狂猛长啸" in text["zh-Hans"] and "权威属性" in text["zh-Hans"]
    assert "權威" not in text["zh-Hans"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_text_is_legible_at_real_size(game: str, lang: str) -> None:
    """Cards keep text at 6 pt or more and counters at 4 pt or more, and nothing overflows."""
    checked = check_game(GAMES[game])
    for spec in game_yaml(GAMES[game])["components"]:
        floor = 6.0 if spec["kind"] == "cards" else 4.0
        texts = laid_out_texts(checked.copies[(spec["id"], lang)])
        assert texts, spec["id"]
        for item, shown, laid, _ in texts:
            assert laid.size >= floor and not laid.overflow, (spec["id"], lang, item, shown)


@pytest.mark.parametrize("game", GAMES)
def test_every_estimated_item_says_where_its_facts_come_from(game: str) -> None:
    """An estimate is never silent: the item names a source and its file explains the estimate."""
    for spec in game_yaml(GAMES[game])["components"]:
        with open(GAMES[game] / spec["items"], encoding="utf-8") as f:
            data = yaml.safe_load(f)
        estimated = [i for i in data["items"] if i.get("estimate")]
        if estimated:
            assert data.get("estimate_note"), spec["items"]
        for item in data["items"]:
            assert item.get("source") or data.get("source"), (spec["items"], item.get("id"))


# ---------------------------------------------------------------- a turn at the table


def run(*args: str) -> dict:  # type: ignore[type-arg]
    proc = pnp(*args, "--json")
    assert proc.returncode == 0, (args, proc.stderr)
    return json.loads(proc.stdout)


def test_ragnarok_activation_deck_holds_the_printed_unit_cards(
    built: dict[str, list[ComponentResult]], data_dir: Path
) -> None:
    rosters = {army: items(RAGNAROK, f"activation-{army}") for army in ROSTERS}
    pdf_text = {
        r.component: " ".join(pdfcheck.text(r.path).split())  # names may wrap over two lines
        for r in built["ragnarok"]
        if r.lang == "en" and r.component.startswith("activation-")
    }
    # every named unit of a roster is printed on its army's sheet
    for army, units in rosters.items():
        for unit in units:
            if unit["unit"]:
                assert unit["unit"]["en"] in pdf_text[f"activation-{army}"], unit["id"]

    run("session", "new", "ragnarok", "--players", ",".join(ROSTERS), "--seed", "11")
    for army, units in rosters.items():
        run("deck", "add", "activation", "--player", army, *(u["id"] for u in units))
    owner_of = {u["id"]: army for army, units in rosters.items() for u in units}

    # Marauder mode: one mixed deck; every printed card comes up once, with its army as owner
    run("deck", "turn", "activation", "--mode", "marauder")
    drawn = []
    for _ in owner_of:
        fx = run("deck", "activate", "activation")["fx"]
        assert owner_of[fx["card"]] == fx["owner"]
        drawn.append(fx["card"])
    assert sorted(drawn) == sorted(owner_of)

    # a destroyed unit's card leaves the deck: the next turn deals the other printed cards
    gone = rosters["wolfen"][1]["id"]
    run("deck", "remove", "activation", gone)
    run("deck", "turn", "activation", "--mode", "marauder")
    drawn = [run("deck", "activate", "activation")["fx"]["card"] for _ in range(len(owner_of) - 1)]
    assert sorted(drawn) == sorted(set(owner_of) - {gone})


def test_ragnarok_scatter_roll_names_a_direction_printed_on_the_template() -> None:
    """The scatter die gives one of the six directions of the area template (seed 001)."""
    faces = {
        run("roll", "ragnarok:scatter", "--seed", str(s), "--no-session")["total"]
        for s in range(40)
    }
    assert faces == set(range(1, 7))


def test_pocket_battles_command_pool_fits_the_printed_markers(
    built: dict[str, list[ComponentResult]], data_dir: Path
) -> None:
    markers = next(
        r for r in built["pocket-battles"] if r.component == "markers" and r.lang == "en"
    )
    fronts = sum(
        len(pdfcheck.placements(markers.path, p))
        for p in range(0, pdfcheck.page_count(markers.path), 2)
    )
    backs = sum(
        len(pdfcheck.placements(markers.path, p))
        for p in range(1, pdfcheck.page_count(markers.path), 2)
    )
    assert fronts == backs > 0, "every command marker has a damage side behind it"
    text = pdfcheck.text(markers.path)
    assert "Command" in text and "Damage" in text

    run("session", "new", "pocket-battles", "--players", "orcs,elves", "--seed", "5")
    pool = run("score", "calc", "pocket-battles:battle", "--limit", "100")["command_points"]
    assert 2 * pool <= fronts, "both players can field the largest suggested army"
    # an order on a unit already carrying one command marker costs two
    assert run("score", "calc", "pocket-battles:battle", "--on-unit", "1")["order_cost"] == 2


def test_pocket_battles_melee_scores_by_the_icon_row_printed_on_a_troop_card(
    tmp_path: Path, data_dir: Path
) -> None:
    """Fill in one troop template, print it, and roll melee with the row read off the PDF."""
    game = tmp_path / "content" / "pocket-battles"
    shutil.copytree(POCKET, game)
    orcs = game / "troops-orcs.yaml"
    text = orcs.read_text(encoding="utf-8")
    filled = '  - {id: orcs-01, estimate: true, source: *seed, melee: "33445", life: 2, points: 6}'
    text = text.replace("  - {id: orcs-01, estimate: true, source: *seed}", filled)
    orcs.write_text(text, encoding="utf-8")
    results = build_game(game, BuildOptions(out_dir=tmp_path / "out", langs=("en",)))
    pdf = next(r.path for r in results if r.component == "troops-orcs")
    row = re.search(r"\b([1-6]{5})\b", pdfcheck.text(pdf))
    assert row is not None and row.group(1) == "33445"

    run("session", "new", "pocket-battles", "--players", "orcs,elves", "--seed", "9")
    for charge, dice in ((False, 1), (True, 2)):
        roll = run("roll", "pocket-battles:melee", "--dice", str(dice), "--icons", row.group(1))
        assert len(roll["rolls"]) == dice, charge
        assert roll["total"] == sum(row.group(1).count(str(d)) for d in roll["rolls"])
