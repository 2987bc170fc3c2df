"""All-or-nothing output: a build's files are staged and replace the previous ones together.

Every PDF of one build (one ``pnp build`` invocation, or one library call) is written into a
hidden staging folder inside the output folder, on the same file system. Only when the whole
build has succeeded does :meth:`Staging.commit` move each staged file over its target, remove
the files the build no longer makes and write the cache state; on any failure
:meth:`Staging.discard` deletes the staging folder and every previous output stays
byte-identical.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import BuildError
from ..locale import _
from .cache import file_stamps

STAGING_PREFIX = ".pnp-staging-"
STALE_AFTER = 24 * 3600  # seconds after which a staging folder is a killed build's leftover


class Staging:
    """The files one build will write, held back until :meth:`commit`."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = Path(out_dir)
        self._folder: Path | None = None
        self.moves: dict[Path, Path] = {}  # final path -> staged path
        self.stale: set[Path] = set()
        self.states: dict[Path, tuple[dict[str, Any], list[Path]]] = {}

    def _root(self) -> Path:
        if self._folder is None:
            try:
                self.out_dir.mkdir(parents=True, exist_ok=True)
                _sweep(self.out_dir)
                self._folder = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=self.out_dir))
            except (FileExistsError, NotADirectoryError) as exc:
                raise BuildError(
                    _(
                        "cannot use the output folder {folder}: {reason} (a file is in the way)"
                    ).format(folder=self.out_dir, reason=exc.strerror)
                ) from None
        return self._folder

    def folder(self, final_dir: Path) -> Path:
        """A staging folder standing for ``final_dir`` (files written there are moved at commit)."""
        try:
            rel = Path(final_dir).resolve().relative_to(self.out_dir.resolve())
        except ValueError:
            rel = Path(hashlib.sha256(str(final_dir).encode()).hexdigest()[:16])
        staged = self._root() / rel
        staged.mkdir(parents=True, exist_ok=True)
        return staged

    def target(self, final: Path) -> Path:
        """The staged path to write instead of ``final``."""
        staged = self.folder(final.parent) / final.name
        self.moves[final] = staged
        return staged

    def adopt(self, staged: Path, final: Path) -> None:
        """Record a file already written at ``staged`` (inside :meth:`folder`) as ``final``."""
        self.moves[final] = staged

    def remove(self, path: Path) -> None:
        """Delete ``path`` at commit (an output of an earlier build that this one no longer makes)."""
        self.stale.add(path)

    def state(self, path: Path, data: dict[str, Any], outputs: list[Path]) -> None:
        """Write ``data`` to ``path`` at commit, with the size and time of ``outputs`` as ``files``."""
        self.states[path] = (data, outputs)

    def commit(self) -> None:
        """Move every staged file into place, drop stale files, then write the cache states.

        All or nothing: each file it replaces or drops is first moved aside (inside the staging
        folder, on the same file system); if any step fails, what was done is undone in reverse
        and every previous file is back as it was, and a :class:`BuildError` says what failed.
        """
        done: list[tuple[Path, Path | None]] = []  # (final place, its earlier file moved aside)
        try:
            aside = self._root() / ".previous"
            aside.mkdir(exist_ok=True)
            for n, (final, staged) in enumerate(self.moves.items()):
                final.parent.mkdir(parents=True, exist_ok=True)
                before = _move_aside(final, aside / f"{n}")
                done.append((final, before))
                os.replace(staged, final)
            for n, path in enumerate(sorted(self.stale - set(self.moves))):
                before = _move_aside(path, aside / f"stale-{n}")
                if before is not None:
                    done.append((path, before))
            for path, (data, outputs) in self.states.items():
                data = dict(data, files=file_stamps(outputs))
                _write_json(path, data)
        except BaseException as exc:
            _undo(done)
            if isinstance(exc, OSError):
                # a move names its target second: that is the place in the way, not the new file
                where = exc.filename2 or exc.filename or self.out_dir
                reason = exc.strerror or exc
                if exc.filename2 and isinstance(exc, IsADirectoryError):
                    reason = _("a folder is in the way of a file")
                raise BuildError(
                    _(
                        "cannot put the new files in place ({where}: {reason}); "
                        "every previous file is as it was"
                    ).format(where=where, reason=reason)
                ) from None
            raise
        finally:
            self.discard()

    def discard(self) -> None:
        """Delete the staging folder and everything in it; no output is touched."""
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
        self.moves.clear()
        self.stale.clear()
        self.states.clear()


def _move_aside(path: Path, aside: Path) -> Path | None:
    """Move the file at ``path`` (if any) to ``aside``; where it went, or None."""
    if not os.path.lexists(path):
        return None
    if path.is_dir() and not path.is_symlink():
        raise IsADirectoryError(errno.EISDIR, _("a folder is in the way of a file"), str(path))
    os.replace(path, aside)
    return aside


def _undo(done: list[tuple[Path, Path | None]]) -> None:
    """Put back, newest first, what :meth:`Staging.commit` moved aside."""
    for final, before in reversed(done):
        with contextlib.suppress(OSError):
            if before is None:
                final.unlink(missing_ok=True)
            else:
                os.replace(before, final)


def _sweep(out_dir: Path) -> None:
    """Delete staging folders a killed build left behind (untouched for a day)."""
    cutoff = time.time() - STALE_AFTER
    for old in out_dir.glob(f"{STAGING_PREFIX}*"):
        try:
            if old.is_dir() and not old.is_symlink() and old.stat().st_mtime < cutoff:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            continue


@contextmanager
def staged(out_dir: Path, outer: Staging | None = None) -> Iterator[Staging]:
    """``outer`` when given (its owner commits), else a new staging committed on success."""
    if outer is not None:
        yield outer
        return
    staging = Staging(out_dir)
    try:
        yield staging
    except BaseException:
        staging.discard()
        raise
    staging.commit()


def _write_json(path: Path, data: dict[str, Any]) -> None:
    from ..render.sheet import (  # deferred: ~0.4 s (the renderer); only when a file is staged
        atomic_target,
        commit_file,
    )

    fd, tmp = atomic_target(path)
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
        commit_file(fd, tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise


__all__ = ["STAGING_PREFIX", "Staging", "staged"]
