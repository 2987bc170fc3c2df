"""The README's examples work as written: shell lines run as a shell splits them, YAML loads.

Every shell example is split with :mod:`shlex` (as a POSIX shell would) and run; an example
holding a character the shell would act on (a redirection, a glob, a history ``!``) outside
quotes is refused, since a reader pasting it would get something else than the README says.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from pypdf import PdfReader

from .helpers import ROOT, pnp

README = (ROOT / "README.md").read_text(encoding="utf-8")
SPECIAL = set("<>*!();&|`")


def _section(title: str) -> str:
    """The text under a heading (any level), up to the next heading of any level."""
    after = README.split(f"{title}\n", 1)[1]
    return re.split(r"\n#{2,4} ", after, maxsplit=1)[0]


def _blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def _shell_lines(text: str) -> list[list[str]]:
    return [
        shlex.split(line, comments=True)
        for block in _blocks(text, "sh")
        for line in block.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def _unquoted(example: str) -> str:
    """The example with quoted parts and a trailing ``# comment`` taken out."""
    bare = re.sub(r'"[^"]*"|\'[^\']*\'', "", example)
    return re.split(r"(?:^|\s)#", bare, maxsplit=1)[0]


def _examples() -> list[str]:
    inline = [span for span in re.findall(r"`(pnp [^`]+)`", README)]
    blocks = [line for block in _blocks(README, "sh") for line in block.splitlines()]
    return [e for e in inline + blocks if e.strip().startswith("pnp ")]


def test_shell_examples_quote_what_a_shell_would_act_on() -> None:
    examples = _examples()
    assert any(">=" in e for e in examples)  # the success-counting roll is among them
    for example in examples:
        bare = _unquoted(example)
        assert not SPECIAL & set(bare), example
        # square brackets: only as the usage notation for optional parts, beside a placeholder
        if "[" in bare:
            assert re.search(r"\b[A-Z]{3,}\b", bare), example


def test_unquoted_special_characters_are_caught() -> None:
    assert SPECIAL & set(_unquoted("pnp roll 6d6>=5"))
    assert not SPECIAL & set(_unquoted('pnp roll "6d6>=5"  # counts 5s and 6s'))


@pytest.mark.parametrize("argv", _shell_lines(_section("## Dice notation")), ids=" ".join)
def test_dice_notation_shell_examples_roll(argv: list[str], tmp_path: Path) -> None:
    assert argv[:2] == ["pnp", "roll"]
    done = pnp(*argv[1:], "--no-session", env={"PNP_DATA_DIR": str(tmp_path)})
    assert done.returncode == 0, (argv, done.stderr)
    assert done.stdout.startswith(argv[2]), done.stdout


def test_table_yaml_example_plays_as_shown(tmp_path: Path) -> None:
    section = _section("### Game data: `table.yaml`")
    table, scoring = _blocks(section, "yaml")
    env = {"PNP_DATA_DIR": str(tmp_path / "data"), "PATH": ""}
    assert pnp("new", "my-game", "--from", "cards", cwd=tmp_path, env=env).returncode == 0
    (tmp_path / "content" / "my-game" / "table.yaml").write_text(table + scoring, encoding="utf-8")
    checked = pnp("check", "my-game", cwd=tmp_path, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    commands = _shell_lines(section)
    assert len(commands) >= 6
    for argv in commands:
        assert argv[0] == "pnp"
        done = pnp(*argv[1:], cwd=tmp_path, env=env)
        assert done.returncode == 0, (argv, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
    status = pnp("status", cwd=tmp_path, env=env).stdout
    assert re.search(r"^doom clock: [45]$", status, flags=re.M), status  # a 1 or 2 tile, then 3
    assert "1 discarded" in status, status  # the card drawn from the plain deck
    assert (tmp_path / "data" / "current").is_file()
    assert list((tmp_path / "data" / "sessions").glob("my-game-*.jsonl"))
    calc = ("score", "calc", "my-game:battle")
    held = pnp(*calc, "--hold", "tower,well", "--attack", "5", "--defence", "2", cwd=tmp_path)
    assert held.stdout.splitlines()[-3:] == [
        "points: 5",
        "wins: 1",
        "result: the defender retreats",
    ]


def test_rules_example_builds_a_rule_sheet_and_a_player_aid(tmp_path: Path) -> None:
    (english,) = _blocks(_section("## Rule sheets"), "yaml")[:1]
    env = {"PNP_DATA_DIR": str(tmp_path / "data"), "PATH": ""}
    assert pnp("new", "my-game", "--from", "cards", cwd=tmp_path, env=env).returncode == 0
    rules = tmp_path / "content" / "my-game" / "rules"
    (rules / "en.yaml").write_text(english, encoding="utf-8")
    (
        rules / "zh-Hant.yaml"
    ).unlink()  # a translation is optional: missing sections print in English
    done = pnp("rules", "build", "my-game", "--lang", "en", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "output" / "my-game"
    assert "Your turn" in PdfReader(out / "rules.en.pdf").pages[0].extract_text()
    aid = PdfReader(out / "aids.en.pdf")
    assert len(aid.pages) == 1 and "Your turn" in aid.pages[0].extract_text()
