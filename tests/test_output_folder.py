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

from tests.helpers import ROOT, pnp_printed


def test_a_game_in_a_folder_named_otherwise_builds_into_that_folder_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(ROOT / "content" / "barons-of-fyn", content / "fyn-copy")
    where = ["--content", str(content), "--out", str(out)]
    code, said = pnp_printed(capsys, "build", *where, "--lang", "en")
    assert code == 0, said
    assert [p.name for p in out.iterdir()] == ["fyn-copy"]
    made = {p.name for p in (out / "fyn-copy").glob("*.pdf")}
    assert "rules.en.pdf" in made and len(made) > 1, made

    code, said = pnp_printed(capsys, "build", *where, "--lang", "en")
    assert code == 0 and "up to date" in said, said

    code, said = pnp_printed(capsys, "rules", "build", "fyn-copy", *where, "--lang", "en")
    assert code == 0, said
    assert [p.name for p in out.iterdir()] == ["fyn-copy"]
