"""An installed (not editable) pnp works from a folder that holds only content/.

The package is built by the standard route (``python -m build``: the sdist, then the wheel from
the sdist) and the wheel installed into a fresh virtual environment outside the repository (the
``installed`` fixture: its dependencies are this test run's own, seen through a ``.pth`` file,
so nothing is downloaded but the build tools); its ``pnp`` script is run from a working folder
with games but no templates/: shared layouts and presets come from the package itself, games from the working
folder's content/ or ``--content``, and output goes to the working folder, never the package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.helpers import ROOT


def _run(*argv: str | Path, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def _env(venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PNP_CONTENT_DIR")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    return env


def test_installed_package_builds_a_game_from_a_plain_working_folder(
    installed: Path, tmp_path: Path
) -> None:
    venv = installed
    env = {**_env(venv), "PNP_DATA_DIR": str(tmp_path / "data")}
    probe = _run(
        venv / "bin" / "python",
        "-c",
        "import generator; print(generator.__file__)",
        cwd=tmp_path,
        env=env,
    )
    site_dir = Path(probe.stdout.strip()).parent.parent
    assert site_dir.is_relative_to(venv), probe.stdout  # the installed copy, not the source tree
    assert (site_dir / "generator" / "templates" / "presets.yaml").is_file()
    assert not (site_dir / "generator" / "templates").is_symlink()
    # the print-shop profiles, the CMYK output profile and the message catalogues come along
    for data in ("vendors.yaml", "color/pnp-cmyk-tr006.icc", "starters/cards/game.yaml"):
        assert (site_dir / "generator" / "templates" / data).is_file(), data
    assert (site_dir / "generator" / "locale" / "zh_Hant.po").is_file()

    work = tmp_path / "work"
    shutil.copytree(ROOT / "tests" / "fixtures" / "games" / "kinds", work / "content" / "kinds")
    shutil.copytree(ROOT / "content" / "five-armies", work / "content" / "five-armies")
    pnp = venv / "bin" / "pnp"
    result = _run(pnp, "build", "--no-rules", "--lang", "en", "kinds", cwd=work, env=env)
    assert result.returncode == 0, result.stderr
    assert (work / "output" / "kinds" / "labels.en.pdf").is_file()  # die-label: a shared layout

    # a starter comes from the package data: pnp new, then check and build it
    made = _run(pnp, "new", "fresh", "--from", "cards", cwd=work, env=env)
    assert made.returncode == 0, made.stderr
    checked = _run(pnp, "check", "fresh", cwd=work, env=env)
    assert checked.returncode == 0, checked.stderr
    fresh = _run(pnp, "build", "--no-rules", "--lang", "en", "fresh", cwd=work, env=env)
    assert fresh.returncode == 0, fresh.stderr
    assert list((work / "output" / "fresh").glob("*.pdf"))

    rolled = _run(
        pnp, "roll", "five-armies:combat", "--strength", "3", "--seed", "1", cwd=work, env=env
    )
    assert rolled.returncode == 0, rolled.stderr
    assert "Traceback" not in rolled.stderr and rolled.stdout.strip()

    # from elsewhere, --content names the games; output goes to the working folder
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = _run(
        pnp, "build", "--no-rules", "--lang", "en", "--content", work / "content", "kinds",
        cwd=elsewhere, env=env,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (elsewhere / "output" / "kinds" / "labels.en.pdf").is_file()

    # a folder without content/ finds no games: nothing is read from inside the installation
    lost = _run(pnp, "build", "--no-rules", cwd=elsewhere, env=env)
    assert lost.returncode != 0 and "Traceback" not in lost.stderr
    assert "no games found" in lost.stderr
    assert not list(venv.rglob("*.pdf")) and not (site_dir / "content").exists()


def test_installed_roll_outside_a_game_folder_does_not_look_inside_the_installation(
    installed: Path, tmp_path: Path
) -> None:
    venv = installed
    env = {**_env(venv), "PNP_DATA_DIR": str(tmp_path / "data")}
    rolled = _run(venv / "bin" / "pnp", "roll", "five-armies:combat", cwd=tmp_path, env=env)
    assert rolled.returncode != 0 and "Traceback" not in rolled.stderr
    assert "site-packages" not in rolled.stderr, rolled.stderr
