"""Spreadsheets: ``.xlsx`` item files, lists, empty texts, the defaults row, located errors.

Every shipped item file that a sheet can hold is written as a workbook and as CSV and read
back to the same items; the ``cards`` starter builds from a workbook.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook

from generator.content.tabular import load_table
from generator.content.yamlload import load_yaml
from generator.errors import ContentError

from .helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"
_LOOKS_TYPED = re.compile(r"^(-?(0|[1-9][0-9]*)(\.[0-9]+)?|true|false)$", re.IGNORECASE)


def write_xlsx(path: Path, rows: list[list[Any]]) -> Path:
    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


def write_csv(path: Path, rows: list[list[Any]]) -> Path:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(
        [
            ["" if v is None else str(v).upper() if isinstance(v, bool) else v for v in row]
            for row in rows
        ]
    )
    path.write_text(buf.getvalue(), encoding="utf-8")
    return path


def test_xlsx_reads_to_the_same_items_as_the_csv_it_was_saved_from(tmp_path: Path) -> None:
    source = GAMES / "spreadsheet" / "cards.csv"
    rows = list(csv.reader(io.StringIO(source.read_text(encoding="utf-8-sig"), newline="")))
    book = write_xlsx(tmp_path / "cards.xlsx", [[c or None for c in row] for row in rows])
    assert load_table(book).data == load_table(source).data


def test_numbered_columns_make_lists_and_two_quotes_make_an_empty_text(tmp_path: Path) -> None:
    rows = [
        ["id", "numbers.1", "numbers.2", "numbers.3", "note.en", "stats.hits.1", "stats.hits.2"],
        ["a", 5, 7, 9, '""', 1, 2],
        ["b", 3, None, None, "x", None, None],
    ]
    want = [
        {"id": "a", "numbers": [5, 7, 9], "note": {"en": ""}, "stats": {"hits": [1, 2]}},
        {"id": "b", "numbers": [3], "note": {"en": "x"}},
    ]
    assert load_table(write_xlsx(tmp_path / "a.xlsx", rows)).data["items"] == want
    assert load_table(write_csv(tmp_path / "a.csv", rows)).data["items"] == want


def test_a_gap_in_a_list_is_located_at_its_cell_and_sheet(tmp_path: Path) -> None:
    rows = [["id", "numbers.1", "numbers.2"], ["a", None, 4]]
    with pytest.raises(ContentError) as exc:
        load_table(write_xlsx(tmp_path / "gap.xlsx", rows))
    (issue,) = exc.value.issues
    assert issue.location.file.endswith("gap.xlsx[Cards]")
    assert (issue.location.line, issue.location.col, issue.key) == (2, 3, "numbers.2")
    assert "numbers.1 is empty" in issue.message


def test_the_star_row_gives_defaults_that_empty_cells_keep(tmp_path: Path) -> None:
    rows = [["id", "qty", "color", "cost"], ["*", None, "#2f5d8a", 1], ["a", 2, None, 3]]
    data = load_table(write_xlsx(tmp_path / "d.xlsx", rows)).data
    assert data == {
        "items": [{"id": "a", "qty": 2, "cost": 3}],
        "defaults": {"color": "#2f5d8a", "cost": 1},
    }


def test_a_missing_field_points_at_the_row_with_a_hint_on_empty_cells(tmp_path: Path) -> None:
    game = tmp_path / "content" / "sheet"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: sheet\ntitle: S\nlanguages: [en]\ncomponents:\n"
        "  - {id: c, kind: cards, title: C, items: cards.xlsx, size: poker, layout: front}\n",
        encoding="utf-8",
    )
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 40mm, h: 10mm, text: '{{ name }}'}\n",
        encoding="utf-8",
    )
    write_xlsx(game / "cards.xlsx", [["id", "name"], ["a", "A"], ["b", None]])
    result = pnp("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert "(" + str(game / "cards.xlsx") + "[Cards]:3:1): 'name' is undefined" in first, first
    assert 'defaults row (id *), or write "" for an empty text' in first


def test_a_file_that_is_not_a_workbook_is_a_located_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xlsx"
    bad.write_text("id,name\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_table(bad)
    assert "not an Excel workbook" in exc.value.issues[0].message


# ------------------------------------------------------------------ round trip


def _flatten(value: Any, prefix: str, out: dict[str, Any]) -> bool:
    """Columns for ``value``; False when a sheet cannot hold it as the same data."""
    if isinstance(value, dict):
        if not value or any(not isinstance(k, str) or "." in k or k.isdigit() for k in value):
            return False
        return all(_flatten(v, f"{prefix}.{k}" if prefix else k, out) for k, v in value.items())
    if isinstance(value, list):
        if not value:
            return False
        return all(_flatten(v, f"{prefix}.{n}", out) for n, v in enumerate(value, 1))
    if isinstance(value, str):
        if value != value.strip() or (_LOOKS_TYPED.match(value) and prefix not in ("id", "source")):
            return False  # a sheet reads such text as a number (or trims it)
        out[prefix] = '""' if value == "" else value
        return True
    if isinstance(value, float) and value.is_integer():
        return False  # 2.0 in a cell reads back as 2
    out[prefix] = value
    return value is not None


def _as_sheet(items: list[dict[str, Any]]) -> list[list[Any]] | None:
    flat = []
    for item in items:
        row: dict[str, Any] = {}
        if not _flatten(item, "", row):
            return None
        flat.append(row)
    header = list(dict.fromkeys(k for row in flat for k in row))
    if any(other.startswith(k + ".") for k in header for other in header):
        return None  # a text in one item, a per-language mapping in another
    return [header, *[[row.get(k) for k in header] for row in flat]]


def _shipped_item_files() -> list[Path]:
    return sorted(
        p
        for game in (ROOT / "content").iterdir()
        for p in game.glob("*.yaml")
        if p.name not in ("game.yaml", "table.yaml", "presets.yaml")
    )


@pytest.mark.parametrize("path", _shipped_item_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_item_file_a_sheet_can_hold_reads_back_the_same(
    path: Path, tmp_path: Path
) -> None:
    data = load_yaml(path).data
    items = data.get("items") if isinstance(data, dict) else None
    if not isinstance(items, list):
        pytest.skip("not an item list")
    rows = _as_sheet(items)
    if rows is None:
        pytest.skip("holds values a sheet cannot (lists of mappings, numbers written as text)")
    for written in (
        write_xlsx(tmp_path / "items.xlsx", rows),
        write_csv(tmp_path / "items.csv", rows),
    ):
        assert load_table(written).data["items"] == items, written.name


def test_the_barons_deck_with_its_number_lists_can_live_in_a_sheet(tmp_path: Path) -> None:
    items = load_yaml(ROOT / "content" / "barons-of-fyn" / "cards.yaml").data["items"]
    rows = _as_sheet(items)
    assert rows is not None and "numbers.4" in rows[0]
    assert load_table(write_xlsx(tmp_path / "deck.xlsx", rows)).data["items"] == items


# ------------------------------------------------------------------ the starter


def test_the_cards_starter_builds_from_an_xlsx_file_keeping_defaults(tmp_path: Path) -> None:
    made = pnp("new", "deck", "--from", "cards", "--content", str(tmp_path / "content"))
    assert made.returncode == 0, made.stderr
    game = tmp_path / "content" / "deck"
    data = load_yaml(game / "cards.yaml").data
    header = [
        "id",
        "qty",
        "name.en",
        "name.zh-Hant",
        "cost",
        "icon",
        "color",
        "text.en",
        "text.zh-Hant",
    ]
    rows: list[list[Any]] = [
        header,
        ["*", None, None, None, None, None, data["defaults"]["color"], None, None],
    ]
    for item in data["items"]:
        rows.append(
            [
                item["id"], item["qty"], item["name"]["en"], item["name"]["zh-Hant"], item["cost"],
                item["icon"], item.get("color"), item["text"]["en"], item["text"]["zh-Hant"],
            ]
        )  # fmt: skip
    write_xlsx(game / "cards.xlsx", rows)
    (game / "cards.yaml").unlink()
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(
        text.replace("items: cards.yaml", "items: cards.xlsx"), encoding="utf-8"
    )
    out = tmp_path / "out"
    built = pnp(
        "build",
        "--no-rules",
        "--lang",
        "en",
        "--content",
        str(tmp_path / "content"),
        "--out",
        str(out),
        "deck",
    )
    assert built.returncode == 0, built.stderr
    from generator.pipeline.check import check_game
    from generator.pipeline.options import BuildOptions

    copies = check_game(game, BuildOptions(langs=("en",))).copies
    scout = next(c for (comp, _), cs in copies.items() for c in cs if c.item.id == "scout")
    assert scout.item.data["color"] == data["defaults"]["color"]  # its cell was empty
    assert list((out / "deck").glob("*.pdf"))


def test_a_workbook_linked_from_outside_the_game_folder_is_refused(tmp_path: Path) -> None:
    game = tmp_path / "content" / "sheet"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: sheet\ntitle: S\nlanguages: [en]\ncomponents:\n"
        "  - {id: c, kind: cards, title: C, items: cards.xlsx, size: poker, layout: front}\n",
        encoding="utf-8",
    )
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 40mm, h: 10mm, text: '{{ name }}'}\n",
        encoding="utf-8",
    )
    outside = write_xlsx(tmp_path / "elsewhere.xlsx", [["id", "name"], ["a", "A"]])
    (game / "cards.xlsx").symlink_to(outside)
    result = pnp("check", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "cards.xlsx" in result.stderr and "outside the game folder" in result.stderr
