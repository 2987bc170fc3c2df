"""The dice notation and rolling: results, limits, located errors, fairness and start-up cost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.companion.dice_roll import DieFaces, roll
from generator.companion.rng import FairSource, SystemSource, fair_source, seed_key, seeded
from generator.dice.parse import DiceError, parse
from generator.errors import PnpError

from .helpers import ROOT, pnp

TABLE_GAME = ROOT / "tests" / "fixtures" / "table_game"


class Scripted:
    """A source that returns faces from a list (value - 1 for a die of that many sides)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def below(self, n: int) -> int:
        return self.faces.pop(0) - 1


def test_keep_highest_sums_the_best_dice() -> None:
    result = roll("4d6kh3", Scripted([6, 2, 5, 1]))
    assert result.total == 13 and result.dice == [6, 2, 5, 1]


@pytest.mark.parametrize(
    ("expr", "faces", "total"),
    [
        ("4d6kl1", [6, 2, 5, 3], 2),
        ("4d6dl1", [6, 2, 5, 3], 14),
        ("4d6dh1", [6, 2, 5, 3], 10),
        ("2d6+3-1", [4, 5], 11),
        ("-d4+10", [3], 7),
    ],
)
def test_keep_drop_and_constants(expr: str, faces: list[int], total: int) -> None:
    assert roll(expr, Scripted(faces)).total == total


def test_exploding_die_adds_a_die_for_each_top_face() -> None:
    result = roll("2d6!", Scripted([6, 6, 2, 3]))
    assert result.dice == [6, 6, 2, 3] and result.total == 17


def test_success_counting_at_or_above_and_at_or_below() -> None:
    assert roll("5d6>=5", Scripted([5, 6, 1, 4, 5])).total == 3
    assert roll("4d10<=3", Scripted([1, 3, 4, 10])).total == 2


def test_leadership_reroll_retries_only_failed_dice_up_to_k() -> None:
    result = roll("4d6>=5r2", Scripted([6, 1, 2, 3, 5, 4]))
    assert result.dice == [6, 5, 4, 3]  # the 1 and the 2 were rolled again; the 3 was not
    assert result.rolls == [6, 1, 2, 3, 5, 4]
    assert result.total == 2


def test_icon_die_scores_once_per_matching_entry() -> None:
    assert roll("1d6@33445", Scripted([4])).total == 2
    assert roll("1d6@33445", Scripted([5])).total == 1
    assert roll("1d6@33445", Scripted([1])).total == 0


def test_content_die_reports_labels_and_reads_zero_as_ten() -> None:
    action = DieFaces((0, 0, 0), ("army", "muster", "eye"))
    result = roll("2d[g:action]", Scripted([3, 1]), lambda name: action)
    assert result.labels == ["eye", "army"]
    ten = DieFaces(tuple([10, *range(1, 10)]), ("0", *[None] * 9))
    assert roll("1d[g:d10]", Scripted([1]), lambda name: ten).total == 10


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        (
            "2d6kx3",
            "unexpected 'x'; expected an operator (+ - * / // % == < > ...) or the end (column 5)\n"
            "  2d6kx3\n      ^",
        ),
        (
            "2d",
            "expected the number of sides after 'd' (d6, d%, dF, d[name]) (column 3)\n  2d\n    ^",
        ),
        ("1000d6", "expected a number of dice from 0 to 999 (column 1)\n  1000d6\n  ^"),
        (
            "600d6+600d6",
            "1200 dice in one roll; expected at most 999 (column 7)\n  600d6+600d6\n        ^",
        ),
        ("3d6kh4", "cannot keep 4 of 3 dice; expected at most 3 (column 4)\n  3d6kh4\n     ^"),
        (
            "3d6r2",
            "expected a success target before r, as in 6d6>=5r2 (column 4)\n  3d6r2\n     ^",
        ),
        (
            "1d1!",
            "every face of d1 would explode, so the roll would never end; expected a selector"
            " that leaves a face out (column 4)\n  1d1!\n     ^",
        ),
        (
            "1d6@37",
            "icon entry 7 is not a face of d6; expected faces only (column 5)\n  1d6@37\n      ^",
        ),
        (
            "2d6 3",
            "unexpected '3'; expected an operator (+ - * / // % == < > ...) or the end (column 5)\n"
            "  2d6 3\n      ^",
        ),
    ],
)
def test_bad_expression_points_at_the_column(expr: str, message: str) -> None:
    with pytest.raises(DiceError) as info:
        parse(expr)
    assert str(info.value) == message


def test_too_long_expression_is_refused() -> None:
    with pytest.raises(DiceError, match="expected at most 200 characters"):
        parse("1+" * 100 + "1")


def test_explosions_stop_at_a_thousand_rolls() -> None:
    class Sixes:
        def below(self, n: int) -> int:
            return n - 1

    with pytest.raises(DiceError, match="more than 1000 dice rolled"):
        roll("2d6!", Sixes())


@given(st.text(alphabet="0123456789dDkKhHlLrR!@<>=+-% []x:a\t", max_size=60) | st.text(max_size=30))
@settings(max_examples=400, deadline=None)
def test_any_text_either_rolls_or_raises_a_project_error(text: str) -> None:
    try:
        result = roll(text, seeded(7))
    except PnpError:
        return
    assert isinstance(result.total, int)
    assert len(result.rolls) <= 1000


def chi_square(counts: Counter[int], sides: int, n: int) -> float:
    expected = n / sides
    return sum((counts.get(face, 0) - expected) ** 2 / expected for face in range(1, sides + 1))


# 0.1% critical values of the chi-square distribution for sides - 1 degrees of freedom
CRITICAL = {6: 20.515, 8: 24.322, 10: 27.877}


@pytest.mark.parametrize("sides", [6, 8, 10])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_dice_pass_chi_square_at_alpha_0_001(sides: int, seed: int) -> None:
    source = seeded(seed)
    counts: Counter[int] = Counter()
    for _ in range(6):
        counts.update(roll(f"999d{sides}", source).rolls)
    assert sum(counts.values()) == 5994
    assert chi_square(counts, sides, 5994) < CRITICAL[sides], counts


@pytest.mark.parametrize("sides", [6, 8, 10])
def test_os_entropy_dice_pass_chi_square(sides: int) -> None:
    # alpha 0.001 per run would fail one CI run in a thousand per die; three independent
    # samples must all fail for the test to fail, which a biased source does every time
    results = []
    for _ in range(3):
        counts = Counter()
        source = SystemSource()
        for _ in range(6):
            counts.update(roll(f"999d{sides}", source).rolls)
        results.append(chi_square(counts, sides, 5994) < CRITICAL[sides])
    assert any(results)


@pytest.mark.parametrize("n", [1, 2, 7, 255, 256, 257, 1000, 65536, 10**12])
def test_os_entropy_below_stays_in_range_and_reaches_both_ends(n: int) -> None:
    source = SystemSource()
    draws = [source.below(n) for _ in range(4000)]
    assert all(0 <= d < n for d in draws)
    if n <= 256:
        assert set(draws) == set(range(n))
    else:  # each half of the range is drawn about half the time
        low = sum(d < n // 2 for d in draws)
        assert 1700 < low < 2300, low


def test_first_stream_spends_one_block_per_draw_and_rejects_above_the_last_multiple() -> None:
    source = fair_source(b"k", 0, stream=1)
    limit_for_three = (1 << 256) - ((1 << 256) % 3)
    values = [source.block(i) for i in range(50)]
    assert all(v < limit_for_three for v in values)  # nothing to reject in practice ...
    assert [source.below(3) for _ in range(50)] == [v % 3 for v in values]
    assert source.counter == 50  # ... so one block per draw


def test_byte_stream_reads_one_byte_per_small_die_and_skips_biased_bytes() -> None:
    source = FairSource(b"k")
    stream = b"".join(source.digest(i) for i in range(4))
    limit = 256 - 256 % 6  # bytes 252..255 would favour faces 1..4
    expected = [b % 6 for b in stream if b < limit][:100]
    assert [source.below(6) for _ in range(100)] == expected
    assert source.counter == 4  # 32 bytes a block: 100 dice from four blocks


def test_byte_stream_large_ranges_take_whole_bytes_masked_to_the_bit_length() -> None:
    source = FairSource(b"k")
    block = source.digest(0)
    n = 1000  # 10 bits: two bytes, the top 6 bits dropped
    firsts = [int.from_bytes(block[i : i + 2], "big") >> 6 for i in range(0, 32, 2)]
    expected = [x for x in firsts if x < n]
    assert [source.below(n) for _ in range(len(expected))] == expected
    assert source.counter == 1


def test_a_seeded_session_records_its_stream_and_an_old_log_replays_the_first_one(
    tmp_path: Path,
) -> None:
    from generator.companion.engine import Table, new_session
    from generator.companion.verify import verify

    path = tmp_path / "s.jsonl"
    new_session(str(TABLE_GAME), path, [], seed=3)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["stream"] == 2
    del header["stream"]  # a log written before the byte stream
    path.write_text(json.dumps(header) + "\n")
    table = Table(path)
    event = table.run("roll", {"expr": "3d6", "game": "table_game"})
    first = fair_source(seed_key(3), 0, stream=1)
    assert event["out"]["dice"] == [first.below(6) + 1 for _ in range(3)]
    assert event["ctr"] == [0, 3]
    assert verify(path)["ok"]


# A range where a modulo is badly biased: three equal thirds of n, and n sized so that the
# source's raw range covers 4/3 of it. Taking ``raw % n`` folds the top quarter of the raw range
# onto the first third, which is then drawn half the time instead of a third of it.
THIRDS_CRITICAL = 13.816  # chi-square, 2 degrees of freedom, alpha 0.001


def thirds_chi_square(draws: list[int], n: int) -> float:
    """Chi-square of ``draws`` against a uniform spread over the three thirds of ``[0, n)``."""
    counts = Counter(3 * d // n for d in draws)
    assert set(counts) <= {0, 1, 2}
    expected = len(draws) / 3
    return sum((counts.get(k, 0) - expected) ** 2 / expected for k in range(3))


def test_fair_source_rejects_the_top_of_its_range_for_a_uniform_result() -> None:
    n = 3 << 254  # three quarters of the 256-bit block range: a modulo would favour [0, n/3)
    source = seeded(7)
    draws = [source.below(n) for _ in range(3000)]
    assert all(0 <= d < n for d in draws)
    assert thirds_chi_square(draws, n) < THIRDS_CRITICAL
    assert source.counter > 3000  # about one block in four was rejected and redrawn


@pytest.mark.parametrize("n", [192, 3 << 14])  # one byte per die; two bytes per draw
def test_os_entropy_rejects_instead_of_taking_a_biased_modulo(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import random

    stream = random.Random(11)  # deterministic bytes in place of the OS's
    monkeypatch.setattr(os, "urandom", lambda k: stream.randbytes(k))
    source = SystemSource()
    draws = [source.below(n) for _ in range(3000)]
    assert all(0 <= d < n for d in draws)
    assert thirds_chi_square(draws, n) < THIRDS_CRITICAL


def test_cli_roll_json_with_seed_is_reproducible_and_has_total_and_dice(tmp_path: Path) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path)}
    first = json.loads(pnp("roll", "3d6+2", "--seed", "42", "--json", env=env).stdout)
    second = json.loads(pnp("roll", "3d6+2", "--seed", "42", "--json", env=env).stdout)
    assert first == second
    assert first["total"] == sum(first["dice"]) + 2 and len(first["dice"]) == 3


def test_cli_bad_expression_prints_one_error_with_a_caret_and_exits_1(tmp_path: Path) -> None:
    run = pnp("roll", "4d6kq", env={**os.environ, "PNP_DATA_DIR": str(tmp_path)})
    assert run.returncode == 1
    assert run.stderr == (
        "Error: unexpected 'q'; expected an operator (+ - * / // % == < > ...) or the end (column 5)\n"
        "  4d6kq\n      ^\n"
    )
    assert "Traceback" not in run.stderr


def test_cli_named_roll_clamps_strength_to_five_dice(tmp_path: Path) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path)}
    run = pnp(
        "roll",
        "five-armies:combat",
        "--strength",
        "8",
        "--leadership",
        "2",
        "--target",
        "6",
        "--seed",
        "3",
        "--json",
        env=env,
    )
    data = json.loads(run.stdout)
    assert data["text"].startswith("5d6>=6r2 = ")
    assert data["notes"] and "5" in data["notes"][0]


def test_cli_named_roll_rejects_an_unknown_option(tmp_path: Path) -> None:
    run = pnp(
        "roll",
        "five-armies:combat",
        "--strenght",
        "4",
        env={**os.environ, "PNP_DATA_DIR": str(tmp_path)},
    )
    assert run.returncode == 2
    assert "five-armies:combat takes no --strenght; did you mean 'strength'?" in run.stderr


def test_roll_2d6_imports_nothing_from_the_pdf_side_or_the_content_loader(tmp_path: Path) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "generator.cli", "roll", "2d6"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert run.returncode == 0
    modules = {
        line.split("|")[-1].strip().split(".")[0]
        for line in run.stderr.splitlines()
        if line.startswith("import time:")
    }
    full = {
        line.split("|")[-1].strip()
        for line in run.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert not {"msgspec", "reportlab", "jinja2", "PIL", "yaml"} & modules
    # OS entropy needs no HMAC: OpenSSL (hashlib, hmac) loads only for seeded and fair sources
    assert not {"hashlib", "hmac"} & modules
    # the dice grammar is content's (table.yaml is validated with it), as is the list of
    # languages (the language rule, which imports nothing); nothing else of content loads
    grammar = {"generator.content", "generator.text.localtext"}
    grammar |= {f"generator.content.dice_{m}" for m in ("ast", "parse", "mods")}
    assert not any(
        (m.startswith("generator.content") and m not in grammar) or m.startswith("generator.render")
        for m in full
    )


def test_plain_roll_is_recorded_in_the_current_session(tmp_path: Path) -> None:
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path)}
    assert pnp("session", "new", "pocket-battles", env=env).returncode == 0
    assert pnp("roll", "2d6", env=env).returncode == 0
    assert pnp("roll", "1d6", "--no-session", env=env).returncode == 0
    log = json.loads(pnp("log", "--json", env=env).stdout)
    rolls = [e for e in log["events"] if e.get("type") == "roll"]
    assert [e["args"]["expr"] for e in rolls] == ["2d6"]


@pytest.mark.parametrize("sides", [2, 6, 20, 100, 256, 300])
def test_a_batch_of_faces_is_what_one_die_at_a_time_gives(sides: int) -> None:
    one, batch = seeded(9), seeded(9)
    singly = [one.below(sides) + 1 for _ in range(700)]
    assert batch.dice_faces(sides, 700) == singly
    assert batch.counter == one.counter
    system = SystemSource()
    assert all(1 <= f <= sides for f in system.dice_faces(sides, 500))
