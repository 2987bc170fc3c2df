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

from generator.cli import cli

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
    assert "待更新" not in text(here / "out" / "rules-good" / "rules.zh-Hant.pdf")
