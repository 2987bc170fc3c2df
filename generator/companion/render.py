"""Turning events and state into sentences in the players' language.

One function per event type, chosen from a table; game terms go through :class:`Terms` so the
glossary's wording is used where it has the term.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .i18n import Terms, event_name, message, pick


def _tile_name(game: Any, terms: Terms, bag_id: str, instance: str) -> str:
    from .bag import tile_kind  # the bags and decks load with a command that uses them

    kind = tile_kind(instance)
    for tile in game.spec.bags[bag_id].tiles:
        if tile.id == kind:
            mark = " ✦" if tile.symbol else ""
            return (
                pick(tile.name, terms.lang) or f"{terms.name('fate-tile', None)} {tile.value}{mark}"
            )
    return kind


def _bag_name(game: Any, terms: Terms, bag_id: str) -> str:
    spec = game.spec.bags[bag_id]
    return terms.name(spec.term or bag_id, spec.name)


def _track_lines(game: Any, terms: Terms, move: dict[str, Any]) -> list[str]:
    spec = game.spec.tracks[move["track"]]
    name = terms.name(spec.term or move["track"], spec.name)
    lines = [
        message("track.moved", terms.lang, track=name, **{"from": move["from"], "to": move["to"]})
    ]
    for mark_id in move["marks"]:
        mark = next(m for m in spec.marks if m.id == mark_id)
        if mark.note is not None:
            lines.append(pick(mark.note, terms.lang) or "")
        else:
            lines.append(message("track.ready", terms.lang, name=terms.name(mark.id, mark.name)))
    for then in move.get("then", []):
        lines += _track_lines(game, terms, then)
    for told in _step_notes(game, terms, {move["track"]: move["to"], **move.get("tells", {})}):
        if told not in lines:  # a track moved by a mark and told by this one: once
            lines.append(told)
    if move.get("game_over") is not None:
        note = pick(spec.game_over[move["game_over"]].note, terms.lang)
        lines.append(message("game.over", terms.lang, note=note))
    elif move["end"] and spec.end_note:
        lines.append(
            message(
                "track.end",
                terms.lang,
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
                "fate.returned",
                lang,
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

    bag_id, out, lang = e["args"]["bag"], e["out"], terms.lang
    spec = game.spec.bags[bag_id]
    tile = next(t for t in spec.tiles if t.id == tile_kind(out["tile"]))
    lines = [
        message(
            "fate.drew", lang, tile=_tile_name(game, terms, bag_id, out["tile"]), value=tile.value
        )
    ]
    if tile.special:
        lines.append(message("fate.special", lang))
    if out["resolve"]:
        lines += _resolved(game, terms, bag_id, e["fx"]["resolved"])
    else:
        lines.append(message("fate.more", lang, draw=out["draw"], limit=out["limit"]))
    return lines


def fate_stop(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for stopping a fate-bag turn: what the drawn tiles resolved."""
    return _resolved(game, terms, e["args"]["bag"], e["fx"]["resolved"])


def fate_add(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a special tile put into a fate bag."""
    bag_id = e["args"]["bag"]
    return [
        message(
            "fate.added",
            terms.lang,
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
    name = _card_name(game, terms, deck_id, fx["card"], fx.get("n", 1))
    lines = [message("deck.reshuffled", lang)] if fx.get("reshuffled") else []
    if "position" in fx:
        if "number" in fx:
            lines.append(
                message(
                    "deck.number", lang, position=fx["position"], card=name, number=fx["number"]
                )
            )
        else:
            lines.append(message("deck.no_number", lang, card=name))
        if fx.get("must_play"):
            lines.append(message("deck.must_play_number", lang, card=name))
    else:
        secret = bool(fx.get("player")) and game.spec.decks[deck_id].secret_hands
        if secret:
            from ..locale import translation

            _ = translation(lang).gettext
            lines.append(
                _(
                    "{player} draws a card into a secret hand; `deck hand {deck} --player "
                    "{player}` shows it to {player} alone."
                ).format(player=fx["player"], deck=deck_id)
            )
        elif fx.get("player"):
            lines.append(message("deck.drew_to", lang, card=name, player=fx["player"]))
        else:
            lines.append(message("deck.drew", lang, card=name))
        if not secret:
            lines += _shown(game, terms, deck_id, fx["card"])
        if fx.get("must_play") and not secret:
            lines.append(message("deck.must_play", lang, card=name))
    if fx.get("ends_game"):
        note = pick(game.spec.decks[deck_id].ends_game_note, lang)
        lines.append(message("deck.ends", lang, card=name))
        if note:
            lines.append(message("game.over", lang, note=note))
    if fx.get("deck_empty"):
        note = pick(game.spec.decks[deck_id].empty_ends_game, lang)
        lines.append(message("game.over", lang, note=note))
    if fx.get("ran_out"):
        from ..locale import translation

        _ = translation(lang).gettext
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


def act_card(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for an activation card drawn or played: removed, waiting to be reserved, or active."""
    fx = e["fx"]
    card = _unit(game, terms, fx["card"])
    if fx.get("removed"):
        return [message("deck.removed", terms.lang, card=card)]
    if fx.get("may_reserve") and e["type"] == "act.draw":
        return [message("deck.drawn_unit", terms.lang, card=card, owner=fx.get("owner"))]
    return [message("deck.active", terms.lang, card=card, owner=fx.get("owner"))]


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
            "deck.discarded",
            terms.lang,
            deck=_deck_name(game, terms, deck_id),
            cards=_listing(cards, terms.lang),
        )
    ]


def deck_reset(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a deck reset."""
    return [message("deck.reset", terms.lang, deck=_deck_name(game, terms, e["args"]["deck"]))]


def act_add(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for units added to an activation deck."""
    args = e["args"]
    return [
        message(
            "act.added",
            terms.lang,
            player=args["player"],
            count=len(args["units"]),
            deck=_deck_name(game, terms, args["deck"]),
            units=_listing(list(args["units"]), terms.lang),
        )
    ]


def act_turn(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for the start of an activation turn, naming its mode."""
    mode = e["args"]["mode"]
    from .catalogue import MODES

    name = terms.name(f"{mode}-mode", MODES.get(mode, mode))
    return [
        message("act.turn", terms.lang, deck=_deck_name(game, terms, e["args"]["deck"]), mode=name)
    ]


def act_remove(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a unit removed from an activation deck."""
    return [
        message(
            "act.removed",
            terms.lang,
            unit=e["args"]["unit"],
            deck=_deck_name(game, terms, e["args"]["deck"]),
        )
    ]


def act_reserve(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for an activation card put in reserve."""
    card = e["fx"].get("card")
    return [
        message(
            "deck.reserved",
            terms.lang,
            owner=e["fx"]["owner"],
            card=_unit(game, terms, card or "?"),
        )
    ]


def track_move(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a track move."""
    return _track_lines(game, terms, e["fx"])


def pad_add(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for points written on the score pad."""
    return [message("score.added", terms.lang, **e["fx"])]


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
    kind = event_name(str(target["type"]), terms.lang)
    return [message("undo.done", terms.lang, seq=target["seq"], type=kind)]


def reveal(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a revealed session secret."""
    return [message("session.reveal", terms.lang, secret=e["args"]["secret"])]


def migrate(game: Any, terms: Terms, e: dict[str, Any]) -> list[str]:
    """Lines for a session moved to the game's current version."""
    return [message("session.migrated", terms.lang, game=game.name(terms.lang))]


RENDER: dict[str, Callable[[Any, Terms, dict[str, Any]], list[str]]] = {
    "roll": roll,
    "fate.draw": fate_draw,
    "fate.stop": fate_stop,
    "fate.add": fate_add,
    "deck.draw": deck_draw,
    "deck.discard": deck_discard,
    "deck.reset": deck_reset,
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
    return fn(game, terms, event) if fn else [f"{event['type']} {event.get('args', {})}"]
