"""`pnp rules check`: located errors for bad rule files, term drift, missing and stale sections."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import cli
from generator.pipeline.rules_check import check_rules

from .helpers import pnp

FIXTURES = Path(__file__).parent / "fixtures"
CASES = [
    "rules_bad_block",
    "rules_bad_glossary",
    "rules_bad_markup",
    "rules_bad_structure",
    "rules_bad_yaml",
    "rules_term_drift",
    "rules_stale",
    "rules_translator",
]


def copy_game(name: str, tmp_path: Path) -> Path:
    dest = tmp_path / name
    shutil.copytree(FIXTURES / name, dest)
    return dest


def run(args: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.chdir(cwd)
    return CliRunner().invoke(cli, args)


@pytest.mark.parametrize("name", CASES)
def test_check_prints_every_problem_with_file_line_and_key(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_game(name, tmp_path)
    expected = (FIXTURES / name / "expected.txt").read_text(encoding="utf-8")
    result = run(["rules", "check", name], tmp_path, monkeypatch)
    assert result.stdout == expected


@pytest.mark.parametrize(
    "name",
    ["rules_bad_block", "rules_bad_glossary", "rules_bad_markup", "rules_bad_yaml"],
)
def test_check_fails_on_errors_even_without_strict(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_game(name, tmp_path)
    result = run(["rules", "check", name], tmp_path, monkeypatch)
    assert result.exit_code != 0


def test_translation_rendering_a_term_differently_is_an_error_at_its_line(tmp_path: Path) -> None:
    game = copy_game("rules_term_drift", tmp_path)
    errors = [i for i in check_rules(game) if i.severity == "error"]
    assert len(errors) == 1
    issue = errors[0]
    assert issue.location.file.endswith("rules_term_drift/rules/zh-Hant.yaml")
    assert issue.location.line == 6  # the paragraph that wrote 命運軌道 instead of [[fate-track]]
    assert "[[fate-track]]" in issue.message and "天命軌道" in issue.message


def test_changed_english_makes_a_stamped_translation_stale(tmp_path: Path) -> None:
    game = copy_game("rules_good", tmp_path)
    assert check_rules(game) == []
    en = game / "rules" / "en.yaml"
    en.write_text(
        en.read_text(encoding="utf-8").replace(
            "Each round has four steps.", "Each round has five steps."
        ),
        encoding="utf-8",
    )
    issues = check_rules(game)
    assert [(i.severity, i.location.file.split("/")[-1], i.key) for i in issues] == [
        ("warning", "zh-Hant.yaml", "sections[0].source_hash")
    ]
    assert "'turn-sequence' is stale" in issues[0].message


def test_stale_and_missing_are_warnings_that_only_strict_turns_into_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_game("rules_stale", tmp_path)
    relaxed = run(["rules", "check", "rules_stale"], tmp_path, monkeypatch)
    strict = run(["rules", "check", "rules_stale", "--strict"], tmp_path, monkeypatch)
    assert relaxed.exit_code == 0
    assert strict.exit_code == 1
    assert "stale" in strict.output and "not translated into zh-Hant" in strict.output


def test_aligned_fixture_passes_strict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_game("rules_good", tmp_path)
    result = run(["rules", "check", "rules_good", "--strict"], tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""


def test_cli_reports_failure_without_traceback(tmp_path: Path) -> None:
    copy_game("rules_bad_markup", tmp_path)
    proc = pnp("rules", "check", "rules_bad_markup", cwd=tmp_path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().endswith("Error: rule sheets have problems: 3 errors")
    assert "unknown icon :sowrd:; did you mean 'sword'?" in proc.stdout


def test_unknown_game_is_a_usage_error_with_a_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_game("rules_good", tmp_path)
    proc = pnp("rules", "check", "rules_goood", "--content", ".", cwd=tmp_path)
    assert proc.returncode == 2
    assert "did you mean 'rules_good'?" in proc.stderr
