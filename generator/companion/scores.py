"""Scores worked out from a game's ``scoring:`` data (the score pad is :mod:`.pad`).

One evaluator serves every game (see :mod:`generator.content.table.scoring` for the block): the
inputs typed on the command line are read and checked, each result's formula is filled with
numbers and worked out by the dice evaluator (no dice: plain arithmetic), a lookup table tells the
result's text and a tie-break list decides a tie. Every bad input is a :class:`TableError` naming
the option; an input a result needs but nobody gave is asked for by name.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from ..dice.formula import PLACEHOLDER, placeholders, read_row
from ..dice.parse import DiceError, parse
from ..locale import _
from .dice_ops import Roller
from .errtext import TableError
from .i18n import Terms, pick
from .names import find, listing

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.scoring import ScoreSpec


class _NoDice:
    """A source for formulas that roll nothing (the table check refuses dice in a score)."""

    def below(self, n: int) -> int:
        raise TableError(_("a score formula cannot roll dice"))


def work_out(text: str) -> int:
    """The number a filled-in formula comes to."""
    try:
        return Roller(parse(text), _NoDice(), None).run().total  # type: ignore[arg-type]
    except DiceError as exc:
        raise TableError(
            _("cannot work out {formula}: {message}"), formula=text, message=exc.message
        ) from None


def _things(spec: ScoreSpec, table_id: str | None) -> dict[str, tuple[str | None, object]]:
    """The names a table lists: each key, named by the glossary or by the table's text."""
    table = spec.tables[table_id or ""]  # a names input always names its table (checked)
    return {key: (key, None if isinstance(value, int) else value) for key, value in table.items()}


def _usage_of(spec: ScoreSpec, iid: str) -> str:
    param = spec.inputs[iid]
    if param.kind != "names":
        return f"--{iid} N"
    keys = list(spec.tables[param.of or ""])
    return f"--{iid} " + ("|".join(keys) if param.max == 1 else ",".join(keys))


def usage(spec: ScoreSpec) -> str:
    """The options a score takes, from its data."""
    return " ".join(_usage_of(spec, iid) for iid in spec.inputs)


class _Inputs:
    """The inputs typed for one score, read and checked when a result first needs them."""

    def __init__(self, spec: ScoreSpec, opts: dict[str, str], terms: Terms | None) -> None:
        self.spec, self.opts, self.terms = spec, opts, terms
        self.read: dict[str, int | list[str]] = {}
        for name in opts:
            if name not in spec.inputs:
                raise TableError(
                    _("no input --{name}; this score takes: {usage}"), name=name, usage=usage(spec)
                )

    def get(self, iid: str) -> int | list[str]:
        if iid not in self.read:
            self.read[iid] = self._read(iid)
        return self.read[iid]

    def _read(self, iid: str) -> int | list[str]:
        param = self.spec.inputs[iid]
        raw = self.opts.get(iid)
        if raw is None:
            if param.default is None:
                raise TableError(_("{usage} is needed"), usage=_usage_of(self.spec, iid))
            raw = str(param.default)
            if param.kind == "names":
                return [] if raw in ("", "0") else self._names(iid, raw)
            return int(raw)
        if param.kind == "names":
            return self._names(iid, raw)
        try:
            value = int(raw)
        except ValueError:
            raise TableError(
                _("--{param} must be a whole number, not {value!r}"), param=iid, value=raw
            ) from None
        if not param.min <= value <= param.max:
            if param.clamp and value > param.max:
                return int(param.max)
            raise TableError(
                _("--{param} must be {low}..{high}, not {value}"),
                param=iid,
                low=param.min,
                high=param.max,
                value=value,
            )
        if value % param.step:
            raise TableError(
                _("--{param} must be a multiple of {step}"), param=iid, step=param.step
            )
        return value

    def _names(self, iid: str, raw: str) -> list[str]:
        param = self.spec.inputs[iid]
        things = _things(self.spec, param.of)
        terms = self.terms or Terms(None, "en")
        ids: list[str] = []
        for typed in (p.strip() for p in raw.split(",") if p.strip()):
            found = find(terms, typed, things)
            if found is None:
                what = _label(self.spec, iid, terms.lang)
                said = {"name": typed, "what": what, "known": listing(terms, things)}
                close = difflib.get_close_matches(typed.casefold(), list(things), n=1, cutoff=0.6)
                if close:
                    raise TableError(
                        _("{what}: {name} is not one of {known}; did you mean {close}?"),
                        close=close[0],
                        **said,
                    )
                raise TableError(_("{what}: {name} is not one of {known}"), **said)
            if param.repeat or found not in ids:
                ids.append(found)
        if not param.min <= len(ids) <= param.max:
            raise TableError(
                _("--{param} takes {low} to {high} names, not {count}"),
                param=iid,
                low=param.min,
                high=param.max,
                count=len(ids),
            )
        return ids

    def number(self, iid: str, table_id: str | None) -> int:
        """The number ``{iid}`` or ``{table:iid}`` stands for."""
        value = self.get(iid)
        if isinstance(value, int):
            return value
        table = self.spec.tables[table_id or self.spec.inputs[iid].of or ""]
        return sum(v for name in value if isinstance(v := table.get(name, 0), int))


def _fill(formula: str, inputs: _Inputs, done: dict[str, int]) -> str:
    def number(match: Any) -> str:
        first, second = match.group(1), match.group(2)
        if second is not None:
            value = inputs.number(second, first)
        elif first in done:
            value = done[first]
        else:
            value = inputs.number(first, None)
        return f"({value})"

    return PLACEHOLDER.sub(number, formula)


def _refs(result: Any) -> list[str]:
    """Every name a result's value, condition and first tie step mention."""
    formulas = [result.value, result.when or ""]
    if result.ties and result.ties[0].mine is not None:
        formulas += [result.ties[0].mine, result.ties[0].theirs]
    return [name for f in formulas for name, _table in placeholders(f)]


def _ties(steps: list[Any], inputs: _Inputs, done: dict[str, int]) -> tuple[int, Any, Any]:
    """(1 me, -1 them or 0, the step that decided, the winner named by a last step)."""
    for step in steps:
        if step.winner is not None:
            return 0, step, step.winner
        mine = work_out(_fill(step.mine, inputs, done))
        theirs = work_out(_fill(step.theirs, inputs, done))
        if mine != theirs:
            better = mine > theirs if step.better == "higher" else mine < theirs
            return (1 if better else -1), step, None
    return 0, None, None


def _says(spec: ScoreSpec, result: Any, value: int, inputs: _Inputs) -> Any:
    table_id = result.says
    for match in PLACEHOLDER.finditer(table_id):
        chosen = inputs.get(match.group(1))
        table_id = table_id.replace(
            match.group(0), chosen[0] if isinstance(chosen, list) and chosen else ""
        )
    table = spec.tables.get(table_id, {})
    row = read_row(table, value)
    return row if row is not None else None


def calculate(
    spec: ScoreSpec, opts: dict[str, str], terms: Terms | None = None, score: str = ""
) -> dict[str, Any]:
    """Work out a score from the options typed; every result that can be, in order.

    Names (places, holdings, nations) may be given by id or by name in any language when
    ``terms`` (the game's glossary) is given. Returns ``{"score", "names", "values", "says",
    "decided_by"}``: the ids of the names typed, numbers by result id, the text a result tells
    and the tie step that decided.
    """
    inputs = _Inputs(spec, opts, terms)
    given = set(opts)
    done: dict[str, int] = {}
    says: dict[str, Any] = {}
    decided: dict[str, Any] = {}
    for rid, result in spec.results.items():
        refs = _refs(result)
        if any(r in spec.results and r not in done for r in refs):
            continue
        named = {r for r in refs if r in spec.inputs}
        if named and not named & given:
            continue
        if not named and not given:
            continue
        if result.when is not None and not work_out(_fill(result.when, inputs, done)):
            continue
        value = work_out(_fill(result.value, inputs, done))
        if value == 0 and result.ties:
            value, step, winner = _ties(result.ties, inputs, done)
            if winner is not None:
                says[rid] = winner
            elif step is not None:
                decided[rid] = step.name
        done[rid] = value
        if result.says is not None and rid not in says:
            said = _says(spec, result, value, inputs)
            if said is not None:
                says[rid] = said
    if not done:
        raise TableError(_("give {usage}"), usage=usage(spec))
    typed = {
        iid: value for iid, value in inputs.read.items() if isinstance(value, list) and iid in given
    }
    return {"score": score, "names": typed, "values": done, "says": says, "decided_by": decided}


def _label(spec: ScoreSpec, iid: str, lang: str) -> str:
    """What an input is called to the players: its help text, else its option."""
    help_text = spec.inputs[iid].help
    return pick(help_text, lang) or f"--{iid}"


def result_lines(spec: ScoreSpec, result: dict[str, Any], terms: Terms) -> list[str]:
    """``name: value`` lines for a worked-out score, in the players' language."""
    lines = []
    for iid, ids in result.get("names", {}).items():
        things = _things(spec, spec.inputs[iid].of)
        shown = listing(terms, {i: things[i] for i in ids}) if ids else "-"
        if len(set(ids)) < len(ids):  # a repeated name: how many of each
            counts = {i: ids.count(i) for i in ids}
            parts = [
                listing(terms, {i: things[i]}) + ("" if n == 1 else f" ×{n}")
                for i, n in counts.items()
            ]
            shown = ("、" if terms.lang.startswith("zh") else ", ").join(parts)
        lines.append(_("{label}: {value}").format(label=_label(spec, iid, terms.lang), value=shown))
    for rid, value in result["values"].items():
        given = spec.results[rid].name
        name = pick(given, terms.lang) if given is not None else terms.name(rid)
        said = result["says"].get(rid, value)  # a table's text (or number), else the value
        shown = str(said) if isinstance(said, int) else pick(said, terms.lang) or ""
        step = result["decided_by"].get(rid)
        if step is not None:
            shown = _("{result} (decided by {step})").format(
                result=shown, step=pick(step, terms.lang)
            )
        lines.append(_("{label}: {value}").format(label=name, value=shown))
    return lines
