"""Every output of a game goes to one folder named after the game's folder, whatever its id.

A game copied to a folder of another name (``fyn-copy`` holding ``id: barons-of-fyn``) keeps
its component PDFs, its rule sheets and the build state together in ``output/fyn-copy/``, so a
second build with nothing changed is skipped as a whole and ``pnp rules build`` writes beside
``pnp build``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _pnp(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    from generator.cli import main

    capsys.readouterr()
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_a_game_in_a_folder_named_otherwise_builds_into_that_folder_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(ROOT / "content" / "barons-of-fyn", content / "fyn-copy")
    where = ["--content", str(content), "--out", str(out)]
    code, said = _pnp(capsys, "build", *where, "--lang", "en")
    assert code == 0, said
    assert [p.name for p in out.iterdir()] == ["fyn-copy"]
    made = {p.name for p in (out / "fyn-copy").glob("*.pdf")}
    assert "rules.en.pdf" in made and len(made) > 1, made

    code, said = _pnp(capsys, "build", *where, "--lang", "en")
    assert code == 0 and "up to date" in said, said

    code, said = _pnp(capsys, "rules", "build", "fyn-copy", *where, "--lang", "en")
    assert code == 0, said
    assert [p.name for p in out.iterdir()] == ["fyn-copy"]
