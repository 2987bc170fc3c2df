"""Every paper of the shared presets prints rule sheets and player aids, and a failed rule-sheet
build leaves the previous files byte for byte.

Papers come from ``templates/presets.yaml`` (A4, Letter, A3, Tabloid); each is built through the
CLI (``pnp rules build --paper`` and ``pnp build --paper``) and the MediaBox of every written
PDF is read back with pypdf.
"""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator import atomic
from generator.cli.app import cli
from generator.layout import presets

FIXTURES = Path(__file__).parent / "fixtures"
MM = 72 / 25.4
EXPECTED_MM = {
    "A4": (210, 297),
    "Letter": (215.9, 279.4),
    "A3": (297, 420),
    "Tabloid": (279.4, 431.8),
}


@pytest.fixture
def content(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "rules_good", tmp_path / "content" / "rules_good")
    return tmp_path / "content"


def _rules_build(content: Path, out: Path, *extra: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(
        cli,
        ["rules", "build", "rules_good", "--content", str(content), "--out", str(out), *extra],
    )


def _media_mm(path: Path) -> set[tuple[float, float]]:
    """Distinct (width, height) of the pages of ``path`` in millimetres, 0.1 mm apart."""
    return {
        (round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
        for p in PdfReader(path).pages
    }


def test_every_listed_paper_is_in_the_shared_presets() -> None:
    assert set(EXPECTED_MM) <= set(presets.papers())


@pytest.mark.parametrize("paper", sorted(EXPECTED_MM))
def test_rules_build_prints_every_paper_at_its_size(
    content: Path, tmp_path: Path, paper: str
) -> None:
    result = _rules_build(content, tmp_path / "out", "--paper", paper, "--bilingual", "zh-Hant")
    assert result.exit_code == 0, result.output
    w, h = EXPECTED_MM[paper]
    folder = tmp_path / "out" / "rules_good"
    written = sorted(p.name for p in folder.glob("*.pdf"))
    assert "rules.en+zh-Hant.pdf" in written and "aids.zh-Hans.pdf" in written
    for name in written:
        sizes = _media_mm(folder / name)
        if name.startswith("aids."):  # the imposition may turn the paper
            assert sizes <= {(w, h), (h, w)}, (name, sizes)
        else:
            assert sizes == {(w, h)}, (name, sizes)


@pytest.mark.parametrize("paper", ["A3", "Tabloid"])
def test_build_with_a_large_paper_prints_the_rule_sheets_on_it(
    content: Path, tmp_path: Path, paper: str
) -> None:
    result = CliRunner().invoke(
        cli, ["build", "--content", str(content), "--out", str(tmp_path / "out"), "--paper", paper]
    )
    assert result.exit_code == 0, result.output
    w, h = EXPECTED_MM[paper]
    sheets = sorted((tmp_path / "out").glob("*/rules.*.pdf"))
    assert len(sheets) == 3
    for path in sheets:
        assert _media_mm(path) == {(w, h)}, path.name


def test_unknown_paper_is_refused_without_a_traceback(content: Path, tmp_path: Path) -> None:
    result = _rules_build(content, tmp_path / "out", "--paper", "B5")
    assert result.exit_code != 0
    assert "B5" in result.output and "Traceback" not in result.output


def test_a_failed_rules_build_leaves_every_previous_file_byte_identical(
    content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    assert _rules_build(content, out, "--bilingual", "zh-Hant").exit_code == 0
    folder = out / "rules_good"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert len([n for n in before if n.endswith(".pdf")]) == 7

    real = atomic._write_all_fd
    calls = []

    def disk_full_on_the_last_file(fd: int, data: bytes) -> None:
        calls.append(fd)
        if len(calls) == 7:  # the last of the seven PDFs
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data)

    monkeypatch.setattr(atomic, "_write_all_fd", disk_full_on_the_last_file)
    result = _rules_build(content, out, "--bilingual", "zh-Hant", "--paper", "Letter")
    assert result.exit_code != 0
    assert len(calls) == 7
    after = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert after.keys() == before.keys()  # no temporary file left behind
    for name, data in before.items():
        assert after[name] == data, f"{name} changed by a failed build"
