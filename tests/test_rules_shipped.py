"""The shipped games' rule sheets: covered in every language and clean under `--strict`."""

from __future__ import annotations

from .helpers import pnp

GAMES = ["barons-of-fyn", "five-armies", "manoeuvre", "maquis", "pocket-battles", "ragnarok"]


def test_status_shows_all_six_games_covered_in_all_three_languages() -> None:
    proc = pnp("rules", "status")
    assert proc.returncode == 0, proc.stderr
    rows = {}
    for line in proc.stdout.splitlines()[2:]:
        game, lang, sections, hand, derived, missing, stale, covered = line.split()[:8]
        rows[(game, lang)] = (int(sections), int(missing), int(stale), covered)
    for game in GAMES:
        for lang in ("en", "zh-Hant", "zh-Hans"):
            sections, missing, stale, covered = rows[(game, lang)]
            assert sections > 0
            assert (missing, stale, covered) == (0, 0, "100%"), (game, lang)


def test_check_strict_passes_on_the_shipped_content() -> None:
    proc = pnp("rules", "check", "--strict")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == ""
    for game in GAMES:
        assert f"{game}: 0 errors, 0 warnings" in proc.stderr
