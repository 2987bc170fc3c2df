"""The program's messages are extracted by Babel, and the catalogues' references point at them.

``scripts/i18n.py`` extracts with Babel's python and jinja2 methods; these tests check what it
finds in a small package of their own, that every ``#: file:line`` reference of the shipped
catalogues names a file and the lines that ask for the message, and that the catalogues survive
a round trip through GNU ``msgmerge`` (against the template the script writes) and ``msgcat``
with every translation, comment and reference kept.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import polib
import pytest

from generator.locale import catalogue_path

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("zh-Hant", "zh-Hans")
REGION = 40  # lines after a reference in which the message (or its command's help) is written


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _start(msgid: str) -> str:
    """The first words of a message as its source spells them (before any escape or brace)."""
    first = msgid.strip().splitlines()[0]
    return re.split(r"[\\\"'{}%]", first)[0][:16].strip()


def test_babel_finds_context_plural_comments_and_the_web_templates_messages(
    tmp_path: Path,
) -> None:
    (tmp_path / "mod.py").write_text(
        "from generator.locale import NC_, _, ngettext, pgettext\n"
        "# Translators: a bag of tiles, not a sack\n"
        "a = _('The bag is empty.')\n"
        "b = ngettext('{n} tile left', '{n} tiles left', n)\n"
        "c = pgettext('side of a piece', 'front')\n"
        "d = NC_('rules status', 'stale')\n"
        "e = _('one sentence '\n"
        "      'on two lines')\n",
        encoding="utf-8",
    )
    (tmp_path / "web" / "templates").mkdir(parents=True)
    (tmp_path / "web" / "templates" / "page.html").write_text(
        "<p>{{ _('Your moves now') }}</p>\n", encoding="utf-8"
    )
    found = {
        (c, m, p, w.name, line, tuple(k)) for c, m, p, w, line, k in _script().extracted(tmp_path)
    }
    assert found == {
        (None, "The bag is empty.", None, "mod.py", 3, ("a bag of tiles, not a sack",)),
        (None, "{n} tile left", "{n} tiles left", "mod.py", 4, ()),
        ("side of a piece", "front", None, "mod.py", 5, ()),
        ("rules status", "stale", None, "mod.py", 6, ()),
        (None, "one sentence on two lines", None, "mod.py", 7, ()),
        (None, "Your moves now", None, "page.html", 1, ()),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_source_reference_names_a_file_and_the_lines_that_ask_for_the_message(
    lang: str,
) -> None:
    wrong = []
    ours = 0
    for entry in polib.pofile(str(catalogue_path(lang))):
        for where, line in entry.occurrences:
            if not where.startswith(("generator/", "scripts/")):
                continue  # a library's own message (click) that the catalogue translates
            ours += 1
            path = ROOT / where
            if not path.is_file() or not line.isdigit():
                wrong.append(f"{where}:{line}: no such file or no line: {entry.msgid!r}")
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            region = "\n".join(lines[int(line) - 1 : int(line) - 1 + REGION])
            if int(line) > len(lines) or _start(entry.msgid) not in region:
                wrong.append(f"{where}:{line}: the message is not there: {entry.msgid!r}")
    assert ours > 900  # every message of the program has its places
    assert not wrong, "\n".join(wrong[:20])


def test_check_names_a_reference_past_the_end_of_its_file(tmp_path: Path) -> None:
    script = _script()
    path = tmp_path / "zh_Hant.po"
    po = polib.pofile(str(catalogue_path("zh-Hant")), wrapwidth=0)
    entry = next(e for e in po if e.msgid == "Error: {message}")
    entry.occurrences = [("generator/errors.py", "99999")]
    po.save(str(path))
    problems = script.check(script.PACKAGE, {"zh-Hant": path})
    assert len(problems) == 1, problems
    assert "generator/errors.py:99999 names line 99999, past the end of the file" in problems[0]


def _entries(path: Path) -> dict[tuple[str | None, str], tuple[object, ...]]:
    po = polib.pofile(str(path))
    assert not [e.msgid for e in po if e.obsolete or "fuzzy" in e.flags]
    return {
        (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural, e.tcomment, e.comment, e.occurrences)
        for e in po
    }


@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("lang", LANGS)
def test_msgmerge_against_the_extracted_template_keeps_every_translation_and_comment(
    tmp_path: Path, lang: str
) -> None:
    pot = tmp_path / "messages.pot"
    done = subprocess.run(
        ["python", str(ROOT / "scripts" / "i18n.py"), "extract", str(pot)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    merged, catted = tmp_path / "merged.po", tmp_path / "catted.po"
    po = catalogue_path(lang)
    for args in (
        ["msgmerge", "--no-wrap", "-q", str(po), str(pot), "-o", str(merged)],
        ["msgcat", "--no-wrap", str(po), "-o", str(catted)],
    ):
        ran = subprocess.run(args, capture_output=True, text=True)
        assert ran.returncode == 0, ran.stderr
    before = _entries(po)
    # translators' comments (#) on some entries: the round trip must keep them
    assert sum(1 for e in before.values() if e[2]) > 10
    assert _entries(merged) == before
    assert _entries(catted) == before
