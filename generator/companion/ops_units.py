"""The operations of decks whose units activate (see :mod:`.activation`): adding a player's units,
turning to a mode, activating, reserving, playing and removing a unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..locale import _
from . import activation, decks, zones
from .errtext import TableError
from .names import find, terms_for
from .ops_base import (
    Table,
    _activating,
    _deck,
    _g,
    _mode_name,
    _modes,
    _named,
    _not_over,
    _owner,
    _player,
    _who,
)
from .rng import Source
from .zones import way_of

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import EventArgs, Outcome


def apply_act_add(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply adding a player's units to an activation deck; return the units added."""

    spec, state = _deck(t, args)
    _activating(t, spec, args)
    _owner(t, args, state)
    return activation.add(state, args)


def apply_act_turn(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply the start of an activation turn in one of the deck's modes."""

    spec, state = _deck(t, args)
    _activating(t, spec, args)
    _named(t, args, "mode", _modes(spec), _("no mode {name!r} in this deck (modes: {known})"))
    order = args.get("order") or {}
    if order:  # players and units by any of their names, as recorded in the args
        terms = terms_for(_g(t), t.cache)
        players: dict[str, tuple[str | None, object]] = {
            str(p): (str(p), None) for p in sorted(set(state["owners"].values()))
        }
        named = {find(terms, p, players) or p: units for p, units in order.items()}
        args["order"] = order = named
    return activation.turn(
        spec,
        state,
        args,
        lambda unit, name: _is_unit(t, args, unit, name),
        lambda player: _who(t, player),
    )


def op_act_draw(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of an activation draw: pick a card from a random pile or check the player's queue."""

    _not_over(t)
    spec, state = _deck(t, args)
    _activating(t, spec, args)
    if activation.way(spec, state) == "queue" and args.get("player"):
        _player(t, args, state["queues"])
    return activation.draw(spec, state, args, source, _mode_name(t, spec))


def apply_act_draw(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a logged activation draw: the card, its owner, reserve allowed, who acts next."""

    return activation.apply_draw(*_deck(t, args), args, out)


def apply_act_reserve(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply putting a card in reserve, face down."""

    spec, state = _deck(t, args)
    _activating(t, spec, args)
    _owner(t, args, state)
    return activation.reserve(
        spec, state, args, lambda player: _who(t, player), _mode_name(t, spec)
    )


def _is_unit(t: Table, args: EventArgs, instance: str, named: str) -> bool:
    """Whether a player's words name this unit card: as added, or a printed card's id or name."""

    if named in (instance, decks.unit_name(instance)):
        return True
    cards = _g(t).cards.get(args["deck"], {})
    return decks.card_id(instance) in cards and named.casefold() in decks.all_names(cards, instance)


def apply_act_play(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a player playing a unit from hand or reserve (a plain deck: laying a card from a
    hand on the table); return the card played."""

    spec, state = _deck(t, args)
    if not spec.modes:
        if not args.get("card"):
            raise TableError(_("say which card from the hand goes on the table"))
        return zones.lay(state, _g(t).cards[args["deck"]], str(args["card"]), args.get("player"))
    _owner(t, args, state)
    return activation.play(spec, state, args, _g(t).cards.get(args["deck"], {}))


def op_act_remove(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Check step of removing a destroyed unit: from a mixed pile its card stays, so the one
    who draws it loses the go (seed 001: a destroyed unit's card drawn skips the activation and
    leaves the deck then); logged with the move so older logs replay as they were."""

    spec, state = _deck(t, args)
    if spec.modes and way_of(spec, state) == "random":
        args["stays"] = True
    return {}


def apply_act_remove(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply removing a destroyed unit from the activation deck and any reserve (a plain deck: a
    card in play or in a hand leaves the game)."""

    spec, state = _deck(t, args)
    if not spec.modes:
        return zones.take_out(
            state, _g(t).cards[args["deck"]], str(args["unit"]), args.get("player")
        )
    _owner(t, args, state)
    return activation.remove(state, args, _g(t).cards.get(args["deck"], {}))
