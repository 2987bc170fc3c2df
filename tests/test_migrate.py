"""Content formats: a game written in an earlier table format is told to migrate, `pnp migrate`
rewrites it keeping comments and order, and the migrated game checks, builds and scores as the
former kinds did."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.migrate import STEPS, current_format
from tests.helpers import ROOT, pnp

FORMATS = ROOT / "tests" / "fixtures" / "formats"
# every earlier format of table.yaml has a sample game here
EARLIER = [f"table-{n}" for n in range(1, current_format("table.yaml"))]
SHIPPED = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))


@pytest.fixture(params=EARLIER)
def old_game(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    target = tmp_path / "content" / request.param
    shutil.copytree(FORMATS / request.param, target)
    return target


def test_every_earlier_table_format_has_a_sample_game() -> None:
    assert len(STEPS["table.yaml"]) == current_format("table.yaml") - 1
    for name in EARLIER:
        assert (FORMATS / name / "table.yaml").is_file(), name


def test_check_on_an_old_table_says_to_run_migrate(old_game: Path) -> None:
    done = pnp("check", str(old_game))
    assert done.returncode == 1
    assert f"run `pnp migrate {old_game.name}`" in done.stderr
    assert "table.yaml:" in done.stderr
    assert "Traceback" not in done.stderr


def test_migrate_rewrites_an_old_game_that_then_checks_and_builds(
    old_game: Path, tmp_path: Path
) -> None:
    before = (old_game / "table.yaml").read_text(encoding="utf-8")
    content = str(old_game.parent)
    done = pnp("migrate", "--content", content, old_game.name)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # each change is printed at its file and line, with the key it concerns
    assert any("table.yaml:" in line and "scoring.siege.kind" in line for line in lines)
    assert any("turn:" in line for line in lines)
    after = (old_game / "table.yaml").read_text(encoding="utf-8")
    assert after != before
    assert "format: 3" in after
    # comments and the order of keys are kept
    assert after.splitlines()[0] == before.splitlines()[0]
    keys = [line.split(":")[0] for line in after.splitlines() if line and line[0].isalpha()]
    assert keys[:4] == ["format", "sides", "dice", "hands" if "hands:" in before else "decks"]
    assert pnp("check", str(old_game)).returncode == 0
    out = tmp_path / "out"
    built = pnp("build", str(old_game), "--out", str(out))
    assert built.returncode == 0, built.stderr
    pdfs = sorted(out.rglob("*.pdf"))
    assert pdfs and all(len(PdfReader(p).pages) >= 1 for p in pdfs)
    again = pnp("migrate", "--content", content, old_game.name)
    assert again.returncode == 0 and "nothing to change" in again.stdout


def test_migrate_from_format_1_keeps_a_comment_inside_a_changed_block(tmp_path: Path) -> None:
    game = tmp_path / "table-1"
    shutil.copytree(FORMATS / "table-1", game)
    assert pnp("migrate", "--content", str(tmp_path), "table-1").returncode == 0
    text = (game / "table.yaml").read_text(encoding="utf-8")
    assert "# the three ways of play" in text
    assert "kind: activation" not in text and "hand_size" not in text and "steps:" not in text


@pytest.mark.parametrize("name", EARLIER)
def test_migrated_scores_tell_what_the_former_kinds_told(name: str, tmp_path: Path) -> None:
    shutil.copytree(FORMATS / name, tmp_path / name)
    assert pnp("migrate", "--content", str(tmp_path), name).returncode == 0
    env = {"PNP_CONTENT_DIR": str(tmp_path), "PNP_DATA_DIR": str(tmp_path / "data")}

    def calc(*args: str) -> str:
        done = pnp("score", "calc", "--lang", "en", *args, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    # control: tower 3 + well 2 = 5 reaches win_at with the instant place held
    said = calc(f"{name}:hold", "--hold", "tower,well")
    assert "5" in said and "wins at once" in said
    # ... and below 3 points the other side's conditional instant win is still told
    assert "the blue army arrives" in calc(f"{name}:hold", "--hold", "well")
    assert "the blue army arrives" not in calc(f"{name}:hold", "--hold", "tower")
    # sum: a 0 read as 10 always misses; the hit number is 4 + 3 - 1
    said = calc(f"{name}:duel", "--mine", "3", "--theirs", "1", "--draw", "0")
    assert "6" in said and "misses" in said
    assert "hits" in calc(f"{name}:duel", "--mine", "3", "--theirs", "1", "--draw", "6")
    # army: both break at once, more destroyed wins
    said = calc(
        f"{name}:clash", "--destroyed", "12", "--lost", "10", "--my-army", "20",
        "--enemy-army", "20",
    )  # fmt: skip
    assert "you win" in said
    # territory: 4 against 2 is more than 1.5 times, less than 3 times: the wall cracks
    said = calc(f"{name}:siege", "--attack", "4", "--defence", "2", "--combat", "shell")
    assert "wall cracked" in said
    said = calc(f"{name}:siege", "--attack", "7", "--defence", "2", "--combat", "shell")
    assert "wall falls" in said
    said = calc(f"{name}:siege", "--attack", "2", "--defence", "2", "--combat", "storm")
    assert "nothing" in said
    said = calc(
        f"{name}:siege", "--mine", "3", "--theirs", "3", "--my-colours", "red",
        "--their-colours", "blue",
    )  # fmt: skip
    assert "the other side wins" in said


@pytest.mark.parametrize("game", SHIPPED)
def test_shipped_games_are_in_the_current_format(game: str) -> None:
    done = pnp("migrate", "--dry-run", game)
    assert done.returncode == 0, done.stderr
    assert "nothing to change" in done.stdout


def test_a_table_from_a_newer_pnp_is_refused_at_its_format_line(tmp_path: Path) -> None:
    game = tmp_path / "table-2"
    shutil.copytree(FORMATS / "table-2", game)
    text = (game / "table.yaml").read_text(encoding="utf-8")
    (game / "table.yaml").write_text("format: 99\n" + text, encoding="utf-8")
    done = pnp("check", str(game))
    assert done.returncode == 1
    assert "table.yaml:1:9: format: written in format 99" in done.stderr


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_migrate_speaks_chinese(lang: str, tmp_path: Path) -> None:
    shutil.copytree(FORMATS / "table-2", tmp_path / "table-2")
    done = pnp("migrate", "--lang", lang, "--dry-run", "--content", str(tmp_path), "table-2")
    assert done.returncode == 0, done.stderr
    assert "nothing written" not in done.stdout
    assert any("\u4e00" <= ch <= "\u9fff" for ch in done.stdout)
