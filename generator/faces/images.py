"""The images a layout names: inside the game folder, readable, PNG or JPEG, not a bomb.

:class:`ImageCheck` answers once per source path and remembers the answer, adding a located
problem to the expander's collector when an image cannot be printed. For a draft, a missing
file is only a warning, and the face shows a placeholder in its place.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from PIL import Image

from ..content.files import read_guarded
from ..content.paths import resolve_inside
from ..errors import IssueCollector, Location
from ..locale import _

MAX_IMAGE_PIXELS = 40_000_000
MAX_IMAGE_BYTES = 40 * 1024 * 1024


class ImageCheck:
    """Checks the images of one game folder, each source once."""

    def __init__(self, root: Path, issues: IssueCollector, draft: bool = False) -> None:
        self.root = root
        self.issues = issues
        self.draft = draft  # a missing image is a warning: a placeholder prints in its place
        self._seen: dict[str, Path | None] = {}

    def __call__(self, src: str, where: Location, key: str) -> Path | None:
        """The file ``src`` names, or None (and a located problem) when it cannot be printed."""
        if src in self._seen:
            return self._seen[src]
        result: Path | None = None
        try:
            path = resolve_inside(self.root, src)
        except ValueError:
            said = (
                _("image {file!r} is absolute; give a path inside the game folder")
                if Path(src).is_absolute()
                else _("image {file!r} leads outside the game folder")
            )
            self.issues.add(where, key, said.format(file=src))
            self._seen[src] = None
            return None
        if not path.exists() and self.draft:
            said = _("image {file!r} does not exist; a draft placeholder prints in its place")
            self.issues.add(where, key, said.format(file=src), "warning")
            self._seen[src] = None
            return None
        if not path.exists():
            self.issues.add(where, key, _("image {file!r} does not exist").format(file=src))
            self._seen[src] = None
            return None
        try:
            data = read_guarded(path, self.root, MAX_IMAGE_BYTES)
        except ValueError as exc:
            self.issues.add(
                where, key, _("image {src}: {reason}").format(src=repr(src), reason=exc)
            )
        else:
            result = self._read(path, data, src, where, key)
        self._seen[src] = result
        return result

    def _read(self, path: Path, data: bytes, src: str, where: Location, key: str) -> Path | None:

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                with Image.open(io.BytesIO(data)) as im:
                    w, h = im.size
                    fmt = im.format
                    if w * h <= MAX_IMAGE_PIXELS:
                        im.load()  # a truncated or damaged file fails here, not while drawing
        except Image.UnidentifiedImageError:
            message = _("image {src} is not a PNG or JPEG file (or it is damaged)")
            self.issues.add(where, key, message.format(src=repr(src)))
            return None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            said = _("image {file!r} has too many pixels (decompression bomb?)")
            self.issues.add(where, key, said.format(file=src))
            return None
        except Exception as exc:  # Pillow raises many kinds on damaged files  # noqa: BLE001
            self.issues.add(
                where, key, _("image {src!r} cannot be read: {reason}").format(src=src, reason=exc)
            )
            return None
        if w * h > MAX_IMAGE_PIXELS:
            self.issues.add(
                where,
                key,
                _("image {src!r} is {w}x{h} pixels; the limit is {value} megapixels").format(
                    src=src, w=w, h=h, value=MAX_IMAGE_PIXELS // 1000000
                ),
            )
            return None
        if fmt not in ("PNG", "JPEG"):
            self.issues.add(
                where, key, _("image {src!r} is {fmt}; use PNG or JPEG").format(src=src, fmt=fmt)
            )
            return None
        return path
