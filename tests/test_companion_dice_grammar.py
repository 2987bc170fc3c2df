"""The d20 dice grammar: every operator with exact totals, precedence, sets, selectors, limits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.companion.dice_roll import DieFaces, roll, roll_expr
from generator.companion.rng import SystemSource, seeded
from generator.dice.parse import DiceError, parse


class Scripted:
    """A source that returns faces from a list (value - 1 for a die of that many sides)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def below(self, n: int) -> int:
        face = self.faces.pop(0)
        assert 1 <= face <= n, (face, n)
        return face - 1


class Always:
    """Every die shows the same face (1 = lowest, 0 = highest)."""

    def __init__(self, face: int) -> None:
        self.face = face

    def below(self, n: int) -> int:
        return n - 1 if self.face == 0 else self.face - 1


ARITHMETIC = [
    ("7", 7),
    ("+7", 7),
    ("-7", -7),
    ("--7", 7),
    ("1+2*3", 7),
    ("(1+2)*3", 9),
    ("10-4-3", 3),
    ("2*3+4*5", 26),
    ("20/3", 6),
    ("-7/2", -4),
    ("20//3", 6),
    ("7//2*2", 6),
    ("20%6", 2),
    ("-7%3", 2),
    ("2+3%2", 3),
    ("3==3", 1),
    ("3=3", 1),
    ("3!=3", 0),
    ("2<3", 1),
    ("3>2", 1),
    ("3<=3", 1),
    ("2>=3", 0),
    ("1+2==3", 1),
    ("1<2==1", 1),
    ("2*(3+(4-1))", 12),
    ("9[fire]", 9),
    ("9[fire] + 1[cold]", 10),
]


@pytest.mark.parametrize(("expr", "total"), ARITHMETIC)
def test_numbers_arithmetic_and_comparisons_follow_the_usual_precedence(
    expr: str, total: int
) -> None:
    result = roll(expr, Scripted([]))
    assert result.total == total and result.rolls == []


DICE = [
    ("2d6", [3, 4], 7),
    ("d20", [17], 17),
    ("d%", [100], 100),
    ("4dF", [1, 2, 3, 3], 1),  # -1, 0, +1, +1
    ("0d6", [], 0),
    ("0d6+3", [], 3),
    ("(1d4+1)*2", [3], 8),
    ("2d6*10", [1, 2], 30),
    ("-2d6+20", [5, 6], 9),
    ("2d6[slashing]+1", [2, 3], 6),
    # keep and drop, with every selector
    ("4d6kh3", [6, 2, 5, 1], 13),
    ("4d6kl1", [6, 2, 5, 1], 1),
    ("4d6k", [6, 2, 5, 1], 6),
    ("4d6k1", [1, 1, 5, 6], 2),
    ("4d6p1", [1, 1, 5, 6], 11),
    ("4d6ph1", [6, 2, 5, 1], 8),
    ("4d6pl1", [6, 2, 5, 1], 13),
    ("4d6dl1", [6, 2, 5, 1], 13),
    ("4d6dh1", [6, 2, 5, 1], 8),
    ("4d6k>4", [6, 2, 5, 1], 11),
    ("4d6k<3", [6, 2, 5, 1], 3),
    ("4d6p=6", [6, 2, 5, 1], 8),
    ("4d6k>=5", [6, 2, 5, 1], 11),
    ("4d6k<=2", [6, 2, 5, 1], 3),
    # chaining: equal operators in a row merge, different ones act in turn
    ("10d6k1k2k3", [1, 2, 3, 4, 5, 6, 1, 2, 3, 4], 12),
    ("4d6kh1kl1", [6, 2, 5, 1], 7),
    ("5d6kh2pl1", [6, 2, 5, 1, 3], 6),
    # re-rolls
    ("4d6ro1", [1, 4, 1, 6, 1, 2], 13),
    ("1d20rr<3", [1, 2, 15], 15),
    ("2d6rr1", [1, 1, 1, 3, 4], 7),
    ("4d6ra1", [1, 1, 5, 6, 3], 16),
    ("4d6ra6", [1, 1, 5, 6, 6], 19),
    # explosions
    ("3d6e6", [6, 2, 6, 3, 6, 1], 24),
    ("1d6e>4", [5, 6, 1], 12),
    ("2d6!", [6, 6, 2, 3], 17),
    ("2d6!>=5", [5, 1, 2], 8),
    ("1d6e", [6, 6, 3], 15),
    # minimum and maximum
    ("10d6mi2", [1, 2, 3, 4, 5, 6, 1, 1, 1, 1], 30),
    ("10d6ma5", [1, 2, 3, 4, 5, 6, 6, 6, 6, 6], 40),
    ("1d6mi3mi2", [1], 3),
    ("4d6mi3kh1", [1, 1, 2, 2], 3),
    # operators act in the order written
    ("4d6kh2ro1", [1, 1, 5, 6], 11),
    ("4d6ro1kh2", [1, 1, 5, 6, 6, 2], 12),
]


@pytest.mark.parametrize(("expr", "faces", "total"), DICE)
def test_every_dice_operator_gives_the_exact_total(expr: str, faces: list[int], total: int) -> None:
    source = Scripted(faces)
    result = roll(expr, source)
    assert result.total == total
    assert (
        source.faces == []
        and result.rolls == [f - 2 if "dF" in expr else f for f in faces]
        or "dF" in expr
    )


SETS = [
    ("(1d4, 2+2, 3d6kl1)kh1", [3, 6, 5, 2], 4),
    ("(1d4, 2+2, 3d6kl1)kl1", [3, 6, 5, 2], 2),
    ("(1, 2, 3)", [], 6),
    ("(1, 2, 3)kh2", [], 5),
    ("(1, 2, 3)pl1", [], 5),
    ("(1, 5, 3)k>2", [], 8),
    ("(1, 5, 3)p<=3", [], 5),
    ("(1, 5, 3)k5k1", [], 6),
    ("(5,)", [], 5),
    ("(5,)p5", [], 0),
    ("()", [], 0),
    ("(2d6)kh1", [4, 5], 5),
    ("(2d6, 1)kh1", [4, 5], 9),
    ("((2, 8)kh1, 3)kl1", [], 3),
    ("(1+2)k1", [], 0),
    ("(1+2)k3", [], 3),
    ("(1d6, 1d6)kh1 + 2", [2, 5], 7),
]


@pytest.mark.parametrize(("expr", "faces", "total"), SETS)
def test_sets_keep_and_drop_whole_items(expr: str, faces: list[int], total: int) -> None:
    assert roll(expr, Scripted(faces)).total == total


SUCCESSES = [
    ("6d6>=5", [5, 6, 1, 4, 5, 2], 3),  # directly on dice: counts the dice
    ("6d6 >= 5", [5, 6, 1, 4, 5, 2], 3),
    ("3d6=6", [6, 6, 1], 2),
    ("3d6==6", [6, 6, 1], 2),
    ("3d6!=6", [6, 6, 1], 1),
    ("2d6 >= 7", [3, 4], 0),  # each die against 7, not the total
    ("(2d6) >= 7", [3, 4], 1),  # brackets: the total against 7
    ("2d6+0 >= 7", [3, 4], 1),
    ("1d20+2 >= 15", [13], 1),
    ("1d20+2 >= 15", [12], 0),
    ("1d20 >= 15", [15], 1),
    ("2d6 > 1d6", [3, 4, 6], 1),  # dice on the right: totals
    ("2d6>=5+1", [5, 1], 2),  # successes, then + 1
    ("6d6>=5 >= 3", [5, 6, 1, 4, 5, 2], 1),  # at least three successes
    ("4d6>=5r2", [6, 1, 2, 3, 5, 4], 2),
    ("4d6kh2>=5", [6, 1, 5, 3], 2),
]


@pytest.mark.parametrize(("expr", "faces", "total"), SUCCESSES)
def test_comparison_on_dice_counts_successes_and_on_totals_gives_one_or_zero(
    expr: str, faces: list[int], total: int
) -> None:
    assert roll(expr, Scripted(faces)).total == total


@pytest.mark.parametrize(
    ("expr", "total"),
    [
        ("10d1", 10),
        ("3d1kh2", 2),
        ("1d1+1d1*3", 4),
        ("(1d1, 2d1, 3d1)kh1", 3),
        ("4d1ro1", 4),
        ("3d1mi4", 12),
        ("3d1ma0", 0),
        ("5d1p1", 0),
        ("2d1ra1", 3),
        ("6d1>=1", 6),
        ("1d1 == 1", 1),
    ],
)
def test_degenerate_dice_give_the_same_total_from_any_source(expr: str, total: int) -> None:
    assert roll(expr, SystemSource()).total == total
    assert roll(expr, seeded(9)).total == total


def test_json_names_each_die_and_what_happened_to_it() -> None:
    data = roll("4d6ro1kh3 + 1d6e6", Scripted([1, 4, 2, 6, 3, 6, 2])).to_json()
    assert data["total"] == 3 + 4 + 6 + 6 + 2
    assert data["detail"] == [
        [
            {"die": "d6", "value": 3, "kept": True, "rolled": [1, 3], "rerolled": True},
            {"die": "d6", "value": 4, "kept": True},
            {"die": "d6", "value": 2, "kept": False},
            {"die": "d6", "value": 6, "kept": True},
        ],
        [
            {"die": "d6", "value": 6, "kept": True, "exploded": True},
            {"die": "d6", "value": 2, "kept": True, "added": "explosion"},
        ],
    ]
    assert data["text"] == "4d6ro1kh3 + 1d6e6 = [1→3, 4, ~2, 6] + [6, !2] = 21"


def test_json_marks_dice_raised_by_a_minimum() -> None:
    data = roll("2d6mi3", Scripted([1, 5])).to_json()
    assert data["detail"][0][0] == {
        "die": "d6",
        "value": 3,
        "kept": True,
        "rolled": [1, 3],
        "set_by": "mi",
    }
    assert data["dice"] == [3, 5] and data["rolls"] == [1, 5]


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize(
    "expr", ["2d6", "4d6kh3", "-d4+10", "3d8kl2 - 2d4ph1 + 7", "0d6+1", "d% - -1", "6d6pl2"]
)
def test_fast_path_agrees_with_the_full_evaluator(expr: str, seed: int) -> None:
    fast = roll(expr, seeded(seed)).to_json()
    full = roll_expr(parse(expr), seeded(seed)).to_json()
    assert fast == full


LIMITS = [
    ("1" + "+1" * 100, 201, "expected at most 200 characters"),
    ("(" * 51 + "1" + ")" * 51, 51, "expected at most 50 levels of brackets and signs"),
    ("-" * 51 + "1", 51, "expected at most 50 levels of brackets and signs"),
    ("1000d6", 1, "expected a number of dice from 0 to 999"),
    ("600d6+600d6", 7, "1200 dice in one roll; expected at most 999"),
    ("1d10001", 3, "expected a number of sides from 1 to 10000"),
    ("1000001", 1, "expected a number from 0 to 1000000"),
    ("1/0", 2, "cannot divide by zero"),
    ("5 // (2-2)", 3, "cannot divide by zero"),
    ("5%0d6", 2, "cannot divide by zero"),
    ("1d6rr<7", 4, "every face of d6 would be re-rolled"),
    ("1d6rrh1", 4, "expected a face (rr1) or a comparison (rr<3) after rr"),
    ("4dFe>-1", 6, "expected a face value"),
    ("1d1e1", 4, "every face of d1 would explode"),
    ("1d6mih2", 4, "expected a face value after mi"),
    ("(1, 2)e6", 7, "expected k or p here; 'e' works on dice, not on a set"),
    ("1d6p", 5, "expected a selector after 'p'"),
    ("(1, 2", 6, "expected ',' or ')' to close the '(' of column 1"),
    ("1 + )", 5, "expected a number, dice such as 2d6, or '('"),
    ("2d6)", 4, "this ')' closes nothing"),
    ("1, 2", 2, "',' only separates set items"),
    ("2d6 [fire", 5, "expected ']' to close this note"),
    ("", 1, "expected a dice expression"),
]


@pytest.mark.parametrize(("expr", "col", "message"), LIMITS)
def test_each_limit_and_refusal_says_what_was_expected_at_its_column(
    expr: str, col: int, message: str
) -> None:
    with pytest.raises(DiceError) as info:
        roll(expr, Always(3))
    assert info.value.col == col
    assert info.value.message.startswith(message) or message in info.value.message
    assert "expected" in info.value.message or "cannot" in info.value.message
    assert str(info.value).splitlines()[-1] == "  " + " " * (col - 1) + "^"


def test_five_thousand_nested_brackets_are_a_clean_error() -> None:
    for text in ("(" * 5000 + "1" + ")" * 5000, "-" * 5000 + "1", "((" * 40 + "1"):
        with pytest.raises(DiceError):
            roll(text, Always(1))


@pytest.mark.parametrize(
    ("expr", "face"),
    [("999d6rr1", 1), ("500d6e6", 0), ("2d6!", 0), ("10d6e>5", 0), ("2d[g:top]e", 0)],
)
def test_total_rolls_stop_at_a_thousand_with_loops_included(expr: str, face: int) -> None:
    with pytest.raises(DiceError, match="more than 1000 dice rolled") as info:
        roll(expr, Always(face), lambda name: DieFaces((1, 2, 3)))
    assert info.value.col == 1


def test_loops_under_the_limit_count_every_face() -> None:
    result = roll("3d6rr1", Scripted([1, 1, 1, 1, 2, 3, 4]))
    assert result.total == 9 and len(result.rolls) == 7


# ---------------------------------------------------------------- generated expressions

SELECTORS = st.sampled_from(["", "h", "l", "<", ">", "=", ">=", "<="]).flatmap(
    lambda kind: st.integers(0, 12).map(lambda n: f"{kind}{n}")
)
DICE_OPS = st.sampled_from(["k", "p", "rr", "ro", "ra", "e", "mi", "ma", "!", "dh", "dl"])
ATOMS = st.one_of(
    st.integers(0, 30).map(str),
    st.tuples(
        st.integers(0, 12),
        st.sampled_from(["4", "6", "1", "2", "20", "%", "F"]),
        st.lists(st.tuples(DICE_OPS, SELECTORS), max_size=3),
        st.sampled_from(["", ">=4", "<2", "=1", ">=5r2", "@123"]),
    ).map(lambda t: f"{t[0]}d{t[1]}" + "".join(a + b for a, b in t[2]) + t[3]),
)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    ops = st.sampled_from(["+", "-", "*", "/", "//", "%", "==", "!=", "<", ">", "<=", ">="])
    return st.one_of(
        st.tuples(children, ops, children).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        children.map(lambda c: f"-{c}"),
        children.map(lambda c: f"({c})"),
        st.lists(children, max_size=4).map(lambda xs: "(" + ", ".join(xs) + ",)"),
        st.tuples(st.lists(children, min_size=1, max_size=3), SELECTORS).map(
            lambda t: "(" + ", ".join(t[0]) + ")kh" + t[1][-1:]
        ),
        children.map(lambda c: f"{c}[note]"),
    )


EXPRESSIONS = st.recursive(ATOMS, _combine, max_leaves=12)


@given(EXPRESSIONS, st.integers(0, 10**6))
@settings(max_examples=600, deadline=None)
def test_generated_expressions_roll_or_raise_only_the_documented_error(
    text: str, seed: int
) -> None:
    try:
        result = roll(text, seeded(seed))
    except DiceError as exc:
        assert exc.col >= 1 and str(exc).count("\n") == 2
        assert "expected" in exc.message, exc.message
        return
    assert isinstance(result.total, int)
    assert len(result.rolls) <= 1000
    data = result.to_json()
    assert data["text"].endswith(f"= {result.total}")


@given(st.text(alphabet="0123456789dDFkKhHlLpPrRoOaAeEmMiI!@<>=+-*/%,()[]x: ", max_size=80))
@settings(max_examples=600, deadline=None)
def test_any_text_rolls_or_raises_only_the_documented_error(text: str) -> None:
    try:
        result = roll(text, seeded(3))
    except DiceError as exc:
        assert "expected" in exc.message and 1 <= exc.col <= len(text) + 1, exc
        return
    assert isinstance(result.total, int)


# ---------------------------------------------------------------- documentation


def _readme_examples() -> list[str]:
    from .helpers import ROOT

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## Dice notation", 1)[1].split("\n\n", 3)[2]
    rows = [line.split("|")[3] for line in table.splitlines() if line.startswith("| `")]
    return [ex for row in rows for ex in row.split("`")[1::2]]


def test_readme_table_has_an_example_for_every_operator_and_each_rolls() -> None:
    examples = _readme_examples()
    joined = " ".join(examples)
    for op in ("d%", "dF", "*", "//", ">=", "(", ",", "[", "kh", "pl", "rr", "ro", "ra", "e6"):
        assert op in joined, op
    for op in ("mi", "ma", "@", ">=5r"):
        assert op in joined, op
    for example in examples:
        result = roll(example, seeded(1), lambda name: DieFaces((0, 1)))
        assert isinstance(result.total, int), example


def test_roll_help_lists_every_operator() -> None:
    from .helpers import pnp

    run = pnp("roll", "--help")
    assert run.returncode == 0
    for op in ("rrS", "roS", "raS", "eS", "miN", "maN", "kS", "pS", "dF", "d%", "//", "!=", "(a,)"):
        assert op in run.stdout, op
