"""The state of a session told in the players' language: ``pnp status``.

One line for the session, then each bag, track and deck, each activation deck's players (cards
left, reserve, whose turn), what ended the game if it is over, and the score pad's totals; and
one player's own hand (``pnp deck hand``), which the table's status never names.
"""

from __future__ import annotations

from typing import Any

from .i18n import RNG, Terms, message, pick
from .render import _bag_name, _card_name, _deck_name, _listing, _unit


def _activation_lines(game: Any, terms: Terms, state: dict[str, Any]) -> list[str]:
    """Per player of each activation deck: cards left this turn, reserve; whose card came last."""
    lines: list[str] = []
    lang = terms.lang
    for deck in state["decks"].values():
        if "owners" not in deck or deck.get("mode") is None:
            continue
        players = sorted(set(deck["owners"].values()))
        for player in players:
            if deck["mode"] == "marauder":
                left = [u for u in deck["pile"] if deck["owners"].get(u) == player]
            else:
                left = list(deck["queues"].get(player) or [])
            reserve = [_unit(game, terms, u) for u in deck["reserve"].get(player) or []]
            lines.append(
                message(
                    "status.player",
                    lang,
                    player=player,
                    left=_listing([_unit(game, terms, u) for u in left], lang) or "-",
                    reserve=_listing(reserve, lang) or "-",
                )
            )
        last = deck.get("last") or (deck["discard"][-1] if deck["discard"] else None)
        if last is not None:
            lines.append(
                message(
                    "status.turn",
                    lang,
                    player=deck["owners"].get(last, "?"),
                    card=_unit(game, terms, last),
                )
            )
    return lines


def status_lines(table: Any, terms: Terms) -> list[str]:
    """The table's status in sentences: session, bags, tracks, decks, game over and score pad."""
    game, state, log, lang = table.game, table.state, table.log, terms.lang
    lines = [
        message(
            "status.session",
            lang,
            game=game.name(lang),
            path=table.path,
            events=log.count,
            mode=RNG.get(log.header["rng"], {}).get(lang, log.header["rng"]),
        )
    ]
    for bag_id, bag in state["bags"].items():
        lines.append(
            message(
                "status.bag",
                lang,
                bag=_bag_name(game, terms, bag_id),
                pool=len(bag["pool"]),
                aside=len(bag["aside"]),
                used=len(bag["used"]),
            )
        )
    for tid, step in state["tracks"].items():
        spec = game.spec.tracks[tid]
        lines.append(
            message("status.track", lang, track=terms.name(spec.term or tid, spec.name), step=step)
        )
        meaning = next((s.note for s in spec.steps if s.at == step), None)
        if meaning is not None:
            lines.append(f"    {pick(meaning, lang)}")
    for did, deck in state["decks"].items():
        spec = game.spec.decks[did]
        lines.append(
            message(
                "status.deck",
                lang,
                deck=pick(spec.name, lang) or did,
                pile=len(deck["pile"]),
                discard=len(deck["discard"]),
                out=len(deck["out"]),
            )
        )
    if game.changed:
        lines.append(message("session.content_changed", lang, game=game.name(lang)))
    lines += _activation_lines(game, terms, state)
    over = state.get("over")
    if over:
        from .ops import over_note

        lines.append(message("game.over", lang, note=over_note(game, over, lang)))
    from .scores import pad_totals

    totals = pad_totals(state)
    if totals:
        lines.append(
            message("status.pad", lang, scores=", ".join(f"{p} {v}" for p, v in totals.items()))
        )
    return lines


def hand_lines(
    game: Any, terms: Terms, deck_id: str, state: dict[str, Any], player: str
) -> list[str]:
    """One player's hand of a deck, for that player's eyes: each card as it is named to discard."""
    from ..locale import translation

    _ = translation(terms.lang).gettext
    hand = state.get("hands", {}).get(player, [])
    deck = _deck_name(game, terms, deck_id)
    limit = game.spec.decks[deck_id].hand_size
    head = _("{player}'s hand of {deck}, for {player} alone ({count} cards):").format(
        player=player, deck=deck, count=len(hand)
    )
    if limit is not None:
        head += " " + _("at most {limit}.").format(limit=limit)
    return [head, *(f"  {_card_name(game, terms, deck_id, inst, n)}" for inst, n in hand)]
