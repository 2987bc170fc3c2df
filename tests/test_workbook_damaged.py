"""Damaged workbooks as item files: each is a located error (``cards.xlsx[items]:ROW:COL``) at
``pnp check`` and ``pnp build``, exit 1, never an internal error. The workbooks are made here
from a good one, by editing the XML inside it."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook

from tests.helpers import pnp

SHEET = "xl/worksheets/sheet1.xml"
Change = Callable[[str, bytes], bytes]


def good_workbook() -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = "items"
    for row in [["id", "title", "value"], ["a", "Alpha", 1], ["b", "Beta", 2], ["c", "Gamma", 3]]:
        sheet.append(row)
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def rewrite(data: bytes, change: Change) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, change(info.filename, src.read(info.filename)))
    return out.getvalue()


def on_sheet(edit: Callable[[bytes], bytes]) -> Change:
    return lambda name, body: edit(body) if name == SHEET else body


def doctype(decl: bytes, value: bytes) -> Change:
    return on_sheet(lambda b: b.replace(b"?>", b"?>" + decl, 1).replace(b"<v>2</v>", value))


LAUGHS = (
    b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
)
# name -> (change, the row and column reported)
DAMAGED: dict[str, tuple[Change, str]] = {
    "sheet cut in half": (on_sheet(lambda b: b[: len(b) // 2]), ":2:1:"),
    "NaN number cell": (on_sheet(lambda b: b.replace(b"<v>2</v>", b"<v>NaN</v>")), ":3:1:"),
    "infinite number cell": (on_sheet(lambda b: b.replace(b"<v>2</v>", b"<v>1E999</v>")), ":3:3:"),
    "no sheets": (
        lambda n, b: (
            re.sub(rb"<sheets>.*</sheets>", b"<sheets/>", b) if n == "xl/workbook.xml" else b
        ),
        ":1:1:",
    ),
    "shared-string index out of range": (
        on_sheet(
            lambda b: re.sub(
                rb'<c r="B3" t="inlineStr"><is><t>Beta</t></is></c>',
                b'<c r="B3" t="s"><v>999</v></c>',
                b,
            )  # fmt: skip
        ),
        ":3:1:",
    ),
    "XXE doctype": (
        doctype(b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>', b"<v>&e;</v>"),
        ":3:1:",
    ),
    "billion laughs": (doctype(LAUGHS, b"<v>&c;</v>"), ":3:1:"),
    "bad cell reference": (on_sheet(lambda b: b.replace(b'r="C3"', b'r="3C!"')), ":3:1:"),
    "5000-digit number": (
        on_sheet(lambda b: b.replace(b"<v>2</v>", b"<v>" + b"9" * 5000 + b"</v>")),
        ":3:1:",
    ),
    "date cell holding text": (
        on_sheet(lambda b: b.replace(b'<c r="C3" t="n"><v>2</v>', b'<c r="C3" t="d"><v>soon</v>')),
        ":3:1:",
    ),
}


@pytest.fixture(scope="module")
def good() -> bytes:
    return good_workbook()


def make_game(folder: Path, workbook: bytes) -> Path:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        "id: sheet\ntitle: Sheet\ncomponents:\n"
        "  - {id: cards, kind: cards, title: Cards, items: cards.xlsx, size: poker,"
        " layout: card-plain}\n",
        encoding="utf-8",
    )
    (folder / "cards.xlsx").write_bytes(workbook)
    return folder


def test_the_good_workbook_checks(good: bytes, tmp_path: Path) -> None:
    done = pnp("check", str(make_game(tmp_path / "sheet", good)))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_workbook_is_a_located_error(good: bytes, tmp_path: Path, case: str) -> None:
    change, where = DAMAGED[case]
    damaged = rewrite(good, change)
    assert damaged != good
    game = make_game(tmp_path / "sheet", damaged)
    for args in (("check", str(game)), ("build", str(game), "--out", str(tmp_path / "out"))):
        done = pnp(*args)
        assert done.returncode == 1, (case, args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr.lower()
        sheet = "cards.xlsx" if case == "no sheets" else "cards.xlsx[items]"
        assert f"{sheet}{where}" in done.stderr, (case, done.stderr)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))
