"""The plain decks' operations: drawing (into a hand, onto the discard, or to read a number),
opening deals, discarding, returning cards to the pile and resetting the deck; a card or an
empty deck that ends the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..locale import _
from . import decks, hands, rules, zones
from .errtext import TableError
from .ops_base import (
    Table,
    _deck,
    _g,
    _not_over,
    _plain,
)
from .rng import Source

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import DeckState, EventArgs, Outcome


def op_deck_draw(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of a deck draw: refuse unit decks, bad positions and full hands, else pick a card."""

    _not_over(t)
    spec, state = _deck(t, args)
    if spec.modes:
        raise TableError(_("activation decks are drawn with `pnp deck activate`"))
    if args.get("position") is not None:
        decks.check_position(spec, args["position"])
    player = hands.drawer(spec, args)
    if args.get("position") is None:
        rules.claim(spec, t.state, args["deck"], player)
    if player and args.get("position") is None and not args.get("force"):
        hands.check_room(_g(t), t.state, args["deck"], player)
    return dict(decks.draw(spec, state, source))


def apply_deck_draw(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a logged deck draw: move the card to a hand or the discard, and mark game over if it ends it."""

    spec, state = _deck(t, args)
    cards = _g(t).cards[args["deck"]]
    player = hands.drawer(spec, args)
    if player and getattr(spec, "claimed", False) and args.get("position") is None:
        state.setdefault("claimed_by", player)
    to_hand = args.get("position") is None and (spec.positions is not None or bool(player))
    fx = decks.apply_draw(spec, state, out, cards, "out" if to_hand else "discard")
    if to_hand and fx.get("must_play") and player:
        # played at once: the card goes from the draw to the discard pile, never into the hand
        state["out"].remove(fx["card"])
        state["discard"].append(fx["card"])
        fx["player"] = player
    elif to_hand:
        fx["player"] = player or ""
        fx["n"] = decks.to_hand(state, cards, fx["player"], fx["card"])
        if player:
            fx["over_limit"] = hands.over_limit(_g(t), t.state, args["deck"], player)
    if args.get("position") is not None:
        decks.number(spec, fx, cards, args["position"])
    if fx.get("ends_game") and not t.state.get("over"):
        t.state["over"] = {"by": "card", "id": args["deck"], "card": fx["card"]}
    empty = not state["pile"] and (not spec.reshuffle or not (state["discard"] or state["aside"]))
    if spec.empty_ends_game is not None and empty and not t.state.get("over"):
        t.state["over"] = {"by": "empty", "id": args["deck"]}
        fx["deck_empty"] = True
    if spec.all_run_out is not None and not state["pile"] and not state.get("ran_out"):
        state["ran_out"] = True  # the first time this deck is drawn out
        fx["ran_out"] = True
        rest = [
            d
            for did, d in t.state["decks"].items()
            if _g(t).spec.decks[did].all_run_out is not None and _drawn(d)
        ]
        # at least two players' decks: one player's deck alone never ends the game
        if len(rest) >= 2 and all(d.get("ran_out") for d in rest):
            fx["all_run_out"] = True
    return fx


def _drawn(state: DeckState) -> bool:
    """Whether a deck has been drawn from (a card in a hand, the discard or out of the pile)."""
    return bool(state["discard"] or state["out"] or state.get("ran_out") or state.get("hands"))


def apply_deck_discard(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a discard of cards from a player's hand (or in play); return the cards discarded."""

    spec, state = _deck(t, args)
    _plain(t, spec, args)
    cards = _g(t).cards[args["deck"]]
    done = []
    for c in args["cards"]:
        laid = zones.from_play_to_discard(state, cards, c, args.get("player"))
        done.append(
            laid if laid is not None else decks.discard(state, cards, c, args.get("player"))
        )
    return {"discarded": done}


def op_deck_deal(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step of an opening deal: refuse a deck without one, else draw the hand."""

    _not_over(t)
    spec, state = _deck(t, args)
    if getattr(spec, "deal", None) is None:
        raise TableError(_("the {deck} has no opening deal"), deck=args["deck"])
    rules.claim(spec, t.state, args["deck"], args.get("player"))
    return hands.deal(spec, state, _g(t).cards[args["deck"]], source)


def apply_deck_deal(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a logged opening deal to the deck and the player's hand."""

    spec, state = _deck(t, args)
    if getattr(spec, "claimed", False):
        state.setdefault("claimed_by", args["player"])
    return hands.apply_deal(spec, state, _g(t).cards[args["deck"]], args["player"], out)


def apply_deck_return(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply cards going back from a hand into the deck's draw pile."""

    state = _deck(t, args)[1]
    cards = _g(t).cards[args["deck"]]
    done = [hands.give_back(state, cards, c, args.get("player")) for c in args["cards"]]
    return {"returned": done}


def apply_deck_reset(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply a deck reset: gather every card back into the pile."""

    spec, state = _deck(t, args)
    _plain(t, spec, args)
    decks.reset(state)
    return {}
