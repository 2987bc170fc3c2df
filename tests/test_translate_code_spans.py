"""A command in backticks is written as it is typed, in every language: the glossary check of
``pnp translate import`` skips such code spans, in the English and in the translation.

Manoeuvre's discard step (``table.yaml#turn.discard.does``) names its command,
```deck discard DECK CARD --player NAME```; its glossary renders "deck" 牌組 (zh-Hant).
"""

from __future__ import annotations

from pathlib import Path

import polib

from generator.errors import IssueCollector
from generator.rules.source import load_rulebook
from generator.translate.checks import markup_problems
from generator.translate.workflow import export_catalogue
from tests.test_translate import content, entry, import_, stamped  # noqa: F401

GAME = "manoeuvre"
CTX = "table.yaml#turn.discard.does"


def test_a_term_only_inside_a_backticked_command_need_not_be_translated(
    content: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    path = tmp_path / "manoeuvre.zh-Hant.po"
    export_catalogue(content / GAME, "zh-Hant", path)
    po = polib.pofile(str(path))
    discard = entry(po, CTX)
    assert "`deck discard DECK CARD --player NAME`" in discard.msgid
    assert " deck" not in discard.msgid.split("`")[0]  # "deck" is only in the command
    # the translator keeps the command as typed and says the rest in Chinese
    discard.msgstr = "從手牌棄掉任意張數的牌，牌面朝上（`deck discard DECK CARD --player NAME`）。"
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 translations written, 0 confirmed, 0 refused" in done.stdout
    text = (content / GAME / "table.yaml").read_text(encoding="utf-8")
    assert "牌面朝上（`deck discard DECK CARD --player NAME`）" in text


def test_a_rendering_only_inside_a_code_span_does_not_count_as_using_the_term(
    content: Path,  # noqa: F811
) -> None:
    book = load_rulebook(content / GAME, IssueCollector())
    assert book is not None
    english = "Shuffle the deck, then `deck draw DECK`."
    shown = markup_problems(
        english, "洗牌，然後 `deck draw 牌組`。", "zh-Hant", ("deck",), book.glossary
    )
    assert shown == ["glossary term not used: 'deck' is rendered '牌組' in this game"]
    fine = markup_problems(
        english, "洗勻牌組，然後 `deck draw 牌組`。", "zh-Hant", ("deck",), book.glossary
    )
    assert fine == []
