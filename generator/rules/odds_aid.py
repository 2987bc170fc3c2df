"""The odds section of a player aid: the exact odds of a game's named rolls, worked out at build time.

Owns :func:`odds_sections` and :func:`roll_odds`. Each roll of ``table.yaml`` with ``aid:`` gives
one small table: a row per value of the option it names, a column per "at least N", each cell
the exact chance (:mod:`generator.dice.odds`, the engine ``pnp odds`` uses) rounded to a whole
percent. The words are the program's own (gettext) and the roll's names the game's, so the
section exists in every language a sheet is printed in; it is marked ``aid`` and so becomes a
player-aid card.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from ..content.table import has_table, load_table
from ..content.table.models import DieSpec, RollSpec, TableSpec
from ..dice.odds import Odds, exact
from ..dice.parse import fill_params, parse
from ..locale import N_, translation
from ..text.localtext import choose
from .sheet import PrintBlock, PrintSection, Sheet

TITLE = N_("Odds: {name}")
AT_LEAST = N_("≥{n}")
ROLL_LINE = N_("The chance of at least each total of **{expr}**:")
MOST_ROWS = 8


def die_values(die: DieSpec) -> tuple[int, ...]:
    """The value of each face of a game's die (a face counted twice appears twice)."""
    if die.faces:
        return tuple(face.value for face in die.faces for _ in range(face.count))
    assert die.sides is not None
    numbers = range(die.first, die.first + die.sides)
    return tuple(die.zero_is if (n == 0 and die.zero_is) else n for n in numbers)


def roll_odds(spec: TableSpec, roll: RollSpec, values: dict[str, int | str]) -> tuple[str, Odds]:
    """A named roll's expression with ``values`` (and defaults for the rest), and its odds."""
    filled: dict[str, object] = {
        name: p.default if p.default is not None else p.min for name, p in roll.params.items()
    }
    filled.update(values)
    text = fill_params(roll.expr, filled)

    def faces(name: str) -> tuple[int, ...] | None:
        die = spec.dice.get(name.rpartition(":")[2])
        return die_values(die) if die is not None else None

    return text, exact(parse(text), faces)


def _rows(roll: RollSpec) -> list[int | str]:
    aid = roll.aid
    assert aid is not None
    if aid.values or aid.rows is None:
        return list(aid.values) or [""]
    param = roll.params[aid.rows]
    return list(range(param.min, min(param.max, param.min + MOST_ROWS - 1) + 1))


def pct(p: Fraction) -> str:
    """A chance as a whole percent, never rounded to a certainty it is not."""
    if p == 0:
        return "–"
    if p == 1:
        return "100%"
    if p < Fraction(1, 200):
        return "<1%"
    if p > Fraction(199, 200):
        return ">99%"
    return f"{round(p * 100)}%"


def roll_table(spec: TableSpec, roll: RollSpec, lang: str) -> list[PrintBlock]:
    """The line giving one roll's expression and its table of odds, in ``lang``."""
    aid = roll.aid
    assert aid is not None
    words = translation(lang)
    rows: list[tuple[str, Odds]] = []
    shown = ""
    for value in _rows(roll):
        fixed: dict[str, int | str] = dict(aid.params)
        if aid.rows is not None:
            fixed[aid.rows] = value
        text, odds = roll_odds(spec, roll, fixed)
        shown = shown or text
        rows.append((str(value), odds))
    first = ""
    if aid.rows is not None:
        label = aid.rows if aid.label is None else choose(aid.label, lang)  # type: ignore[arg-type]
        first = f"N: {label}"
        filled: dict[str, object] = {
            n: p.default if p.default is not None else p.min for n, p in roll.params.items()
        }
        shown = fill_params(roll.expr, {**filled, **aid.params, aid.rows: "N"})
    top = max((max(o.weights, default=0) for _v, o in rows), default=0)
    columns = aid.at_least or list(range(1, max(1, min(top, 5)) + 1))
    header: tuple[str, ...] = tuple(words.gettext(AT_LEAST).format(n=n) for n in columns)
    body = tuple(tuple(pct(o.at_least(n)) for n in columns) for _label, o in rows)
    if aid.rows is not None:  # the column of the option's values
        header = (first, *header)
        body = tuple((label, *cells) for (label, _o), cells in zip(rows, body, strict=True))
    line = words.gettext(ROLL_LINE).format(expr=shown)
    return [PrintBlock("p", items=(line,)), PrintBlock("table", header=header, rows=body)]


def odds_sections(game_root: Path, lang: str) -> list[PrintSection]:
    """One aid section for each roll of the game with ``aid:`` (none when it has none)."""
    if not has_table(game_root):
        return []
    spec = load_table(game_root)
    words = translation(lang)
    out = []
    for rid, roll in spec.rolls.items():
        if roll.aid is not None:
            name = choose(roll.name, lang) if roll.name else rid  # type: ignore[arg-type]
            title = words.gettext(TITLE).format(name=name)
            blocks = tuple(roll_table(spec, roll, lang))
            out.append(PrintSection(f"odds-{rid}", title, True, blocks, lang, "source"))
    return out


def with_odds(sheet: Sheet, game_root: Path) -> Sheet:
    """``sheet`` with the odds section of its game's rolls added at the end."""
    found = odds_sections(game_root, sheet.lang)
    return replace(sheet, sections=(*sheet.sections, *found)) if found else sheet
