"""click's usage errors, the help pages and ``session verify`` in Traditional and Simplified
Chinese (issue 12, item 10: every message, error and help text of the table commands).

Each command runs through ``pnp``'s entry point as a process would. English stays click's own
wording, byte for byte.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import click
import pytest

from generator.cli.clicklang import width
from generator.locale import translation

from .helpers import TABLE_GAME, pnp_printed
from .test_table_lang import leftover, play

LANGS = ["zh-Hant", "zh-Hans"]
WORD = {"zh-Hant": "錯誤：", "zh-Hans": "错误："}
HEADINGS = {"zh-Hant": ("用法：", "選項："), "zh-Hans": ("用法：", "选项：")}
# click's own English in a usage error or a help page
CLICK_ENGLISH = (
    "Usage:", "Try '", "for help", "Error:", "Missing", "No such", "Invalid value",
    "is not", "Got unexpected", "[OPTIONS]", "COMMAND [ARGS]", "Options:", "Commands:",
    "Show this message", "default:", "required", "TEXT", "INTEGER",
)  # fmt: skip


# ---------------------------------------------------------------- usage errors

USAGE_ERRORS = [
    (["roll"], ("EXPR",)),
    (["roll", "2d6", "--seed", "x"], ("2d6",)),
    (["deck", "bogus"], ("bogus",)),
    (["deck", "play", "units"], ("DECK_ID", "CARD", "units")),
    (["deck", "turn", "units"], ("DECK_ID", "units")),
    (["deck", "draw", "cycle", "--count", "0"], ("DECK_ID", "cycle", "1<=x<=100")),
    (["log", "--tail", "0"], ("1<=x<=100000",)),
    (["status", "extra"], ("extra",)),
    (["score", "add", "Ann", "many"], ("PLAYER", "POINTS", "Ann", "many")),
    (["fate", "draw", "--bogus"], ("bogus",)),
    (["fate", "draw", "--generls", "2"], ("generls", "generals")),
    (["deck", "drow"], ("drow", "draw")),
    (["session", "verify"], ("PATH",)),
]  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("args", "typed"), USAGE_ERRORS, ids=lambda a: " ".join(a))
def test_click_usage_errors_are_worded_in_chinese(
    lang: str,
    args: list[str],
    typed: tuple[str, ...],
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, text = pnp_printed(capsys, *args, "--lang", lang)
    assert code == 2, text
    assert text.startswith(HEADINGS[lang][0] + "pnp "), text
    assert "\n" + WORD[lang] in text, text
    assert not [w for w in CLICK_ENGLISH if w in text], text
    assert not leftover(text, *typed, *args), text


@pytest.mark.parametrize("lang", LANGS)
def test_lang_before_the_command_is_the_language_of_the_run(
    lang: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = pnp_printed(capsys, "--lang", lang, "roll", "2d6+")
    assert code == 1 and text.startswith(WORD[lang]), text
    assert not [w for w in CLICK_ENGLISH if w in text], text
    code, text = pnp_printed(capsys, "--lang", lang, "--help")
    assert code == 0 and text.startswith(HEADINGS[lang][0]), text
    assert not [w for w in CLICK_ENGLISH if w in text], text


@pytest.mark.parametrize(
    ("variable", "locale", "word"),
    [("LANG", "zh_TW.UTF-8", "錯誤："), ("LC_ALL", "zh_CN.UTF-8", "错误：")],
)
def test_usage_errors_follow_the_locale_without_lang(
    variable: str,
    locale: str,
    word: str,
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, locale)
    code, text = pnp_printed(capsys, "deck", "draw")
    assert code == 2 and word in text and "Missing" not in text, text


def test_english_usage_errors_and_help_stay_clicks_own_after_a_chinese_run(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    english = pnp_printed(capsys, "deck", "draw", "--help")
    pnp_printed(capsys, "deck", "draw", "--help", "--lang", "zh-Hant")
    pnp_printed(capsys, "deck", "draw", "--lang", "zh-Hans")
    assert pnp_printed(capsys, "deck", "draw", "--help") == english
    assert "Usage: pnp deck draw [OPTIONS] DECK_ID" in english[1]
    assert "  -h, --help             Show this message and exit." in english[1]
    assert pnp_printed(capsys, "roll", "--lang", "en") == (
        2,
        "Usage: pnp roll [OPTIONS] EXPR\nTry 'pnp roll --help' for help.\n\n"
        "Error: Missing argument 'EXPR'.\n",
    )


# ---------------------------------------------------------------- help pages


def _table_commands() -> list[tuple[str, click.Command]]:
    from generator.cli import table_cmds, table_play_cmds

    def walk(path: str, cmd: click.Command) -> list[tuple[str, click.Command]]:
        found = [(path, cmd)]
        for name, sub in getattr(cmd, "commands", {}).items():
            found += walk(f"{path} {name}", sub)
        return found

    return [
        pair
        for module in (table_cmds, table_play_cmds)
        for n in (
            ("deck", "fate", "score", "turn") if module is table_play_cmds else module.__all__
        )
        for pair in walk(n, getattr(module, n))
    ]


COMMANDS = dict(_table_commands())
PATHS = sorted(COMMANDS)


def said(path: str, lang: str) -> str:
    """A table command's help in ``lang``, from the catalogue."""
    return translation(lang).gettext(inspect.cleandoc(COMMANDS[path].help or ""))


def option_helps() -> set[str]:
    """The help text of every option of the table commands."""
    return {
        p.help
        for cmd in COMMANDS.values()
        for p in cmd.params
        if isinstance(p, click.Option) and p.help
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PATHS)
def test_help_pages_of_the_table_commands_are_in_chinese(
    lang: str, path: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = path.split()
    code, english = pnp_printed(capsys, *words, "--help", "--lang", "en")
    assert code == 0
    code, text = pnp_printed(capsys, *words, "--help", "--lang", lang)
    assert code == 0, text
    usage, options = HEADINGS[lang]
    assert text.startswith(f"{usage}pnp {path} "), text
    assert f"\n{options}\n" in text, text
    assert said(path, lang).split("\n")[0][:12] in text, text
    assert not [w for w in CLICK_ENGLISH if w in text], text
    for help_text in option_helps():
        if help_text[:25] in english:
            assert help_text[:25] not in text, (help_text, text)
    first = english.split("\n\n")[1].strip()[:30]
    assert first not in text, text
    assert max(width(line) for line in text.splitlines()) <= 80, text  # wrapped by screen width


@pytest.mark.parametrize("lang", LANGS)
def test_group_help_lists_commands_in_chinese_and_takes_lang_before_help(
    lang: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = pnp_printed(capsys, "deck", "--lang", lang, "--help")
    assert code == 0, text
    assert ("\n指令：\n" if lang == "zh-Hant" else "\n命令：\n") in text, text
    assert said("deck draw", lang).split("\n")[0][:10] in text, text
    assert not [w for w in CLICK_ENGLISH if w in text], text
    code, english = pnp_printed(capsys, "deck", "--help")
    assert "--lang" not in english  # the group's --lang is not shown in English


@pytest.mark.parametrize("lang", LANGS)
def test_help_of_a_command_inside_pnp_play_is_in_chinese(lang: str, data_dir: Path) -> None:
    run = play("maquis", lang, "deck draw --help\nquit\n", data_dir)
    assert run.returncode == 0, run.stderr
    assert f"{HEADINGS[lang][0]}pnp deck draw " in run.stdout, run.stdout
    assert said("deck draw", lang)[:10] in run.stdout, run.stdout
    assert "Show this message" not in run.stdout, run.stdout


def test_every_table_command_and_option_has_both_translations() -> None:
    for lang in LANGS:
        for path, cmd in COMMANDS.items():
            assert said(path, lang) != inspect.cleandoc(cmd.help or ""), (lang, path)
        for help_text in option_helps():
            assert translation(lang).gettext(help_text) != help_text, (lang, help_text)


# ---------------------------------------------------------------- session verify


@pytest.fixture
def seeded(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = data_dir / "seeded.jsonl"
    code, text = pnp_printed(
        capsys, "session", "new", "five-armies", "--seed", "3", "--session", str(path)
    )
    assert code == 0, text
    for args in (
        ["roll", "2d6"],
        ["roll", "2d6"],
        ["roll", "2d6"],
        ["fate", "draw", "--generals", "2", "--force"],  # out of the fate phase: a house rule
    ):
        code, text = pnp_printed(capsys, *args, "--session", str(path))
        assert code == 0, text
    return path


def damaged(path: Path, name: str, edit: object) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines = edit(lines)  # type: ignore[operator]
    out = path.with_name(f"{name}.jsonl")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def edited(n: int, change: object) -> object:
    def edit(lines: list[str]) -> list[str]:
        event = json.loads(lines[n])
        change(event)  # type: ignore[operator]
        return [*lines[:n], json.dumps(event), *lines[n + 1 :]]

    return edit


VARIANTS = {
    "counter": edited(2, lambda e: e.update(ctr=[7, 8])),
    "no-counter": edited(2, lambda e: e.pop("ctr")),
    "expression": edited(2, lambda e: e["args"].update(expr="2d6kq")),
    "gap": lambda lines: [*lines[:2], *lines[3:]],
    "not-json": lambda lines: [*lines[:2], "{oops", *lines[3:]],
    "type": edited(2, lambda e: e.update(type="bogus")),
    "header": edited(0, lambda e: e.pop("seed")),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_session_verify_tells_a_damaged_or_edited_log_in_chinese(
    lang: str, variant: str, seeded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged(seeded, variant, VARIANTS[variant])
    code, english = pnp_printed(capsys, "session", "verify", str(path), "--lang", "en")
    code, text = pnp_printed(capsys, "session", "verify", str(path), "--lang", lang)
    assert code == 1 and code == 1, text
    assert text.strip() and text != english, text
    quoted = ("'q'", "「bogus」", "“bogus”")  # a token as the parser shows it; a value quoted
    assert not leftover(text, "2d6kq", *quoted, "（seed）", "JSON", path=str(path)), text


@pytest.mark.parametrize("lang", LANGS)
def test_session_verify_names_the_event_of_a_changed_outcome_in_chinese(
    lang: str, seeded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged(seeded, "outcome", edited(2, lambda e: e["out"].update(total=12)))
    code, text = pnp_printed(capsys, "session", "verify", str(path), "--lang", lang)
    assert code == 1, text
    assert text.startswith("事件 2（擲骰）" if lang == "zh-Hant" else "事件 2（掷骰）"), text
    code, english = pnp_printed(capsys, "session", "verify", str(path))
    assert english.startswith("Event 2 (roll) does not match the seed"), english


@pytest.mark.parametrize("lang", LANGS)
def test_session_verify_refusals_are_in_chinese(
    lang: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = data_dir / "plain.jsonl"
    fair = data_dir / "fair.jsonl"
    pnp_printed(capsys, "session", "new", "five-armies", "--session", str(plain))
    pnp_printed(capsys, "session", "new", "five-armies", "--fair", "--session", str(fair))
    pnp_printed(capsys, "roll", "2d6", "--session", str(fair))
    for args in (
        [str(plain)],
        [str(fair)],
        [str(fair), "--secret", "zz"],
        [str(fair), "--secret", "00" * 32],
        [str(data_dir / "none.jsonl")],
    ):
        code, text = pnp_printed(capsys, "session", "verify", *args, "--lang", lang)
        assert code != 0, (args, text)
        assert not leftover(text, "HEX", path=args[0]), (args, text)


@pytest.mark.parametrize("lang", LANGS)
def test_a_log_event_that_no_longer_replays_is_told_in_chinese(
    lang: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = data_dir / "edited.jsonl"
    pnp_printed(capsys, "session", "new", TABLE_GAME, "--seed", "1", "--session", str(path))
    code, text = pnp_printed(capsys, "deck", "draw", "cycle", "--session", str(path))
    assert code == 0, text
    path = damaged(path, "no-deck", edited(1, lambda e: e["args"].update(deck="nope")))
    typed = ("nope", "cycle", "numbers", "units", "table_game", "Test game")
    for args in (["status", "--session"], ["log", "--session"], ["session", "verify"]):
        code, text = pnp_printed(capsys, *args, str(path), "--lang", lang)
        assert code != 0 and ("抽牌" in text), (args, text)
        assert not leftover(text, *typed, path=str(path)), (args, text)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Error: internal error: RuntimeError: boom"),
        ("zh-Hant", "錯誤：程式內部錯誤"),
        ("zh-Hans", "错误：程序内部错误"),
    ],
)
def test_the_last_words_of_a_failed_table_command_follow_its_language(
    lang: str, words: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bug and an interruption are told in the language the command speaks."""
    import generator.companion.ask_session as actions
    from generator.cli.app import run

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(actions, "status", boom)
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    with pytest.raises(SystemExit) as failed:
        run(["status", "--lang", lang])
    assert failed.value.code == 70
    assert words in capsys.readouterr().err

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(actions, "status", interrupted)
    with pytest.raises(SystemExit) as stopped:
        run(["status", "--lang", lang])
    assert stopped.value.code == 130
    said = capsys.readouterr().err.strip()
    assert said == {"en": "Aborted.", "zh-Hant": "已取消。", "zh-Hans": "已取消。"}[lang]  # Ctrl-C


@pytest.mark.parametrize(
    ("locale", "heading"),
    [("zh_TW.UTF-8", "指令："), ("zh_HK.UTF-8", "指令："), ("zh_CN.UTF-8", "命令：")],
)
def test_pnp_help_follows_a_chinese_locale(
    locale: str,
    heading: str,
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", locale)
    code, text = pnp_printed(capsys, "--help")
    assert code == 0 and f"\n{heading}\n" in text, text
    assert not [w for w in CLICK_ENGLISH if w in text], text
    code, text = pnp_printed(capsys, "check", "no-such-game")
    assert code == 2 and text.startswith(WORD["zh-Hant" if "CN" not in locale else "zh-Hans"]), text
