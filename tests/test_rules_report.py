"""The rule sheets' reports as library calls: :func:`status_table`, :func:`check_rule_sheets`
and :func:`issue_line` return what ``pnp rules status`` and ``pnp rules check`` print, in each
language, read from real game folders (the rule fixtures: one aligned, one stale and missing a
section, one with broken markup)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.errors import Issue, Location
from generator.locale import ngettext, use_language
from generator.pipeline.typecheck import check_rule_sheets
from generator.rules.report import (
    RulesCheck,
    issue_line,
    rules_status,
    status_table,
)
from tests.helpers import pnp, word_ends

FIXTURES = Path(__file__).parent / "fixtures"
GAMES = ("rules_bad_markup", "rules_good", "rules_stale")


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A content folder holding the three rule fixtures."""
    folder = tmp_path / "content"
    for game in GAMES:
        shutil.copytree(FIXTURES / game, folder / game)
    return folder


@pytest.fixture(params=["en", "zh-Hant", "zh-Hans"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The library speaking each language in turn, as ``pnp --lang`` makes it."""
    use_language(request.param)
    yield request.param
    use_language("en")


def test_status_table_is_what_rules_status_prints(content: Path, lang: str) -> None:
    table = status_table(content)
    done = pnp("--lang", lang, "rules", "status", "--content", str(content))
    assert done.returncode == 0, done.stderr
    assert done.stdout == table + "\n"
    assert len(table.splitlines()) == 2 + 3 * len(GAMES)  # heading, rule, a row per language


def test_status_rows_count_what_the_folders_hold(content: Path) -> None:
    rows = {(r.game, r.lang): r for r in rules_status(content)}
    stale = rows["rules_stale", "zh-Hant"]
    assert (stale.sections, stale.counts["stale"], stale.counts["missing"]) == (2, 1, 1)
    assert stale.covered == 0
    good = rows["rules_good", "zh-Hans"]
    assert (good.counts["derived"], good.covered) == (4, 4)
    line = next(
        x for x in status_table(content).splitlines() if x.startswith("rules_stale      zh-Hant")
    )
    assert line.split()[2:] == ["2", "0", "0", "1", "1", "0%"]


def test_status_table_of_a_folder_without_rules_says_so(tmp_path: Path) -> None:
    assert status_table(tmp_path).splitlines()[2:] == [f"no game under {tmp_path} has rule sheets"]


def test_check_lines_summaries_and_verdict_are_what_rules_check_prints(
    content: Path, lang: str
) -> None:
    checked = check_rule_sheets(content)
    out, err = [], []
    for one in checked:
        out += one.lines()
        err.append(one.summary())
    failure = checked.failure()
    assert failure is not None  # rules_bad_markup has errors
    done = pnp("--lang", lang, "rules", "check", "--content", str(content))
    assert done.returncode == 1
    assert done.stdout == "".join(f"{line}\n" for line in out)
    assert done.stderr.splitlines()[:3] == err
    assert failure in done.stderr.splitlines()[3]


def test_each_game_counts_its_own_errors_and_warnings(content: Path) -> None:
    found = {c.game: c for c in check_rule_sheets(content)}
    assert (found["rules_bad_markup"].errors, found["rules_bad_markup"].warnings) == (3, 3)
    assert (found["rules_stale"].errors, found["rules_stale"].warnings) == (0, 3)
    assert found["rules_good"].lines() == []
    assert found["rules_stale"].summary() == "rules_stale: 0 errors, 3 warnings"
    assert all(": warning: " in line for line in found["rules_stale"].lines())


def test_warnings_fail_only_a_strict_check(content: Path) -> None:
    assert check_rule_sheets(content, "rules_stale").failure() is None
    strict = check_rule_sheets(content, "rules_stale", strict=True).failure()
    assert strict == "rule sheets have problems: 0 errors, 3 warnings (--strict)"
    assert check_rule_sheets(content, "rules_good", strict=True).failure() is None


def test_games_are_checked_one_at_a_time_as_they_are_asked_for(tmp_path: Path) -> None:
    asked: list[str] = []

    def check(folder: Path) -> list[Issue]:
        asked.append(folder.name)
        return [Issue(Location(f"{folder.name}.yaml", 1, 1), "k", "bad")]

    run = RulesCheck([tmp_path / "a", tmp_path / "b"], check)
    first = next(iter(run))
    assert (first.game, asked) == ("a", ["a"])
    assert run.failure() == "rule sheets have problems: 2 errors"
    assert asked == ["a", "b"]  # the verdict checked the rest
    assert [c.game for c in run] == ["a", "b"]  # and each game once only
    assert asked == ["a", "b"]


def test_an_issue_line_says_warning_before_a_warnings_message(lang: str) -> None:
    where = Location("rules/zh-Hant.yaml", 5, 18)
    error = Issue(where, "sections[0].id", "unknown section")
    assert issue_line(error) == "rules/zh-Hant.yaml:5:18: sections[0].id: unknown section"
    warning = issue_line(error._replace(severity="warning"))
    assert warning.startswith("rules/zh-Hant.yaml:5:18: sections[0].id: ")
    assert warning.endswith("unknown section") and warning != issue_line(error)


def test_a_long_game_name_and_its_problem_note_keep_the_columns_in_line(
    tmp_path: Path, lang: str
) -> None:
    for game in ("rules_bad_glossary", "rules_bad_structure", "rules_good"):
        shutil.copytree(FIXTURES / game, tmp_path / game)
    lines = status_table(tmp_path).splitlines()
    assert max(len(x.split()[0]) for x in lines[2:]) > 16  # longer than the least width
    counts = [word_ends(x)[2:8] if i else word_ends(x)[2:] for i, x in enumerate(lines) if i != 1]
    assert len(counts[0]) == 6 and all(row == counts[0] for row in counts)
    glossary = next(x for x in lines if x.startswith("rules_bad_glossary "))
    note = ngettext(
        "{count} error: run pnp rules check", "{count} errors: run pnp rules check", 3
    ).format(count=3)
    assert glossary.endswith(f"  ({note})")
    assert (note == "3 errors: run pnp rules check") == (lang == "en")
