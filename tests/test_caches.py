"""Caches are checked before use: a compiled message catalogue in the user's cache and a saved
game's cache are used only when they are of this format and made from their source as it is
now; a planted, damaged or stale one is rebuilt, never trusted."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.locale import catalogue_path
from tests.helpers import ROOT


def said_in_chinese(cache: Path) -> str:
    """A fresh process (each reads the catalogue anew) saying an error in Traditional Chinese."""
    env = {**os.environ, "PNP_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-m", "generator.cli", "check", "no-such-game", "--lang", "zh-Hant"],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode != 0
    return done.stderr


def english_copy(digest: str) -> dict[str, object]:
    """A compiled catalogue that turns every Chinese message back into English."""
    import polib

    po = polib.pofile(str(catalogue_path("zh-Hant")))
    rows = [[e.msgctxt, e.msgid, [e.msgid]] for e in po if not e.msgid_plural]
    return {"format": 2, "source": digest, "messages": rows}


@pytest.mark.parametrize(
    "planted",
    [
        "a stale hash",
        "an old format",
        "not json",
        "wrong shape",
    ],
)
def test_a_planted_compiled_catalogue_does_not_turn_chinese_into_english(
    tmp_path: Path, planted: str
) -> None:
    cache = tmp_path / "cache"
    chinese = said_in_chinese(cache)
    assert "沒有遊戲" in chinese or "錯誤" in chinese
    (compiled,) = (cache / "locale").glob("zh_Hant*")
    copy = english_copy("0" * 64)
    if planted == "an old format":
        real = hashlib.sha256(catalogue_path("zh-Hant").read_bytes()).hexdigest()
        copy = {**english_copy(real), "format": 1}
    text = json.dumps(copy)
    if planted == "not json":
        text = "\x00\x01garbage"
    elif planted == "wrong shape":
        real = hashlib.sha256(catalogue_path("zh-Hant").read_bytes()).hexdigest()
        text = json.dumps({"format": 2, "source": real, "messages": [[1, 2, 3]]})
    compiled.write_text(text, encoding="utf-8")
    assert said_in_chinese(cache) == chinese
    rebuilt = json.loads(compiled.read_text(encoding="utf-8"))
    assert rebuilt["source"] == hashlib.sha256(catalogue_path("zh-Hant").read_bytes()).hexdigest()


def test_a_saved_games_cache_of_another_format_is_dropped(tmp_path: Path) -> None:
    from generator.companion.cache import Cache

    session = tmp_path / "game.log"
    data = tmp_path / "data.txt"
    data.write_text("x", encoding="utf-8")
    import time

    old = time.time_ns() - 10_000_000_000
    os.utime(data, ns=(old, old))
    cache = Cache(session)
    cache.put("k", [str(data)], 42)
    assert Cache(session).get("k", [str(data)]) == 42
    stored = json.loads(Path(f"{session}.cache").read_text(encoding="utf-8"))
    stored["format"] = "1/0.0"
    Path(f"{session}.cache").write_text(json.dumps(stored), encoding="utf-8")
    assert Cache(session).get("k", [str(data)]) is None
    flat = {"k": {"files": [str(data)], "stats": stored["entries"]["k"]["stats"], "value": 7}}
    Path(f"{session}.cache").write_text(json.dumps(flat), encoding="utf-8")  # the former layout
    assert Cache(session).get("k", [str(data)]) is None
