"""The steps of translating a game as library calls (:mod:`generator.translate.workflow` and the
import's result): each does the work on a copy of the shipped games and returns what
``pnp translate`` and ``pnp rules stamp`` print, in each language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

from generator.locale import use_language
from generator.text.columns import width
from generator.translate.importer import import_catalogue
from generator.translate.workflow import (
    export_catalogue,
    stamp_game,
    status_report,
    write_glossary,
)
from tests.helpers import pnp, word_ends
from tests.test_translate import content, stamped  # noqa: F401

GAME = "maquis"


@pytest.fixture(params=["en", "zh-Hant", "zh-Hans"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The library speaking each language in turn, as ``pnp --lang`` makes it."""
    use_language(request.param)
    yield request.param
    use_language("en")


def test_export_counts_the_entries_of_the_catalogue_it_wrote(
    content: Path,  # noqa: F811
    tmp_path: Path,
    lang: str,
) -> None:
    path = tmp_path / "maquis.po"
    done = export_catalogue(content / GAME, "zh-Hans", path)
    po = polib.pofile(str(path))
    real = [e for e in po if not e.obsolete]
    assert done.file == path and done.total == len(real) > 100
    assert done.fuzzy == sum(1 for e in real if e.fuzzy)
    assert done.missing == sum(1 for e in real if not e.msgstr)
    printed = pnp("--lang", lang, "translate", "export", GAME, "--lang", "zh-Hans",
                  "--out", str(path), "--content", str(content))  # fmt: skip
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == done.summary() + "\n"


def test_export_and_glossary_name_their_file_after_the_game_by_default(
    content: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert export_catalogue(content / GAME, "zh-Hant").file == Path("maquis.zh-Hant.po")
    assert (tmp_path / "maquis.zh-Hant.po").is_file()
    assert write_glossary(content / GAME, "csv") == Path("maquis.glossary.csv")
    header = (tmp_path / "maquis.glossary.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("id,en,zh-Hant,zh-Hans")


def test_status_table_is_what_translate_status_prints(
    content: Path,  # noqa: F811
    lang: str,
) -> None:
    report = status_report(content, GAME, "zh-Hans")
    assert [(r.game, r.lang) for r in report.rows] == [(GAME, "zh-Hans")]
    printed = pnp("--lang", lang, "translate", "status", GAME, "--lang", "zh-Hans",
                  "--content", str(content))  # fmt: skip
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == report.table() + "\n"
    row = report.rows[0]
    cells = report.lines()[1].split()
    assert cells[2:5] == [str(row.translated), str(row.fuzzy), str(row.missing)]


def test_every_game_listed_and_blank_slots_leave_the_status_incomplete(
    content: Path,  # noqa: F811
) -> None:
    report = status_report(content)
    assert len(report.rows) == 12  # six games, two translations each
    assert not report.complete  # the boxed games' overlays wait for a group's own texts
    assert status_report(content, "barons-of-fyn").complete


def test_stamping_names_each_section_whose_english_changed(
    content: Path,  # noqa: F811
    lang: str,
) -> None:
    en = content / GAME / "rules" / "en.yaml"
    text = en.read_text(encoding="utf-8")
    en.write_text(text.replace("You lead a small cell", "You command a small cell"), "utf-8")
    done = stamp_game(content / GAME)
    assert [(s.lang, s.section) for s in done.sections] == [
        ("zh-Hant", "overview"),
        ("zh-Hans", "overview"),
    ]
    assert done.section_lines()[0].startswith("zh-Hant overview: ")
    assert done.texts == []
    again = pnp("--lang", lang, "rules", "stamp", GAME, "--content", str(content))
    assert again.returncode == 0, again.stderr
    nothing = stamp_game(content / GAME)  # what the command just did: nothing left to stamp
    assert again.stdout == ""
    assert again.stderr == nothing.sections_summary() + "\n" + nothing.texts_summary() + "\n"


def test_an_import_result_says_what_was_written_and_refused(
    content: Path,  # noqa: F811
    tmp_path: Path,
    lang: str,
) -> None:
    path = tmp_path / "maquis.zh-Hant.po"
    export_catalogue(content / GAME, "zh-Hant", path)
    po = polib.pofile(str(path))
    card = next(e for e in po if e.msgctxt.startswith("missions.yaml#") and e.msgstr)
    card.msgstr += "（新）"
    ref = next(e for e in po if "[[milice]]" in e.msgid and e.msgctxt.startswith("rules/"))
    ref.msgstr = ref.msgstr.replace("[[milice]]", "民警")
    po.save(str(path))
    result = import_catalogue(path, content)
    assert (result.written, len(result.refused)) == (1, 1)
    line = polib.pofile(str(path)).find(ref.msgid, msgctxt=ref.msgctxt).linenum
    assert result.refused_lines(path)[0].startswith(f"{path}:{line}: {ref.msgctxt}: ")
    shown = result.written_lines()
    assert len(shown) == len(result.files) and any("missions.yaml" in x for x in shown)
    failure = result.failure()
    assert failure is not None and "1" in failure
    # the same catalogue again: the card is now current, the reference still refused
    again = pnp("--lang", lang, "translate", "import", str(path), "--content", str(content))
    assert again.returncode == 1
    second = import_catalogue(path, content)
    assert again.stdout == second.summary() + "\n"
    assert again.stderr.splitlines()[:-1] == second.refused_lines(path)
    assert failure in again.stderr.splitlines()[-1]


@pytest.mark.parametrize("chinese", ["zh-Hant", "zh-Hans"])
def test_the_status_table_lines_up_under_its_chinese_headings(
    content: Path,  # noqa: F811
    chinese: str,
) -> None:
    use_language(chinese)
    try:
        lines = status_report(content).lines()
    finally:
        use_language("en")
    assert any(width(c) == 2 for c in lines[0])  # the headings are in Chinese
    counts = [word_ends(line)[2:] for line in lines]
    assert len(counts[0]) == 7 and all(row == counts[0] for row in counts)
