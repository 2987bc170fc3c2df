"""The catalogue follows gettext's conventions, as Poedit and Weblate expect: one changed
sentence makes one fuzzy entry carrying the English it had (``#| msgid``), translator comments
survive the next export, and a round trip through msgcat and msgmerge keeps both."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from generator.translate.status import StatusRow, translation_status
from tests.helpers import pnp
from tests.test_translate import content, entry, export, import_, stamped  # noqa: F401

GAME = "barons-of-fyn"
OLD = "has gone off to war"
NEW = "has left for war"
CTX = "rules/en.yaml#overview.blocks.0.p"


def _change_one_sentence(content: Path) -> None:  # noqa: F811
    en = content / GAME / "rules" / "en.yaml"
    text = en.read_text(encoding="utf-8")
    assert text.count(OLD) == 1
    en.write_text(text.replace(OLD, NEW), encoding="utf-8")


def test_one_changed_sentence_marks_one_entry_fuzzy_with_its_previous_msgid(
    content: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    before = export(content, GAME, "zh-Hant", tmp_path / "before.po")
    assert not any(e.fuzzy for e in before)
    old_english = entry(before, CTX).msgid
    _change_one_sentence(content)
    po = export(content, GAME, "zh-Hant", tmp_path / "after.po")
    fuzzy = [e for e in po if e.fuzzy]
    assert [e.msgctxt for e in fuzzy] == [CTX]
    assert fuzzy[0].previous_msgid == old_english
    assert NEW in fuzzy[0].msgid and OLD in fuzzy[0].previous_msgid
    assert "#| msgid" in (tmp_path / "after.po").read_text(encoding="utf-8")


def test_reviewing_the_one_fuzzy_entry_stamps_the_section_and_checks_clean(
    content: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    _change_one_sentence(content)
    path = tmp_path / "fyn.po"
    po = export(content, GAME, "zh-Hant", path)
    entry(po, CTX).flags.remove("fuzzy")
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    again = export(content, GAME, "zh-Hant", tmp_path / "again.po")
    assert not any(e.fuzzy for e in again)
    stamped_file = (content / GAME / "rules" / "en.stamped.yaml").read_text(encoding="utf-8")
    assert NEW in stamped_file


def test_translator_comments_survive_the_next_export(
    content: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    path = tmp_path / "fyn.po"
    po = export(content, GAME, "zh-Hant", path)
    entry(po, CTX).tcomment = "審稿：提摩希的譯名待確認"
    po.save(str(path))
    _change_one_sentence(content)
    again = export(content, GAME, "zh-Hant", path)
    assert entry(again, CTX).tcomment == "審稿：提摩希的譯名待確認"
    # the glossary notes are the program's (extracted) comments, not the translator's
    assert all(not e.tcomment.startswith("Glossary:") for e in again)
    assert any(e.comment.startswith("Glossary:") for e in again)


@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="gettext tools not installed")
def test_a_round_trip_through_msgcat_and_msgmerge_keeps_comments_and_previous_strings(
    content: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    path = tmp_path / "fyn.po"
    po = export(content, GAME, "zh-Hant", path)
    entry(po, CTX).tcomment = "審稿：語氣再口語一點"
    po.save(str(path))
    _change_one_sentence(content)
    export(content, GAME, "zh-Hant", path)
    for tool in (["msgcat", str(path)], ["msgmerge", "--previous", str(path), str(path)]):
        out = tmp_path / f"{tool[0]}.po"
        done = subprocess.run([*tool, "-o", str(out)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        back = polib.pofile(str(out))
        assert entry(back, CTX).tcomment == "審稿：語氣再口語一點"
        assert entry(back, CTX).fuzzy and OLD in (entry(back, CTX).previous_msgid or "")
        check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(out)])
        assert check.returncode == 0
    # and the program reads the tools' output back as its own
    done = pnp("translate", "import", str(tmp_path / "msgmerge.po"), "--content", str(content))
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_malformed_stamped_english_file_is_a_located_error(
    content: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    (content / GAME / "rules" / "en.stamped.yaml").write_text("- just a list\n", "utf-8")
    done = pnp(
        "translate", "export", GAME, "--lang", "zh-Hant", "--out", str(tmp_path / "x.po"),
        "--content", str(content),
    )  # fmt: skip
    assert done.returncode != 0
    assert "en.stamped.yaml:1:1" in done.stderr and "pnp rules stamp" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "x.po").exists()


def _status(folder: Path, lang: str) -> StatusRow:
    return translation_status([folder / GAME], [lang])[0]


def test_status_tells_written_edition_and_converted_texts_apart(
    content: Path,  # noqa: F811
) -> None:
    hans = _status(content, "zh-Hans")
    assert hans.written > 0 and hans.converted > 0 and hans.edition == 0
    assert hans.written + hans.converted == hans.translated + hans.fuzzy
    hant = _status(content, "zh-Hant")
    assert hant.converted == 0 and hant.edition == 0
    # the Traditional text declared an official edition's: its own texts count as the
    # edition's, the Simplified converted from it never does
    path = content / GAME / "rules" / "zh-Hant.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("sections:\n", "origin: edition\nsections:\n", 1), "utf-8")
    edition = _status(content, "zh-Hant")
    assert edition.edition > 0 and edition.written == hant.written - edition.edition
    after = _status(content, "zh-Hans")
    assert after.edition == 0 and after.converted == hans.converted
    shown = pnp("translate", "status", GAME, "--lang", "zh-Hant", "--content", str(content))
    assert "edition" in shown.stdout and f" {edition.edition} " in shown.stdout


def test_an_unknown_origin_is_a_located_error(content: Path) -> None:  # noqa: F811
    path = content / GAME / "rules" / "zh-Hant.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("sections:\n", "origin: official\nsections:\n", 1), "utf-8")
    done = pnp("rules", "check", GAME, "--content", str(content))
    assert done.returncode != 0
    assert "zh-Hant.yaml:" in done.stdout + done.stderr and "origin" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
