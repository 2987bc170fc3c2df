"""What the session modules share: the session error, the size limits of a log and of the numbers
in it, and how a session file is written (compact sorted JSON, atomically).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..atomic import write_text
from ..errors import PnpError

MAX_LOG_BYTES = 64 * 1024 * 1024  # a saved game larger than this is refused, never read whole


MAX_NUMBER = 10**12  # the largest whole number an event may hold (points, moves, counters)


class SessionError(PnpError):
    """A session file that is missing, corrupt or locked, or a request it cannot serve."""


def atomic_write(path: Path, text: str, mode: int | None = None) -> None:
    """Write ``text`` over ``path`` atomically (:mod:`generator.atomic`); ``mode`` from creation."""

    write_text(path, text, mode=mode)


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
