"""Every output of a game goes to one folder named after the game, which is its folder's name.

A game copied to a folder of another name must take that name as its id (``pnp check`` refuses
an id that differs from the folder); it then keeps its component PDFs, its rule sheets and the
build state together in ``output/fyn-copy/``, so a second build with nothing changed is skipped
as a whole and ``pnp rules build`` writes beside ``pnp build``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import ROOT, pnp_printed


def test_a_copied_game_renamed_builds_into_its_own_folder_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, out = tmp_path / "content", tmp_path / "out"
    game = content / "fyn-copy"
    shutil.copytree(ROOT / "content" / "barons-of-fyn", game)
    where = ["--content", str(content), "--out", str(out)]
    code, said = pnp_printed(capsys, "build", *where, "--lang", "en")
    assert code == 1 and "differs from its folder name 'fyn-copy'" in said, said
    assert not out.exists() or not any(out.iterdir())
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("id: barons-of-fyn", "id: fyn-copy"), "utf-8")
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
