"""Item files kept as CSV or TSV: same data and PDFs as YAML, and every broken cell located."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.tabular import MAX_CELL, MAX_ROWS, column_name, load_table
from generator.errors import ContentError
from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions
from generator.pipeline.run import build_game

from .helpers import ROOT, pnp

FIXTURE = ROOT / "tests" / "fixtures" / "games" / "spreadsheet"
HEADER = "id,qty,name.en,name.zh-Hant,power,weight,colour,text.en,text.zh-Hant,back.label\n"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the temporary folder so messages name files relative to it."""
    monkeypatch.chdir(tmp_path)


def copy_game(tmp_path: Path, name: str = "spreadsheet") -> Path:
    dest = tmp_path / name
    shutil.copytree(FIXTURE, dest)
    return dest


def write_cards(game: Path, text: str, name: str = "cards.csv", encoding: str = "utf-8") -> None:
    (game / name).write_bytes(text.encode(encoding))
    game_yaml = game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace("items: cards.csv", f"items: {name}"),
        encoding="utf-8",
    )


def problems(game: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        check_game(game)
    return info.value.lines()


# ------------------------------------------------------------------ same data, same PDF


def test_csv_deck_builds_the_same_pdf_bytes_as_the_yaml_deck(tmp_path: Path) -> None:
    from_csv = copy_game(tmp_path / "a")
    from_yaml = copy_game(tmp_path / "b")
    write_cards(from_yaml, (from_yaml / "cards.yaml").read_text(encoding="utf-8"), "cards.yaml")
    out_csv = build_game(from_csv, BuildOptions(out_dir=tmp_path / "out-csv"))
    out_yaml = build_game(from_yaml, BuildOptions(out_dir=tmp_path / "out-yaml"))
    pdfs = {r.path.name: r.path.read_bytes() for r in out_csv}
    assert sorted(pdfs) == ["deck.en.pdf", "deck.zh-Hans.pdf", "deck.zh-Hant.pdf", "markers.pdf"]
    for r in out_yaml:
        assert r.path.read_bytes() == pdfs[r.path.name], r.path.name
    assert sum(r.copies for r in out_csv if r.component == "deck") == 3 * 6  # 3+2+1 per language


def test_a_changed_cell_changes_the_pdf(tmp_path: Path) -> None:
    """The comparison above can fail: one edited cell gives other bytes."""
    game = copy_game(tmp_path)
    first = build_game(game, BuildOptions(out_dir=tmp_path / "one", langs=("en",)))
    csv_file = game / "cards.csv"
    csv_file.write_text(
        csv_file.read_text(encoding="utf-8-sig").replace("Scout", "Spy"), encoding="utf-8"
    )
    second = build_game(game, BuildOptions(out_dir=tmp_path / "two", langs=("en",)))
    assert first[0].path.read_bytes() != second[0].path.read_bytes()


def test_csv_cells_become_languages_numbers_and_nested_keys() -> None:
    data = load_table(FIXTURE / "cards.csv").data
    scout, raider, keep = data["items"]
    assert scout["name"] == {"en": "Scout", "zh-Hant": "斥候"}
    assert scout["power"] == 1 and isinstance(scout["power"], int)
    assert scout["weight"] == 0.5 and raider["weight"] == 1.25
    assert "back" not in scout  # an empty cell is an absent field
    assert keep["back"] == {"label": "KEEP"}
    assert keep["text"]["en"] == "Cannot be discarded.\nCounts double at the end."
    assert raider["text"]["en"] == 'Take one marker; "fast" units move twice.'
    assert scout["id"] == "scout" and scout["qty"] == 3


def test_text_that_only_looks_numeric_stays_text(tmp_path: Path) -> None:
    path = tmp_path / "items.csv"
    path.write_text("id,code,flag,ratio,note\n7,007,TRUE,-2.50,12 apples\n", encoding="utf-8")
    (item,) = load_table(path).data["items"]
    assert item == {"id": "7", "code": "007", "flag": True, "ratio": -2.5, "note": "12 apples"}


def test_excel_semicolon_csv_with_bom_and_crlf_reads_like_the_comma_file(tmp_path: Path) -> None:
    comma = tmp_path / "comma.csv"
    comma.write_text('id,qty,weight,text.en\na,2,1.5,"one\ntwo"\nb,1,3,x\n', encoding="utf-8")
    excel = tmp_path / "excel.csv"
    excel.write_bytes(
        '\ufeffid;qty;weight;text.en\r\na;2;1,5;"one\r\ntwo"\r\nb;1;3;x\r\n'.encode("utf-8")
    )
    assert load_table(excel).data == load_table(comma).data


def test_tsv_items_and_quantities_load(tmp_path: Path) -> None:
    checked = check_game(FIXTURE)
    markers = checked.game.component("markers")
    assert [(i.id, i.qty) for i in markers.items] == [("m1", 4), ("m2", 1), ("m3", 2)]
    assert len(checked.copies[("markers", "en")]) == 7


def test_blank_rows_are_skipped_and_rows_keep_their_numbers(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    write_cards(game, HEADER + "a,1,A,,1,1,red,x,,\n,,,,,,,,,\n\nb,zz,B,,1,1,red,y,,\n")
    assert problems(game) == ["spreadsheet/cards.csv:5:2: qty: expected a whole number, got 'zz'"]


# ------------------------------------------------------------------ broken cells


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            HEADER + "a,x,A,,1,1,red,t,,\n",
            "cards.csv:2:2: qty: expected a whole number, got 'x'",
        ),
        (
            HEADER + 'a,1,A,,1,1,red,t,,\nb,2,B,,1,1,"red,t,,\nc,1,C,,1,1,red,t,,\n',
            "cards.csv:3:7: a quote opens this cell and is never closed",
        ),
        (
            HEADER + 'a,1,A,,1,1,red,"t" and more,,\n',
            "cards.csv:2:8: text after the closing quote of this cell",
        ),
        (
            "id,name.en,name.fr\na,A,B\n",
            "cards.csv:1:3: name.fr: unknown language 'fr'; languages are en, zh-Hant, zh-Hans",
        ),
        (
            "id,name.en,name.zh-hant\na,A,B\n",
            "cards.csv:1:3: name.zh-hant: unknown language 'zh-hant'; "
            "languages are en, zh-Hant, zh-Hans; did you mean 'zh-Hant'?",
        ),
        ("id,name\na,A,stray\n", "cards.csv:2:3: cell in column C has no header"),
        ("id,name,name\na,A,B\n", "cards.csv:1:3: name: column repeated (first in column 2)"),
        (
            "id,back,back.label\na,x,y\n",
            "cards.csv:1:3: back.label: 'back' (column 2) is already a value, not a mapping",
        ),
        ("id,a..b\nx,1\n", "cards.csv:1:2: a..b: header is not a key path"),
        ("", "cards.csv:1:1: the file is empty; the first row names the fields"),
        (
            "id,qty\na,1\na,2\n",
            "cards.csv:3:1: id: item id 'a' is used twice",
        ),
    ],
)
def test_broken_cell_is_reported_at_row_and_column(
    text: str, expected: str, tmp_path: Path
) -> None:
    game = copy_game(tmp_path)
    write_cards(game, text)
    lines = problems(game)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"spreadsheet/{expected}") or lines[0] == f"spreadsheet/{expected}"


def test_semicolon_file_reports_semicolon_problems(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    write_cards(game, 'id;qty;text.en\na;2;"x"y\n')
    (line,) = problems(game)
    assert line.startswith("spreadsheet/cards.csv:2:3: text after the closing quote of this cell")


def test_limits_on_rows_and_cells(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    write_cards(game, "id,text.en\n" + "".join(f"r{n},t\n" for n in range(MAX_ROWS + 1)))
    assert problems(game) == [
        f"spreadsheet/cards.csv:{MAX_ROWS + 2}:1: more than {MAX_ROWS} items; the limit is {MAX_ROWS}"
    ]
    write_cards(game, "id,text.en\na," + "x" * (MAX_CELL + 1) + "\n")
    assert problems(game) == [
        f"spreadsheet/cards.csv:2:2: text.en: {MAX_CELL + 1} characters; the limit is {MAX_CELL}"
    ]


def test_not_utf8_is_reported(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    write_cards(game, "id,name.en\na,Caf\u00e9\n", encoding="latin-1")
    (line,) = problems(game)
    assert line.startswith("spreadsheet/cards.csv:2:6: not UTF-8 text")


def test_pnp_check_and_build_report_the_cell_without_writing(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    write_cards(game, HEADER + "a,1,A,,1,1,red,t,,\nb,lots,B,,1,1,red,t,,\n")
    checked = pnp("check", "--content", str(tmp_path), "spreadsheet", cwd=tmp_path)
    assert checked.returncode == 1
    assert "Traceback" not in checked.stderr
    assert checked.stderr.splitlines()[0] == (
        "Error: spreadsheet/cards.csv:3:2: qty: expected a whole number, got 'lots'"
    )
    built = pnp("build", "--content", ".", "--out", "out", "spreadsheet", cwd=tmp_path)
    assert built.returncode == 1
    assert "spreadsheet/cards.csv:3:2: qty:" in built.stderr
    assert not (tmp_path / "out" / "spreadsheet").exists() or not any(
        (tmp_path / "out" / "spreadsheet").glob("*.pdf")
    )


def test_column_letters() -> None:
    assert [column_name(n) for n in (1, 3, 26, 27, 52, 703)] == ["A", "C", "Z", "AA", "AZ", "AAA"]


def test_table_companion_reads_a_spreadsheet_deck_too() -> None:
    from generator.content.table.printed import load_items

    spec = load_items(FIXTURE / "cards.csv")
    assert [(i.id, i.qty) for i in spec.items] == [("scout", 3), ("raider", 2), ("keep", 1)]


def test_schema_tells_editors_that_spreadsheets_are_accepted() -> None:
    from generator.pipeline.schemas import schemas

    written = schemas()
    docs = [
        d["properties"]["items"].get("description", "")
        for d in written["game"]["$defs"].values()
        if "items" in d.get("properties", {})
    ]
    assert docs and all("CSV or TSV" in d for d in docs)
    assert ".csv/.tsv" in written["items"]["description"]
