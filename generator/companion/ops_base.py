"""What every table operation shares: the table as an operation sees it, the game and its named
things (bags, decks, tracks, players, modes found by id or by name in any language), the game-
over check and the no-op steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ..locale import _
from ..text.localtext import LANGS
from .errtext import TableError
from .game import TableGame
from .i18n import pick
from .names import Things, find, listing, resolve, shown, terms_for
from .rng import Source

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import DeckState, EventArgs, Outcome, OverState, TableState

if TYPE_CHECKING:
    from ..content.table.models import DeckSpec
    from ..content.types import Lang
    from .cache import Cache  # the table's models, for the type checker only
    from .session import Log


class Table(Protocol):
    """What an operation sees of the table (:class:`generator.companion.engine.Table`)."""

    game: TableGame | None
    state: TableState
    cache: Cache  # the session's cache (the glossary, for names in any language)
    log: Log | None  # the session's log: its header names the players


Op = Callable[[Table, "EventArgs", Source], dict[str, object]]


Apply = Callable[[Table, "EventArgs", "Outcome"], dict[str, object]]


def _g(t: Table) -> TableGame:
    """The table's game (loaded before any step runs)."""
    assert t.game is not None
    return t.game


def over_note(game: TableGame, over: OverState, lang: str) -> str:
    """What ended the game, in words."""
    if over["by"] == "track":
        track = game.spec.tracks[over["id"]]
        return pick(track.game_over[over["rule"]].note, lang) or ""
    deck = game.spec.decks[over["id"]]
    note = deck.empty_ends_game if over["by"] == "empty" else deck.ends_game_note
    return pick(note, lang) or over.get("card", "")


def _not_over(t: Table) -> None:
    over = t.state.get("over")
    if over:
        notes = {lang: over_note(_g(t), over, lang) for lang in LANGS}
        raise TableError(
            _("the game is over ({note}); `pnp undo` takes back the last event"), note=notes
        )


# the args that name a thing of the game, by its id or a name in any language
Named = Literal["deck", "bag", "track", "tile", "mode", "player"]


def _named(t: Table, args: EventArgs, key: Named, things: Things, unknown: str) -> str:
    """The id ``args[key]`` names (its id or a name in any language), written back to the args."""

    found = resolve(terms_for(_g(t), t.cache), str(args[key]), things, unknown, game=_g(t).names())
    args[key] = found
    return found


def _who(t: Table, player: str) -> str:
    """A player or army as the players read it: its glossary name, else as typed."""

    return terms_for(_g(t), t.cache).name(player)


def _owner(t: Table, args: EventArgs, state: DeckState) -> None:
    """``args["player"]`` as the id of a player the activation deck knows, when a name in any
    language names one (else as typed: a new player, or one the step refuses)."""
    if not args.get("player"):
        return

    owners = {str(p): (str(p), None) for p in sorted(set(state.get("owners", {}).values()))}
    found = find(terms_for(_g(t), t.cache), str(args["player"]), owners)
    if found is not None:
        args["player"] = found


def _deck(t: Table, args: EventArgs) -> tuple[DeckSpec, DeckState]:
    """The spec and state of the deck the args name."""
    specs = _g(t).spec.decks
    things = {d: (None, spec.name) for d, spec in specs.items()}
    deck_id = _named(t, args, "deck", things, _("{game} has no deck {name!r} (decks: {known})"))
    return specs[deck_id], t.state["decks"][deck_id]


def _plain(t: Table, spec: DeckSpec, args: EventArgs) -> None:
    """Refuse a plain deck's move on a deck of units that activate."""
    if spec.modes:
        raise TableError(
            _("the {deck} holds units that activate: {verbs}"),
            deck=pick_name(spec, args["deck"]),
            verbs=_verbs(spec),
        )


def _activating(t: Table, spec: DeckSpec, args: EventArgs) -> None:
    """Refuse an activation move on a deck whose cards do not activate."""
    if not spec.modes:
        raise TableError(
            _("the {deck} has no units that activate; it is played with: {verbs}"),
            deck=pick_name(spec, args["deck"]),
            verbs=_verbs(spec),
        )


def pick_name(spec: DeckSpec, did: str) -> str | dict[Lang, str]:
    """A deck's shown name (in every language), else its id."""
    return spec.name or did


def _verbs(spec: DeckSpec) -> str:
    """The deck commands a deck is played with."""
    if spec.modes:
        return "deck add, deck turn, deck activate, deck reserve, deck play, deck remove"
    said = ["deck draw", "deck discard", "deck play", "deck remove", "deck return", "deck reset"]
    if spec.positions is not None:
        said.insert(1, "deck number")
    if spec.deal:
        said.insert(1, "deck deal")
    return ", ".join(said)


def _modes(spec: DeckSpec) -> dict[str, tuple[str | None, object]]:
    """A deck's modes as things to name: each mode's id is its glossary term."""
    return {str(m): (str(m), None) for m in spec.modes}


def _mode_name(t: Table, spec: DeckSpec) -> Callable[[str | None], str]:
    """Names a mode of the deck in the players' language (None: every mode, as one list)."""

    def name(mode: str | None) -> str:
        terms = terms_for(_g(t), t.cache)
        return listing(terms, _modes(spec)) if mode is None else shown(terms, mode, _modes(spec))

    return name


def _player(t: Table, args: EventArgs, players: Iterable[str]) -> str:
    """The player of an activation deck the args name (as added, or a glossary name)."""
    things = {p: (p, None) for p in players}
    return _named(
        t, args, "player", things, _("{name} has no cards in this deck (players: {known})")
    )


def _track_over(t: Table, move: dict[str, Any]) -> None:
    if move.get("game_over") is not None and not t.state.get("over"):
        t.state["over"] = {"by": "track", "id": move["track"], "rule": move["game_over"]}


def op_plain(t: Table, args: EventArgs, source: Source) -> dict[str, object]:
    """Draw step for events that need no randomness: returns nothing (the apply step checks)."""
    return {}


def apply_nothing(t: Table, args: EventArgs, out: Outcome) -> dict[str, object]:
    """Apply step for events that change no state: returns nothing."""
    return {}
