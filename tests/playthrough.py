"""A group at the table: commands typed at ``pnp play GAME`` and what the table answers.

:func:`at_table` types lines at the prompt of ``pnp play`` (the current session, in the given
language) and returns what the players read, prompt banner left out; :func:`new_session` starts
the seeded session a play-through follows. Shared by the ``test_play_<game>`` modules.
"""

from __future__ import annotations

import re

from .helpers import pnp


def new_session(game: str, *extra: str, seed: int = 11) -> str:
    """``pnp session new GAME --seed SEED EXTRA``: the path of the session it started."""
    done = pnp("session", "new", game, "--seed", str(seed), *extra)
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"(\S+\.jsonl)", done.stdout)
    assert found is not None, done.stdout
    return found.group(1)


def at_table(game: str, *lines: str, lang: str = "en") -> str:
    """Type ``lines`` at ``pnp play GAME --lang LANG``; what the table printed after its banner."""
    done = pnp("play", game, "--lang", lang, input="\n".join([*lines, "quit", ""]))
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout.split("\n", 1)[1] if "\n" in done.stdout else ""
    return said + done.stderr


def number_after(text: str, pattern: str) -> int:
    """The whole number ``pattern``'s group 1 captures in ``text`` (the test fails without one)."""
    found = re.search(pattern, text)
    assert found is not None, f"{pattern!r} not in:\n{text}"
    return int(found.group(1))
