"""The one guarded way to read a file that content names, and the regular-file reads it rests on.

Every file a game names (items, layouts, images, fonts, icons and what they reference, rule
sources, glossary, presets, ``table.yaml``) is read with :func:`read_guarded`: after links are
resolved it must lie inside the game folder, be a regular file (never a pipe, device or folder,
which could hang or never end) and stay under a size limit. A saved game's files (its log,
snapshot, cache, key) are read with :func:`read_regular`, the same without the folder rule.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..locale import _

MAX_READ_BYTES = 40 * 1024 * 1024  # the largest file any reader accepts (images)


def is_inside(root: Path, path: Path) -> bool:
    """Whether ``path`` (links resolved) lies inside ``root`` (links resolved)."""
    base = root.resolve()
    full = path.resolve()
    return full == base or base in full.parents


def read_guarded(path: Path, root: Path | None = None, limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of ``path``, or ValueError saying why it may not be read.

    The file must, after links are resolved, lie inside ``root`` (default: the game folder that
    holds ``path`` as named, else its own folder), be a regular file, and hold at most ``limit``
    bytes. It is opened without blocking, so a named pipe is refused instead of waiting for a
    writer.
    """
    if "\x00" in str(path):
        raise ValueError(_("a file name cannot hold a NUL character"))
    base = (root if root is not None else _game_folder(path)).resolve()
    try:
        full = path.resolve()
    except (OSError, RuntimeError):  # a link loop
        raise ValueError(_("its links lead in a loop")) from None
    if full != base and base not in full.parents:
        raise ValueError(_("it leads outside the game folder (through a link)"))
    return read_regular(full, limit)


def _game_folder(path: Path) -> Path:
    """The outermost folder above ``path`` (as named, links not followed) with a ``game.yaml``;
    the folder holding ``path`` when there is none (a shared template).

    The outermost, not the nearest: a folder inside the game (or a link in it to a folder
    elsewhere) that holds a ``game.yaml`` of its own does not become the game folder, so what a
    link leads to is still checked against the folder the command named.
    """
    named = path.absolute()
    found = named.parent
    for folder in named.parents:
        if os.path.lexists(folder / "game.yaml"):
            found = folder
    return found


def open_regular(path: Path | str) -> int:
    """A descriptor open for reading on ``path`` if it is a regular file; ValueError otherwise.

    The open does not block (a named pipe with no writer is refused, not waited on) and does
    not follow a link in the last part of the name (resolve the name first to allow one).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise ValueError(_("the file does not exist")) from None
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise ValueError(_("cannot read the file: {why}").format(why=why)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(_("it is not a regular file"))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path | str, limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; ValueError saying
    why not otherwise (a pipe, a device, a folder, a file too big, a read error)."""
    fd = open_regular(path)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise ValueError(
                _("the file is {size} bytes; the limit is {limit}").format(size=size, limit=limit)
            )
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as exc:
                why = exc.strerror or str(exc)
                raise ValueError(_("cannot read the file: {why}").format(why=why)) from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise ValueError(
                _("the file is larger than the limit of {limit} bytes").format(limit=limit)
            )
        return data
    finally:
        os.close(fd)


__all__ = ["MAX_READ_BYTES", "is_inside", "open_regular", "read_guarded", "read_regular"]


def display_path(path: Path) -> str:
    """A path as users should see it: relative to the working directory when inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)
