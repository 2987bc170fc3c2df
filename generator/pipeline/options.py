"""What a build is asked for and what it reports: the options and a row per file.

Kept apart from the modules that load content and draw, so the front door
(:mod:`.run`) can tell an unchanged game from its state file without loading them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..content.schema import SheetSpec

# a reporter of (what, done, total) while a game builds
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class BuildOptions:
    """Command-line overrides of each component's sheet settings, and build switches."""

    out_dir: Path = Path("output")
    paper: str | None = None
    duplex: str | None = None
    bleed: float | None = None
    packing: str | None = None
    proof: bool = False
    force: bool = False
    langs: tuple[str, ...] | None = None
    components: tuple[str, ...] | None = None  # only these component ids (None: all)
    draft: bool = False  # a missing image prints as a placeholder (which preflight refuses)
    tuck_box: bool = False  # also a tuck box for each deck of cards
    stock: str = "300gsm"  # the card stock a tuck box is sized for (templates/presets.yaml)

    def sheet(self, spec: SheetSpec) -> SheetSpec:
        """The component's sheet settings with the command-line overrides applied."""
        changes = {
            k: v
            for k, v in (
                ("paper", self.paper),
                ("duplex", self.duplex),
                ("bleed", self.bleed),
                ("packing", self.packing),
            )
            if v is not None
        }
        return spec.replace(**changes) if changes else spec


@dataclass
class ComponentResult:
    """One PDF written (or skipped as unchanged)."""

    game: str
    component: str
    lang: str
    path: Path
    items: int
    copies: int
    pages: int
    bytes: int
    seconds: float
    skipped: bool = False
    packing: str = ""
    warnings: list[str] = field(default_factory=list)


def skipped_row(game: str, folder: Path, row: Any) -> ComponentResult | None:
    """A summary row of the previous build, read back from the state file."""
    try:
        return ComponentResult(
            game,
            str(row["component"]),
            str(row["lang"]),
            folder / str(row["file"]),
            int(row["items"]),
            int(row["copies"]),
            0,
            int(row["bytes"]),
            0.0,
            skipped=True,
            packing=str(row.get("packing", "")),
        )
    except (KeyError, TypeError, ValueError):
        return None


@dataclass
class BuildReport:
    """What a build did: a row per file (written or kept) and, when it failed, why."""

    results: list[ComponentResult] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every game built and the files were put in place."""
        return not self.failures
