"""The lock that serialises terminals sharing a session: on the file's real path and on the log
itself (fcntl), or a lock file where fcntl is missing; a read-only data folder still shows its
sessions.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from ..locale import _
from .session_base import SessionError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


@contextmanager
def locked(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold the session's lock file (another terminal waits up to ``timeout`` seconds).

    The lock belongs to the file's real path, so two names of one session (a link, a relative
    and an absolute path) share one lock; the log file itself is locked as well, so a hard
    link (a second real path to the same file) shares it too.
    """
    lock_path = os.path.realpath(path) + ".lock"
    if fcntl is not None:
        nofollow = getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | nofollow, 0o644)
        except OSError as exc:
            fd = _read_only_lock(lock_path, nofollow, exc)
            if fd < 0:
                raise SessionError(
                    _("cannot lock {path}: {lock}: {reason}").format(
                        path=path, lock=lock_path, reason=exc.strerror or exc
                    )
                ) from None
        log_fd = -1
        try:
            deadline = time.monotonic() + timeout
            _flock(fcntl, fd, deadline, path)
            # the log itself too: a hard link (another real path, the same file) shares it
            try:
                log_fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            except OSError:
                log_fd = -1  # no log yet, or none to read: reading it says so
            if log_fd >= 0:
                _flock(fcntl, log_fd, deadline, path)
            yield
        finally:
            if log_fd >= 0:
                os.close(log_fd)
            os.close(fd)  # closing the descriptors releases the locks
        return
    # deferred: only where fcntl is missing (Windows); filelock costs some 10 ms to import
    from filelock import FileLock, Timeout

    lock = FileLock(lock_path, timeout=timeout, poll_interval=0.002)
    try:
        with lock:
            yield
    except Timeout:
        raise SessionError(
            _("{path} is busy in another terminal; try again").format(path=path)
        ) from None


def _read_only_lock(lock_path: str, nofollow: int, exc: OSError) -> int:
    """The lock file opened for reading when the folder cannot be written (a read-only data
    folder still shows its sessions; a write then fails as the machine's refusal), else -1."""

    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        try:
            return os.open(lock_path, os.O_RDONLY | nofollow)
        except OSError:
            pass
    return -1


def _flock(fcntl: ModuleType, fd: int, deadline: float, path: Path) -> None:
    """Take an exclusive lock on ``fd``, waiting until ``deadline`` (SessionError after)."""

    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise SessionError(
                    _("{path} is busy in another terminal; try again").format(path=path)
                ) from None
            time.sleep(0.002)
        except OSError as exc:  # a file system without locks
            raise SessionError(
                _("cannot lock {path}: {lock}: {reason}").format(
                    path=path, lock=path, reason=exc.strerror or exc
                )
            ) from None
