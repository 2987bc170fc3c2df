"""Where the companion keeps its files: the data directory and the current-session pointer.

Kept free of heavy imports (no session machinery, nothing of the game's content) because ``pnp roll`` asks it,
before anything else, whether a current session exists to record the roll in.
"""

from __future__ import annotations

import os
import stat
import sys

from ..errors import UsageError
from ..locale import _


def data_dir() -> str:
    """``$PNP_DATA_DIR``, else the user's data directory for ``pnp``."""
    env = os.environ.get("PNP_DATA_DIR")
    if env:
        return env
    if sys.platform.startswith("linux"):  # the XDG rule platformdirs applies, without its import
        base = os.environ.get("XDG_DATA_HOME", "").strip() or os.path.expanduser("~/.local/share")
        return os.path.join(base, "pnp")
    # deferred: only off Linux, where platformdirs (some 7 ms) knows the data folder's place
    import platformdirs

    return str(platformdirs.user_data_dir("pnp", appauthor=False))


def current_pointer() -> str:
    """The file naming the current session."""
    return os.path.join(data_dir(), "current")


def current_session() -> str | None:
    """The session chosen by the last ``pnp session new`` (None when there is none)."""
    pointer = current_pointer()
    try:  # without blocking: a pipe in its place is no session, not a wait
        fd = os.open(pointer, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        raw = os.read(fd, 65536) if stat.S_ISREG(os.fstat(fd).st_mode) else b"\x00"
    except OSError:
        raw = b"\x00"
    finally:
        os.close(fd)
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        text = "\x00"
    if "\x00" in text or "\n" in text:
        raise UsageError(
            _(
                "{pointer}: the current-session file is damaged (it does not name one file); "
                "start a session with `pnp session new GAME` or pass --session PATH"
            ).format(pointer=pointer)
        )
    return text or None


def has_current_session() -> bool:
    """Whether a current session is named and its log exists."""
    current = current_session()
    return current is not None and os.path.isfile(current)
