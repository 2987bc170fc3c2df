"""The command line: click commands that parse options, call one library function, print.

Owns the ``pnp`` console script (:func:`entry`), the click group (:mod:`.app`, which imports a
command's module only when that command runs, so ``pnp roll`` never loads the PDF side), the
commands of each side (:mod:`.print_cmds`, :mod:`.rules_cmds`, :mod:`.edit_cmds`,
:mod:`.export_cmds`, :mod:`.table_cmds`, :mod:`.table_play_cmds`), the interactive prompt
(:mod:`.prompt`) and the wording of click's own messages in each language. Lazy imports belong
here, at the edge, and nowhere in the library.

May import: only the library's front doors (``CLI_MAY_IMPORT`` in ``tests/test_layers.py``):
the table's :mod:`generator.companion.table` and its ``ask_*`` questions, the print pipeline's
entries (:mod:`generator.pipeline.run`, :mod:`generator.pipeline.check`, ...), one module per
export and translate command, ``locale`` and ``errors``. Nothing in the library imports ``cli``.
"""

from __future__ import annotations

import sys
from typing import Any


def main(argv: list[str] | None = None) -> Any:
    """Run ``pnp`` with ``argv`` (default: the process's arguments)."""
    from .app import run

    return run(argv)


def entry() -> None:
    """The ``pnp`` console script: :func:`main`, then a quick way out of the process.

    On the way out the interpreter looks through every object still alive for reference
    cycles to collect (tens of thousands after a build, some 40 ms of CPU) although the
    process is about to end anyway. Moving them out of the collector's sight first
    (``gc.freeze``) skips that search. Nothing is lost: every output is written, synced and
    closed before a command returns, and objects are still freed as the process ends.

    While the command line loads (click, then the one command's module) the collector is off
    too: importing makes objects that live as long as the process and no garbage, so its passes
    there only walk them (a tenth of ``pnp roll``'s own work). :func:`.app.loaded` turns it
    back on once the command is imported, before the command runs.
    """
    import gc
    import os

    for name in ("stdout", "stderr"):  # a stream the caller closed: write nowhere, not crash
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    gc.disable()
    try:
        main()
    finally:
        gc.freeze()
