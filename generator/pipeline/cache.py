"""The build cache: what a build's result depends on, hashed before any content is loaded.

A game's key covers the bytes of every file in its folder, the shared ``templates/`` folder,
the generator's own code (and the names and sizes of its data files, such as fonts) and the
build options. The state file ``output/<game>/.pnp-build.json`` keeps the key of the last
successful build, the summary rows it printed and the size and modification time of every
file it wrote; when the key and every file still match, the build is skipped without
loading, validating or expanding anything. Components reuse the key for their own skip.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..layout import presets

if TYPE_CHECKING:
    from .check import BuildOptions

STATE_FILE = ".pnp-build.json"
RULES_STATE_FILE = ".pnp-rules.json"
STATE_VERSION = 2
PACKAGE = Path(__file__).resolve().parents[1]  # the generator package
MAX_HASHED_BYTES = 512 * 1024 * 1024  # a game folder larger than this is never treated as unchanged


@cache
def code_hash() -> str:
    """The generator's code and data: every module's bytes, every other file's name and size."""
    h = hashlib.sha256(__version__.encode())
    found: list[tuple[str, str]] = []
    for folder, dirs, files in os.walk(PACKAGE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]  # bytecode: not the program's own
        rel = os.path.relpath(folder, PACKAGE)
        found.extend(
            (os.path.normpath(os.path.join(rel, f)), os.path.join(folder, f)) for f in files
        )
    for rel, full in sorted(found):
        h.update(rel.encode())
        if rel.endswith(".py"):
            with open(full, "rb") as fh:
                h.update(fh.read())
        else:
            h.update(str(os.stat(full).st_size).encode())
    return h.hexdigest()


def _visible_files(root: Path, skip: Path | None = None) -> list[Path]:
    """Files under ``root`` (sorted), leaving out version-control folders and anything inside
    ``skip``. Hidden files and folders count: a game may name an item file in one."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in (".git", ".hg", ".svn", "__pycache__")
            and (skip is None or (here / d).resolve() != skip)
        )
        found.extend(here / f for f in sorted(files))
        # a link to a folder is not walked into: it counts as a link, by where it leads
        found.extend(here / d for d in dirs if (here / d).is_symlink())
        dirs[:] = [d for d in dirs if not (here / d).is_symlink()]
    return sorted(found)


def tree_hash(h: Any, root: Path, skip: Path | None = None) -> bool:
    """Feed the names and bytes of ``root``'s files into ``h``; False when there is too much.

    A symbolic link (to a file or a folder) contributes where it points, as written and once
    resolved, so adding, removing or turning a link is a change; what it points at counts where
    it lies (the loader refuses links leading out of the game folder). Pipes, devices and
    sockets are passed over.
    """
    total = 0
    for p in _visible_files(root, skip):
        try:
            st = p.lstat()
            h.update(os.fsencode(p.relative_to(root)) + b"\0")
            if stat.S_ISLNK(st.st_mode):
                h.update(b"link:" + os.fsencode(os.readlink(p)) + b"\0")
                h.update(os.fsencode(os.path.realpath(p)))
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            total += st.st_size
            if total > MAX_HASHED_BYTES:
                return False
            data = p.read_bytes()
        except OSError:
            return False
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return True


def templates_hash(templates: Path, skip: Path | None) -> str | None:
    """The hash of the shared templates folder (taken anew each time: it may be edited)."""
    h = hashlib.sha256(b"templates")
    if templates.is_dir() and not tree_hash(h, templates, skip):
        return None
    return h.hexdigest()


def options_json(options: BuildOptions) -> str:
    """The options a build's result depends on (not where it goes, nor --force)."""
    skip = ("force", "out_dir")
    opts = {k: str(v) for k, v in options.__dict__.items() if k not in skip}
    return json.dumps(opts, sort_keys=True)


def game_key(root: Path, options: BuildOptions) -> str | None:
    """The hash of everything a game's component PDFs depend on; None when it cannot be taken."""
    h = hashlib.sha256(code_hash().encode())
    out = options.out_dir.resolve()
    shared = templates_hash(presets.templates_dir(root), out)
    if shared is None:
        return None
    h.update(shared.encode())
    if not tree_hash(h, Path(root), out):
        return None
    h.update(options_json(options).encode())
    return h.hexdigest()


def rules_key(root: Path, langs: list[str], paper: str | None) -> str:
    """The hash of everything a game's rule sheets depend on."""
    h = hashlib.sha256(code_hash().encode())
    h.update(str(templates_hash(presets.templates_dir(root), None)).encode())
    h.update(b"\0")
    if (root / "game.yaml").is_file():  # the rules folder's name and the game's title
        h.update((root / "game.yaml").read_bytes())
    if (root / "rules").is_dir():
        tree_hash(h, root / "rules")
    h.update(json.dumps([langs, paper]).encode())
    return h.hexdigest()


def read_state(path: Path) -> dict[str, Any]:
    """A state file's contents; empty when missing, unreadable or of an older format."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
        return {}
    return data


def file_stamps(paths: Iterable[Path]) -> dict[str, list[int]]:
    """Size and modification time (ns) of each file, by name; missing files are left out."""
    stamps: dict[str, list[int]] = {}
    for p in paths:
        try:
            st = p.stat()
        except OSError:
            continue
        stamps[p.name] = [st.st_size, st.st_mtime_ns]
    return stamps


def unchanged(folder: Path, stamps: Any) -> bool:
    """Whether every file in ``stamps`` is still in ``folder`` with its size and time."""
    if not isinstance(stamps, dict) or not stamps:
        return False
    for name, stamp in stamps.items():
        if not isinstance(name, str) or "/" in name or os.sep in name:
            return False
        try:
            st = (folder / name).stat()
        except OSError:
            return False
        if [st.st_size, st.st_mtime_ns] != stamp:
            return False
    return True


def up_to_date(root: Path, options: BuildOptions) -> tuple[str | None, list[dict[str, Any]] | None]:
    """(the game's key, the previous build's summary rows when nothing changed, else None).

    The state is looked for under the game folder's name: a game whose id differs from its
    folder name is checked the slow way (loaded, then each component's key compared).
    """
    key = game_key(root, options)
    if key is None or options.force:
        return key, None
    folder = options.out_dir / Path(root).name
    state = read_state(folder / STATE_FILE)
    if (
        state.get("key") != key
        or state.get("root") != str(Path(root).resolve())
        or not isinstance(state.get("rows"), list)
        or not unchanged(folder, state.get("files"))
    ):
        return key, None
    return key, state["rows"]


__all__ = [
    "RULES_STATE_FILE",
    "STATE_FILE",
    "code_hash",
    "file_stamps",
    "game_key",
    "read_state",
    "rules_key",
    "unchanged",
    "up_to_date",
]
