"""A disposable cache beside a session log: facts about the game's files, keyed by their stats.

A saved game's table commands would otherwise hash the game's content files (to notice an edit)
and parse its glossary YAML (for names in the players' language) on every command. Each entry
here holds a value with the size and modification time of the files it came from; it is used
only while every one of those files still has that size and time, and a file changed within the
last two seconds is never trusted (an edit in the same clock tick would go unseen). The cache is
rewritten atomically; a damaged one, or one of another format or pnp version, is ignored, so
losing it costs time, never correctness.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

from .. import __version__
from ..atomic import write_text
from ..content.files import read_regular

RECENT_NS = 2_000_000_000
# the layout of the cache file and the program that wrote it: a cache of another is dropped
CACHE_FORMAT = f"2/{__version__}"


def _stats(files: list[str]) -> list[list[int]] | None:
    """Size and mtime of each file ([-1, -1] for a missing one); None if one is too recent."""
    now = time.time_ns()
    out: list[list[int]] = []
    for name in files:
        try:
            st = os.stat(name)
        except OSError:
            out.append([-1, -1])
            continue
        if now - st.st_mtime_ns < RECENT_NS:
            return None
        out.append([st.st_size, st.st_mtime_ns])
    return out


class Cache:
    """The cache file of one session (``<log>.cache``)."""

    def __init__(self, session_path: Path | str | None) -> None:
        self.path = None if session_path is None else f"{session_path}.cache"
        self.data: dict[str, Any] = {}
        if self.path is not None:
            try:  # a regular file only: a pipe in its place is passed over, not waited on
                data = json.loads(read_regular(self.path, 16 * 1024 * 1024))
                ours = isinstance(data, dict) and data.get("format") == CACHE_FORMAT
                entries = data.get("entries") if ours else None
                self.data = entries if isinstance(entries, dict) else {}
            except (ValueError, RecursionError):
                self.data = {}

    def get(self, key: str, files: list[str]) -> Any:
        """The value stored under ``key`` if ``files`` are unchanged since, else None."""
        entry = self.data.get(key)
        if not isinstance(entry, dict) or entry.get("files") != files:
            return None
        stats = _stats(files)
        return entry.get("value") if stats is not None and entry.get("stats") == stats else None

    def put(self, key: str, files: list[str], value: Any) -> None:
        """Store ``value`` for ``files`` as they are now (not when one was just written)."""
        stats = _stats(files)
        if stats is None or self.path is None:
            return
        self.data[key] = {"files": files, "stats": stats, "value": value}
        self.save()

    def save(self) -> None:
        """Write the cache file; a folder that cannot be written leaves it unsaved."""
        assert self.path is not None

        data = {"format": CACHE_FORMAT, "entries": self.data}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with contextlib.suppress(OSError):  # a read-only folder: run without the cache
            write_text(Path(self.path), text)
