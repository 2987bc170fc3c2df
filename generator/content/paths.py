"""Where a game's files are, and the one guarded way to read a file that content names.

Every file a game names (items, layouts, images, fonts, icons and what they reference, rule
sources, glossary, presets, ``table.yaml``) goes through :func:`resolve_inside` and is read with
:func:`read_guarded`: after links are resolved it must lie inside the game folder, be a regular
file (never a pipe, device or folder, which could hang or never end) and stay under a size limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .folders import find_games, game_dir

MAX_READ_BYTES = 40 * 1024 * 1024  # the largest file any reader accepts (images)


def resolve_inside(root: Path, rel: str) -> Path:
    """``root / rel`` if it stays inside ``root`` (symlinks resolved); ValueError otherwise."""
    if not isinstance(rel, str) or not rel or "\x00" in rel:
        raise ValueError("expected a relative file path")
    candidate = Path(rel)
    if candidate.is_absolute():
        raise ValueError(f"{rel!r} is absolute; give a path inside the game folder")
    base = root.resolve()
    full = (base / candidate).resolve()
    if full != base and base not in full.parents:
        raise ValueError(f"{rel!r} leads outside the game folder")
    return full


def is_inside(root: Path, path: Path) -> bool:
    """Whether ``path`` (links resolved) lies inside ``root`` (links resolved)."""
    base = root.resolve()
    full = path.resolve()
    return full == base or base in full.parents


def read_guarded(path: Path, root: Path | None = None, limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of ``path``, or ValueError saying why it may not be read.

    The file must, after links are resolved, lie inside ``root`` (default: the folder that holds
    ``path`` as named), be a regular file, and hold at most ``limit`` bytes. It is opened without
    blocking, so a named pipe is refused instead of waiting for a writer.
    """
    if "\x00" in str(path):
        raise ValueError("a file name cannot hold a NUL character")
    base = (root if root is not None else path.absolute().parent).resolve()
    try:
        full = path.resolve()
    except (OSError, RuntimeError):  # a link loop
        raise ValueError("its links lead in a loop") from None
    if full != base and base not in full.parents:
        raise ValueError("it leads outside the game folder (through a link)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(full, flags)
    except FileNotFoundError:
        raise ValueError("the file does not exist") from None
    except OSError as exc:
        raise ValueError(f"cannot read the file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("it is not a regular file")
        if info.st_size > limit:
            raise ValueError(f"the file is {info.st_size} bytes; the limit is {limit}")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as exc:
                raise ValueError(f"cannot read the file: {exc.strerror or exc}") from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise ValueError(f"the file is larger than the limit of {limit} bytes")
        return data
    finally:
        os.close(fd)


__all__ = ["find_games", "game_dir", "is_inside", "read_guarded", "resolve_inside"]
