"""Shared test helpers: run the ``pnp`` command (in this process or a real one), where things live.

:func:`pnp` runs the command line in the test's own process, as a user's shell would see it
(exit code, standard output and error as text), which spares a Python start-up per call;
:func:`pnp_process` starts a real process, for the tests where the process is the point
(start-up cost, a killed process, an installed copy).
"""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TABLE_GAME = str(ROOT / "tests" / "fixtures" / "table_game")


class _Entry:
    """The ``pnp`` console entry point in the shape click's test runner invokes."""

    name = "pnp"

    def main(self, args: Sequence[str] = (), prog_name: str = "pnp", **_: Any) -> Any:
        from generator.cli import main

        return main(list(args))


@contextmanager
def _working_dir(path: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def pnp(
    *args: str, env: dict[str, str] | None = None, cwd: Path = ROOT, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``pnp ARGS`` run in this process, its exit code and output as a finished process's.

    ``env`` replaces the whole environment for the call, as it would for a process; an
    unexpected exception is written to standard error with its traceback and exits 1, as
    Python itself does.
    """
    from click.testing import CliRunner

    overrides: dict[str, str | None] | None = None
    if env is not None:
        overrides = {key: None for key in os.environ if key not in env}
        overrides.update(env)
    with _working_dir(cwd):
        result = CliRunner().invoke(
            _Entry(),  # type: ignore[arg-type]
            list(args),
            input=input,
            env=overrides,
            prog_name="pnp",
        )
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exc = result.exception
        stderr += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return subprocess.CompletedProcess(["pnp", *args], result.exit_code, result.stdout, stderr)


def pnp_process(
    *args: str, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """``python -m generator.cli ARGS`` in a real process, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "generator.cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=300,
    )


def laid_out_texts(copies: list) -> list[tuple[str, str, Any, Any]]:  # type: ignore[type-arg]
    """(item id, shown text, fitted layout, box spec) for every text box on every face of ``copies``,
    laid out as the renderer lays it out."""
    from generator.content.schema import TextBox
    from generator.render.text import fit, plain_text

    out = []
    for cp in copies:
        for face in (cp.front, cp.back):
            for box in face.boxes if face is not None else ():
                if not isinstance(box.spec, TextBox) or not box.text:
                    continue
                spec = box.spec
                laid = fit(
                    box.text,
                    box.w,
                    box.h,
                    spec.size,
                    spec.min_size,
                    leading=spec.leading,
                    family=spec.font,
                    bold="bold" in spec.style,
                    italic="italic" in spec.style,
                )
                out.append((cp.item.id, plain_text(box.text), laid, spec))
    return out
