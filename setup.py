"""Build hook: ship the shared ``templates/`` folder inside the package as ``generator/templates``.

The folder stays at the top of the repository, where games and people find it; an installed
``pnp`` (not editable) finds its copy beside its own code.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithTemplates(build_py):
    """``build_py`` that also copies ``templates/`` into the built package."""

    def run(self) -> None:
        """Build the package, then copy the templates in (not for an editable install)."""
        super().run()
        source = Path(__file__).resolve().parent / "templates"
        if source.is_dir() and not self.editable_mode:
            shutil.copytree(
                source, Path(self.build_lib) / "generator" / "templates", dirs_exist_ok=True
            )


setup(cmdclass={"build_py": BuildWithTemplates})
