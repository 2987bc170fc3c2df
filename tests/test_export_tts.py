"""``pnp export tts``: the saved object's decks, card ids and images against the game's content."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from click.testing import CliRunner
from PIL import Image, ImageChops

from generator.cli.app import cli
from generator.export.images import MAX_COLS, MAX_PX, MAX_ROWS, sheet_grid
from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions
from generator.render.preview import render_faces

from .helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"


def export(game: Path, out: Path, *extra: str) -> dict[str, Any]:
    result = CliRunner().invoke(
        cli, ["export", "tts", str(game), "--out", str(out), *extra], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    folder = out / check_game(game).game.id / "tts"
    return json.loads((folder / f"{folder.parent.name}.json").read_text(encoding="utf-8"))


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path("/" + unquote(url.removeprefix("file:///")))


def objects(saved: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [o for o in saved["ObjectStates"] if o["Name"] == name]


def cell(sheet: Image.Image, deck: dict[str, Any], index: int) -> Image.Image:
    w, h = sheet.width // deck["NumWidth"], sheet.height // deck["NumHeight"]
    col, row = index % deck["NumWidth"], index // deck["NumWidth"]
    return sheet.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    """Pixel for pixel the same (both are drawn by the same renderer at the same size)."""
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def copy_game(tmp_path: Path, name: str) -> Path:
    dest = tmp_path / "content" / name
    shutil.copytree(GAMES / name, dest)
    return dest


# ------------------------------------------------------------------ decks


def test_deck_holds_every_copy_and_each_card_id_shows_its_own_face(tmp_path: Path) -> None:
    game = GAMES / "sample"
    saved = export(game, tmp_path)
    checked = check_game(game, BuildOptions(langs=("en",)))
    copies = checked.copies[("cards", "en")]
    (deck,) = objects(saved, "Deck")
    cards = deck["ContainedObjects"]
    assert len(cards) == len(copies) == sum(i.qty for i in checked.game.component("cards").items)
    assert deck["DeckIDs"] == [c["CardID"] for c in cards]
    faces_of: dict[int, set[int]] = {}
    for cp, card in zip(copies, cards, strict=True):
        faces_of.setdefault(card["CardID"], set()).add(id(cp.front))
        deck_id, index = divmod(card["CardID"], 100)
        sheet_spec = deck["CustomDeck"][str(deck_id)]
        assert card["CustomDeck"] == {str(deck_id): sheet_spec}
        assert 0 <= index < sheet_spec["NumWidth"] * sheet_spec["NumHeight"] - 1
    # one CardID per distinct face, and no face under two CardIDs
    assert all(len(f) == 1 for f in faces_of.values())
    assert len({next(iter(f)) for f in faces_of.values()}) == len(faces_of)
    # the picture in each CardID's cell is that card's face, drawn the same way
    trim = (63.5 * 72 / 25.4, 88.9 * 72 / 25.4, "rect")
    for cp, card in zip(copies, cards, strict=True):
        deck_id, index = divmod(card["CardID"], 100)
        spec = deck["CustomDeck"][str(deck_id)]
        with Image.open(local(spec["FaceURL"])) as sheet:
            got = cell(sheet, spec, index)
            assert same_picture(got, next(render_faces([cp.front], trim, got.size)))
            with Image.open(local(spec["BackURL"])) as back:
                hidden = cell(sheet, spec, spec["NumWidth"] * spec["NumHeight"] - 1)
                assert same_picture(hidden, back.resize(hidden.size))
    assert Counter(c["Nickname"] for c in cards) == {"Eagles": 4, "Beorn": 7}


def test_every_deck_sheet_is_an_rgb_grid_within_the_limits(tmp_path: Path) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    rows = "".join(
        f"c{n},1,Card {n},牌{n},{n % 7},1,#3366{n:02d},Text {n},文{n},\n" for n in range(75)
    )
    header = (game / "cards.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    (game / "cards.csv").write_text(header + "\n" + rows, encoding="utf-8")
    saved = export(game, tmp_path / "out")
    (deck,) = objects(saved, "Deck")
    assert len(deck["ContainedObjects"]) == 75
    specs = deck["CustomDeck"]
    # poker faces at the default 200 dpi are 500 x 700 px: 8 across and 5 down fit 4096 px
    assert [(s["NumWidth"], s["NumHeight"]) for s in specs.values()] == [(8, 5), (8, 5)]
    ids = [c["CardID"] for c in deck["ContainedObjects"]]
    assert len(set(ids)) == 75 and ids[:2] == [100, 101] and ids[39] == 200
    for spec in specs.values():
        assert spec["NumWidth"] <= MAX_COLS and spec["NumHeight"] <= MAX_ROWS
        with Image.open(local(spec["FaceURL"])) as sheet:
            assert sheet.mode == "RGB"
            assert sheet.width <= MAX_PX and sheet.height <= MAX_PX
            assert sheet.width % spec["NumWidth"] == 0 and sheet.height % spec["NumHeight"] == 0
            w, h = sheet.width // spec["NumWidth"], sheet.height // spec["NumHeight"]
            assert abs(w / h - 63.5 / 88.9) < 0.01
    for card in deck["ContainedObjects"]:
        spec = specs[str(card["CardID"] // 100)]
        assert card["CardID"] % 100 < spec["NumWidth"] * spec["NumHeight"] - 1


def test_items_with_their_own_back_get_their_own_sheet_and_back(tmp_path: Path) -> None:
    saved = export(GAMES / "spreadsheet", tmp_path)
    (deck,) = objects(saved, "Deck")
    specs = list(deck["CustomDeck"].values())
    assert len(specs) == 2 and specs[0]["BackURL"] != specs[1]["BackURL"]
    by_name = Counter((c["Nickname"], c["CardID"] // 100) for c in deck["ContainedObjects"])
    assert by_name == {("Scout", 1): 3, ("Raider", 1): 2, ("Keep", 2): 1}
    with Image.open(local(specs[1]["BackURL"])) as a, Image.open(local(specs[0]["BackURL"])) as b:
        assert a.size == b.size and ImageChops.difference(a, b).getbbox() is not None


def test_a_deck_of_one_card_is_a_single_card(tmp_path: Path) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    header = (game / "cards.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    (game / "cards.csv").write_text(header + "\nonly,1,Only,唯一,1,1,red,t,文,\n", encoding="utf-8")
    saved = export(game, tmp_path / "out")
    assert objects(saved, "Deck") == []
    (card,) = objects(saved, "Card")
    assert card["CardID"] == 100 and card["CustomDeck"]["1"]["NumWidth"] == 2


# ------------------------------------------------------------------ tokens


def test_two_sided_tokens_are_tiles_in_a_bag_with_both_images(tmp_path: Path) -> None:
    saved = export(GAMES / "spreadsheet", tmp_path)
    (bag,) = objects(saved, "Bag")
    pieces = bag["ContainedObjects"]
    assert Counter(p["Nickname"] for p in pieces) == {"Supply": 4, "Morale": 1, "Orders": 2}
    for piece in pieces:
        assert piece["Name"] == "Custom_Tile"
        image = piece["CustomImage"]
        for key in ("ImageURL", "ImageSecondaryURL"):
            with Image.open(local(image[key])) as im:
                assert im.mode == "RGB" and im.size == (125, 125)  # 5/8 in at 200 dpi


def test_item_ids_that_would_make_the_same_file_name_are_refused_before_export(
    tmp_path: Path,
) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    (game / "tokens.tsv").write_text(
        "id\tname\tvalue\nm-1\tSupply\t1\nM-1\tMorale\t2\n", encoding="utf-8"
    )
    done = pnp("export", "tts", str(game), "--out", str(tmp_path / "out"))
    assert done.returncode == 1
    assert "tokens.tsv:3:1: id: item id 'M-1' and 'm-1' would name the same file" in done.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.png"))


def test_one_sided_tokens_are_custom_tokens(tmp_path: Path) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(
        text.replace("    back: {layout: marker-back}\n", ""), encoding="utf-8"
    )
    saved = export(game, tmp_path / "out")
    (bag,) = objects(saved, "Bag")
    assert {p["Name"] for p in bag["ContainedObjects"]} == {"Custom_Token"}
    assert len(bag["ContainedObjects"]) == 7


def test_boards_are_custom_boards_and_tiles_come_in_bags(tmp_path: Path) -> None:
    game = GAMES / "kinds"
    saved = export(game, tmp_path)
    checked = check_game(game, BuildOptions(langs=("en",)))
    boards = {o["Nickname"]: o for o in objects(saved, "Custom_Board")}
    kinds = {c.id: c for c in checked.game.components}
    assert len(boards) == sum(1 for c in kinds.values() if c.spec.kind == "board")
    for board in boards.values():
        with Image.open(local(board["CustomImage"]["ImageURL"])) as im:
            assert im.mode == "RGB" and max(im.size) <= MAX_PX
    bags = {o["Nickname"]: o for o in objects(saved, "Bag")}
    squares = bags["Square tiles"]["ContainedObjects"]
    assert len(squares) == kinds["squares"].copies
    assert all(p["CustomImage"]["ImageSecondaryURL"] for p in squares)
    # the 600 x 400 mm board is scaled into 4096 px, keeping its shape
    with Image.open(tmp_path / "kinds" / "tts" / "board-1.png") as im:
        assert im.width == MAX_PX and abs(im.width / im.height - 1.5) < 0.01


# ------------------------------------------------------------------ addresses and failures


def test_url_base_addresses_images_by_web_address(tmp_path: Path) -> None:
    saved = export(GAMES / "spreadsheet", tmp_path, "--url-base", "https://example.org/dl")
    folder = tmp_path / "spreadsheet" / "tts"
    (deck,) = objects(saved, "Deck")
    for spec in deck["CustomDeck"].values():
        for key in ("FaceURL", "BackURL"):
            assert spec[key].startswith("https://example.org/dl/")
            assert (folder / spec[key].rsplit("/", 1)[1]).is_file()


def test_bad_url_base_is_a_usage_error(tmp_path: Path) -> None:
    result = pnp(
        "export", "tts", str(GAMES / "spreadsheet"), "--out", str(tmp_path), "--url-base", "ftp:x"
    )
    assert result.returncode == 2
    assert result.stderr.startswith("Error: --url-base 'ftp:x' is not a web address")
    assert not (tmp_path / "spreadsheet").exists()


def test_failed_export_reports_the_cell_and_keeps_the_previous_export(tmp_path: Path) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    export(game, tmp_path / "out")
    folder = tmp_path / "out" / "spreadsheet" / "tts"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    csv_file = game / "cards.csv"
    csv_file.write_text(
        csv_file.read_text(encoding="utf-8-sig").replace("raider,2", "raider,two"),
        encoding="utf-8",
    )
    result = pnp(
        "export", "tts", "spreadsheet", "--content", "content", "--out", "out", cwd=tmp_path
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("Error: content/spreadsheet/cards.csv:3:2: qty:")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in folder.parent.iterdir()) == ["tts"]


def test_game_without_printable_components_says_so(tmp_path: Path) -> None:
    # a game of its own: the shipped games gain printable components over time
    game = tmp_path / "content" / "bare-game"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: bare-game\ntitle: Bare game\n", encoding="utf-8")
    content = str(tmp_path / "content")
    result = pnp("export", "tts", "bare-game", "--content", content, "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "bare-game has nothing to export for Tabletop Simulator" in result.stderr


# ------------------------------------------------------------------ resolution, shapes, dice


def test_faces_keep_the_asked_dpi_with_fewer_columns_and_more_sheets(tmp_path: Path) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    rows = "".join(f"c{n},1,Card {n},牌{n},1,1,#336600,Text,文,\n" for n in range(30))
    header = (game / "cards.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    (game / "cards.csv").write_text(header + "\n" + rows, encoding="utf-8")
    saved = export(game, tmp_path / "out", "--dpi", "300")
    (deck,) = objects(saved, "Deck")
    specs = list(deck["CustomDeck"].values())
    # 750 x 1050 px a face: 5 across, 3 down, the back in the last cell: 14 faces a sheet
    assert [(s["NumWidth"], s["NumHeight"]) for s in specs] == [(5, 3), (5, 3), (3, 1)]
    for spec in specs:
        with Image.open(local(spec["FaceURL"])) as sheet:
            w = sheet.width // spec["NumWidth"]
            assert w == 750 and sheet.width <= MAX_PX and sheet.height <= MAX_PX


def test_a_face_too_large_for_the_sheet_at_the_dpi_is_drawn_smaller_with_a_warning(
    tmp_path: Path,
) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(
        text.replace(
            "    size: poker\n", "    size: {width: 250mm, height: 350mm}\n    sheet: {paper: A3}\n"
        ),
        encoding="utf-8",
    )
    result = pnp("export", "tts", str(game), "--out", str(tmp_path / "out"), "--dpi", "600")
    assert result.returncode == 0, result.stderr
    assert "warning: deck:" in result.stderr and "dpi" in result.stderr
    grid = sheet_grid((250 / 25.4 * 72, 350 / 25.4 * 72, "rect"), 600)
    assert grid.cols * grid.rows == 2 and grid.dpi < 600
    assert grid.cols * grid.cell[0] <= MAX_PX and grid.rows * grid.cell[1] <= MAX_PX


def test_non_poker_cards_are_scaled_on_each_axis(tmp_path: Path) -> None:
    game = copy_game(tmp_path, "spreadsheet")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("size: poker", "size: tarot"), encoding="utf-8")
    saved = export(game, tmp_path / "out")
    (deck,) = objects(saved, "Deck")
    for obj in (deck, *deck["ContainedObjects"]):
        t = obj["Transform"]
        # tarot 69.9 x 120.7 mm against the poker card's 63.5 x 88.9 mm
        assert abs(t["scaleX"] - 69.85 / 63.5) < 0.01 and abs(t["scaleZ"] - 120.65 / 88.9) < 0.01


def test_dice_labels_become_custom_six_sided_dice(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["export", "tts", str(GAMES / "kinds"), "--out", str(tmp_path)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "kinds" / "tts" / "kinds.json").read_text(encoding="utf-8"))
    dice = [
        o
        for top in saved["ObjectStates"]
        for o in (top, *top.get("ContainedObjects", ()))
        if o["Name"] == "Custom_Dice"
    ]
    (battle,) = dice  # the die with labelled faces; a plain d6 needs no labels
    assert battle["CustomImage"]["CustomDice"]["Type"] == 1
    assert [v["Value"] for v in battle["RotationValues"]] == ["hit"] * 3 + ["block"] * 2 + ["miss"]
    with Image.open(local(battle["CustomImage"]["ImageURL"])) as picture:
        assert picture.mode == "RGB" and picture.width * 2 == picture.height * 3  # 3 x 2 faces
    assert battle["Nickname"] == "battle die" and "labels" not in result.stderr
