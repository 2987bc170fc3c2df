"""table.yaml: the six games load, and each bad fixture gives its exact located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.table import load_table
from generator.errors import ContentError

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GAMES = ["five-armies", "barons-of-fyn", "pocket-battles", "manoeuvre", "ragnarok", "maquis"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_table_loads_and_names_its_sources(game: str) -> None:
    spec = load_table(ROOT / "content" / game)
    assert spec.source, f"{game}: table.yaml must say where its facts come from"


def test_five_armies_table_holds_the_seed_facts() -> None:
    spec = load_table(ROOT / "content" / "five-armies")
    assert spec.tracks["fate"].start == 0 and spec.tracks["fate"].end == 15
    assert {t.id for t in spec.bags["fate"].tiles if t.special} == {"blue", "red"}
    assert all(not t.in_bag for t in spec.bags["fate"].tiles if t.special)
    victory = spec.scoring["victory"]
    points = victory.tables["points"]
    assert points["front-gate"] == 4 and points["camp"] == 2
    assert ">= 10" in victory.results["shadow"].value
    assert all(m.estimate for m in spec.tracks["fate"].marks), "character steps are not in the seed"


@pytest.mark.parametrize("name", ["table_bad_track", "table_bad_roll", "table_bad_die"])
def test_bad_table_fixture_reports_every_problem_at_its_line(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    with pytest.raises(ContentError) as info:
        load_table(Path("tests/fixtures") / name)
    expected = (FIXTURES / name / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert info.value.lines() == expected


def test_missing_table_file_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("id: g\ntitle: G\ntable: nowhere.yaml\n", encoding="utf-8")
    with pytest.raises(ContentError, match="file 'nowhere.yaml' does not exist"):
        load_table(tmp_path)
