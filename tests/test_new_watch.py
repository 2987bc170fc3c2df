"""pnp new and pnp watch: starters that build as created, and the rebuild-on-edit loop."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli.app import cli
from generator.pipeline.options import BuildOptions
from generator.pipeline.starters import create_game, starter_names, starters_dir
from generator.pipeline.watch import Rebuilder

from .helpers import ROOT, pnp

LANGS = ("en", "zh-Hant", "zh-Hans")


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)


def _pdf_for(out: Path, component: str, lang: str) -> Path:
    own = out / f"{component}.{lang}.pdf"
    return own if own.is_file() else out / f"{component}.pdf"


def test_every_starter_is_offered() -> None:
    assert starter_names() == ["blank", "board", "cards", "counters", "skirmish"]


@pytest.mark.parametrize("starter", ["cards", "counters", "board", "blank"])
def test_new_game_from_each_starter_checks_and_builds_in_all_languages(
    starter: str, tmp_path: Path
) -> None:
    content, out = tmp_path / "content", tmp_path / "output"
    code, text = _invoke("new", "first-try", "--from", starter, "--content", str(content))
    assert code == 0, text
    game = content / "first-try"
    assert (game / "table.yaml").is_file() and (game / "rules" / "glossary.yaml").is_file()
    code, text = _invoke("check", "first-try", "--content", str(content))
    assert code == 0 and "ok: first-try" in text, text
    code, text = _invoke("rules", "check", "first-try", "--content", str(content), "--strict")
    assert code == 0, text
    code, text = _invoke("build", "first-try", "--content", str(content), "--out", str(out))
    assert code == 0, text
    assert "warning" not in text
    spec = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    assert spec["id"] == "first-try" and spec["title"] == "First Try"
    assert spec["languages"] == list(LANGS)
    for comp in spec["components"]:
        if "items" in comp:
            items = yaml.safe_load((game / comp["items"]).read_text(encoding="utf-8"))["items"]
        else:  # a board: one face, its values in game.yaml
            items = [comp["data"]]
        for lang in LANGS:
            pdf = _pdf_for(out / "first-try", comp["id"], lang)
            text = _text(pdf)
            assert "First Try" in text  # the sheet label carries the new title
            if lang != "zh-Hans":  # Simplified is derived; the others are written out
                assert items[0]["name"][lang] in text, (pdf, lang)
    for lang in LANGS:
        assert len(PdfReader(out / "first-try" / f"rules.{lang}.pdf").pages) >= 1


def test_new_refuses_an_existing_folder_and_leaves_it_alone(tmp_path: Path) -> None:
    mine = tmp_path / "content" / "taken"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    done = pnp("new", "taken", "--content", str(tmp_path / "content"))
    assert done.returncode == 2
    assert "already exists" in done.stderr and "Traceback" not in done.stderr
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("My Game", "for example 'my-game'"),
        ("../escape", "lower-case letters"),
        ("_under", "lower-case letters"),
        ("Caps", "lower-case letters"),
        ("x" * 65, "1-64"),
    ],
)
def test_new_refuses_a_game_id_that_is_not_a_slug(
    game_id: str, message: str, tmp_path: Path
) -> None:
    done = pnp("new", game_id, "--content", str(tmp_path / "content"))
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert not (tmp_path / "content").exists() or not any((tmp_path / "content").iterdir())


def test_new_names_the_starters_when_one_is_unknown(tmp_path: Path) -> None:
    done = pnp("new", "g", "--from", "deckbuilder", "--content", str(tmp_path))
    assert done.returncode == 2
    assert "blank, board, cards, counters" in done.stderr


def test_installed_package_creates_and_builds_a_game_in_a_plain_working_folder(
    tmp_path: Path, installed: Path
) -> None:
    python = installed / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import generator; print(generator.__file__)"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    assert Path(purelib).is_relative_to(installed), purelib
    target = Path(purelib).parent.parent
    assert (target / "generator" / "templates" / "starters" / "counters" / "game.yaml").is_file()
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for args in (["new", "g", "--from", "counters"], ["build", "g", "--no-rules", "--lang", "en"]):
        done = subprocess.run(
            [python, "-m", "generator.cli", *args],
            cwd=work, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
    assert (work / "content" / "g" / "game.yaml").is_file()
    assert (work / "output" / "g" / "units.en.pdf").is_file()
    assert not list(target.rglob("*.pdf")) and not (target / "content").exists()


def test_every_top_level_key_of_a_starter_game_is_commented() -> None:
    for starter in starter_names():
        lines = (starters_dir() / starter / "game.yaml").read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            if re.match(r"^[a-z_]+:", line):
                assert lines[n - 1].startswith("# "), (starter, line)


# ---------------------------------------------------------------- rebuilding what a change touches


def test_rebuilder_rebuilds_only_the_components_a_change_touches(tmp_path: Path) -> None:
    made = create_game(tmp_path / "content", "boardy", "board")
    out = tmp_path / "output"
    rebuilder = Rebuilder(made.path, BuildOptions(out_dir=out, langs=("en",)), rules=False)
    first = rebuilder.rebuild()
    assert first.errors == [] and first.components == ["mat", "pieces", "cards"]
    game = made.path

    def edit(rel: str, old: str, new: str) -> list[str]:
        path = game / rel
        path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        done = rebuilder.rebuild([path])
        assert done.errors == []
        return done.components

    assert edit("pieces.yaml", "Guard", "Sentry") == ["pieces"]
    assert edit("layouts/card-front.yaml", "size: 12pt", "size: 13pt") == ["cards"]
    assert edit("layouts/mat.yaml", "size: 9pt", "size: 10pt") == ["mat"]
    assert edit("game.yaml", "Play mat", "Board") == ["mat", "pieces", "cards"]
    assert edit("rules/en.yaml", "Draw a card.", "Draw one card.") == []
    assert "Sentry" in _text(_pdf_for(out / "boardy", "pieces", "en"))
    contact = out / "boardy" / "preview" / "pieces" / "en" / "contact.png"
    assert contact.is_file()


# ---------------------------------------------------------------- the watch loop, in a real process


class _Lines:
    """Lines a process writes to one stream, read on a thread so waits can time out."""

    def __init__(self, stream) -> None:  # type: ignore[no-untyped-def]
        self.q: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:  # type: ignore[no-untyped-def]
        for line in stream:
            self.q.put(line.rstrip("\n"))

    def wait_for(self, pattern: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.q.get(timeout=0.1)
            except queue.Empty:
                continue
            self.seen.append(line)
            if re.search(pattern, line):
                return line
        raise AssertionError(f"no line matching {pattern!r} in {timeout} s; saw {self.seen}")


def _start_watch(content: Path, out: Path, *args: str, cwd: Path = ROOT) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "watch", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


def _stop(proc: subprocess.Popen[str]) -> int:
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_watch_rebuilds_on_edit_reports_a_broken_file_and_keeps_the_last_good_pdf(
    tmp_path: Path,
) -> None:
    content, out = tmp_path / "content", tmp_path / "output"
    create_game(content, "live", "cards")
    items = content / "live" / "cards.yaml"
    pdf = out / "live" / "deck.en.pdf"  # one language of three: named by it
    contact = out / "live" / "preview" / "deck" / "en" / "contact.png"
    proc = _start_watch(
        content, out, "live", "--content", str(content), "--out", str(out), "--lang", "en",
        "--no-rules",
    )  # fmt: skip
    try:
        stdout, stderr = _Lines(proc.stdout), _Lines(proc.stderr)
        stdout.wait_for(r"^watching ")
        assert "Scout" in _text(pdf)
        first_preview = contact.read_bytes()

        items.write_text(items.read_text(encoding="utf-8").replace("Scout", "Ranger"), "utf-8")
        stdout.wait_for(r"ok: deck")
        assert "Ranger" in _text(pdf) and "Scout" not in _text(pdf)
        assert contact.read_bytes() != first_preview
        good = pdf.read_bytes()

        text = items.read_text(encoding="utf-8")
        items.write_text(text.replace("    cost: 2", "    cost: [2"), "utf-8")
        line = stderr.wait_for(r"cards\.yaml:\d+:\d+: ")
        assert "malformed YAML" in line
        stderr.wait_for(r"last good PDFs are left in place")
        assert pdf.read_bytes() == good
        assert proc.poll() is None  # still watching

        items.write_text(text.replace("    cost: 2", "    cost: 7"), "utf-8")
        stdout.wait_for(r"ok: deck")
        assert pdf.read_bytes() != good and "Ranger" in _text(pdf)
        code = _stop(proc)
        stdout.wait_for(r"^stopped watching$", timeout=10)
        assert code == 0
        assert "Traceback" not in "\n".join(stderr.seen)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)


# ---------------------------------------------------------------- the README walk-through


def _first_game_commands() -> list[list[str]]:
    import shlex

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Your first game", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]


def test_readme_first_game_walk_through_runs_as_written(tmp_path: Path) -> None:
    commands = _first_game_commands()
    assert [c[:2] for c in commands][:3] == [["pnp", "new"], ["pnp", "watch"], ["pnp", "preview"]]
    for argv in commands:
        assert argv[0] == "pnp"
        if argv[1] != "watch":
            done = pnp(*argv[1:], cwd=tmp_path)
            assert done.returncode == 0, (argv, done.stderr)
            continue
        proc = _start_watch(tmp_path / "content", tmp_path / "output", *argv[2:], cwd=tmp_path)
        try:
            stdout = _Lines(proc.stdout)
            stdout.wait_for(r"^watching ")
            cards = tmp_path / "content" / "my-game" / "cards.yaml"
            cards.write_text(cards.read_text(encoding="utf-8").replace("cost: 1", "cost: 4"))
            stdout.wait_for(r"ok: deck")
            assert _stop(proc) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
    game_out = tmp_path / "output" / "my-game"
    assert (game_out / "preview" / "deck" / "en" / "contact.png").is_file()
    assert (game_out / "deck.en.pdf").is_file() and (game_out / "rules.en.pdf").is_file()
