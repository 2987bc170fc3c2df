"""Printing from the commands: each line shown with the control characters it carries (from a
game folder's names and texts) written as visible escapes (:func:`generator.errors.printable`)."""

from __future__ import annotations

import click

from ..errors import printable


def echo(message: object = "", err: bool = False) -> None:
    """Print ``message`` and a line break, to standard error when ``err``."""
    click.echo(printable(str(message)), err=err)
