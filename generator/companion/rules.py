"""The rules a game's data states, kept before a move is logged: phases, turns, hands, owners.

:func:`check` runs before a new move is drawn or logged (never on replay, so a log written
under other rules still opens): a move some phase of the turn ``allows`` is refused in the
other phases, naming the phases that allow it; an activation deck's move by a player other
than the one who acts next is refused, naming who does; while a player holds more cards than
their hand's limit (``over: discard``) nothing else happens until they discard down; a claimed
deck is drawn by its owner alone. A house rule overrules all of these with ``force`` (the move
is logged with it). Hand limits may be each player's own marker on a per-player track.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..locale import _
from .errtext import TableError
from .game import TableGame
from .i18n import pick
from .tracks import bounds

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import EventArgs, Overfull, TableState

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import DeckSpec, HandSpec, TrackSpec

# moves a player over their hand limit may still make: the ones that bring the hand down
DOWN = ("deck.discard", "deck.play", "deck.remove", "deck.return")
# moves made by the player an activation deck says acts next
IN_TURN = ("deck.activate", "deck.reserve", "deck.play")


def _spec(game: TableGame, key: str) -> Any:
    """A field of the game's table spec, empty for a game recorded before it existed."""
    return getattr(game.spec, key, None) or {}


def player_step(game: TableGame, state: TableState, tid: str, player: str) -> int:
    """A player's own marker on a per-player track (the track's start until moved)."""
    held = state.get("player_tracks", {}).get(tid, {})
    return int(held.get(player, _spec(game, "tracks")[tid].start))


def limit_of(game: TableGame, state: TableState, hand: HandSpec, player: str) -> int:
    """A hand's limit for a player: a number, or their marker on the per-player track the
    limit names."""
    if isinstance(hand.limit, str):
        return player_step(game, state, hand.limit, player)
    return int(hand.limit)


def held(state: TableState, hand: HandSpec, player: str) -> int:
    """Cards a player holds in a hand, from every deck it counts."""
    decks = state.get("decks", {})
    return sum(len(decks.get(d, {}).get("hands", {}).get(player, [])) for d in hand.decks)


def over_hands(game: TableGame, state: TableState) -> dict[str, Overfull]:
    """Players holding more cards than a hand of theirs allows where the game says to discard
    down: player -> {hand, held, limit}."""
    over: dict[str, Overfull] = {}
    for hid, hand in _spec(game, "hands").items():
        if hand.over != "discard":
            continue
        players = {
            p for d in hand.decks for p in state.get("decks", {}).get(d, {}).get("hands", {})
        }
        for player in sorted(players):
            count, limit = held(state, hand, player), limit_of(game, state, hand, player)
            if count > limit and player not in over:
                over[player] = {"hand": hid, "held": count, "limit": limit}
    return over


def settle(game: TableGame, state: TableState) -> None:
    """Note in the state who must discard down before play goes on (after every event)."""
    over = over_hands(game, state)
    if over:
        state["must_discard"] = over
    else:
        state.pop("must_discard", None)


def check(game: TableGame, state: TableState, verb: str, args: EventArgs) -> None:
    """Refuse a move the game's rules do not allow now (see the module's description); whose
    turn it is is checked by :func:`out_of_turn`, after the move's own checks."""
    if args.get("force") or state.get("over"):
        return  # (a game that is over refuses every move itself)
    _discard_first(state, verb, args)
    _phase(game, state, verb)


def out_of_turn(state: TableState, verb: str, args: EventArgs) -> str | None:
    """The player who acts next, when the move is an activation deck's move by another player
    (None: the move is in turn, forced, or no one is due)."""
    if args.get("force") or verb not in IN_TURN:
        return None
    deck = state.get("decks", {}).get(str(args.get("deck")), {})
    player, due = args.get("player"), deck.get("next")
    if not player or not due or deck.get("mode") is None or player == due:
        return None
    if deck.get("pending_by") == player:
        return None  # the drawer's own card, drawn face down: theirs to play or reserve
    return str(due)


def refuse_out_of_turn(due: str, player: str) -> TableError:
    """The refusal of a move made out of turn."""
    return TableError(
        _("{due} acts next, not {player} (--force lets {player} act out of turn)"),
        due=due,
        player=player,
    )


def _discard_first(state: TableState, verb: str, args: EventArgs) -> None:
    over = state.get("must_discard") or {}
    if not over:
        return
    player = next(iter(sorted(over)))
    if verb in DOWN and args.get("player") in (None, *over):
        return
    raise TableError(
        _(
            "{player} holds {held} cards, more than the {limit} allowed: {player} discards down "
            "first (`deck discard DECK CARD --player {player}`)"
        ),
        player=player,
        held=over[player]["held"],
        limit=over[player]["limit"],
    )


def _phase(game: TableGame, state: TableState, verb: str) -> None:
    phases = list(getattr(game.spec, "turn", None) or [])
    allowing = [p for p in phases if verb in (getattr(p, "allows", None) or [])]
    if not allowing:
        return
    now = state.get("turn") or {"n": 1, "phase": 0}
    phase = phases[min(int(now.get("phase", 0)), len(phases) - 1)]
    if phase in allowing:
        return
    from_lang = [pick(p.name) for p in allowing]
    raise TableError(
        _(
            "{move} belongs to the {phases} phase, and this is the {phase} phase "
            "(`turn next` moves on; --force plays it anyway)"
        ),
        move=verb,
        phases=" / ".join(str(n) for n in from_lang),
        phase=pick(phase.name),
    )


def claim(spec: DeckSpec, state: TableState, did: str, player: str | None) -> None:
    """Refuse a draw into a hand from a claimed deck by anyone but its owner, or by a player
    who owns another claimed deck (a draw for no one is shown and discarded)."""
    if not getattr(spec, "claimed", False) or not player:
        return
    name = pick(spec.name) or did
    owner = state["decks"][did].get("claimed_by")
    if owner and owner != player:
        raise TableError(_("the {deck} is {owner}'s; {player} may not draw from it"),
                         deck=name, owner=owner, player=player)  # fmt: skip
    if owner is None:
        for other, deck in state["decks"].items():
            if other != did and deck.get("claimed_by") == player:
                raise TableError(_("{player} plays the {other}, not the {deck}"),
                                 player=player, other=other, deck=name)  # fmt: skip


def move_own(
    track: TrackSpec, steps: dict[str, int], player: str, by: int | None, to: int | None
) -> dict[str, object]:
    """Move a player's own marker on a per-player track (within the track's steps)."""
    low, high = bounds(track)
    old = steps.get(player, int(track.start))
    asked = old + by if to is None and by is not None else (to if to is not None else old)
    steps[player] = max(low, min(high, asked))
    return {"from": old, "to": steps[player], "asked": asked, "player": player, "marks": [],
            "end": False, "game_over": None}  # fmt: skip
