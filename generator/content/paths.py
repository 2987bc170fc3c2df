"""Where a game's files are: game folders under a content folder, and paths kept inside a game.

Every file a game names goes through :func:`resolve_inside`, so no link or ``..`` leads out of
the game folder, and is read with :func:`generator.content.files.read_guarded`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..locale import _
from .folders import find_games, game_dir


def resolve_inside(root: Path, rel: str) -> Path:
    """``root / rel`` if it stays inside ``root`` (symlinks resolved); ValueError otherwise."""
    if not isinstance(rel, str) or not rel or "\x00" in rel:
        raise ValueError(_("expected a relative file path"))
    candidate = Path(rel)
    longest = max((len(os.fsencode(part)) for part in candidate.parts), default=0)
    if (
        longest > NAME_MAX
    ):  # the file system would refuse it: the content's fault, not the machine's
        said = _("{path!r} has a name of {size} bytes; the limit is {limit}")
        shown = rel[:60] + "..."
        raise ValueError(said.format(path=shown, size=longest, limit=NAME_MAX))
    if candidate.is_absolute():
        raise ValueError(
            _("{path!r} is absolute; give a path inside the game folder").format(path=rel)
        )
    base = root.resolve()
    full = (base / candidate).resolve()
    if full != base and base not in full.parents:
        raise ValueError(_("{path!r} leads outside the game folder").format(path=rel))
    return full


def present_inside(root: Path, rel: str) -> tuple[Path, bool]:
    """:func:`resolve_inside`, and whether the file is there; ValueError also for a name the
    file system refuses (too long, a bad byte), so it is reported where content names it."""
    path = resolve_inside(root, rel)
    try:
        return path, path.exists()
    except OSError as exc:
        shown = rel[:80] + ("..." if len(rel) > 80 else "")
        said = _("{file!r} cannot be a file name here: {reason}")
        raise ValueError(said.format(file=shown, reason=exc.strerror or exc)) from None


NAME_MAX = 255  # bytes in one part of a path, on the usual file systems

# an item id: a name that is also a file name on every system (print-shop and TTS exports)
ITEM_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
MAX_ID = 64


def safe_name(name: str) -> str:
    """``name`` with every character but letters, digits, ``-`` and ``_`` made ``_``: the stem of
    a file named after an id."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)


def item_id_problem(iid: str, ids: dict[str, str]) -> str | None:
    """What is wrong with ``iid`` as the id of an item beside those of ``ids`` (the file stem
    of each earlier id, to the id), or None; a good id joins ``ids``."""
    if len(iid) > MAX_ID:
        said = _("an id of {count} characters; the limit is {limit}")
        return said.format(count=len(iid), limit=MAX_ID)
    if not ITEM_ID.fullmatch(iid):
        return _("{iid!r} is not a name: use letters, digits, - _ and . (not first)").format(
            iid=iid
        )
    stem = safe_name(iid).casefold()  # one file name on a system that ignores case, too
    if stem not in ids:
        ids[stem] = iid
        return None
    other = ids[stem]
    if other == iid:
        return _("item id {iid!r} is used twice").format(iid=iid)
    said = _("item id {iid!r} and {other!r} would name the same file ({stem}); rename one")
    return said.format(iid=iid, other=other, stem=safe_name(iid))


__all__ = [
    "find_games",
    "game_dir",
    "item_id_problem",
    "present_inside",
    "resolve_inside",
    "safe_name",
]
