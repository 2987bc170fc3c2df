"""The state of a session told in the players' language: ``pnp status``.

One line for the session, then each bag, track and deck, each activation deck's players (cards
left, reserve, whose turn), what ended the game if it is over, and the score pad's totals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..locale import N_, _, pgettext, translation
from .game import TableGame
from .i18n import Terms, message, pick, said
from .ops import over_note
from .pad import pad_totals
from .render import _bag_name, _card_name, _listing, _unit, turn_now_lines
from .tracks import step_note
from .zones import way_of

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import TurnState


def _hidden(terms: Terms, count: int) -> str:
    """Cards told by number only (they are secret to their owner)."""
    return said(terms.lang, N_("{count} (secret)"), count=count) if count else "-"


def _activation_lines(
    game: TableGame, terms: Terms, state: dict[str, Any], viewer: str
) -> list[str]:
    """Per player of each activation deck (as ``viewer``'s view has it): cards left this turn
    and in reserve, named where the view names them, counted where it counts them; whose card
    came last."""
    lines: list[str] = []
    for did, deck in state["decks"].items():
        if "owners" not in deck or deck.get("mode") is None:
            continue
        how = way_of(game.spec.decks[did], deck)
        for player in sorted(set(deck["owners"].values())):
            if how == "random":
                left = (deck.get("left") or {}).get(player, 0)
            else:
                left = (deck.get("queues") or {}).get(player) or []
            reserved = (deck.get("reserve") or {}).get(player) or []
            lines.append(
                message(
                    _("  {player}: still to activate {left}; in reserve {reserve}."),
                    player=terms.name(player),
                    left=_names_or_count(game, terms, left),
                    reserve=_names_or_count(game, terms, reserved),
                )
            )
        last = deck.get("last") or (deck["discard"][-1] if deck["discard"] else None)
        if last is not None:
            lines.append(
                message(
                    _("  Last card: {card}; the turn is {player}'s."),
                    player=terms.name(deck["owners"].get(last, "?")),
                    card=_unit(game, terms, last),
                )
            )
        drawn = deck.get("pending")
        if drawn and deck.get("pending_by") == viewer:
            lines.append(
                message(
                    _("  You drew {card}: activate it now or put it in reserve."),
                    card=_unit(game, terms, drawn),
                )
            )
    return lines


def _names_or_count(game: TableGame, terms: Terms, cards: Any) -> str:
    """Cards the view names, listed; cards it counts, told as secret."""
    if isinstance(cards, int):
        return _hidden(terms, cards)
    return _listing([_unit(game, terms, u) for u in cards], terms.lang) or "-"


def _hand_lines(game: TableGame, terms: Terms, state: dict[str, Any]) -> list[str]:
    """How many cards each player holds; the cards themselves where the view names them; the
    cards each player has in play."""
    lines = []
    for did, deck in state["decks"].items():
        deck_name = pick(game.spec.decks[did].name, terms.lang) or did
        for player, hand in sorted((deck.get("hands") or {}).items()):
            if not hand or not player:
                continue
            if isinstance(hand, list):
                cards = [_card_name(game, terms, did, inst, n) for inst, n in hand]
                lines.append(
                    said(
                        terms.lang,
                        N_("  {player}'s hand from the {deck}: {cards}."),
                        player=terms.name(player),
                        deck=deck_name,
                        cards=_listing(cards, terms.lang),
                    )
                )
            else:
                lines.append(
                    translation(terms.lang)
                    .ngettext(
                        "  {player} holds {count} card from the {deck} (secret).",
                        "  {player} holds {count} cards from the {deck} (secret).",
                        hand,
                    )
                    .format(player=terms.name(player), count=hand, deck=deck_name)
                )
        for player, laid in sorted((deck.get("play") or {}).items()):
            if laid:
                lines.append(
                    said(
                        terms.lang,
                        N_("  {player} has in play: {cards}."),
                        player=terms.name(player),
                        cards=_listing([_card_name(game, terms, did, c) for c in laid], terms.lang),
                    )
                )
    return lines


def status_lines(game: TableGame, shown: dict[str, Any], terms: Terms) -> list[str]:
    """A view (:func:`generator.companion.views.view`) in sentences: session, turn, bags, tracks,
    decks, hands, game over and score pad; secret cards only where the view names them."""
    state, lang, rng = shown["state"], terms.lang, shown["rng"]
    lines = [
        message(
            _("{game} session {path}: {events} events, {mode} randomness."),
            game=game.name(lang),
            path=shown["path"],
            events=shown["events"],
            mode=pgettext("random source", rng),
        )
    ]
    turn = getattr(game.spec, "turn", None)
    if turn:
        now = cast("TurnState", state.get("turn") or {"n": 1, "phase": 0})
        lines += turn_now_lines(game, terms, now, shown.get("players") or [])
    for bag_id, bag in state["bags"].items():
        lines.append(
            message(
                _("{bag}: {pool} in the bag, {aside} waiting, {used} used."),
                bag=_bag_name(game, terms, bag_id),
                pool=len(bag["pool"]),
                aside=len(bag["aside"]),
                used=len(bag["used"]),
            )
        )
    for tid, track in shown["tracks"].items():
        spec = game.spec.tracks[tid]
        for player, own in (track.get("players") or {}).items():
            lines.append(
                message(
                    _("{track} ({player}): {step}"),
                    track=terms.name(spec.term or tid, spec.name),
                    player=terms.name(player),
                    step=own,
                )
            )
        if track["value"] is None:
            continue
        step = track["value"]
        lines.append(
            message(_("{track}: {step}"), track=terms.name(spec.term or tid, spec.name), step=step)
        )
        meaning = step_note(spec, step)
        if meaning is not None:
            lines.append(f"    {pick(meaning, lang)}")
    for did, deck in state["decks"].items():
        deck_spec = game.spec.decks[did]
        lines.append(
            message(
                _("{deck}: {pile} in the deck, {discard} discarded, {out} in hands."),
                deck=pick(deck_spec.name, lang) or did,
                pile=deck["pile"],
                discard=len(deck["discard"]),
                out=deck["out"],
            )
        )
    if game.changed:
        lines.append(
            message(
                _(
                    "The content of {game} has changed since this session started; it goes on with the pieces recorded then. `pnp session migrate` moves it to the content as it is now."
                ),
                game=game.name(lang),
            )
        )
    lines += _hand_lines(game, terms, state)
    lines += _activation_lines(game, terms, state, shown["viewer"])
    over = state.get("over")
    if over:
        lines.append(message(_("Game over: {note}."), note=over_note(game, over, lang)))
    totals = pad_totals(state)
    if totals:
        lines.append(
            message(_("Scores: {scores}"), scores=", ".join(f"{p} {v}" for p, v in totals.items()))
        )
    return lines
