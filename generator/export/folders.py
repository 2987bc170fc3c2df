"""An export's output folder: written in a staging folder beside it, then swapped in whole.

Every export (Tabletop Simulator, print shops) writes into :func:`staging_folder` and ends
with :func:`replace_folder`, so a failed export leaves the previous one as it was. File names
made from ids go through :func:`safe_name`.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from ..atomic import folder_mode
from ..content.paths import safe_name as safe_name
from ..errors import BuildError
from ..locale import _


def staging_folder(parent: Path, prefix: str) -> Path:
    """A new hidden folder in ``parent`` with the mode an ordinary new folder gets."""
    parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    stage.chmod(folder_mode())
    return stage


def replace_folder(stage: Path, final: Path) -> None:
    """Put ``stage`` where ``final`` is; the previous folder is removed only once it is replaced."""
    old = None
    if final.exists():
        old = final.with_name(f"{stage.name}-old")
        final.rename(old)
    try:
        stage.rename(final)
    except OSError as exc:
        if old is not None:
            old.rename(final)
        raise BuildError(
            _("cannot write {final}: {reason}").format(final=final, reason=exc.strerror)
        ) from None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
