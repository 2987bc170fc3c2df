"""Packaging: the package list in ``pyproject.toml`` names every package of the source tree.

``pyproject.toml`` lists the packages by name (it maps ``templates/`` to ``generator/templates``,
which needs the list); a package left out would be missing from the wheel, so the list is checked
against the folders of ``generator/`` that hold Python modules.
"""

from __future__ import annotations

import tomllib

from tests.helpers import ROOT


def _config() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)["tool"]["setuptools"]


def test_every_folder_with_modules_is_a_listed_package() -> None:
    tree = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "generator").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    listed = set(_config()["packages"])
    assert tree - listed == set(), "packages missing from pyproject.toml"
    assert listed - tree == {"generator.templates"}


def test_templates_are_package_data_mapped_from_the_top_level_folder() -> None:
    config = _config()
    assert config["package-dir"] == {"generator.templates": "templates"}
    assert config["package-data"]["generator.templates"] == ["**/*"]
    assert (ROOT / "templates" / "presets.yaml").is_file()
    assert not (ROOT / "setup.py").exists()  # no build hook copies files any more


def _pins() -> dict[str, str]:
    from packaging.utils import canonicalize_name

    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def test_constraints_pin_every_dependency_within_what_pyproject_allows() -> None:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    with (ROOT / "pyproject.toml").open("rb") as fh:
        project = tomllib.load(fh)["project"]
    pins = _pins()
    for text in [*project["dependencies"], *project["optional-dependencies"]["dev"]]:
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not pinned in constraints.txt"
        assert req.specifier.contains(pins[name], prereleases=True), (text, pins[name])
