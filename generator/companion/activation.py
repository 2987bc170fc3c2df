"""The steps of a deck of units that activate: add units, start a turn, draw, reserve, play, remove.

Called by :mod:`generator.companion.ops` with the deck's spec and state (loaded only when such a
deck is played, so a plain roll or draw never imports it). A turn is played in one of the
game's modes (``modes:``), and each mode finds the next card in one of three ways:
``random`` (every owner's cards in one mixed pile; the owner of a drawn card is the active
player and the player after him draws next), ``queue`` (each owner reveals the next card of a
secret order; the player after the one who acted goes next) or ``choose`` (the acting owner
picks any own card). The code knows these three ways, never a mode's id. A reserved card is
secret to its owner (told to everyone as "a card"); it is chosen instead of revealing in a
queue and, from a random pile, only from one's own card just drawn by oneself. A unit removed
as destroyed never activates again, from the deck or from a reserve; a new turn does not start
over a reserve still to be played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..locale import _
from . import decks
from .errtext import TableError
from .rng import Source

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import DeckState, EventArgs, Outcome

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import DeckSpec


def players(state: DeckState) -> list[str]:
    """The deck's players, in the order they take turns."""
    return sorted(set(state["owners"].values()))


def way(spec: DeckSpec, state: Mapping[str, object]) -> str | None:
    """How the current turn's mode finds the next card (random, queue, choose); None before the
    first turn (or when the game no longer has the mode)."""
    mode = state.get("mode")
    found = spec.modes.get(mode) if isinstance(mode, str) else None
    return None if found is None else str(found)


def has_more(state: DeckState, how: str | None, player: str) -> bool:
    """Whether a player still has a card to reveal or a reserve to play this turn."""
    if state["reserve"].get(player):
        return True
    if how == "random":
        return any(state["owners"].get(u) == player for u in state["pile"])
    return bool(state["queues"].get(player))


def after(state: DeckState, how: str | None, player: str | None) -> str | None:
    """Who acts after ``player``: from a random pile the next player draws; else the next with
    cards left."""
    order = players(state)
    if player not in order:
        return None
    if how == "random":
        if not state["pile"] and not any(state["reserve"].values()):
            return None
        return order[(order.index(player) + 1) % len(order)]
    k = order.index(player)
    for step in range(1, len(order) + 1):
        other = order[(k + step) % len(order)]
        if has_more(state, how, other):
            return other
    return None


def add(state: DeckState, args: EventArgs) -> dict[str, object]:
    """Add a player's units to the deck; the units added."""
    return {"added": decks.act_add(state, args["player"], args["units"])}


def turn(
    spec: DeckSpec,
    state: DeckState,
    args: EventArgs,
    names: Callable[[str, str], bool] | None = None,
    who: Callable[[str], str] = str,
) -> dict[str, object]:
    """Start a turn in one of the deck's modes (``args["mode"]``, an id the deck has); refused
    while a reserve is still to be played."""
    waiting = sorted(p for p, cards in (state.get("reserve") or {}).items() if cards)
    if waiting and state.get("mode") is not None:
        raise TableError(
            _("{players} must still play the reserved card before the turn ends"),
            players=", ".join(waiting),
        )
    mode = args["mode"]
    decks.act_turn(state, mode, spec.modes[mode], args.get("order") or {}, names, who)
    return {}


def draw(
    spec: DeckSpec,
    state: DeckState,
    args: EventArgs,
    source: Source,
    mode_name: Callable[[str | None], str] = str,
) -> dict[str, object]:
    """Draw step: pick a card from the random pile, or check the player's queue; ``mode_name``
    names a mode (None: every mode of the deck) in a message."""
    how = way(spec, state)
    if how is None:
        raise TableError(
            _("start a turn first: `pnp deck turn DECK --mode MODE` (modes: {known})"),
            known=mode_name(None),
        )
    if how == "random":
        if not state["pile"]:
            waiting = sorted(p for p, cards in state["reserve"].items() if cards)
            if waiting:
                raise TableError(
                    _("the deck is empty: {players} must now play the reserved card"),
                    players=", ".join(waiting),
                )
            raise TableError(_("the deck is empty: play the reserved cards (`pnp deck play`)"))
        return {"index": source.below(len(state["pile"]))}
    if how == "queue":
        player = args.get("player")
        if not player:
            raise TableError(_("say whose sequence with --player"))
        if player not in state["queues"]:
            raise TableError(
                _("{name} has no cards in this deck (players: {known})"),
                name=player,
                known=", ".join(state["queues"]),
            )
        if not state["queues"][player]:
            reserve = state["reserve"].get(player) or []
            if reserve:
                raise TableError(
                    _(
                        "{player} has no cards left this turn; "
                        "play the reserved card with `pnp deck play`"
                    ),
                    player=player,
                )
            raise TableError(_("{player} has no cards left this turn"), player=player)
        return {}
    raise TableError(
        _("in {mode} the player chooses a card: `pnp deck play DECK --player P CARD`"),
        mode=mode_name(state["mode"]),
    )


def reveal_drawn(state: DeckState) -> None:
    """A card drawn face down is shown now (it was activated, not reserved)."""
    state.pop("pending", None)
    state.pop("pending_by", None)


def apply_draw(
    spec: DeckSpec, state: DeckState, args: EventArgs, out: Outcome
) -> dict[str, object]:
    """Apply a logged draw; the card, its owner, whether it may be reserved and who acts next."""
    reveal_drawn(state)
    how = way(spec, state)
    if how == "random":
        card = decks.take(state["pile"], out["index"])
    else:
        card = state["queues"][args["player"]].pop(0)
    owner = state["owners"].get(card)
    drawer = args.get("player")
    state["last"] = card
    if drawer:
        state["drawn_by"] = drawer
    else:
        state.pop("drawn_by", None)
    state["discard"].append(card)
    removed = card in state["removed"]
    may_reserve = (
        how == "random"
        and not removed
        and owner is not None
        and drawer in (None, owner)
        and state["reserved_this_turn"].count(owner) < spec.reserve_per_turn
    )
    fx: dict[str, object] = {
        "card": card,
        "owner": owner,
        "removed": removed,
        "may_reserve": may_reserve,
    }
    if drawer:
        fx["drawer"] = drawer
    if may_reserve and owner is not None:
        # drawn face down: its owner sees it and chooses to activate or reserve it
        state["pending"], state["pending_by"] = card, owner
        fx["private"] = True
    state["next"] = fx["next"] = after(state, how, owner if not removed else drawer or owner)
    return fx


def reserve(
    spec: DeckSpec,
    state: DeckState,
    args: EventArgs,
    who: Callable[[str], str] = str,
    mode_name: Callable[[str | None], str] = str,
) -> dict[str, object]:
    """Put a card in reserve (face down); its owner, the card and who is next."""
    player = args["player"]
    drawer = state.get("drawn_by")
    how = way(spec, state)
    if how == "random" and drawer and drawer != player:
        raise TableError(_("{player} may reserve only a card {player} drew"),
                         player=player)  # fmt: skip
    if how == "queue" and state.get("last") and drawer == player:
        others = [p for p in players(state) if p != player and has_more(state, how, p)]
        if others:
            raise TableError(
                _("{player} revealed a card this go: a reserve is chosen instead of revealing"),
                player=player,
            )
    shown = mode_name(state["mode"]) if state.get("mode") else ""
    card = decks.act_reserve(state, how or "", player, spec.reserve_per_turn, who, shown)
    if how == "random":
        state["discard"].remove(card)
    else:
        state["queues"][player].pop(0)
    state["reserve"].setdefault(player, []).append(card)
    state["reserved_this_turn"].append(player)
    state["last"] = None
    state.pop("drawn_by", None)
    reveal_drawn(state)
    state["next"] = after(state, how, player)
    return {"owner": player, "card": card, "next": state["next"]}


def _is_unit(cards: dict[str, dict[str, object]], instance: str, named: str) -> bool:
    """Whether a player's words name this unit card: as added, or a printed card's id or name."""
    if named in (instance, decks.unit_name(instance)):
        return True
    return decks.card_id(instance) in cards and named.casefold() in decks.all_names(cards, instance)


def play(
    spec: DeckSpec, state: DeckState, args: EventArgs, cards: dict[str, dict[str, object]]
) -> dict[str, object]:
    """A player plays a unit chosen from their own cards (a mode that chooses) or from reserve;
    the card played."""
    player, card = args["player"], args.get("card")
    how = way(spec, state)
    drawn = state.get("pending")
    if drawn and state.get("pending_by") == player and (not card or _is_unit(cards, drawn, card)):
        reveal_drawn(state)  # the card drawn face down is activated, not reserved
        state["last"] = None
        state.pop("drawn_by", None)
        return {"card": drawn, "owner": player, "removed": False, "may_reserve": False,
                "next": state.get("next")}  # fmt: skip
    if how == "choose" and card:
        hand = state["queues"].get(player) or []
        match = [u for u in hand if _is_unit(cards, u, card)]
        if not match:
            raise TableError(
                _("{player} has no card {card!r} left this turn"), player=player, card=card
            )
        card = match[0]
        hand.remove(card)
    else:
        reserve = state["reserve"].get(player) or []
        if not reserve:
            raise TableError(_("{player} has no card in reserve"), player=player)
        card = reserve.pop(0)
    state["discard"].append(card)
    state["last"] = None
    state.pop("drawn_by", None)
    reveal_drawn(state)
    removed = card in state["removed"]
    state["next"] = after(state, how, player)
    return {
        "card": card,
        "owner": player,
        "removed": removed,
        "may_reserve": False,
        "next": state["next"],
    }


def remove(
    state: DeckState, args: EventArgs, cards: dict[str, dict[str, object]]
) -> dict[str, object]:
    """Remove a destroyed unit from the deck and any reserve; the card removed."""
    unit = args["unit"]
    live = [u for u in state["owners"] if u not in state["removed"]]
    match = [u for u in live if _is_unit(cards, u, unit)]
    if args.get("player"):
        match = [u for u in match if state["owners"][u] == args["player"]]
    if not match:
        raise TableError(_("no unit {unit!r} in play in the activation deck"), unit=unit)
    if len({state["owners"][u] for u in match}) > 1:
        raise TableError(
            _("more than one player has a unit {unit!r}: say whose with --player"), unit=unit
        )
    card = match[0]
    state["removed"].append(card)
    if card in state["pile"] and not args.get("stays"):
        state["pile"].remove(card)
    reserved = False
    for held in state["reserve"].values():
        if card in held:
            held.remove(card)
            reserved = True
    fx: dict[str, Any] = {"card": card}
    if reserved:
        fx["from_reserve"] = True
    return fx
