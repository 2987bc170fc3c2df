"""Turning events and state into sentences in the players' language.

One function per event type, chosen from a table; game terms go through :class:`Terms` so the
glossary's wording is used where it has the term.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..locale import N_, _, ngettext, pgettext
from .i18n import TYPED, Terms, event_name, message, pick, said


def _tile_name(game: Any, terms: Terms, bag_id: str, instance: str) -> str:
    from .bag import tile_kind  # the bags and decks load with a command that uses them

    kind = tile_kind(instance)
    for tile in game.spec.bags[bag_id].tiles:
        if tile.id == kind:
            mark = " ✦" if tile.symbol else ""
            # an unnamed tile is "<the bag's word for a tile> <value>": the glossary term
            # BAG-tile when the game has one, else the plain word
            term = f"{bag_id}-tile"
            word = terms.name(term) if term in terms.glossary else pgettext("bag", "tile")
            return pick(tile.name, terms.lang) or f"{word} {tile.value}{mark}"
    return kind


def _bag_name(game: Any, terms: Terms, bag_id: str) -> str:
    spec = game.spec.bags[bag_id]
    return terms.name(spec.term or bag_id, spec.name)


def _track_lines(game: Any, terms: Terms, move: dict[str, Any]) -> list[str]:
    spec = game.spec.tracks[move["track"]]
    name = terms.name(spec.term or move["track"], spec.name)
    if move.get("player"):
        return [
            message(
                _("{track} ({player}): {from} → {to}."),
                track=name,
                player=terms.name(move["player"]),
                **{"from": move["from"], "to": move["to"]},
            )
        ]
    lines = [
        message(
            _("{track}: {from} → {to}."), track=name, **{"from": move["from"], "to": move["to"]}
        )
    ]
    if move["asked"] != move["to"] and move.get("game_over") is None:
        lines.append(
            message(
                _("{track} stops at {to}: step {asked} is not on the track."),
                track=name,
                to=move["to"],
                asked=move["asked"],
            )
        )
    for mark_id in move["marks"]:
        mark = next(m for m in spec.marks if m.id == mark_id)
        name = terms.name(mark.id, mark.name)
        if mark.note is not None:
            lines.append(pick(mark.note, terms.lang) or "")
        elif mark.estimate:
            lines.append(
                said(
                    terms.lang,
                    N_(
                        "{name} is ready if the step is {step}: that step is an estimate, "
                        "not the publisher's; check it in your copy of the game."
                    ),
                    name=name,
                    step=mark.at,
                )
            )
        else:
            lines.append(message(_("{name} is ready."), name=name))
    for then in move.get("then", []):
        lines += _track_lines(game, terms, then)
    for told in _step_notes(game, terms, {move["track"]: move["to"], **move.get("tells", {})}):
        if told not in lines:  # a track moved by a mark and told by this one: once
            lines.append(told)
    if move.get("game_over") is not None:
        note = pick(spec.game_over[move["game_over"]].note, terms.lang)
        lines.append(message(_("Game over: {note}."), note=note))
    elif move["end"] and spec.end_note:
        lines.append(
            message(
                _("{track} reaches {to}: {note}."),
                track=name,
                to=move["to"],
                note=pick(spec.end_note, terms.lang),
            )
        )
    return lines


def _step_notes(game: Any, terms: Terms, at: dict[str, int]) -> list[str]:
    """What the steps the markers stand on mean (told once each)."""
    from .tracks import step_note

    lines = []
    for tid, step in at.items():
        note = step_note(game.spec.tracks[tid], step)
        if note is not None:
            lines.append(pick(note, terms.lang) or "")
    return lines


def _resolved(game: Any, terms: Terms, bag_id: str, res: dict[str, Any]) -> list[str]:
    lang = terms.lang
    spec = game.spec.bags[bag_id]
    lines: list[str] = []
    if res.get("returned"):
        lines.append(
            message(
                ngettext(
                    "{count} set-aside tile goes back into the {bag}.",
                    "{count} set-aside tiles go back into the {bag}.",
                    len(res["returned"]),
                ),
                count=len(res["returned"]),
                bag=_bag_name(game, terms, bag_id),
            )
        )
    if "track" in res:
        lines += _track_lines(game, terms, res["track"])
    if res.get("symbol") and spec.symbol_note:
        lines.append(pick(spec.symbol_note, lang) or "")
    return lines


def fate_draw(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a fate-bag draw: the tile drawn, then what it resolved or how many more may come."""
    from .bag import tile_kind

    bag_id, out = e["args"]["bag"], e["out"]
    spec = game.spec.bags[bag_id]
    tile = next(t for t in spec.tiles if t.id == tile_kind(out["tile"]))
    lines = [
        message(
            _("Drew {tile} (advance {value})."),
            tile=_tile_name(game, terms, bag_id, out["tile"]),
            value=tile.value,
        )
    ]
    if tile.special:
        lines.append(message(_("A special tile: the drawing stops.")))
    if out["resolve"]:
        lines += _resolved(game, terms, bag_id, e["fx"]["resolved"])
    else:
        lines.append(
            said(
                terms.lang,
                N_(
                    "Draw {draw} of at most {limit}: `{pnp}fate draw` sets it aside and draws "
                    "again, `{pnp}fate stop` keeps it."
                ),
                draw=out["draw"],
                limit=out["limit"],
                pnp=TYPED["pnp"],
            )
        )
    return lines


def fate_stop(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for stopping a fate-bag turn: what the drawn tiles resolved."""
    return _resolved(game, terms, e["args"]["bag"], e["fx"]["resolved"])


def fate_add(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a special tile put into a fate bag."""
    bag_id = e["args"]["bag"]
    return [
        message(
            _("The {tile} enters the {bag}."),
            tile=_tile_name(game, terms, bag_id, e["out"]["tile"]),
            bag=_bag_name(game, terms, bag_id),
        )
    ]


def _card_name(game: Any, terms: Terms, deck_id: str, instance: str, n: int = 1) -> str:
    from .decks import card_id

    data = game.cards.get(deck_id, {}).get(card_id(instance), {})
    name = pick(data.get("name"), terms.lang) or card_id(instance)
    return f"{name} ({n})" if n > 1 else name


def _unit(game: Any, terms: Terms, instance: str) -> str:
    """A unit card's shown name: the printed card's name when the deck has one, else as added."""
    from .decks import card_id, unit_name

    for cards in game.cards.values():
        data = cards.get(card_id(instance))
        if data is not None and data.get("owner"):
            return pick(data.get("name"), terms.lang) or unit_name(instance)
    return unit_name(instance)


def _shown(game: Any, terms: Terms, deck_id: str, instance: str) -> list[str]:
    """The fields a printed card tells when drawn (e.g. a patrol's three locations, in order)."""
    from .decks import card_id

    data = game.cards.get(deck_id, {}).get(card_id(instance), {})
    lines = []
    for show in data.get("show") or []:
        values = _listing([pick(v, terms.lang) or "" for v in show["values"]], terms.lang)
        label = pick(show.get("label"), terms.lang)
        lines.append(
            f"  {label}{'：' if terms.lang.startswith('zh') else ': '}{values}"
            if label
            else f"  {values}"
        )
    return lines


def deck_draw(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def _secret_draw(game: Any, terms: Terms, deck_id: str, player: str, count: int) -> str:
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


def _over_limit(game: Any, terms: Terms, deck_id: str, fx: dict[str, Any]) -> list[str]:
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


def deck_deal(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def deck_return(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def turn_next(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for the next phase of the turn: which turn and phase, and what the players do."""
    fx = e["fx"]
    moved = _track_lines(game, terms, fx["moved"]) if fx.get("moved") else []
    return [*moved, *phase_lines(game, terms, fx["n"], fx["phase"], fx.get("player"))]


def phase_lines(game: Any, terms: Terms, n: int, k: int, player: str | None = None) -> list[str]:
    """A phase of the game's turn in words: its number (the round and whose turn it is, where
    each player takes the whole turn in order) and name, then what is done in it."""
    phases = game.spec.turn
    phase = phases[k]
    where = dict(n=n, k=k + 1, total=len(phases), phase=pick(phase.name, terms.lang))
    if getattr(game.spec, "turn_counts", "turns") != "rounds":
        head = said(terms.lang, N_("Turn {n}, phase {k} of {total}: {phase}."), **where)
    elif player:
        head = said(
            terms.lang,
            N_("Round {n}, {player}'s turn, phase {k} of {total}: {phase}."),
            player=terms.name(player),
            **where,
        )
    else:
        head = said(terms.lang, N_("Round {n}, phase {k} of {total}: {phase}."), **where)
    lines = [head]
    does = pick(phase.does, terms.lang)
    if does:
        lines.append(f"  {does}")
    return lines


def turn_now_lines(
    game: Any, terms: Terms, now: dict[str, Any], players: list[str] | tuple[str, ...]
) -> list[str]:
    """The phase the table is in now (``now`` as the state keeps it), naming whose turn it is
    where each player takes the whole turn in order."""
    seat = int(now.get("seat", 0))
    rounds = getattr(game.spec, "turn_counts", "turns") == "rounds"
    player = players[seat] if rounds and seat < len(players) else None
    return phase_lines(game, terms, int(now["n"]), int(now["phase"]), player)


def _next(terms: Terms, fx: dict[str, Any]) -> list[str]:
    if not fx.get("next"):
        return []
    return [said(terms.lang, N_("{player} acts next."), player=terms.name(fx["next"]))]


def _laid(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a plain deck's card laid from a hand on the table."""
    fx = e["fx"]
    return [
        message(
            _("{player} lays {card} on the table."),
            player=terms.name(fx["player"]),
            card=_card_name(game, terms, e["args"]["deck"], fx["card"]),
        )
    ]


def act_card(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def _deck_name(game: Any, terms: Terms, deck_id: str) -> str:
    spec = game.spec.decks.get(deck_id)
    return (pick(spec.name, terms.lang) if spec is not None else None) or deck_id


def _listing(names: list[str], lang: str) -> str:
    return ("、" if lang.startswith("zh") else ", ").join(names)


def deck_discard(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def deck_reset(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a deck reset."""
    return [
        message(
            _("Every card is back in the {deck}."), deck=_deck_name(game, terms, e["args"]["deck"])
        )
    ]


def act_add(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def act_turn(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for the start of an activation turn, naming its mode (a glossary term)."""
    name = terms.name(e["args"]["mode"])
    return [
        message(
            _("A new turn of the {deck} begins in {mode}."),
            deck=_deck_name(game, terms, e["args"]["deck"]),
            mode=name,
        )
    ]


def act_remove(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def act_reserve(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
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


def track_move(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a track move."""
    return _track_lines(game, terms, e["fx"])


def pad_add(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for points written on the score pad."""
    fx = {**e["fx"], "player": terms.name(e["fx"]["player"])}
    return [message(_("{player} +{points} (round {round}); total {total}."), **fx)]


def die_name(game: Any, terms: Any, die: str) -> str:
    """A game's die in words: its id in English, else its name, else its glossary term."""
    spec = game.spec.dice.get(die.rpartition(":")[2])
    if terms.lang == "en" or spec is None:
        return die
    return pick(spec.name, terms.lang) or terms.name(spec.term or die.rpartition(":")[2])


def named_dice(game: Any, terms: Any, text: str, labels: list[str]) -> str:
    """The roll line with a game's dice and face labels named in the players' language."""
    if terms.lang == "en":
        return text
    import re

    text = re.sub(r"d\[([^\]]+)\]", lambda m: f"d[{die_name(game, terms, m.group(1))}]", text)
    for label in sorted(set(labels), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(label)}(?![\w-])", terms.name(label), text)
    return text


def roll(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a dice roll, with the game's dice named."""
    return [named_dice(game, terms, e["out"]["text"], e["out"].get("labels") or [])]


def undo(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for an undone event."""
    target = e["fx"]["undone"]
    kind = event_name(str(target["type"]))
    return [message(_("Undid event {seq} ({type})."), seq=target["seq"], type=kind)]


def reveal(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a revealed session secret."""
    return [message(_("Secret seed: {secret}"), secret=e["args"]["secret"])]


def migrate(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a session moved to the game's current version."""
    return [
        message(
            _("The session now uses the current content of {game}."), game=game.name(terms.lang)
        )
    ]


RENDER: dict[str, Callable[[Any, Terms, dict[str, Any]], list[str]]] = {
    "roll": roll,
    "fate.draw": fate_draw,
    "fate.stop": fate_stop,
    "fate.add": fate_add,
    "deck.draw": deck_draw,
    "deck.discard": deck_discard,
    "deck.reset": deck_reset,
    "deck.deal": deck_deal,
    "deck.return": deck_return,
    "turn.next": turn_next,
    "act.add": act_add,
    "act.turn": act_turn,
    "act.remove": act_remove,
    "act.draw": act_card,
    "act.play": act_card,
    "act.reserve": act_reserve,
    "track.move": track_move,
    "pad.add": pad_add,
    "undo": undo,
    "reveal": reveal,
    "migrate": migrate,
}


def event_lines(game: Any, terms: Terms, event: dict[str, Any]) -> list[str]:
    """An event in sentences in the terms' language; unknown types are shown raw."""
    fn = RENDER.get(event["type"])
    lines = fn(game, terms, event) if fn else [f"{event['type']} {event.get('args', {})}"]
    if (event.get("args") or {}).get("force"):
        lines.append(
            said(terms.lang, N_("(made with --force: a house rule overruled the game's rules)"))
        )
    return lines
