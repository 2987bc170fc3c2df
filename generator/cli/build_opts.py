"""Pieces the build commands share: the paper option's type and the collector's pace.

Kept apart from the commands so that neither needs anything at import time: the paper list
is read from ``templates/presets.yaml`` only when a value or the help needs it.
"""

from __future__ import annotations

import click

from ..layout import presets


class PaperChoice(click.Choice):  # type: ignore[type-arg]
    """The shared papers, read from ``templates/presets.yaml`` only when a value or the help
    needs them (a build with nothing changed never reads the file). Any case is accepted
    (``letter``, ``a3``) and read as the paper's own name."""

    def __init__(self) -> None:
        super().__init__([], case_sensitive=False)

    @property  # type: ignore[override]
    def choices(self) -> list[str]:
        """The paper names."""
        return list(presets.papers())

    @choices.setter
    def choices(self, value: object) -> None:
        pass  # always the presets file's papers
