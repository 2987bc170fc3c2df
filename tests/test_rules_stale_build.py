"""`pnp rules build` never prints a stale translation silently.

A section whose English changed after it was translated is named in a located warning, and
the sheet marks it (title mark and a note that the English wins); ``--strict`` refuses to
build and writes nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli.app import cli

from .helpers import pnp

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(FIXTURES / "rules_stale", tmp_path / "rules_stale")
    shutil.copytree(FIXTURES / "rules_good", tmp_path / "rules_good")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def build(*extra: str, game: str = "rules_stale"):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(
        cli, ["rules", "build", game, "--content", ".", "--out", "out", *extra]
    )


def text(path: Path) -> str:
    return "".join(p.extract_text() for p in PdfReader(path).pages)


def test_build_warns_and_names_each_stale_section_at_its_line(here: Path) -> None:
    result = build()
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "warning:" in line]
    assert len(warnings) == 2  # zh-Hant, and the zh-Hans derived from it
    for lang, line in zip(("zh-Hant", "zh-Hans"), warnings, strict=True):
        assert line.startswith("rules_stale/rules/zh-Hant.yaml:5:")
        assert f"{lang} section 'setup'" in line


@pytest.mark.parametrize(("lang", "mark"), [("zh-Hant", "譯文待更新"), ("zh-Hans", "译文待更新")])
def test_stale_section_is_marked_on_the_printed_sheet(here: Path, lang: str, mark: str) -> None:
    build("--lang", lang)
    printed = text(here / "out" / "rules_stale" / f"rules.{lang}.pdf")
    assert mark in printed
    assert ("以英文版為準" if lang == "zh-Hant" else "以英文版为准") in printed


def test_strict_build_of_a_stale_translation_fails_and_writes_nothing(here: Path) -> None:
    result = pnp(
        "rules", "build", "rules_stale", "--content", ".", "--out", "out", "--strict", cwd=here
    )
    assert result.returncode != 0
    assert "rules_stale/rules/zh-Hant.yaml:5:18:" in result.stderr
    assert "section 'setup' is stale" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (here / "out").exists()


def test_current_translations_build_without_warning_or_mark(here: Path) -> None:
    result = build("--strict", "--lang", "zh-Hant", game="rules_good")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr
    assert "待更新" not in text(here / "out" / "rules_good" / "rules.zh-Hant.pdf")  # the folder


def test_strict_failure_names_the_stale_sections_and_says_how_to_clear_them(here: Path) -> None:
    result = pnp(
        "rules", "build", "rules_stale", "--content", ".", "--out", "out", "--strict", cwd=here
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    located = [line for line in lines if line.startswith("rules_stale/rules/zh-Hant.yaml:5:18:")]
    assert len(located) == 2
    assert all("warning:" not in line for line in located)  # under --strict they are errors
    assert all("not built: --strict refuses stale sections" in line for line in located)
    assert all("printed with an out-of-date mark" not in line for line in located)
    assert (
        "update the zh-Hant section, then run `pnp rules stamp rules_stale --lang zh-Hant`"
        in (located[1])
    )
    assert lines[-1] == (
        "Error: nothing written: --strict and 2 stale sections (zh-Hant 'setup', "
        "zh-Hans 'setup'); update the translations, then run `pnp rules stamp rules_stale`, "
        "or build without --strict to print them marked out of date"
    )


def test_stale_warning_says_the_section_is_printed_marked_and_names_the_stamp_command(
    here: Path,
) -> None:
    result = build("--lang", "zh-Hant")
    assert result.exit_code == 0, result.output
    (warning,) = [line for line in result.stderr.splitlines() if "warning:" in line]
    assert "zh-Hant section 'setup' is stale: the English section changed" in warning
    assert "printed with an out-of-date mark and a note that the English wins" in warning
    assert warning.endswith("update it, then run `pnp rules stamp rules_stale --lang zh-Hant`")


def test_stamp_command_in_messages_is_the_games_folder_not_its_id(here: Path) -> None:
    """`pnp rules stamp` in a message names the game by its folder."""
    import yaml

    source = here / "rules_good" / "rules" / "en.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["sections"][0]["title"] += " (revised)"
    source.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = build("--lang", "zh-Hant", game="rules_good")
    assert "`pnp rules stamp rules_good --lang zh-Hant`" in result.stderr
    stamped = CliRunner().invoke(cli, ["rules", "stamp", "rules_good", "--content", "."])
    assert stamped.exit_code == 0, stamped.output
    assert "warning" not in build("--lang", "zh-Hant", game="rules_good").stderr
