"""Start a game folder from a starter: the library behind ``pnp new``.

Starters are complete, valid game folders kept as data under ``templates/starters/<name>/``
(installed as the package data ``generator/templates/``). :func:`create_game` copies one into ``<content>/<id>/`` under a temporary name and renames it into place, so a failure
never leaves half a game behind and an existing folder is never touched. Only the top-level
``id:`` and ``title:`` lines of the copied ``game.yaml`` are rewritten; comments stay as they are.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import BuildError, UsageError
from ..layout.presets import templates_dir
from ..locale import _

SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
DEFAULT_STARTER = "cards"
MAX_STARTER_FILES = 200  # a starter is a handful of files; more means the wrong folder was found
_PACKAGE = Path(__file__).resolve().parents[1]  # the generator package


def starters_dir() -> Path:
    """The folder holding the starters: the package's copy of ``templates/``, or the checkout's."""

    folder = templates_dir() / "starters"
    if not folder.is_dir():
        raise BuildError(_("the starters are missing from this installation (templates/starters)"))
    return folder


def starter_names() -> list[str]:
    """Every starter's name, sorted."""
    return sorted(p.name for p in starters_dir().iterdir() if (p / "game.yaml").is_file())


def suggest_id(text: str) -> str:
    """A valid game id made from ``text`` ("My Game!" -> "my-game")."""
    slug = re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-_")[:64]
    return slug or "my-game"


def title_from_id(game_id: str) -> str:
    """A readable title made from a game id ("my-first_game" -> "My First Game")."""
    return " ".join(w.capitalize() for w in re.split(r"[-_]+", game_id) if w) or game_id


@dataclass(frozen=True)
class NewGame:
    """A game folder created from a starter."""

    id: str
    path: Path
    starter: str
    files: tuple[Path, ...]


def create_game(
    content_dir: Path, game_id: str, starter: str = DEFAULT_STARTER, title: str | None = None
) -> NewGame:
    """Create ``content_dir/game_id`` from ``starter``; UsageError if the id or starter is bad
    or the folder already exists."""
    if not SLUG.match(game_id):
        raise UsageError(
            _(
                "game id {game_id!r} must be 1-64 lower-case letters, digits, - and _, starting with a letter or digit (for example {suggest_id!r})"
            ).format(game_id=game_id, suggest_id=suggest_id(game_id))
        )
    names = starter_names()
    if starter not in names:
        raise UsageError(
            _("no starter {starter!r}; choose one of {known}").format(
                starter=starter, known=", ".join(names)
            )
        )
    if title is not None and (not title.strip() or len(title) > 200 or "\n" in title):
        raise UsageError(_("the title must be one line of 1-200 characters"))
    source = starters_dir() / starter
    target = Path(content_dir) / game_id
    if target.exists() or target.is_symlink():
        raise UsageError(
            _("{target} already exists; choose another id or remove it first").format(target=target)
        )
    resolved = target.resolve()
    if resolved == _PACKAGE or _PACKAGE in resolved.parents:
        raise UsageError(
            _("{target} is inside the installed package; create games elsewhere").format(
                target=target
            )
        )
    files = [p for p in sorted(source.rglob("*")) if p.is_file() and not p.is_symlink()]
    if len(files) > MAX_STARTER_FILES:
        raise BuildError(
            _("starter {starter!r} has {count} files; expected a handful").format(
                starter=starter, count=len(files)
            )
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{game_id}.", suffix=".new", dir=target.parent))
    except OSError as exc:
        raise BuildError(
            _("cannot create {target}: {reason}").format(target=target, reason=exc)
        ) from None
    try:
        for src in files:
            dest = staging / src.relative_to(source)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)
        _rename_game(staging / "game.yaml", game_id, title or title_from_id(game_id))
        os.rename(staging, target)  # refuses a non-empty folder made meanwhile
    except FileExistsError:
        shutil.rmtree(staging, ignore_errors=True)
        raise UsageError(
            _("{target} already exists; choose another id or remove it first").format(target=target)
        ) from None
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if target.is_dir() and any(target.iterdir()):
            raise UsageError(
                _("{target} already exists; choose another id or remove it first").format(
                    target=target
                )
            ) from None
        raise BuildError(
            _("cannot create {target}: {reason}").format(target=target, reason=exc)
        ) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return NewGame(game_id, target, starter, tuple(target / f.relative_to(source) for f in files))


def _rename_game(game_file: Path, game_id: str, title: str) -> None:
    """Rewrite the top-level ``id:`` and ``title:`` lines of a copied game.yaml."""
    lines = game_file.read_text(encoding="utf-8").splitlines(keepends=True)
    values = {"id": game_id, "title": json.dumps(title, ensure_ascii=False)}
    found: set[str] = set()
    for n, line in enumerate(lines):
        key = line.split(":", 1)[0]
        if key in values and key not in found and line.startswith(f"{key}:"):
            lines[n] = f"{key}: {values[key]}\n"
            found.add(key)
    if found != set(values):
        raise BuildError(
            _("starter {game_file} has no top-level id: or title: line").format(game_file=game_file)
        )
    game_file.write_text("".join(lines), encoding="utf-8")


__all__ = ["NewGame", "create_game", "starter_names", "starters_dir", "suggest_id"]
