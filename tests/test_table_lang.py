"""Table messages, errors and help in Traditional and Simplified Chinese: no English word and no
internal id left, names from the game's content (issue 12, item 10).

Each command runs through ``pnp``'s entry point as a process would (the fast path or the click
commands); what is left of its output once the command words a player types, dice notation and
the session path are taken out must hold no Latin letter.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import ROOT, TABLE_GAME, pnp_printed

LANGS = ["zh-Hant", "zh-Hans"]
# what a player types and the help quotes: command words, option names, placeholders
TYPED = re.compile(
    r"`[^`]*`|--[a-z-]+|\b(?:roll|fate|draw|stop|add|odds|deck|discard|activate|score|track|calc|"
    r"pad|status|log|undo|help|pnp|quit|session|new|turn|next|deal|return|number|reserve|play|reset|hand|"
    r"remove|GAME|PATH|EXPR|ROLL|OPTION|DECK|CARD|TILE|PLAYER|TRACK|CALC|UNIT|M|N|P|"
    r"table\.yaml)\b"
)
# a capital letter that tells two places of the content apart (電台 A, 電台 B)
LABEL = re.compile(r"(?<=[\u4e00-\u9fff]) [A-Z](?![A-Za-z])")
DICE = re.compile(r"\d*d(?:\d+|%|F)(?:[<>=!khlrpoemia@]+\d*)*|\d*d\[|[khlr]\d+")


def leftover(text: str, *typed: str, path: str = "") -> list[str]:
    """Latin words left in ``text`` once typed words, ``typed`` ids and dice notation go."""
    if path:
        text = text.replace(path, "")
    for word in sorted(typed, key=len, reverse=True):
        text = text.replace(word, "")
    text = LABEL.sub("", text)
    return re.findall(r"[A-Za-z]+", DICE.sub("", TYPED.sub("", text)))


@pytest.fixture
def five_armies(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code, text = pnp_printed(
        capsys, "session", "new", "five-armies", "--seed", "3", "--lang", "zh-Hant"
    )
    assert code == 0, text
    for _phase in ("generals", "fate"):  # seed 000 ch. 4: tiles are drawn in the fate phase
        assert pnp_printed(capsys, "turn", "next")[0] == 0
    return (data_dir / "current").read_text().strip()


@pytest.mark.parametrize("lang", LANGS)
def test_rolls_draws_tracks_and_status_speak_chinese_with_content_names(
    lang: str, five_armies: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = []
    for args in (
        ["roll", "five-armies:combat", "--strength", "3"],
        ["roll", "2d[free-peoples-action]"],
        ["fate", "draw", "--generals", "1"],
        ["score", "track", "fate", "--by", "2"],
        ["status"],
        ["undo"],
        ["log"],
    ):
        code, text = pnp_printed(capsys, *args, "--lang", lang)
        assert code == 0, (args, text)
        said.append(text)
        assert not leftover(text, path=five_armies), (args, text)
    assert "自由人民行動骰" in said[1] if lang == "zh-Hant" else "自由人民行动骰" in said[1]
    assert ("五軍之戰" if lang == "zh-Hant" else "五军之战") in said[4]
    assert ("天命軌道" if lang == "zh-Hant" else "天命轨道") in said[3]


@pytest.mark.parametrize("lang", LANGS)
def test_score_calculations_name_places_and_results_in_chinese(
    lang: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in (
        ["five-armies:victory", "--hold", "ravenhill,camp"],
        ["barons-of-fyn:baron", "--mine", "2", "--theirs", "2", "--draw", "3"],
        ["manoeuvre:battle", "--attack", "3", "--defence", "2", "--combat", "volley"],
    ):
        code, text = pnp_printed(capsys, "score", "calc", *args, "--lang", lang)
        assert code == 0 and text.strip(), (args, text)
        assert not leftover(text), (args, text)
    code, text = pnp_printed(
        capsys, "score", "calc", "five-armies:victory", "--hold", "camp", "--lang", "en"
    )
    assert "the places the Shadow holds: Camp" in text  # the names understood, told back


@pytest.mark.parametrize("lang", LANGS)
def test_errors_are_worded_in_chinese(
    lang: str, five_armies: str, capsys: pytest.CaptureFixture[str]
) -> None:
    word = "錯誤：" if lang == "zh-Hant" else "错误："
    cases = [
        (["roll", "nogame:attack"], ("nogame", "content", "barons-of-fyn", "five-armies",
         "manoeuvre", "maquis", "pocket-battles", "ragnarok")),
        (["roll", "2d6kq"], ("'q'", "2d6kq")),
        (["fate", "draw", "--bag", "nope"], ("nope", "fate")),
        (["roll", "five-armies:combat", "--strength", "x"], ("x",)),
        (["score", "calc", "barons-of-fyn:baron", "--mine", "2", "--theirs", "2", "--draw", "11"], ()),
        (["fate", "stop"], ()),
    ]  # fmt: skip
    for args, typed in cases:
        code, text = pnp_printed(capsys, *args, "--lang", lang)
        assert code != 0 and text.startswith(word), (args, text)
        assert not leftover(text, *typed), (args, text)


@pytest.mark.parametrize("lang", LANGS)
def test_game_over_and_an_empty_bag_are_told_in_chinese(
    lang: str, five_armies: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = pnp_printed(capsys, "score", "track", "fate", "--to", "15", "--lang", lang)
    assert code == 0 and ("遊戲結束" if lang == "zh-Hant" else "游戏结束") in text, text
    assert not leftover(text, path=five_armies), text
    code, text = pnp_printed(capsys, "fate", "draw", "--lang", lang)
    assert code != 0 and ("遊戲已經結束" if lang == "zh-Hant" else "游戏已经结束") in text, text
    assert not leftover(text), text
    other = str(Path(five_armies).with_name("big.jsonl"))
    pnp_printed(capsys, "session", "new", TABLE_GAME, "--session", other)
    for _ in range(61):  # the bag holds 60 tiles
        code, text = pnp_printed(
            capsys, "fate", "draw", "--bag", "big", "--session", other, "--lang", lang
        )
        if code:
            break
    assert code != 0 and text.strip() in ("錯誤：袋子已經空了", "错误：袋子已经空了"), text
    word = "錯誤：" if lang == "zh-Hant" else "错误："
    for args, typed in (
        # the game's modes have no glossary names, so the error lists them by their ids
        (["deck", "activate", "units"], ("barbarian", "marauder", "sequence", "MODE")),
        (["deck", "discard", "numbers", "Nothing", "--player", "Ann"], ("Nothing", "Ann")),
        (["deck", "draw", "units"], ()),
    ):
        code, text = pnp_printed(capsys, *args, "--session", other, "--lang", lang)
        assert code != 0 and text.startswith(word), (args, text)
        assert not leftover(text, *typed), (args, text)


def play(game: str, lang: str, typed: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """``pnp play GAME --lang LANG`` in its own process, with ``typed`` at its prompt."""
    return subprocess.run(
        [sys.executable, "-m", "generator.cli", "play", game, "--lang", lang],
        input=typed,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env={**os.environ, "PNP_DATA_DIR": str(data_dir)},
        timeout=120,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_help_inside_pnp_play_is_in_chinese(lang: str, data_dir: Path) -> None:
    run = play("maquis", lang, "help\nhelp pnp\nbogus\ndeck draw patrol\nquit\n", data_dir)
    assert run.returncode == 0, run.stderr
    path = re.search(r"(/\S+\.jsonl)", run.stdout)
    assert path is not None
    text = run.stdout + run.stderr
    assert ("巡查牌堆" if lang == "zh-Hant" else "巡查牌堆") in text
    assert not leftover(
        text, "patrol", "day", "morale", "soldiers", "missions", "bogus", path=path.group(1)
    ), text


@pytest.mark.parametrize(
    "args",
    [["roll", "2d6", "--lang", "xx"], ["--lang", "fr", "roll", "2d6"], ["status", "--lang=de"]],
)
def test_a_language_we_do_not_speak_is_refused_not_answered_in_english(args: list[str]) -> None:
    from .helpers import pnp

    done = pnp(*args)
    assert done.returncode == 2 and done.stdout == ""
    wrong = args[args.index("--lang") + 1] if "--lang" in args else args[-1].split("=")[1]
    assert f"'{wrong}' is not a language; use en, zh-Hant or zh-Hans" in done.stderr
    assert "Traceback" not in done.stderr
