"""Links in a game folder: the game folder is the one the command named, whatever a link's
target holds (a ``game.yaml`` of its own included), and links are part of the build's
fingerprint, so adding or turning one rebuilds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.helpers import ROOT, pnp

GAMES = ROOT / "tests" / "fixtures" / "games"
TOWER = GAMES / "kinds" / "icons" / "tower.svg"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "content" / "shared"
    shutil.copytree(GAMES / "shared", folder)
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace(
        "en: Look at the top card of the deck.", 'en: "Look at the top :tower: card."'
    )
    cards.write_text(text, encoding="utf-8")
    return folder


def pdf_text(out: Path) -> str:
    return "".join(
        page.extract_text() or "" for pdf in out.rglob("*.pdf") for page in PdfReader(pdf).pages
    )


def test_an_icons_link_to_a_folder_holding_its_own_game_is_refused(
    game: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside" / "evil"
    outside.mkdir(parents=True)
    (outside / "game.yaml").write_text("id: evil\ntitle: Evil\n", encoding="utf-8")
    svg = TOWER.read_text(encoding="utf-8")
    svg = svg.replace("</svg>", '<text x="1" y="9">SECRETOUTSIDE</text></svg>')
    (outside / "tower.svg").write_text(svg, encoding="utf-8")
    (game / "icons").symlink_to(outside, target_is_directory=True)
    out = tmp_path / "out"
    for args in (("check", str(game)), ("build", str(game), "--out", str(out))):
        done = pnp(*args)
        assert done.returncode == 1, (args, done.stdout)
        assert "icons/tower.svg:1:1: icons.tower:" in done.stderr
        assert "leads outside the game folder" in done.stderr
    assert "SECRETOUTSIDE" not in pdf_text(out)


def test_an_icons_link_inside_the_game_is_followed(game: Path, tmp_path: Path) -> None:
    (game / "art").mkdir()
    shutil.copy(TOWER, game / "art" / "tower.svg")
    (game / "icons").symlink_to(game / "art", target_is_directory=True)
    done = pnp("build", str(game), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr


def test_adding_or_turning_a_folder_link_rebuilds(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    for folder in ("art", "other"):
        (game / folder).mkdir()
        shutil.copy(TOWER, game / folder / "tower.svg")
    first = pnp("build", str(game), "--out", str(out))
    assert first.returncode == 0, first.stderr
    again = pnp("build", str(game), "--out", str(out))
    assert "up to date" in again.stdout
    (game / "icons").symlink_to(game / "art", target_is_directory=True)
    linked = pnp("build", str(game), "--out", str(out))
    assert linked.returncode == 0, linked.stderr
    assert "up to date" not in linked.stdout
    assert "up to date" in pnp("build", str(game), "--out", str(out)).stdout
    (game / "icons").unlink()
    (game / "icons").symlink_to(game / "other", target_is_directory=True)
    turned = pnp("build", str(game), "--out", str(out))
    assert "up to date" not in turned.stdout
