"""An installed (not editable) pnp works from a folder that holds only content/.

The package is installed into a scratch folder with pip (its dependencies are this test run's
own), then run from a working folder with a game but no templates/: shared layouts and presets
come from the package itself, and output goes to the working folder, never the package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT


def test_installed_package_builds_a_game_from_a_plain_working_folder(tmp_path: Path) -> None:
    target = tmp_path / "site"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    assert (target / "generator" / "templates" / "presets.yaml").is_file()
    work = tmp_path / "work"
    shutil.copytree(ROOT / "tests" / "fixtures" / "games" / "kinds", work / "content" / "kinds")
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "build", "--no-rules", "kinds"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert (work / "output" / "kinds" / "labels.en.pdf").is_file()  # die-label: a shared layout
    assert not list(target.rglob("*.pdf"))
    probe = subprocess.run(
        [sys.executable, "-c", "import generator; print(generator.__file__)"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip().startswith(str(target))
