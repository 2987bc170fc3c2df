"""The state of a session told in the players' language: ``pnp status``.

One line for the session, then each bag, track and deck, each activation deck's players (cards
left, reserve, whose turn), what ended the game if it is over, and the score pad's totals.
"""

from __future__ import annotations

from typing import Any

from ..locale import N_, _, pgettext, translation
from .i18n import Terms, message, pick, said
from .render import _bag_name, _card_name, _listing, _unit, phase_lines
from .tracks import step_note


def _hidden(terms: Terms, count: int) -> str:
    """Cards told by number only (they are secret to their owner)."""
    return said(terms.lang, N_("{count} (secret)"), count=count) if count else "-"


def _activation_lines(
    game: Any, terms: Terms, state: dict[str, Any], viewer: str | None
) -> list[str]:
    """Per player of each activation deck: cards left this turn, reserve; whose card came last.

    A reserve, and a queued order, are secret: named for the ``viewer`` alone, counted for
    everyone else."""
    from .activation import way

    lines: list[str] = []
    lang = terms.lang
    for did, deck in state["decks"].items():
        if "owners" not in deck or deck.get("mode") is None:
            continue
        how = way(game.spec.decks[did], deck)
        players = sorted(set(deck["owners"].values()))
        for player in players:
            if how == "random":
                left = [u for u in deck["pile"] if deck["owners"].get(u) == player]
            else:
                left = list(deck["queues"].get(player) or [])
            own = player == viewer
            reserved = deck["reserve"].get(player) or []
            reserve = [_unit(game, terms, u) for u in reserved]
            left_names = _listing([_unit(game, terms, u) for u in left], lang) or "-"
            if how == "queue" and not own:
                left_names = _hidden(terms, len(left))
            lines.append(
                message(
                    _("  {player}: still to activate {left}; in reserve {reserve}."),
                    player=terms.name(player),
                    left=left_names,
                    reserve=(_listing(reserve, lang) or "-")
                    if own
                    else _hidden(terms, len(reserve)),
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
    return lines


def _hand_lines(game: Any, terms: Terms, state: dict[str, Any], viewer: str | None) -> list[str]:
    """How many cards each player holds; the cards themselves for the ``viewer`` alone."""
    lines = []
    for did, deck in state["decks"].items():
        for player, hand in sorted((deck.get("hands") or {}).items()):
            if not hand or not player:
                continue
            deck_name = pick(game.spec.decks[did].name, terms.lang) or did
            if player == viewer:
                cards = [_card_name(game, terms, did, inst, n) for inst, n in hand]
                lines.append(
                    said(
                        terms.lang,
                        N_("  {player}'s hand from the {deck}: {cards}."),
                        player=player,
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
                        len(hand),
                    )
                    .format(player=player, count=len(hand), deck=deck_name)
                )
    return lines


def status_lines(table: Any, terms: Terms, viewer: str | None = None) -> list[str]:
    """The table's status in sentences: session, turn, bags, tracks, decks, hands, game over and
    score pad. Secret cards are named only for the ``viewer`` (``--player``)."""
    game, state, log, lang = table.game, table.state, table.log, terms.lang
    lines = [
        message(
            _("{game} session {path}: {events} events, {mode} randomness."),
            game=game.name(lang),
            path=table.path,
            events=log.count,
            mode=pgettext("random source", log.header["rng"]),
        )
    ]
    turn = getattr(game.spec, "turn", None)
    if turn:
        now = state.get("turn") or {"n": 1, "phase": 0}
        lines += phase_lines(game, terms, now["n"], now["phase"])
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
    for tid, step in state["tracks"].items():
        spec = game.spec.tracks[tid]
        lines.append(
            message(_("{track}: {step}"), track=terms.name(spec.term or tid, spec.name), step=step)
        )
        meaning = step_note(spec, step)
        if meaning is not None:
            lines.append(f"    {pick(meaning, lang)}")
    for did, deck in state["decks"].items():
        spec = game.spec.decks[did]
        lines.append(
            message(
                _("{deck}: {pile} in the deck, {discard} discarded, {out} in hands."),
                deck=pick(spec.name, lang) or did,
                pile=len(deck["pile"]),
                discard=len(deck["discard"]),
                out=len(deck["out"]),
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
    lines += _hand_lines(game, terms, state, viewer)
    lines += _activation_lines(game, terms, state, viewer)
    over = state.get("over")
    if over:
        from .ops import over_note

        lines.append(message(_("Game over: {note}."), note=over_note(game, over, lang)))
    from .pad import pad_totals

    totals = pad_totals(state)
    if totals:
        lines.append(
            message(_("Scores: {scores}"), scores=", ".join(f"{p} {v}" for p, v in totals.items()))
        )
    return lines
