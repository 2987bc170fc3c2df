"""Print-shop profiles (``templates/vendors.yaml``): sizes, bleed, safe zone, colour, file names.

A PDF/X profile names its output intent: the printing condition the shop asks for (its
registered name and the shipped profile that converts colours for it) and the PDF/X version.

A profile is data: what a shop wants for each face. :func:`vendors` reads the shared file once;
:func:`face_pixels` gives a component's face size in pixels at the profile's dpi, the shop's own
size when the component's size is one the profile names, else trim plus bleed at that dpi.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from ..errors import UsageError
from ..layout import presets
from ..layout.units import parse_length
from ..locale import _

PT_PER_IN = 72.0


class OutputIntent(NamedTuple):
    """The printing condition a PDF/X file is made for: its registered name and its profile."""

    condition: str  # the ICC registry's identifier, e.g. "CGATS TR 003"
    registry: str
    info: str
    profile: str  # file name under templates/color/
    standard: str  # e.g. "PDF/X-1a:2003"


DEFAULT_INTENT = OutputIntent(
    "CGATS TR 006",
    "http://www.color.org",
    "GRACoL 2006 coated #1 (CGATS TR 006), total ink 240 %",
    "pnp-cmyk-tr006.icc",
    "PDF/X-1a:2003",
)


class Vendor(NamedTuple):
    """One print shop's wishes."""

    id: str
    name: str
    format: str  # png | pdfx
    dpi: int
    bleed: float  # points
    safe: float  # points
    ink_limit: int | None  # percent of C+M+Y+K
    rich_black: tuple[int, int, int, int] | None  # percent
    naming: str
    sizes: dict[str, tuple[int, int]]  # preset size name -> (width, height) px with bleed
    intent: OutputIntent = DEFAULT_INTENT  # for pdfx profiles


def _length(value: Any) -> float:
    length = parse_length(value)
    assert isinstance(length, float)
    return length


@cache
def vendors() -> dict[str, Vendor]:
    """Every profile in the shared ``vendors.yaml``, by id."""

    path = presets.templates_dir() / "vendors.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    out: dict[str, Vendor] = {}
    for vid, raw in (data or {}).items():
        black = raw.get("rich_black")
        out[str(vid)] = Vendor(
            str(vid),
            str(raw["name"]),
            str(raw["format"]),
            int(raw["dpi"]),
            _length(raw["bleed"]),
            _length(raw["safe"]),
            raw.get("ink_limit"),
            tuple(int(v) for v in black) if black else None,  # type: ignore[arg-type]
            str(raw["naming"]),
            {str(k): (int(v["width"]), int(v["height"])) for k, v in raw.get("sizes", {}).items()},
            _intent(raw.get("output_intent")),
        )
    return out


def _intent(raw: dict[str, Any] | None) -> OutputIntent:
    if not raw:
        return DEFAULT_INTENT
    return OutputIntent(
        str(raw["condition"]),
        str(raw.get("registry", DEFAULT_INTENT.registry)),
        str(raw["info"]),
        str(raw["profile"]),
        str(raw.get("standard", DEFAULT_INTENT.standard)),
    )


def vendor(vid: str) -> Vendor:
    """The profile ``vid``; a usage error naming the known ones when there is none."""
    known = vendors()
    if vid not in known:
        raise UsageError(
            _("no print shop profile {vendor}; known: {known}").format(
                vendor=repr(vid), known=", ".join(sorted(known))
            )
        )
    return known[vid]


def size_name(trim: tuple[float, float, str]) -> str | None:
    """The shared preset size name of a trim (within 0.5 pt), if it has one."""
    for name, (w, h, _shape) in presets.shared()[1].items():
        if abs(w - trim[0]) < 0.5 and abs(h - trim[1]) < 0.5:
            return name
    return None


def face_pixels(v: Vendor, trim: tuple[float, float, str]) -> tuple[int, int]:
    """A face's size with its bleed, in pixels, as ``v`` wants it."""
    name = size_name(trim)
    if name in v.sizes:
        return v.sizes[name]
    return (
        round((trim[0] + 2 * v.bleed) / PT_PER_IN * v.dpi),
        round((trim[1] + 2 * v.bleed) / PT_PER_IN * v.dpi),
    )


def profile_path(intent: OutputIntent = DEFAULT_INTENT) -> Path:
    """The shipped CMYK output profile of ``intent`` (see ``templates/color/README.md``)."""
    return presets.templates_dir() / "color" / intent.profile
