"""The program's message catalogues: read through gettext, complete, and checked by the script."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

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
    assert pseudo.gettext("Error: {message}") == f"{PSEUDO_OPEN}Error: {PSEUDO_CLOSE}{{message}}"
    # the words around a placeholder are marked, what fills it is not
    said = pseudo.gettext("{count} cards left in {deck}.").format(count=3, deck="cycle")
    assert said == f"3{PSEUDO_OPEN} cards left in {PSEUDO_CLOSE}cycle{PSEUDO_OPEN}.{PSEUDO_CLOSE}"


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


def test_a_catalogue_is_kept_compiled_and_read_again_when_its_po_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.locale as locale

    po = tmp_path / "zh_Hant.po"
    po.write_text(catalogue_path("zh-Hant").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(locale, "catalogue_path", lambda lang: po)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    first = locale._read("zh-Hant")
    (compiled,) = (tmp_path / "cache" / "locale").iterdir()
    before = compiled.read_bytes()
    assert first.gettext("Error: {message}") == "錯誤：{message}"
    with po.open("a", encoding="utf-8") as fh:
        fh.write('\nmsgid "a message added later"\nmsgstr "後來加上的訊息"\n')
    again = locale._read("zh-Hant")
    assert again.gettext("a message added later") == "後來加上的訊息"
    (newer,) = (tmp_path / "cache" / "locale").iterdir()
    assert newer.read_bytes() != before  # the copy of the earlier file is replaced
    assert locale._read("zh-Hant").gettext("a message added later") == "後來加上的訊息"


def test_check_names_a_translation_no_message_asks_for_any_more(tmp_path: Path) -> None:
    script = _script()
    path = tmp_path / "zh_Hant.po"
    shutil.copyfile(ROOT / "generator" / "locale" / "zh_Hant.po", path)
    with path.open("a", encoding="utf-8") as po:
        po.write(
            '\n#: generator/companion/gone.py\nmsgid "A message nobody says"\nmsgstr "沒人說"\n'
        )
    problems = script.check(script.PACKAGE, {"zh-Hant": path})
    assert [p for p in problems if "no message asks for it any more" in p] == [
        p for p in problems if "'A message nobody says'" in p
    ] and len(problems) == 1, problems
