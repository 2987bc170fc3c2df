"""An unchanged build is skipped before anything is loaded; a changed byte rebuilds what it touches.

Two small games and a copy of the shared templates live in a temporary working folder; the
builds run in this process through the console entry point, as a user's ``pnp build`` does.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "fixtures" / "games"


def _pnp(*args: str) -> tuple[int, str]:
    """``pnp ARGS`` in this process: exit status and what it printed."""
    from click.testing import CliRunner

    from generator.cli.app import cli

    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """A working folder with content/ (two games) and its own templates/."""
    for name in ("sample", "shared"):
        shutil.copytree(GAMES / name, tmp_path / "content" / name)
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    return tmp_path


def _build(work: Path, *extra: str) -> tuple[int, str]:
    return _pnp(
        "build",
        "--content",
        str(work / "content"),
        "--out",
        str(work / "out"),
        "--no-rules",
        *extra,
    )


def _stamps(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every file under ``folder``: size, modification time (ns) and bytes."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _pdfs(stamps: dict[str, tuple[int, int, bytes]], game: str) -> dict[str, int]:
    return {k: v[1] for k, v in stamps.items() if k.startswith(f"{game}/") and k.endswith(".pdf")}


def test_second_build_is_skipped_without_loading_and_leaves_outputs_untouched(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _ = _build(work)
    assert code == 0
    before = _stamps(work / "out")
    assert _pdfs(before, "sample") and _pdfs(before, "shared")

    import generator.content.loader as loader

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("an unchanged game was loaded")

    monkeypatch.setattr(loader, "load_game", refuse)
    code, output = _build(work)
    assert code == 0, output
    assert "up to date: nothing to rebuild" in output
    assert output.count("unchanged ") == sum(1 for k in before if k.endswith(".pdf"))
    assert _stamps(work / "out") == before


def test_one_changed_byte_rebuilds_only_that_game(work: Path) -> None:
    assert _build(work)[0] == 0
    before = _stamps(work / "out")
    items = work / "content" / "shared" / "cards.yaml"
    items.write_bytes(items.read_bytes() + b"\n")  # one byte more, same content
    code, output = _build(work)
    assert code == 0, output
    after = _stamps(work / "out")
    assert _pdfs(after, "sample") == _pdfs(before, "sample")  # untouched
    changed = _pdfs(after, "shared")
    assert changed.keys() == _pdfs(before, "shared").keys()
    assert all(changed[k] != _pdfs(before, "shared")[k] for k in changed)  # rewritten
    assert f"{len(changed)} files written, " in output


def test_a_template_change_rebuilds_every_game(work: Path) -> None:
    assert _build(work)[0] == 0
    before = _stamps(work / "out")
    presets = work / "templates" / "presets.yaml"
    presets.write_text(presets.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    code, output = _build(work)
    assert code == 0, output
    after = _stamps(work / "out")
    for game in ("sample", "shared"):
        old, new = _pdfs(before, game), _pdfs(after, game)
        assert old.keys() == new.keys()
        assert all(old[k] != new[k] for k in old), game
    assert "unchanged " not in output


def test_a_touched_output_is_checked_against_the_content_again(work: Path) -> None:
    assert _build(work)[0] == 0
    pdf = work / "out" / "sample" / "tokens.pdf"
    pdf.write_bytes(b"not a pdf")
    code, output = _build(work)
    assert code == 0, output
    assert pdf.read_bytes().startswith(b"%PDF")


def _probed_build(work: Path, report: str) -> str:
    """What ``pnp build`` of the work folder prints in a fresh process, then ``report`` (code
    run after the build, in the same process, that prints what it found)."""
    probe = (
        "import sys\n"
        "from generator.cli import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
    ) + report
    args = ["build", "--content", str(work / "content"), "--out", str(work / "out"), "--no-rules"]
    result = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=work, check=True
    )
    return result.stdout


def test_an_unchanged_build_imports_neither_the_schema_nor_reportlab_nor_yaml(work: Path) -> None:
    assert _build(work)[0] == 0
    output = _probed_build(
        work,
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('msgspec', 'reportlab', 'jinja2', 'yaml'))\n"
        "print('HEAVY', heavy)\n",
    )
    assert "up to date" in output
    assert "HEAVY []" in output


def test_a_card_build_loads_neither_the_svg_renderer_nor_the_rasteriser(work: Path) -> None:
    # reportlab.graphics (which brings platypus) draws only a game's own SVG icons, pypdfium2
    # only previews: a build of cards without either starts without them
    output = _probed_build(
        work,
        "print('DRAWN', 'reportlab.pdfgen.canvas' in sys.modules)\n"
        "unused = ('reportlab.graphics', 'reportlab.platypus', 'pypdfium2')\n"
        "print('UNUSED', sorted(m for m in sys.modules if m.startswith(unused)))\n",
    )
    assert (work / "out" / "sample").is_dir()
    assert "DRAWN True" in output
    assert "UNUSED []" in output


def test_a_pipe_in_a_game_folder_does_not_stall_the_hashing(work: Path) -> None:
    import os

    os.mkfifo(work / "content" / "sample" / "pipe")  # reading it would wait for a writer
    args = ["build", "--content", str(work / "content"), "--out", str(work / "out"), "--no-rules"]
    for _ in range(2):
        result = subprocess.run(
            [sys.executable, "-m", "generator.cli", *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout
