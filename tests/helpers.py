"""Shared test helpers: run the ``pnp`` command in a real process, and where things live."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TABLE_GAME = str(ROOT / "tests" / "fixtures" / "table_game")


def pnp(
    *args: str, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """``python -m generator.cli ARGS`` with its output captured as text."""
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
