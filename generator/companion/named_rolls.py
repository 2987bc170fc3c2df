"""A game's named rolls as the players call them: found by id or by a name in any language, their
parameters filled in from the command line and checked (bounds, clamping, caps on several
together).
"""

from __future__ import annotations

from typing import Any

from ..dice.parse import fill_params
from ..errors import UsageError, suggest
from ..locale import _
from .errtext import TableError
from .game import TableGame
from .names import Things, find, listing, terms_for


def _rolls(game: TableGame) -> Things:
    return {r: (None, roll.name) for r, roll in game.spec.rolls.items()}


def roll_called(game: TableGame, name: str) -> str | None:
    """The id of the game's roll ``name`` names (its id, or its name in any language), or None."""
    if name in game.spec.rolls:
        return name
    return find(terms_for(game), name, _rolls(game))


def roll_of(game: TableGame, name: str) -> str:
    """The id of the game's roll ``name`` names: its id, or its name in any language."""
    found = roll_called(game, name)
    if found is None:
        raise TableError(
            _("{game} has no roll {name!r}{hint} (rolls: {known}; dice: {dice})"),
            game=game.names(),
            name=name,
            hint=suggest(name, game.spec.rolls),
            known=listing(terms_for(game), _rolls(game)),
            dice=", ".join(game.spec.dice) or "-",
        )
    return found


def named_roll(game: TableGame, name: str, params: dict[str, str]) -> tuple[str, list[str]]:
    """The expression of a named roll (by id or by name) with its parameters filled in, and
    notes on clamping."""
    name = roll_of(game, name)
    spec = game.spec.rolls[name]
    unknown = [p for p in params if p not in spec.params]
    if unknown:
        said = (
            _("{game}:{name} takes no --{param}{hint} (it takes {options})")
            if spec.params
            else _("{game}:{name} takes no --{param}{hint}")
        )
        raise UsageError(
            said.format(
                game=game.id,
                name=name,
                param=unknown[0],
                hint=suggest(unknown[0], spec.params),
                options=", ".join("--" + p for p in spec.params),
            )
        )
    values: dict[str, Any] = {}
    notes: list[str] = []
    for pname, p in spec.params.items():
        raw = params.get(pname)
        if raw is None and p.default is None:
            raise TableError(
                _("{game}:{name} needs --{param}{help}"),
                game=game.names(),
                name=name,
                param=pname,
                help=p.help,
            )
        if p.kind == "icons":
            value = str(raw if raw is not None else p.default)
            if not value.isdigit() or len(value) > 20:
                raise UsageError(_("--{param} must be digits such as 33445").format(param=pname))
            values[pname] = value
            continue
        try:
            value_i = int(raw) if raw is not None else int(p.default)  # type: ignore[arg-type]
        except ValueError:
            raise TableError(
                _("--{param} must be a whole number, not {value!r}"), param=pname, value=raw
            ) from None
        if value_i > p.max and p.clamp:
            notes.append(f"{pname}={p.max}")
            value_i = p.max
        if not p.min <= value_i <= p.max:
            raise TableError(
                _("--{param} must be {low}..{high}"), param=pname, low=p.min, high=p.max
            )
        values[pname] = value_i
    for limit in getattr(spec, "limits", None) or []:
        total = sum(int(values.get(p, 0)) for p in limit.params)
        if total > limit.max:
            raise TableError(
                _("{params} together may be at most {max}, not {total}{help}"),
                params=" + ".join("--" + p for p in limit.params),
                max=limit.max,
                total=total,
                help=spec.note or "",
            )
    try:
        return fill_params(spec.expr, values), notes
    except ValueError as exc:
        raise UsageError(f"{game.id}:{name}: {exc}") from None
