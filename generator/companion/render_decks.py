"""Sentences about decks: cards drawn (face up, or secretly into a hand), dealt, returned,
discarded and reset, hands over their limit, and the units of activating decks added, turned,
activated, reserved, played and removed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..locale import N_, _
from .decks import card_id
from .game import TableGame
from .i18n import TYPED, Terms, message, pick, said
from .render_names import _card_name, _deck_name, _listing, _unit

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import Event


def _shown(game: TableGame, terms: Terms, deck_id: str, instance: str) -> list[str]:
    """The fields a printed card tells when drawn (e.g. a patrol's three locations, in order)."""

    data = game.cards.get(deck_id, {}).get(card_id(instance), {})
    lines = []
    shows = data.get("show")
    for show in shows if isinstance(shows, list) else []:
        values = _listing([pick(v, terms.lang) or "" for v in show["values"]], terms.lang)
        label = pick(show.get("label"), terms.lang)
        lines.append(
            f"  {label}{'：' if terms.lang.startswith('zh') else ': '}{values}"
            if label
            else f"  {values}"
        )
    return lines


def deck_draw(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a deck draw: the card, any reshuffle or number placed, and game over if it came."""
    deck_id, fx, lang = e["args"]["deck"], e["fx"], terms.lang
    name = _card_name(game, terms, deck_id, fx["card"], fx.get("n", 1)) if "card" in fx else ""
    lines = (
        [message(_("The discard pile was shuffled into a new deck."))]
        if fx.get("reshuffled")
        else []
    )
    if "position" in fx:
        if "number" in fx:
            lines.append(
                message(
                    _("Number at position {position} of {card}: {number}"),
                    position=fx["position"],
                    card=name,
                    number=fx["number"],
                )
            )
        else:
            lines.append(message(_("{card} has no numbers."), card=name))
        if fx.get("must_play"):
            lines.append(message(_("{card} has no effect when drawn for a number."), card=name))
    elif fx.get("player") and not fx.get("must_play"):
        lines.append(_secret_draw(game, terms, deck_id, fx["player"], 1))
        lines += _over_limit(game, terms, deck_id, fx)
    else:
        if fx.get("player"):
            said = _("{player} draws {card}.")
            lines.append(message(said, card=name, player=terms.name(fx["player"])))
        else:
            lines.append(message(_("Drew {card}."), card=name))
        lines += _shown(game, terms, deck_id, fx["card"])
        if fx.get("must_play"):
            lines.append(message(_("{card} must be played at once."), card=name))
        lines += _over_limit(game, terms, deck_id, fx)
    if fx.get("ends_game"):
        note = pick(game.spec.decks[deck_id].ends_game_note, lang)
        lines.append(message(_("{card}: the game ends now."), card=name))
        if note:
            lines.append(message(_("Game over: {note}."), note=note))
    if fx.get("deck_empty"):
        note = pick(game.spec.decks[deck_id].empty_ends_game, lang)
        lines.append(message(_("Game over: {note}."), note=note))
    if fx.get("ran_out"):
        deck = _deck_name(game, terms, deck_id)
        if fx.get("all_run_out"):
            lines.append(pick(game.spec.decks[deck_id].all_run_out, lang) or "")
        else:
            lines.append(
                _(
                    "{deck} has run out for the first time; its discards are shuffled into a new deck when it is next drawn from."
                ).format(deck=deck)
            )
    return lines


def _secret_draw(game: TableGame, terms: Terms, deck_id: str, player: str, count: int) -> str:
    """A draw into a hand told to everyone: how many cards, not which."""
    return said(
        terms.lang,
        N_(
            "{player} takes cards from the {deck} into hand ({count}); they are shown to "
            "{player} alone: `{pnp}status --player {player}`."
        ),
        player=terms.name(player),
        count=count,
        deck=_deck_name(game, terms, deck_id),
        pnp=TYPED["pnp"],
    )


def _over_limit(game: TableGame, terms: Terms, deck_id: str, fx: dict[str, Any]) -> list[str]:
    """The hand limit passed by a draw, and what the player does about it."""
    over = fx.get("over_limit")
    if not over:
        return []
    return [
        said(
            terms.lang,
            N_(
                "{player} now holds {held} cards, more than the {limit} allowed: discard down to "
                "{limit} (`{pnp}deck discard DECK CARD --player {player}`)."
            ),
            player=fx["player"],
            held=over["held"],
            limit=over["limit"],
            pnp=TYPED["pnp"],
        )
    ]


def deck_deal(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for an opening deal: how many cards the player got, and each card put back."""
    deck_id, fx = e["args"]["deck"], e["fx"]
    count = len(fx["cards"]) if "cards" in fx else fx.get("count", 0)
    lines = [_secret_draw(game, terms, deck_id, fx["player"], count)]
    for card in fx["returned"]:
        lines.append(
            said(
                terms.lang,
                N_(
                    "{card} may not stay in an opening hand: it goes back into the {deck} and "
                    "another card is dealt in its place."
                ),
                card=_card_name(game, terms, deck_id, card),
                deck=_deck_name(game, terms, deck_id),
            )
        )
    return lines


def deck_return(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for cards put back from a hand into the deck."""
    deck_id = e["args"]["deck"]
    cards = [_card_name(game, terms, deck_id, c) for c in e["fx"]["returned"]]
    return [
        said(
            terms.lang,
            N_("Back into the {deck}, to be drawn again: {cards}."),
            deck=_deck_name(game, terms, deck_id),
            cards=_listing(cards, terms.lang),
        )
    ]


def _laid(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a plain deck's card laid from a hand on the table."""
    fx = e["fx"]
    return [
        message(
            _("{player} lays {card} on the table."),
            player=terms.name(fx["player"]),
            card=_card_name(game, terms, e["args"]["deck"], fx["card"]),
        )
    ]


def act_card(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for an activation card drawn or played: removed, waiting to be reserved, or active;
    then who acts next."""
    fx = e["fx"]
    if "owner" not in fx and "player" in fx:
        return _laid(game, terms, e)
    if fx.get("hidden"):
        return [
            said(
                terms.lang,
                N_(
                    "{drawer} draws one of their own cards, face down: {drawer} activates it "
                    "now or puts it in reserve (`{pnp}status --player {drawer}` shows it to "
                    "{drawer} alone)."
                ),
                drawer=terms.name(fx["drawer"]),
                pnp=TYPED["pnp"],
            )
        ]
    card = _unit(game, terms, fx["card"])
    owner, drawer = fx.get("owner"), fx.get("drawer")
    if fx.get("removed"):
        lines = [message(_("{card} is out of play; the turn passes."), card=card)]
    elif fx.get("may_reserve") and e["type"] == "act.draw":
        lines = [
            message(
                _("Drew {card} ({owner}): {owner} activates it now or puts it in reserve."),
                card=card,
                owner=terms.name(owner),
            )
        ]
    elif drawer and owner and drawer != owner:
        lines = [
            said(
                terms.lang,
                N_(
                    "{drawer} drew {card}, a card of {owner}: {owner} is now the active player "
                    "and activates it."
                ),
                drawer=terms.name(drawer),
                card=card,
                owner=terms.name(owner),
            )
        ]
    else:
        lines = [message(_("{card} ({owner}) activates."), card=card, owner=terms.name(owner))]
    return lines + _next(terms, fx)


def deck_discard(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for cards discarded from a deck."""
    deck_id = e["args"]["deck"]
    shown = e.get("fx", {}).get("discarded") or e["args"]["cards"]
    cards = [_card_name(game, terms, deck_id, c) for c in shown]
    return [
        message(
            _("Onto the discard pile of the {deck}: {cards}."),
            deck=_deck_name(game, terms, deck_id),
            cards=_listing(cards, terms.lang),
        )
    ]


def deck_reset(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a deck reset."""
    return [
        message(
            _("Every card is back in the {deck}."), deck=_deck_name(game, terms, e["args"]["deck"])
        )
    ]


def act_add(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for units added to an activation deck."""
    args = e["args"]
    return [
        message(
            _("{player} adds {count} unit cards to the {deck}: {units}."),
            player=terms.name(args["player"]),
            count=len(args["units"]),
            deck=_deck_name(game, terms, args["deck"]),
            units=_listing(list(args["units"]), terms.lang),
        )
    ]


def act_turn(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for the start of an activation turn, naming its mode (a glossary term)."""
    name = terms.name(e["args"]["mode"])
    return [
        message(
            _("A new turn of the {deck} begins in {mode}."),
            deck=_deck_name(game, terms, e["args"]["deck"]),
            mode=name,
        )
    ]


def act_remove(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a unit removed from an activation deck (and from a reserve, if it was there)."""
    card = (e.get("fx") or {}).get("card")
    if "from" in (e.get("fx") or {}):
        return [
            message(
                _("{card} leaves the game."),
                card=_card_name(game, terms, e["args"]["deck"], e["fx"]["card"]),
            )
        ]
    lines = [
        message(
            _("{unit} has left the {deck}; its card will not activate again."),
            unit=_unit(game, terms, card) if card else e["args"]["unit"],
            deck=_deck_name(game, terms, e["args"]["deck"]),
        )
    ]
    if e.get("fx", {}).get("from_reserve"):
        lines.append(
            said(
                terms.lang,
                N_("It was held in reserve: it leaves the reserve too and will not be played."),
            )
        )
    return lines


def act_reserve(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for an activation card put in reserve: face down, so the card is not named."""
    owner = e["fx"]["owner"]
    line = said(
        terms.lang,
        N_(
            "{owner} puts a card in reserve, face down; only {owner} sees which: "
            "`{pnp}status --player {owner}`."
        ),
        owner=owner,
        pnp=TYPED["pnp"],
    )
    return [line, *_next(terms, e["fx"])]


def _next(terms: Terms, fx: dict[str, Any]) -> list[str]:
    if not fx.get("next"):
        return []
    return [said(terms.lang, N_("{player} acts next."), player=terms.name(fx["next"]))]
