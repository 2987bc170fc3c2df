"""A game's table read from its content folder: ``table.yaml``, the cards of every deck, the title.

The one place the companion reads a game's YAML and its schema (msgspec): a new session, a
migration and the commands without a saved game start here, while a saved game's commands read
the game recorded in the log (:meth:`generator.companion.game.TableGame.from_record`) and never
import this module. Cards come from the table file, an item file, or a printed component's item
file (``cards_from``), so the deck and the printed cards name the same cards. The record a
session keeps of the game (spec, cards, files and their hash) is made here too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from msgspec import structs

from ..content.table import load_table, table_path
from ..content.table.models import TableSpec
from ..content.table.printed import card_file_of, load_items, printed_cards
from ..content.types import to_builtins
from ..content.yamlload import load_yaml
from ..text.localtext import LANGS, choose


class GameContent(NamedTuple):
    """What a game's folder says about its table, read and checked."""

    root: Path
    spec: TableSpec
    cards: dict[str, dict[str, dict[str, object]]]  # deck id -> card id -> data
    title: str | dict[str, str] | None  # the game's title from game.yaml

    def files(self) -> list[str]:
        """The table file and every card file it reads, relative to the game's folder."""
        files = [table_path(self.root)]
        for deck in self.spec.decks.values():
            files += [card_file_of(self.root, source.component) for source in deck.printed]
            if isinstance(deck.cards, str):
                files.append(self.root / deck.cards)
        return [str(f.relative_to(self.root)) for f in files]

    def spec_data(self) -> dict[str, Any]:
        """The spec as plain JSON data, for the session's record."""
        data: dict[str, Any] = to_builtins(self.spec)
        return data


def read_game(root: Path) -> GameContent:
    """Load and validate a game's table content and its cards from its folder."""
    spec = load_table(root)
    cards: dict[str, dict[str, dict[str, object]]] = {}
    for did, deck in spec.decks.items():
        if deck.cards_from is not None:
            cards[did] = printed_cards(root, deck)
        elif isinstance(deck.cards, str):
            items = load_items(root / deck.cards, root).items
            cards[did] = {str(i.id): {"id": str(i.id), "qty": i.qty, **i.extra} for i in items}
        else:
            cards[did] = {c.id: structs.asdict(c) for c in deck.cards}
    return GameContent(root, spec, _both_scripts(cards), _title(root))


def _both_scripts(value: Any) -> Any:
    """Texts given in one Chinese script get the other now, by the one fallback rule
    (:func:`generator.text.localtext.choose`), so a command never converts at the table."""
    if isinstance(value, dict) and "en" in value and set(value) <= set(LANGS):
        if ("zh-Hant" in value) == ("zh-Hans" in value):
            return value
        return {**value, "zh-Hant": choose(value, "zh-Hant"), "zh-Hans": choose(value, "zh-Hans")}
    if isinstance(value, dict):
        return {k: _both_scripts(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_both_scripts(v) for v in value]
    return value


def _title(root: Path) -> str | dict[str, str] | None:
    """The title in game.yaml (None when it cannot be read: `pnp check` reports that)."""
    try:
        data = load_yaml(root / "game.yaml", root=root).data
    except Exception:  # a broken game.yaml does not stop the table
        return None
    title = data.get("title") if isinstance(data, dict) else None
    return title if isinstance(title, (str, dict)) else None
