"""Shared presets kept as data in ``templates/``: where that folder is, papers and item sizes.

``templates/presets.yaml`` names the papers, the item sizes and the card stocks (one card's
thickness, for tuck boxes); a game's own ``presets.yaml``
adds or overrides sizes. The templates folder is looked for beside the games' content folder
(a working folder holding ``content/`` and ``templates/``), then inside the installed package,
then in the source checkout, so an installed ``pnp`` finds the shared layouts too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from .units import parse_length

Size = tuple[float, float, str]  # width, height (points), shape


def templates_dir(game_root: Path | None = None) -> Path:
    """The shared ``templates/`` folder for a game (or for no game in particular)."""
    if game_root is not None:
        beside = Path(game_root).resolve().parent.parent / "templates"
        if (beside / "presets.yaml").is_file():
            return beside
    package = Path(__file__).resolve().parents[1]  # the generator package
    for candidate in (package / "templates", package.parent / "templates"):
        if (candidate / "presets.yaml").is_file():
            return candidate
    return package.parent / "templates"


def _read(path: Path) -> dict[str, Any]:
    import yaml  # deferred: ~25 ms to import; `pnp roll` never reads the presets

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 (safe loader)
    return data if isinstance(data, dict) else {}


def _sizes(raw: Any) -> dict[str, Size]:
    out: dict[str, Size] = {}
    for name, spec in (raw or {}).items():
        w, h = parse_length(spec["width"]), parse_length(spec["height"])
        assert isinstance(w, float) and isinstance(h, float)
        out[str(name)] = (w, h, str(spec.get("shape", "rect")))
    return out


@cache
def shared() -> tuple[dict[str, tuple[float, float]], dict[str, Size]]:
    """(papers, sizes) from the shared presets file, in points."""
    path = templates_dir() / "presets.yaml"
    data = _read(path) if path.is_file() else {}
    papers = {str(k): (w, h) for k, (w, h, _) in _sizes(data.get("papers")).items()}
    return papers, _sizes(data.get("sizes"))


@cache
def stocks() -> dict[str, float]:
    """The card stocks a tuck box may be sized for: name -> one card's thickness in points."""
    path = templates_dir() / "presets.yaml"
    data = _read(path) if path.is_file() else {}
    out: dict[str, float] = {}
    for name, spec in (data.get("stocks") or {}).items():
        thickness = parse_length(spec["thickness"])
        assert isinstance(thickness, float)
        out[str(name)] = thickness
    return out


def papers() -> dict[str, tuple[float, float]]:
    """The shared paper sizes, name -> (width, height) in points."""
    return shared()[0]


def sizes() -> dict[str, Size]:
    """The shared item sizes by name."""
    return shared()[1]
