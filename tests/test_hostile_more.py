"""More damaged game folders: what `pnp check` and `pnp build` must agree on."""

from __future__ import annotations

from pathlib import Path

from .helpers import pnp


def _new_game(root: Path) -> Path:
    made = pnp("new", "g", "--content", str(root / "content"), cwd=root)
    assert made.returncode == 0, made.stderr
    return root / "content" / "g"


def test_rule_sheet_title_with_a_character_no_font_has_is_a_located_check_error(
    tmp_path: Path,
) -> None:
    game = _new_game(tmp_path)
    source = game / "rules" / "en.yaml"
    text = source.read_text(encoding="utf-8")
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines[n] = 'title: "\U0001f3b2 Dice"'
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")

    checked = pnp("check", "g", cwd=tmp_path)
    said = checked.stdout + checked.stderr
    assert checked.returncode == 1, said
    assert "Traceback" not in said
    assert f"rules/en.yaml:{n + 1}:" in said and "U+1F3B2" in said, said

    rules = pnp("rules", "check", "g", cwd=tmp_path)
    assert rules.returncode == 1, rules.stdout + rules.stderr
    assert "U+1F3B2" in rules.stdout + rules.stderr
