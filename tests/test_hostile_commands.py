"""Every command path ends in a message and a documented exit code, never a traceback; an
unexpected error writes a report file and says where; content cannot drive the terminal.

The exit codes are the ones README's "Exit codes" table gives: 1 problems, 2 usage, 70 an
internal error (with a report file), 74 the machine refused a file operation, 130 interrupted.
"""

from __future__ import annotations

import errno
import re
import shutil
from pathlib import Path

import pytest

from generator.companion import session as store
from generator.companion.engine import new_session
from generator.errors import printable, printable_json

from .helpers import ROOT, TABLE_GAME, pnp, pnp_printed

pytestmark = pytest.mark.usefixtures("data_dir")
ESC = "\x1b"


def start(tmp_path: Path, game: str = TABLE_GAME) -> Path:
    path = tmp_path / "s.jsonl"
    new_session(game, path, ["Ann"], seed=1)
    return path


def _boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("something the code did not expect")


@pytest.mark.parametrize(
    ("target", "command"),
    [
        ("generator.companion.ask_session.status", ("status",)),  # the table's quick path
        ("generator.companion.ask_session.act", ("deck", "draw", "cycle")),
        ("generator.companion.engine.Table.history", ("log",)),  # click's path
    ],
)
def test_an_unexpected_error_writes_a_report_and_says_where(
    tmp_path: Path,
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    target: str,
    command: tuple[str, ...],
) -> None:
    path = start(tmp_path)
    monkeypatch.setattr(target, _boom)
    code, said = pnp_printed(capsys, *command, "--session", str(path))
    assert code == 70, said
    assert "Traceback" not in said and "internal error" in said, said
    found = re.search(r"written to (\S+);", said)
    assert found, said
    report = Path(found.group(1))
    assert report.is_file() and report.is_relative_to(data_dir)
    text = report.read_text(encoding="utf-8")
    assert "Traceback" in text and "something the code did not expect" in text
    assert command[0] in text  # the command line that failed


def test_the_report_is_said_in_the_players_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = start(tmp_path)
    monkeypatch.setattr("generator.companion.engine.Table.history", _boom)
    code, said = pnp_printed(capsys, "log", "--session", str(path), "--lang", "zh-Hant")
    assert code == 70 and "回報問題時請一併附上" in said, said


def test_a_refused_write_is_an_io_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = start(tmp_path)
    before = path.read_bytes()

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(store, "append", read_only)
    code, said = pnp_printed(capsys, "deck", "draw", "cycle", "--session", str(path))
    assert code == 74, said
    assert "Read-only file system" in said and "Traceback" not in said, said
    assert path.read_bytes() == before


def test_a_card_name_cannot_write_terminal_control_codes(tmp_path: Path) -> None:
    game = tmp_path / "content" / "cc"
    shutil.copytree(TABLE_GAME, game)
    cards = game / "table.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace(
            "{id: c1}", '{id: c1, name: "C\\e[2J\\e]0;title\\a\\x9b31m"}'
        ),
        encoding="utf-8",
    )
    path = tmp_path / "s.jsonl"
    new_session(str(game), path, ["Ann"], seed=1)
    shown = []
    for n in range(7):
        extra = ("--json",) if n % 2 else ()
        result = pnp("deck", "draw", "cycle", *extra, "--session", str(path))
        assert result.returncode == 0, result.stderr
        shown.append(result.stdout)
    shown.append(pnp("log", "--session", str(path)).stdout)
    shown.append(pnp("log", "--json", "--session", str(path)).stdout)
    text = "".join(shown)
    assert "C\\x1b[2J" in text
    assert ESC not in text and "\x07" not in text and "\x9b" not in text


def test_printable_shows_controls_and_keeps_text() -> None:
    assert printable("a\tb\nc") == "a\tb\nc"
    assert printable("中文 ok") == "中文 ok"
    assert printable("x\x1b[31my\x7f\x9b\u202e") == "x\\x1b[31my\\x7f\\x9b\\u202e"
    assert printable_json('"\x9b"') == '"\\u009b"'


def test_content_errors_show_control_characters_as_escapes(tmp_path: Path) -> None:
    game = tmp_path / "g"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: g\ntitle: T\nlanguages: [en]\ncomponents:\n"
        '  - {id: c, kind: cards, title: C, items: cards.yaml, layout: "x\\e[2J", size: poker}\n',
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text("items: [{id: a}]\n", encoding="utf-8")
    result = pnp("check", "--content", str(tmp_path), "g")
    assert result.returncode == 1
    assert ESC not in result.stderr and "\\x1b" in result.stderr, result.stderr


def test_the_readme_documents_every_exit_code_the_cli_uses() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("### Exit codes", 1)[1].split("\n## ", 1)[0]
    for code in ("0", "1", "2", "70", "74", "130"):
        assert f"\n| {code} |" in table, code
    source = (ROOT / "generator" / "cli" / "app.py").read_text(encoding="utf-8")
    used = set(re.findall(r"sys\.exit\((\d+)\)", source))
    assert used <= {"0", "1", "2", "70", "74", "130"}, used
