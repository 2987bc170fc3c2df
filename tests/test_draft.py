"""``--draft``: a missing image prints as a placeholder naming the item and the file, and the
print-shop preflight refuses a file that shows one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pypdf
import pytest

from .helpers import ROOT, pnp

PRESS = ROOT / "tests" / "fixtures" / "games" / "press"


def _game(tmp_path: Path) -> Path:
    """The press deck with each card's art named by its id: only the harbour's exists."""
    game = tmp_path / "content" / "press"
    shutil.copytree(PRESS, game)
    front = game / "layouts" / "front.yaml"
    front.write_text(
        front.read_text(encoding="utf-8").replace("art/seal.png", '"art/{{ id }}.png"'), "utf-8"
    )
    shutil.copy(game / "art" / "seal.png", game / "art" / "harbour.png")
    return game


def test_a_missing_image_stops_a_build_that_is_not_a_draft(tmp_path: Path) -> None:
    game = _game(tmp_path)
    result = pnp("build", "--content", str(game.parent), "--out", str(tmp_path / "out"),
                 "--no-rules", "press")  # fmt: skip
    assert result.returncode == 1
    assert "image 'art/lighthouse.png' does not exist" in result.stderr


@pytest.mark.parametrize(
    ("paper", "duplex"), [("A4", "long"), ("Letter", "short"), ("A3", "fold"), ("Tabloid", "none")]
)
def test_a_draft_prints_a_marked_placeholder_naming_the_item_and_the_file(
    tmp_path: Path, paper: str, duplex: str
) -> None:
    game = _game(tmp_path)
    out = tmp_path / "out"
    result = pnp("build", "--content", str(game.parent), "--out", str(out), "--no-rules",
                 "--draft", "--paper", paper, "--duplex", duplex, "press")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "art/lighthouse.png' does not exist; a draft placeholder prints" in result.stderr
    pdf_path = out / "press" / "deck.pdf"
    text = " ".join(pypdf.PdfReader(pdf_path).pages[0].extract_text().split())
    assert "Lighthouse Keeper art/lighthouse.png" in text  # the placeholder's two lines
    assert "art/harbour.png" not in text  # the art that exists is drawn, not named
    with pikepdf.open(pdf_path) as pdf:
        marks = [str(i.operands[0]) for i in pikepdf.parse_content_stream(pdf.pages[0], "BMC")]
    assert marks == ["/PnpPlaceholder"]  # one placeholder, for the one missing picture


def test_print_shop_files_with_a_placeholder_are_refused_unless_forced(tmp_path: Path) -> None:
    game = _game(tmp_path)
    out = tmp_path / "out"
    args = (
        "export",
        "print",
        str(game),
        "--vendor",
        "drivethrucards",
        "--draft",
        "--out",
        str(out),
    )
    result = pnp(*args)
    assert result.returncode == 1
    assert (
        "deck lighthouse (front) placeholder: a draft placeholder stands in for the missing "
        "image art/lighthouse.png" in result.stderr
    )
    assert not (out / "press" / "print" / "drivethrucards" / "en").exists()
    forced = pnp(*args, "--force")
    assert forced.returncode == 0, forced.stderr
    assert "warning: deck lighthouse (front) placeholder" in forced.stderr
