"""The names of the table's things in the players' language, as the sentences about events use
them: tiles, bags, cards, units, decks, dice, and a list of names.
"""

from __future__ import annotations

import re

from ..locale import pgettext
from .bag import tile_kind
from .decks import card_id, unit_name
from .game import TableGame
from .i18n import Terms, pick


def _tile_name(game: TableGame, terms: Terms, bag_id: str, instance: str) -> str:

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


def _bag_name(game: TableGame, terms: Terms, bag_id: str) -> str:
    spec = game.spec.bags[bag_id]
    return terms.name(spec.term or bag_id, spec.name)


def _card_name(game: TableGame, terms: Terms, deck_id: str, instance: str, n: int = 1) -> str:

    data = game.cards.get(deck_id, {}).get(card_id(instance), {})
    name = pick(data.get("name"), terms.lang) or card_id(instance)
    return f"{name} ({n})" if n > 1 else name


def _unit(game: TableGame, terms: Terms, instance: str) -> str:
    """A unit card's shown name: the printed card's name when the deck has one, else as added."""

    for cards in game.cards.values():
        data = cards.get(card_id(instance))
        if data is not None and data.get("owner"):
            return pick(data.get("name"), terms.lang) or unit_name(instance)
    return unit_name(instance)


def _deck_name(game: TableGame, terms: Terms, deck_id: str) -> str:
    spec = game.spec.decks.get(deck_id)
    return (pick(spec.name, terms.lang) if spec is not None else None) or deck_id


def _listing(names: list[str], lang: str) -> str:
    return ("、" if lang.startswith("zh") else ", ").join(names)


def die_name(game: TableGame, terms: Terms, die: str) -> str:
    """A game's die in words: its id in English, else its name, else its glossary term."""
    spec = game.spec.dice.get(die.rpartition(":")[2])
    if terms.lang == "en" or spec is None:
        return die
    return pick(spec.name, terms.lang) or terms.name(spec.term or die.rpartition(":")[2])


def named_dice(game: TableGame, terms: Terms, text: str, labels: list[str]) -> str:
    """The roll line with a game's dice and face labels named in the players' language."""
    if terms.lang == "en":
        return text

    text = re.sub(r"d\[([^\]]+)\]", lambda m: f"d[{die_name(game, terms, m.group(1))}]", text)
    for label in sorted(set(labels), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(label)}(?![\w-])", terms.name(label), text)
    return text
