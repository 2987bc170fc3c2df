"""The program's message catalogues: read through gettext, complete, and checked by the script."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import polib

from generator.errors import ContentError, Issue, Location, report
from generator.locale import PSEUDO_CLOSE, PSEUDO_OPEN, catalogue_path, translation

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "i18n.py"


def _script():
    spec = importlib.util.spec_from_file_location("i18n_script", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_marked_message_is_translated_in_both_catalogues() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_catalogues_are_po_files_with_language_and_plural_forms() -> None:
    for lang, code in (("zh-Hant", "zh_Hant"), ("zh-Hans", "zh_Hans")):
        po = polib.pofile(str(catalogue_path(lang)))
        assert po.metadata["Language"] == code
        assert po.metadata["Plural-Forms"] == "nplurals=1; plural=0;"
        assert po.metadata["Content-Type"] == "text/plain; charset=UTF-8"


def test_a_message_and_its_plural_come_from_the_catalogue() -> None:
    hant, hans = translation("zh-Hant"), translation("zh-Hans")
    assert hant.gettext("Error: {message}") == "錯誤：{message}"
    assert hans.gettext("Error: {message}") == "错误：{message}"
    many = hans.ngettext("Error: {count} problem found.", "Error: {count} problems found.", 3)
    assert many.format(count=3) == "错误：共发现 3 个问题。"
    english = translation("en")
    assert english.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert english.ngettext("{n} card", "{n} cards", 2) == "{n} cards"


def test_a_message_without_translation_prints_its_english() -> None:
    assert translation("zh-Hant").gettext("no such message here") == "no such message here"


def test_the_pseudo_language_marks_every_message_that_went_through_the_catalogue() -> None:
    pseudo = translation("x-pseudo")
    assert pseudo.gettext("Error: {message}") == f"{PSEUDO_OPEN}Error: {{message}}{PSEUDO_CLOSE}"


def test_the_problem_count_is_worded_per_language_and_number() -> None:
    issues = [
        Issue(Location("a.yaml", 1, 1), "x", "bad"),
        Issue(Location("a.yaml", 2, 1), "y", "bad"),
    ]
    lines = report(ContentError(issues))
    assert lines[-1] == "Error: 2 problems found."


def test_check_names_a_message_missing_from_a_catalogue(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text('from x import _\n_("A fresh message")\n', encoding="utf-8")
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="{a} and {b}", msgstr="{a} 與 {c}"))
    path = tmp_path / "zh_Hant.po"
    po.save(str(path))
    (package / "other.py").write_text('_("{a} and {b}")\n', encoding="utf-8")
    problems = _script().check(package, {"zh-Hant": path})
    assert any("mod.py:2: not in zh_Hant.po: 'A fresh message'" in p for p in problems)
    assert any("placeholders differ" in p for p in problems)
