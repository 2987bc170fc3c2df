"""The ``pnp`` console entry point.

``entry`` is the console script (``main``, then a quick exit); ``main`` runs the common
table command lines itself (:mod:`generator.cli.quick`), so that
``pnp roll 2d6``, a draw or ``pnp status`` with a saved game start without importing click;
every other command goes to the click group in :mod:`generator.cli.app`, which imports each
subcommand only when it runs.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def main(argv: list[str] | None = None) -> Any:
    """Run ``pnp`` with ``argv`` (default: the process's arguments)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] and args[0] in ("roll", "fate", "deck", "score", "status"):
        from .quick import table

        try:
            code = table(args)
        except (KeyboardInterrupt, Exception) as exc:  # ends in a message, as the click path does
            from .app import fail

            fail(exc, args, detect_language=True)
        if code is not None:
            sys.stdout.flush()
            if code:
                sys.exit(code)
            return None
    from .app import run

    return run(argv)


def entry() -> None:
    """The ``pnp`` console script: :func:`main`, then a quick way out of the process.

    On the way out the interpreter looks through every object still alive for reference
    cycles to collect (tens of thousands after a build, some 40 ms of CPU) although the
    process is about to end anyway. Moving them out of the collector's sight first
    (``gc.freeze``) skips that search. Nothing is lost: every output is written, synced and
    closed before a command returns, and objects are still freed as the process ends.
    """
    import gc
    import os

    for name in ("stdout", "stderr"):  # a stream the caller closed: write nowhere, not crash
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    try:
        main()
    finally:
        gc.freeze()


def __getattr__(name: str) -> Any:
    """``generator.cli.cli`` (the click group) for tests and embedding, loaded on first use."""
    if name in ("cli", "COMMANDS"):
        from . import app

        return getattr(app, name)
    raise AttributeError(name)
