"""`pnp rules check` runs what a translator would: synonyms, regional forms, spaces, quotes, brackets.

The fixture ``rules_translator`` has one problem of each kind on a known line; the shipped
games have none, so ``pnp rules check --strict`` passes on every one of them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import cli
from generator.content.validate import convert
from generator.pipeline.rules_check import check_rules
from generator.rules.translator import nested_parentheses, text_problems

FIXTURES = Path(__file__).parent / "fixtures"
CONTENT = Path(__file__).parent.parent / "content"

# (file, line, words the message must contain)
EXPECTED = [
    ("glossary.yaml", 16, ["'乱数' is Taiwan usage", "'随机数'"]),
    ("zh-Hans.yaml", 7, ["'「' is Taiwan usage", "'“'"]),
    ("zh-Hans.yaml", 9, ["'著' is Taiwan usage", "'着'"]),
    ("zh-Hant.yaml", 1, ["ASCII space between Chinese characters"]),  # the sheet title
    ("zh-Hant.yaml", 8, ["'首領' is a synonym", "[[leader]]"]),
    ("zh-Hant.yaml", 10, ["ASCII space between Chinese characters"]),
    ("zh-Hant.yaml", 11, ["'激活' is mainland usage"]),
    ("zh-Hant.yaml", 16, ["ASCII quote inside Chinese text", "「」"]),
    ("zh-Hant.yaml", 17, ["parentheses inside parentheses"]),
]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    dest = tmp_path / "rules_translator"
    shutil.copytree(FIXTURES / "rules_translator", dest)
    return dest


@pytest.mark.parametrize(("name", "line", "words"), EXPECTED)
def test_each_translator_problem_is_a_warning_at_its_file_and_line(
    game: Path, name: str, line: int, words: list[str]
) -> None:
    found = [
        i
        for i in check_rules(game)
        if i.location.file.endswith(f"rules/{name}") and i.location.line == line
    ]
    assert found, f"nothing reported at {name}:{line}"
    assert any(all(w in i.message for w in words) for i in found), [i.message for i in found]
    assert all(i.severity == "warning" for i in found)


def test_nothing_else_is_reported(game: Path) -> None:
    places = {(Path(i.location.file).name, i.location.line) for i in check_rules(game)}
    assert places == {(name, line) for name, line, _ in EXPECTED}


def test_strict_check_fails_on_translator_warnings(
    game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(game.parent)
    relaxed = CliRunner().invoke(cli, ["rules", "check", "rules_translator", "--content", "."])
    strict = CliRunner().invoke(
        cli, ["rules", "check", "rules_translator", "--content", ".", "--strict"]
    )
    assert relaxed.exit_code == 0
    assert strict.exit_code != 0
    assert "rules_translator/rules/zh-Hant.yaml:8:" in strict.output


def test_fixing_the_folded_line_removes_the_space_warning(game: Path) -> None:
    path = game / "rules" / "zh-Hant.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("領袖\n          可以", "領袖可以"), encoding="utf-8")
    left = [i for i in check_rules(game) if "ASCII space" in i.message]
    assert [i.key for i in left] == ["title"]  # only the spaced title is left


def test_synonym_is_only_reported_where_the_sheet_uses_the_term() -> None:
    from generator.rules.models import GlossaryTerm

    term = convert(
        GlossaryTerm,
        {"en": "Leader", "zh-Hant": "領袖", "zh-Hans": "领袖", "avoid": {"zh-Hant": ["首領"]}},
    )
    glossary = {"leader": term}
    assert list(text_problems("首領出發。", "zh-Hant", glossary, ["leader"]))
    assert not list(text_problems("首領出發。", "zh-Hant", glossary, []))
    # zh-Hans takes the zh-Hant list in Simplified script when it has none of its own
    assert list(text_problems("首领出发。", "zh-Hans", glossary, ["leader"]))


@pytest.mark.parametrize(
    ("text", "nested"),
    [("甲（乙（丙）丁）", True), ("甲（乙）丙（丁）", False), ("（Fate Track）", False)],
)
def test_nested_full_width_parentheses(text: str, nested: bool) -> None:
    assert nested_parentheses(text) is nested


def test_english_apostrophe_in_a_name_is_not_a_quote() -> None:
    assert not list(text_problems("諸神黃昏（Rag'narok）規則。", "zh-Hant", {}, []))
    assert list(text_problems("把'先手'交出。", "zh-Hant", {}, []))


def test_every_shipped_game_passes_strict_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CONTENT.parent)
    result = CliRunner().invoke(cli, ["rules", "check", "--strict"])
    assert result.exit_code == 0, result.output
    assert result.output.count(": 0 errors, 0 warnings") == 6
