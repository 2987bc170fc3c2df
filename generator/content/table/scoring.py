"""Scores of ``table.yaml`` (``scoring:``): formulas over named inputs, lookup tables, tie-breaks.

One block serves every game. A score names its **inputs** (numbers, or names taken from a lookup
table, typed on the command line), its **tables** (a name or a number to a number or a text) and
its **results**, worked out in order. A result's ``value`` is written in the arithmetic of the dice
notation (``+ - * / // %``, comparisons giving 1 or 0, ``(a, b)kh1`` for the larger of two) over
placeholders:

* ``{input}``: a number typed, or for a list of names the sum of the input's table over them;
* ``{result}``: a result worked out before this one;
* ``{table:input}``: the sum of another table's numbers over the names given to ``input``.

A result may tell a text from a table (``says``): the row of the largest number key not above the
value (a combat results table), ``{input}`` choosing the table by a name given. A result with
``ties`` reads them in order when its value is 0: each step compares my number and theirs, the
first that differs decides (1 for me, -1 for them), a ``winner`` step names the result when every
step before it tied.
"""

from collections.abc import Callable
from typing import Annotated, Literal

from msgspec import Meta, field

from ...dice.formula import DICE, PLACEHOLDER, placeholders
from ...dice.parse import DiceError, parse
from ...locale import _
from ..types import LocalText, Model, Slug, doc

Formula = Annotated[
    str,
    Meta(min_length=1, max_length=200),
    doc(
        "Dice-notation arithmetic without dice (+ - * / // %, comparisons giving 1 or 0, "
        "(a, b)kh1 for the larger) over {input}, {result} and {table:input}."
    ),
]


class Fact(Model, frozen=True, kw_only=True):
    """Where a value of table.yaml comes from, and whether it is an estimate."""

    source: Annotated[
        str | None, doc("Where this fact comes from (seed file, rule book and page).")
    ] = None
    estimate: Annotated[
        bool, doc("True when the value is not known from a source; users may correct it.")
    ] = False


class ParamSpec(Model, frozen=True, kw_only=True):
    """A value typed on the command line: a roll's ``--strength 4`` or a score's ``--hold a,b``."""

    kind: Annotated[
        Literal["number", "icons", "names"],
        doc(
            "number: a whole number; icons: a digit string such as 33445; names: names from the "
            "table `of`, separated by commas (a score's input)."
        ),
    ] = "number"
    of: Annotated[Slug | None, doc("names: the lookup table whose keys may be given.")] = None
    default: Annotated[
        int | str | None, doc("Value when the option is not given; null: the option must be given.")
    ] = 0
    repeat: Annotated[
        bool,
        doc(
            "names: the same name may be given more than once and each counts (two towns); "
            "false: a name given twice counts once."
        ),
    ] = False
    min: Annotated[int, doc("Smallest allowed value (names: fewest names).")] = 0
    max: Annotated[int, doc("Largest allowed value (names: most names).")] = 999
    step: Annotated[
        Annotated[int, Meta(ge=1, le=1000)],
        doc("The value must be a multiple of this (army sizes in tens)."),
    ] = 1
    clamp: Annotated[
        bool, doc("Lower a larger value to max instead of refusing it (the game's dice cap).")
    ] = False
    help: Annotated[LocalText | None, doc("What the value means.")] = None

    def __post_init__(self) -> None:
        if (self.kind == "names") != (self.of is not None):
            raise ValueError(_("an input of names needs `of`, and only it"))
        if self.repeat and self.kind != "names":
            raise ValueError(_("only an input of names may repeat"))


class TieStep(Model, frozen=True, kw_only=True):
    """One step of a tie-break list: compare my number with theirs, or name the winner."""

    name: Annotated[LocalText, doc("What the step decides by, told with the result.")]
    mine: Annotated[Formula | None, doc("My number.")] = None
    theirs: Annotated[Formula | None, doc("The other side's number.")] = None
    better: Annotated[Literal["higher", "lower"], doc("Which number wins the step.")] = "higher"
    winner: Annotated[LocalText | None, doc("The result when every step before tied.")] = None
    seat: Annotated[
        Annotated[int, Meta(ge=1, le=12)] | None,
        doc(
            "With winner: the seat (1 = the first in the session's order of play) of the player "
            "who wins; a session that names its players tells the winner by name."
        ),
    ] = None

    def __post_init__(self) -> None:
        if (self.mine is None) != (self.theirs is None):
            raise ValueError(_("a compare step needs both mine and theirs"))
        if (self.mine is None) == (self.winner is None):
            raise ValueError(_("a step gives either mine and theirs, or winner"))


class ResultSpec(Model, frozen=True, kw_only=True):
    """One result of a score, worked out from the inputs and the results before it."""

    name: Annotated[
        LocalText | None, doc("Shown name (default: the glossary term of the result's id).")
    ] = None
    value: Annotated[
        Formula,
        doc(
            "The number: dice-notation arithmetic without dice (+ - * / // %, comparisons "
            "giving 1 or 0, (a, b)kh1 for the larger) over {input}, {result} and "
            "{table:input}; 0 when left out (the ties decide)."
        ),
    ] = "0"
    when: Annotated[
        Formula | None, doc("Work the result out only when this is not 0 (e.g. a side broke).")
    ] = None
    says: Annotated[
        str | None,
        doc(
            "A table whose text is told for the value: the row of the largest number key not "
            "above it; {input} names the table by the one name given to that input."
        ),
    ] = None
    ties: Annotated[
        Annotated[list[TieStep], Meta(max_length=10)],
        doc("Read in order when the value is 0; the first step that differs decides (1 or -1)."),
    ] = field(default_factory=list)


TableValue = int | LocalText  # a lookup table's entry: a number or a text


class ScoreSpec(Fact, frozen=True, kw_only=True):
    """A score: inputs typed at the table, lookup tables and results worked out in order."""

    inputs: Annotated[
        Annotated[dict[Slug, ParamSpec], Meta(max_length=30)],
        doc("What the players type: `pnp score calc GAME:SCORE --INPUT VALUE`."),
    ] = field(default_factory=dict)
    tables: Annotated[
        Annotated[
            dict[
                Slug,
                Annotated[
                    dict[Annotated[str, Meta(max_length=64)], TableValue], Meta(max_length=500)
                ],
            ],
            Meta(max_length=50),
        ],
        doc(
            "Lookup tables: a name or a whole number to a number or a text (number keys are "
            "read as the largest not above the value)."
        ),
    ] = field(default_factory=dict)
    results: Annotated[
        Annotated[dict[Slug, ResultSpec], Meta(max_length=30)],
        doc(
            "Worked out in order; a result is told when the results it names were, and one "
            "of the inputs it names (in value, when or its first tie step) was given."
        ),
    ]


def check_score(score: ScoreSpec, add: Callable[[tuple[str | int, ...], str], None]) -> None:
    """Report every broken reference or formula of one score through ``add(path, message)``."""

    for iid, param in score.inputs.items():
        if param.kind == "icons":
            add(("inputs", iid, "kind"), _("a score's input is a number or names"))
        if param.of is not None and param.of not in score.tables:
            add(("inputs", iid, "of"), _("no table {table!r}").format(table=param.of))
    earlier: set[str] = set()

    def check(path: tuple[str | int, ...], formula: str) -> None:
        for name, table in placeholders(formula):
            if table is not None and table not in score.tables:
                add(path, _("no table {table!r}").format(table=table))
            elif name in score.inputs:
                param = score.inputs[name]
                source = score.tables.get(table or param.of or "", {})
                if param.kind == "names" and not all(isinstance(v, int) for v in source.values()):
                    said = _("{{{name}}} adds up texts; name a table of numbers: {{TABLE:{name}}}")
                    add(path, said.format(name=name))
            elif table is not None or name not in earlier:
                add(
                    path,
                    _("{{{name}}} is neither an input nor an earlier result").format(name=name),
                )
        try:
            expr = parse(PLACEHOLDER.sub("(1)", formula))
        except DiceError as exc:
            add(
                path,
                _("{message} (column {col} of {text!r})").format(
                    message=exc.message, col=exc.col, text=formula
                ),
            )
            return
        if DICE.search(expr.text):
            add(path, _("a score formula cannot roll dice"))

    for rid, result in score.results.items():
        check(("results", rid, "value"), result.value)
        if result.when is not None:
            check(("results", rid, "when"), result.when)
        for n, step in enumerate(result.ties):
            for key in ("mine", "theirs"):
                formula = getattr(step, key)
                if formula is not None:
                    check(("results", rid, "ties", n, key), formula)
        if result.says is not None:
            _check_says(score, result.says, ("results", rid, "says"), add)
        earlier.add(rid)


def _check_says(
    score: ScoreSpec,
    says: str,
    path: tuple[str | int, ...],
    add: Callable[[tuple[str | int, ...], str], None],
) -> None:
    chosen = [name for name, _table in placeholders(says)]
    if not chosen:
        if says not in score.tables:
            add(path, _("no table {table!r}").format(table=says))
        return
    param = score.inputs.get(chosen[0])
    if len(chosen) > 1 or param is None or param.of is None or param.max != 1:
        add(path, _("{{INPUT}} must name an input of one name (kind: names, max: 1)"))
        return
    for key in score.tables.get(param.of, {}):
        table = PLACEHOLDER.sub(key, says)
        if table not in score.tables:
            add(path, _("no table {table!r} for the name {name!r}").format(table=table, name=key))
