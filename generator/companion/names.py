"""The names players type for a game's things, turned into the things' ids.

Every table command that takes a name (a bag, deck, track, tile, player, unit, place, holding,
nation or roll) accepts the thing's id or its name in any of the three languages: the glossary
term's names (``content/<game>/rules/glossary.yaml``) and the name table.yaml gives it. Case
and surrounding spaces do not matter. A name that matches nothing is refused with a
:class:`~generator.companion.errtext.TableError` listing the accepted names in the players'
language.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from ..locale import current_language
from .errtext import TableError
from .i18n import LANGS, Terms, pick

if TYPE_CHECKING:  # a saved game's cache, for the type checker only
    from .cache import Cache

# a thing's id -> (its glossary term id, or None for none; its table.yaml name: a text, texts by
# language, or None)
Things = Mapping[str, tuple[str | None, object]]


def terms_for(game: object, cache: Cache | None = None) -> Terms:
    """The glossary of ``game`` in the current language."""
    return Terms(getattr(game, "root", None), current_language(), cache)


def _spellings(terms: Terms, term: str | None, name: object) -> Iterator[str]:
    """Every way the players may write one thing: glossary names and table names, all languages."""
    entry = terms.glossary.get(term) if term else None
    for source in (entry, name):
        if isinstance(source, str):
            yield source
        elif isinstance(source, dict):
            yield from (str(source[lang]) for lang in LANGS if source.get(lang))


def find(terms: Terms, typed: str, things: Things) -> str | None:
    """The id of the thing ``typed`` names (its id, or a name in any language); None if none."""
    key = typed.strip().casefold()
    for thing_id in things:
        if thing_id.casefold() == key:
            return thing_id
    for thing_id, (term, name) in things.items():
        if any(word.strip().casefold() == key for word in _spellings(terms, term, name)):
            return thing_id
    return None


def shown(terms: Terms, thing_id: str, things: Things) -> str:
    """One thing's name in the players' language (its id when it has none)."""
    term, name = things.get(thing_id, (None, None))
    if term is None:
        return pick(name, terms.lang) or thing_id
    return terms.name(term, name)


def listing(terms: Terms, things: Things) -> str:
    """The names of ``things`` in the players' language, in order, as one list."""
    names = [shown(terms, thing_id, things) for thing_id in things]
    return ("、" if terms.lang.startswith("zh") else ", ").join(names) or "-"


def resolve(terms: Terms, typed: str, things: Things, unknown: str, **values: object) -> str:
    """The id of the thing ``typed`` names, or a :class:`TableError` worded by ``unknown``.

    ``unknown`` is a message (already through ``_``) with ``{name}`` for what was typed and
    ``{known}`` for the accepted names; ``values`` fill its other placeholders.
    """
    found = find(terms, typed, things)
    if found is None:
        raise TableError(unknown, name=typed, known=listing(terms, things), **values)
    return found
