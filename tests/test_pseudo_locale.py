"""Every word the program prints passes through the message catalogue.

The test-only pseudo-language ``x-pseudo`` (chosen by the locale, as a player's Chinese would
be) marks each run of a message's own words with ⟦ ⟧. Every command and subcommand runs under
it: its help page, a usage error, the table commands on a session, and a check and a build that
fail. Once the marked words are taken out, what is left may hold only what the test typed (ids,
names, option names), paths, numbers, dice notation, click's placeholders in capitals and file
names; any other Latin word is a message that did not go through the catalogue.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from generator.locale import PSEUDO_CLOSE, PSEUDO_OPEN

from .helpers import ROOT, TABLE_GAME, pnp_printed

MARKED = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}]*{PSEUDO_CLOSE}")
# a marked help text that a command list cut short (at its first sentence) before its mark
CUT = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}\\n]*$", re.MULTILINE)
ALLOWED = [
    re.compile(r"(?<![\w-])--?[a-z][a-z0-9-]*"),  # option names
    re.compile(r"\b[A-Z][A-Z_]+\b(\.\.\.)?"),  # click's placeholders: GAME, EXPR, DECK_ID
    re.compile(r"\[[A-Za-z0-9|., -]+\]"),  # a choice list: [en|zh-Hant|zh-Hans]
    re.compile(r"\b\d*d(\d+|%|F)\w*"),  # dice notation
    re.compile(r"\bvs\b"),  # the notation's opposed roll: 5d6>=5 vs 4d6>=5
    re.compile(r"[\w./+-]*\.(yaml|pdf|json|jsonl|png|svg|cache)\b"),  # file names
    re.compile(r"\b(zh-Hant|zh-Hans|en|x-pseudo|pnp|SHA-256|PNP_DEBUG|PNP_DATA_DIR)\b"),
    re.compile(
        r"\b(table_game|Test game|cycle|numbers|units|Ann|Bob|Land|big|hero|fate-tile|fate)\b"
    ),  # the fixture's ids and names
    re.compile(r"(?<![\w/])content(?![\w/])"),  # the content folder, as a path
    re.compile(r"\b(mm|pt|KB|MB|px|s)\b"),  # units after a number
    re.compile("|".join(sorted((p.name for p in (ROOT / "content").iterdir()), key=len)[::-1])),
]


def leftover(text: str, *typed: str) -> list[str]:
    """The Latin words of ``text`` that neither the catalogue marked nor the test typed."""
    while MARKED.search(text):
        text = MARKED.sub(" ", text)
    text = CUT.sub(" ", text)
    words = {w for t in typed for w in (t, *re.split("[:,]", t)) if w}
    for word in sorted(words, key=len, reverse=True):
        text = re.sub(f"(?<![\\w-]){re.escape(word)}(?![\\w-])", " ", text)
    for pattern in ALLOWED:
        text = pattern.sub(" ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.fixture
def pseudo(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Runs speak the pseudo-language through the locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LC_ALL", "x-pseudo")
    return data_dir


def _commands() -> list[tuple[str, click.Command]]:
    """Every command of ``pnp`` with its path (``"deck draw"``), the group itself as ``""``."""
    import importlib

    from generator.cli.app import COMMANDS, cli

    def walk(path: str, cmd: click.Command) -> list[tuple[str, click.Command]]:
        found = [(path, cmd)]
        for name, sub in getattr(cmd, "commands", {}).items():
            found += walk(f"{path} {name}", sub)
        return found

    found: list[tuple[str, click.Command]] = [("", cli)]
    for name, (module, attr, _help) in COMMANDS.items():
        found += walk(name, getattr(importlib.import_module(module), attr))
    return found


COMMANDS = _commands()


def _said(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    return pnp_printed(capsys, *args)


@pytest.mark.parametrize("path", [p for p, _cmd in COMMANDS], ids=lambda p: p or "pnp")
def test_every_help_page_and_usage_error_goes_through_the_catalogue(
    path: str, pseudo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = path.split()
    names = [sub for sub in getattr(dict(COMMANDS)[path], "commands", {})]
    if not path:
        names = [p for p in dict(COMMANDS) if " " not in p]
    code, text = _said(capsys, *words, "--help")
    assert code == 0, text
    assert PSEUDO_OPEN in text, text
    assert not leftover(text, *words, *names), text
    code, text = _said(capsys, *words, "--no-such-option")
    assert code != 0, text
    assert not leftover(text, *words), text


def test_table_commands_on_a_session_go_through_the_catalogue(
    pseudo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = [
        ["session", "new", TABLE_GAME, "--players", "Ann,Bob", "--seed", "4"],
        ["roll", "2d6+1"],
        ["roll", "3d6>=5"],
        ["fate", "draw", "--generals", "2"],
        ["fate", "stop"],
        ["fate", "odds"],
        ["deck", "draw", "cycle"],
        ["deck", "draw", "numbers", "--player", "Ann"],
        ["score", "add", "Ann", "3"],
        ["score", "track", "fate", "--by", "2"],
        ["score", "pad"],
        ["status"],
        ["log"],
        ["undo"],
        ["session", "reveal"],
    ]
    for args in runs:
        code, text = _said(capsys, *args)
        assert code in (0, 2), (args, text)
        assert not leftover(text, *args, str(pseudo)), (args, text)


def test_table_errors_go_through_the_catalogue(
    pseudo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _said(capsys, "status")  # no session yet
    assert code != 0 and not leftover(text), text
    _said(capsys, "session", "new", TABLE_GAME, "--seed", "1")
    for args in (
        ["roll", "2d6+"],
        ["roll", "(1d4"],
        ["roll", "nothing:here"],
        ["deck", "draw", "nope"],
        ["fate", "draw", "--bag", "nope", "--generals", "1"],
        ["score", "track", "nope", "--by", "1"],
        ["score", "calc", "table_game:nope"],
        ["undo"],
        ["undo"],
    ):
        code, text = _said(capsys, *args)
        assert not leftover(text, *args), (args, text)


def test_a_failed_check_and_build_go_through_the_catalogue(
    pseudo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = ROOT / "tests" / "fixtures" / "bad"
    games = sorted(p.name for p in bad.iterdir() if (p / "game.yaml").is_file())
    code, text = _said(capsys, "check", *games, "--content", str(bad))
    assert code != 0, text
    # what the fixtures wrote (keys, ids, values, file names) may be shown as it is
    written = re.compile(
        r"^\S+:\d+:\d+:( [^\s⟦]+:)?|'[^'\n]*'|\b(cards|tokens|tiles|board|dice-labels|poker\S*|"
        r"bridge|mini\S*|tarot|square-card|counter\S*|round\S*|cjk|sans|zh-Hant|zh-Hans|en|"
        r"front|A4|A3|Tabloid|max_tiles|board\.max_tiles|min_size|w|rgb|rrggbb|game\.yaml|"
        r"table\.yaml|pnp icons|icons/\w+\.svg|\S+\.(yaml|svg|ttf|png|md))\b",
        re.MULTILINE,
    )
    assert not leftover(written.sub(" ", text), *games, str(bad)), text
    code, text = _said(
        capsys, "build", games[0], "--content", str(bad), "--out", str(tmp_path / "out")
    )
    assert code != 0, text
    assert not leftover(written.sub(" ", text), games[0], str(bad)), text
    code, text = _said(capsys, "check", "no-such-game", "--content", str(bad))
    assert code != 0, text
    assert not leftover(text, "no-such-game", "tests/fixtures/bad", *games), text


# names and notation a Chinese help page keeps as they are
NOTATION = re.compile(
    r"\d+(\.\d+)?(mm|cm|in|pt|px|dpi|gsm)\b|\S*\.(pdf|json|png|yaml)\b|file:///|`[^`]*`|\bkh\d|\b(all|PDF|PNG|JPEG|SVG|JSON|YAML|Schema|TrueType|Tabletop Simulator|Saved Objects|Ctrl-C|"
    r"source_hash|aid|dpi|vendor|print|tgc|mpc|drivethrucards|pdfx|The Game Crafter|MakePlayingCards|CMYK|true|rules|OUT|game|lang|component|contact|preview|tts|yaml-language-server|"
    r"schema|https?|example|org|icons|name|sans|poker|bridge|mini|long|short|fold|none|auto|"
    r"bleed|butted|Letter|Tabloid|SHA|max_tiles|cards|counters|board|blank|kh|kl|dh|dl|ph|pl|"
    r"rr|ro|ra|mi|ma|dF|miN|maN|hN|lN|kS|pS|rrS|roS|eS|raS|the user's data folder|"
    r"PNP_DATA_DIR|\$PNP_DATA_DIR|Test game|content|output|gettext|PO|po|csv|tbx|Poedit|Weblate|Crowdin|fuzzy|x|e)\b"
)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_help_page_in_chinese_holds_no_english_words(
    lang: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path, cmd in COMMANDS:
        words = path.split()
        names = list(getattr(cmd, "commands", {})) or []
        if not path:
            names = [p for p in dict(COMMANDS) if " " not in p]
        code, text = _said(capsys, "--lang", lang, *words, "--help")
        assert code == 0, text
        left = leftover(NOTATION.sub(" ", text), *words, *names)
        assert not left, (path, left, text)
