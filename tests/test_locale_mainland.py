"""The Chinese catalogues read as their region writes: mainland words and “” quotes in zh-Hans,
「」 in zh-Hant, messages built from parameters (a range error, an unknown key's hint, a plural)
rather than from English text, and source references that name files which exist."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest

from generator.locale import catalogue_path, ngettext, use_language
from generator.pipeline.rules_check import check_rules
from generator.text.regional import regional_forms

from .helpers import ROOT, pnp

FIXTURES = Path(__file__).parent / "fixtures"
# words right in a program's own messages in both regions (running a command, a size preset)
PROGRAM_WORDS = {"运行", "预设"}
# the checker's own messages name the other region's quote marks
QUOTES = set("「」『』“”‘’")


def _texts(lang: str) -> list[tuple[polib.POEntry, str]]:
    po = polib.pofile(str(catalogue_path(lang)))
    out = []
    for entry in po:
        texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        out += [(entry, t) for t in texts]
    return out


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_no_catalogue_message_uses_the_other_regions_words(lang: str) -> None:
    found = [
        (f.form, text)
        for _e, text in _texts(lang)
        for f in regional_forms(text, lang)
        if f.form not in PROGRAM_WORDS and f.form not in QUOTES
    ]
    assert found == []


@pytest.mark.parametrize(("lang", "word"), [("zh-Hans", "物件"), ("zh-Hans", "退稿")])
def test_the_simplified_catalogue_has_no_taiwan_software_words(lang: str, word: str) -> None:
    assert [t for _e, t in _texts(lang) if word in t] == []


@pytest.mark.parametrize(("lang", "quote"), [("zh-Hans", "“{"), ("zh-Hant", "「{")])
def test_chinese_messages_quote_a_value_with_chinese_quotes(lang: str, quote: str) -> None:
    ascii_quoted = re.compile(r"!r\}|'\{[a-z_]+\}'|'[^'\s]{1,20}'")
    assert [t for _e, t in _texts(lang) if ascii_quoted.search(t)] == []
    assert sum(quote in t for _e, t in _texts(lang)) > 100


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_every_source_reference_names_a_file_that_exists(lang: str) -> None:
    po = polib.pofile(str(catalogue_path(lang)))
    refs = {where for e in po for where, _n in e.occurrences}
    assert refs, "the catalogue names no source files"
    stale = [r for r in refs if r != "click" and not (ROOT / r).is_file()]
    assert stale == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh-Hans", ["必须在 0mm 到 50mm 之间"]), ("zh-Hant", ["必須介於 0mm 到 50mm 之間"])],
)
def test_a_length_out_of_range_is_told_in_the_users_language(
    tmp_path: Path, lang: str, words: list[str]
) -> None:
    game = tmp_path / "sample"
    shutil.copytree(FIXTURES / "games" / "sample", game)
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("    size: poker\n", "    size: poker\n    sheet: {bleed: 60mm}\n", 1)
    )
    result = pnp("--lang", lang, "check", "sample", "--content", str(tmp_path), cwd=tmp_path)
    out = result.stdout + result.stderr
    assert result.returncode != 0
    assert all(w in out for w in words), out
    assert "must be between" not in out


@pytest.mark.parametrize(
    ("lang", "hint", "wrong"),
    [
        ("en", "`aid` is set in en.yaml only", "did you mean"),
        ("zh-Hans", "`aid` 只能写在 en.yaml 里", "“id”"),
        ("zh-Hant", "`aid` 只能寫在 en.yaml 裡", "「id」"),
    ],
)
def test_aid_in_a_translation_gets_its_own_hint_in_every_language(
    tmp_path: Path, lang: str, hint: str, wrong: str
) -> None:
    game = tmp_path / "rules_good"
    shutil.copytree(FIXTURES / "rules_good", game)
    path = game / "rules" / "zh-Hant.yaml"
    text = path.read_text(encoding="utf-8")
    old = "    title: 回合流程\n"
    assert old in text
    path.write_text(text.replace(old, old + "    aid: true\n", 1), encoding="utf-8")
    use_language(lang)
    try:
        found = [i.message for i in check_rules(game) if i.key.endswith("aid")]
    finally:
        use_language("en")
    assert any(hint in m for m in found), found
    assert not any(wrong in m for m in found), found


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_one_refused_entry_is_told_in_the_singular(lang: str) -> None:
    use_language(lang)
    try:
        one = ngettext(
            "{count} entry was refused; the others were imported",
            "{count} entries were refused; the others were imported",
            1,
        ).format(count=1)
    finally:
        use_language("en")
    assert "1 entries" not in one
    assert one.startswith("1 entry was") if lang == "en" else "1 个条目" in one


def test_the_script_names_a_source_reference_to_a_file_that_is_gone(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    path = tmp_path / "zh_Hans.po"
    text = catalogue_path("zh-Hans").read_text(encoding="utf-8")
    old = re.search(r'#: generator/content/types.py:\d+\nmsgid "must be between \{low\}', text)
    assert old is not None
    gone = old[0].replace("content/types.py", "content/gone.py")
    path.write_text(text.replace(old[0], gone), "utf-8")
    problems = script.check(script.PACKAGE, {"zh-Hans": path})
    assert len(problems) == 1
    assert re.search(r"generator/content/gone\.py:\d+ names no file", problems[0]), problems
