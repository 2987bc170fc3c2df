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

from generator.locale import translation
from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions, ComponentResult
from generator.pipeline.run import build_game
from generator.render.face import ESTIMATE_NOTE
from generator.text.localtext import LANGS

from . import pdfcheck
from .helpers import ROOT, ShippedBuild, laid_out_texts, pnp

RAGNAROK = ROOT / "content" / "ragnarok"
POCKET = ROOT / "content" / "pocket-battles"
GAMES = {"ragnarok": RAGNAROK, "pocket-battles": POCKET}
# the estimate note as each language's sheets print it
ESTIMATE_NOTES = {translation(lang).gettext(ESTIMATE_NOTE) for lang in LANGS}
ROSTERS = {"griffins": "roster-griffins.yaml", "wolfen": "roster-wolfen.yaml"}


def game_yaml(game: Path) -> dict:  # type: ignore[type-arg]
    with open(game / "game.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def component_spec(game: Path, component: str) -> dict:  # type: ignore[type-arg]
    return next(c for c in game_yaml(game)["components"] if c["id"] == component)


def items(game: Path, component: str) -> list[dict]:  # type: ignore[type-arg]
    """The component's items as its file writes them (read with PyYAML, not our loader).

    A dice-labels component has no file: one label per face of each chosen die of table.yaml,
    ``sets`` times over.
    """
    spec = component_spec(game, component)
    if spec["kind"] == "dice-labels":
        with open(game / "table.yaml", encoding="utf-8") as f:
            dice = yaml.safe_load(f)["dice"]
        sets = spec["dice"].get("sets", 1)
        return [
            {"id": f"{die}-{k}", "qty": sets}
            for die in spec["dice"]["dice"]
            for k in range(1, dice[die]["sides"] + 1)
        ]
    with open(game / spec["items"], encoding="utf-8") as f:
        data = yaml.safe_load(f)
    return [{**(data.get("defaults") or {}), **item} for item in data["items"]]


def page_text(path: Path, page: int) -> str:
    return pdfcheck.page_text(path, page)


def tiles(result: ComponentResult) -> int:
    """Pieces one item makes: the tiles of a board split over sheets, else one."""
    found = re.match(r"(\d+) tiles", result.packing)
    return int(found.group(1)) if found else 1


def front_pages(result: ComponentResult) -> Iterator[int]:
    """Pages that carry fronts: every other page of a long-edge duplex file, else every page."""
    pages = pdfcheck.page_count(result.path)
    spec = component_spec(GAMES[result.game], result.component)
    duplex = (spec.get("sheet") or {}).get("duplex", "long")
    has_back = "back" in spec and duplex != "none"
    return iter(range(0, pages, 2) if has_back else range(pages))


@pytest.fixture(scope="module")
def built(shipped: ShippedBuild) -> dict[str, list[ComponentResult]]:
    """Both games built by ``build_game`` with the default options (shared per run)."""
    return {name: shipped.results(name) for name in GAMES}


def printed(built: dict[str, list[ComponentResult]], game: str) -> list[ComponentResult]:
    return [r for r in built[game] if r.component not in ("rules", "aids")]


# ---------------------------------------------------------------- the PDFs


@pytest.mark.parametrize("game", GAMES)
def test_every_component_is_built_in_all_three_languages(
    game: str, built: dict[str, list[ComponentResult]]
) -> None:
    wanted = {c["id"] for c in game_yaml(GAMES[game])["components"]}
    got = set()
    for r in printed(built, game):  # a PDF with no text of any language serves them all
        got |= {(r.component, lang) for lang in (LANGS if r.lang == "all" else (r.lang,))}
    assert got == {(c, lang) for c in wanted for lang in LANGS}
    assert all(r.path.is_file() and r.path.stat().st_size > 0 for r in printed(built, game))


@pytest.mark.parametrize("game", GAMES)
def test_each_pdf_holds_as_many_pieces_as_the_item_quantities_add_up_to(
    game: str, built: dict[str, list[ComponentResult]]
) -> None:
    for result in printed(built, game):
        copies = sum(int(i.get("qty", 1)) for i in items(GAMES[game], result.component))
        expected = copies * tiles(result)
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
        floor = 4.0 if spec["kind"] == "tokens" else 6.0
        texts = laid_out_texts(checked.copies[(spec["id"], lang)])
        assert texts, spec["id"]
        for item, shown, laid, _ in texts:
            assert laid.size >= floor and not laid.overflow, (spec["id"], lang, item, shown)


@pytest.mark.parametrize("game", GAMES)
def test_every_estimated_piece_carries_the_estimate_mark_and_the_sheet_explains_it(
    game: str, built: dict[str, list[ComponentResult]]
) -> None:
    seen_estimates = False
    for result in printed(built, game):
        estimated = sum(
            int(i.get("qty", 1)) for i in items(GAMES[game], result.component) if i.get("estimate")
        )
        estimated *= tiles(result)
        marks = 0
        for page in front_pages(result):
            text = page_text(result.path, page)
            explained = any(note in text for note in ESTIMATE_NOTES)
            marks += text.count("\u2248") - (1 if explained else 0)
            if estimated and pdfcheck.placements(result.path, page):
                assert explained, (result.path.name, page)  # an assembly page has no pieces
        assert marks == estimated, (result.path.name, marks, estimated)
        seen_estimates |= estimated > 0
    assert seen_estimates


@pytest.mark.parametrize("game", GAMES)
def test_every_estimated_item_says_where_its_facts_come_from(game: str) -> None:
    """An estimate is never silent: the item names a source and its file explains the estimate."""
    for spec in game_yaml(GAMES[game])["components"]:
        if "items" not in spec:
            continue
        with open(GAMES[game] / spec["items"], encoding="utf-8") as f:
            data = yaml.safe_load(f)
        estimated = [i for i in data["items"] if i.get("estimate")]
        if estimated:
            assert data.get("estimate_note"), spec["items"]
        for item in data["items"]:
            assert item.get("source") or data.get("source"), (spec["items"], item.get("id"))


def result_for(
    built: dict[str, list[ComponentResult]], game: str, component: str, lang: str = "en"
) -> ComponentResult:
    return next(r for r in built[game] if r.component == component and r.lang in (lang, "all"))


def test_range_ruler_prints_four_10_cm_bands_with_their_difficulty_and_interference(
    built: dict[str, list[ComponentResult]],
) -> None:
    text = " ".join(pdfcheck.text(result_for(built, "ragnarok", "ruler").path).split())
    # (a board split into tiles prints each band on every tile it reaches)
    bands = re.findall(
        r"Range (\d+)–(\d+) cm Difficulty of the shot (\d+) With interference \(\+2\) (\d+)", text
    )
    assert {int(start) for start, *_ in bands} == {0, 10, 20, 30}
    for start, end, difficulty, interfered in bands:
        assert int(end) == int(start) + 10
        assert int(difficulty) == int(start) // 10  # cm / 10, rounded down
        assert int(interfered) == int(difficulty) + 2


def test_area_template_numbers_six_directions_and_ten_1_cm_rings(
    built: dict[str, list[ComponentResult]],
) -> None:
    pdf = result_for(built, "ragnarok", "template").path
    tokens = pdfcheck.text(pdf).split()
    for n in range(1, 7):
        assert tokens.count(str(n)) >= 2, n  # a direction and a ring
    for n in range(7, 11):
        assert str(n) in tokens, n
    assert pdfcheck.page_count(pdf) == 1, "the whole template on one sheet"


def test_battlefield_mat_has_three_sectors_of_five_squares(
    built: dict[str, list[ComponentResult]],
) -> None:
    text = " ".join(pdfcheck.text(result_for(built, "pocket-battles", "battlefield").path).split())
    for sector in ("Left", "Centre", "Right"):
        for row in ("rear", "front"):
            assert text.count(f"{sector} · {row}") == 2, (sector, row)  # one per player
        assert text.count(f"Engagement · {sector}") == 2  # labelled for both players
    hant = pdfcheck.text(result_for(built, "pocket-battles", "battlefield", "zh-Hant").path)
    assert hant.count("交戰格") == 6


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

    # seed 001, "drawing the cards": one card per unit. The deck starts with every printed
    # card that names a unit, owned by its army; blank cards stay out until a player adds one.
    run("session", "new", "ragnarok", "--players", ",".join(ROSTERS), "--seed", "11")
    owner_of = {u["id"]: army for army, units in rosters.items() for u in units if u["unit"]}
    blank = [u["id"] for units in rosters.values() for u in units if not u["unit"]]
    assert blank and owner_of
    deck = run("status")["state"]["decks"]["activation"]
    assert deck["owners"] == owner_of
    added = run("deck", "add", "activation", "--player", "wolfen", "Hunters")
    assert added["type"] == "act.add"
    owner_of["Hunters"] = "wolfen"

    # Marauder mode: one mixed deck; every printed card comes up once, with its army as owner
    run("deck", "turn", "activation", "--mode", "marauder")
    drawn = []
    for _ in owner_of:
        fx = _shown(run("deck", "activate", "activation")["fx"])
        assert owner_of[fx["card"]] == fx["owner"]
        drawn.append(fx["card"])
    assert sorted(drawn) == sorted(owner_of)

    # a destroyed unit's card leaves the deck: the next turn deals the other printed cards
    gone = rosters["wolfen"][1]["id"]
    run("deck", "remove", "activation", gone)
    run("deck", "turn", "activation", "--mode", "marauder")
    drawn = [
        _shown(run("deck", "activate", "activation")["fx"])["card"]
        for _ in range(len(owner_of) - 1)
    ]
    assert sorted(drawn) == sorted(set(owner_of) - {gone})


def _shown(fx: dict) -> dict:  # type: ignore[type-arg]
    """A Marauder card drawn face down is its owner's to see until played: play it."""
    if not fx.get("hidden"):
        return fx
    return run("deck", "play", "activation", "--player", fx["drawer"])["fx"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_ragnarok_activation_cards_are_announced_by_their_printed_names(
    lang: str, data_dir: Path
) -> None:
    """Seed 001, marauder mode: the drawn card is told by the unit name printed on it."""
    printed = {
        u["id"]: u["unit"] for army in ROSTERS for u in items(RAGNAROK, f"activation-{army}")
    }
    run("session", "new", "ragnarok", "--players", ",".join(ROSTERS), "--seed", "5")
    run("deck", "turn", "activation", "--mode", "marauder")
    drawn = pnp("deck", "activate", "activation", "--lang", lang, "--json")
    drawer = json.loads(drawn.stdout)["fx"].get("drawer")
    if drawer:  # drawn face down: its owner activates it (played, it is told by name)
        proc = pnp("deck", "play", "activation", "--player", drawer, "--lang", lang)
    else:
        proc = pnp("deck", "activate", "activation", "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    names = [n.get(lang) for n in printed.values() if n and n.get(lang)]
    if lang == "zh-Hans":  # derived from the zh-Hant names for mainland readers
        from generator.text.chinese import to_simplified

        names = [to_simplified(n["zh-Hant"]) for n in printed.values() if n]
    assert any(name in proc.stdout for name in names), proc.stdout
    assert not any(uid in proc.stdout for uid in printed), proc.stdout


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
    pool = run("score", "calc", "pocket-battles:battle", "--limit", "100")["values"][
        "command-points"
    ]
    assert 2 * pool <= fronts, "both players can field the largest suggested army"
    # an order on a unit already carrying one command marker costs two
    assert (
        run("score", "calc", "pocket-battles:battle", "--on-unit", "1")["values"]["order-cost"] == 2
    )


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
