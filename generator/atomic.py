"""Atomic file writes: the one way pnp puts a file in place.

Every file pnp writes (sheets, rule sheets, aids, previews, images, build state, edited rule
sources) is first written to a temporary file in the target's folder, flushed to disk, given
the mode an ordinary new file gets (``0666`` less the umask: ``0644`` under the usual umask),
and only then renamed over the target. A failure at any point removes the temporary file and
leaves the target as it was. :func:`write_all` extends this to a set of files: every
temporary file is written before any target is replaced.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

from .locale import _


def _umask() -> int:
    """The process's file-creation mask (read without changing it)."""
    umask = os.umask(0)
    os.umask(umask)
    return umask


def file_mode() -> int:
    """The mode a newly created ordinary file gets under the current umask."""
    return 0o666 & ~_umask()


def folder_mode() -> int:
    """The mode a newly created folder gets under the current umask."""
    return 0o777 & ~_umask()


def atomic_target(path: Path) -> tuple[int, str]:
    """An open temporary file beside ``path`` (same file system, so the rename is atomic).

    Created private (0600) and exclusively under a random name, as ``tempfile.mkstemp``
    does, without importing ``tempfile`` (with ``shutil``, ``random`` and the compression
    modules, about a tenth of a saved-game command's time).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _attempt in range(100):
        tmp = os.path.join(path.parent, f".{path.name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            continue  # another writer drew the same name: draw again
    raise FileExistsError(_("no free temporary name beside {path}").format(path=path))


def _finish(fd: int, tmp: str, mode: int | None = None) -> None:
    """fsync the temporary file behind ``fd``, close it and give it ``mode`` (default: the
    ordinary file mode). The temporary file is created private (0600), so a narrower mode
    never has a moment of being wider."""
    try:
        os.fsync(fd)
        os.fchmod(fd, file_mode() if mode is None else mode)
    finally:
        os.close(fd)


def _discard(fd: int | None, tmp: str) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)


def commit_file(fd: int, tmp: str, path: Path, mode: int | None = None) -> int:
    """Finish the temporary file from :func:`atomic_target`, move it over ``path``; its size.

    Whatever was written to ``tmp`` (through ``fd`` or by name) becomes ``path``.
    """
    try:
        _finish(fd, tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        _discard(None, tmp)
        raise
    return path.stat().st_size


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[str]:
    """A temporary file name to write; it replaces ``path`` when the block ends without error."""
    fd, tmp = atomic_target(Path(path))
    try:
        yield tmp
    except BaseException:
        _discard(fd, tmp)
        raise
    commit_file(fd, tmp, Path(path))


def write_bytes(path: Path, data: bytes, mode: int | None = None) -> Path:
    """Write ``data`` to ``path`` atomically (``mode``: see :func:`_finish`); returns ``path``."""
    path = Path(path)
    fd, tmp = atomic_target(path)
    try:
        _write_all_fd(fd, data)
    except BaseException:
        _discard(fd, tmp)
        raise
    commit_file(fd, tmp, path, mode)
    return path


def _write_all_fd(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def write_text(path: Path, text: str, encoding: str = "utf-8", mode: int | None = None) -> Path:
    """Write ``text`` to ``path`` atomically, line endings exactly as given."""
    return write_bytes(path, text.encode(encoding), mode)


def write_all(files: Mapping[Path, bytes]) -> list[Path]:
    """Write several files so that either all of them are replaced or none is.

    Every temporary file is written and flushed first; only then are the targets replaced, in
    order, each earlier file moved aside until all are in place. A failure at any point leaves
    every target as it was (the earlier files are put back).
    """
    pending: list[tuple[int | None, str, Path]] = []
    try:
        for path, data in files.items():
            fd, tmp = atomic_target(Path(path))
            pending.append((fd, tmp, Path(path)))
            _write_all_fd(fd, data)
            _finish(fd, tmp)
            pending[-1] = (None, tmp, Path(path))
    except BaseException:
        for fd_open, tmp, _path in pending:
            _discard(fd_open, tmp)
        raise
    done: list[tuple[Path, str | None]] = []  # (target, its earlier file moved aside)
    try:
        for _fd, tmp, path in pending:
            before = None
            if os.path.lexists(path):
                if path.is_dir() and not path.is_symlink():
                    raise IsADirectoryError(
                        errno.EISDIR, _("a folder is in the way of a file"), str(path)
                    )
                before = tmp + ".before"
                os.replace(path, before)  # kept until every target is in place
            done.append((path, before))
            os.replace(tmp, path)
    except BaseException:
        for path, before in reversed(done):  # put every earlier file back
            with contextlib.suppress(OSError):
                if before is None:
                    path.unlink(missing_ok=True)
                else:
                    os.replace(before, path)
        for _fd, tmp, _path in pending:
            _discard(None, tmp)
        raise
    for _path, before in done:
        if before is not None:
            with contextlib.suppress(OSError):
                os.unlink(before)
    return [path for path, _before in done]
