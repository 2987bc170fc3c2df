"""The ``pnp`` console entry point.

``main`` rolls plain dice expressions itself (:mod:`generator.cli.quick`), so that
``pnp roll 2d6`` starts without importing click; every other command goes to the click group
in :mod:`generator.cli.app`, which imports each subcommand only when it runs.
"""

from __future__ import annotations

import sys
from typing import Any


def main(argv: list[str] | None = None) -> Any:
    """Run ``pnp`` with ``argv`` (default: the process's arguments)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["roll"]:
        from .quick import roll

        code = roll(args[1:])
        if code is not None:
            sys.stdout.flush()
            if code:
                sys.exit(code)
            return None
    from .app import run

    return run(argv)


def __getattr__(name: str) -> Any:
    """``generator.cli.cli`` (the click group) for tests and embedding, loaded on first use."""
    if name in ("cli", "COMMANDS"):
        from . import app

        return getattr(app, name)
    raise AttributeError(name)
