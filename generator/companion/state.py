"""The shapes of a table's state, part by part (a deck's, a fate bag's, the score pad's, the
whole table's), and of its log's events: what a command asked and what the random source gave.

The state is plain JSON data (it is logged in the session's header, snapshotted and replayed),
so its parts are :class:`~typing.TypedDict` shapes rather than classes: the type checker reads
each key, and the data stays what the log holds. Keys a part has only in some games (a deck
whose units activate, a bag drawn once a turn) are not required. :mod:`.statecheck` checks a
header's state against these shapes when a log is opened. The shapes are for the type
checker alone: modules import them under ``TYPE_CHECKING``, so a table command does not pay for
building them at start-up.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class DeckState(TypedDict, total=False):
    """A deck: its draw pile (unordered), discards, cards set aside and out, players' hands."""

    pile: list[str]  # card copies (``id`` or ``id#2``), kept sorted: the draw picks at random
    discard: list[str]
    aside: list[str]  # cards that join at the first reshuffle
    out: list[str]  # cards drawn into hands or read for a number
    reshuffles: int
    over: bool
    hands: dict[str, list[list[Any]]]  # player -> [card, number shown], as JSON lists
    play: dict[str, list[str]]  # player -> cards laid in front of them
    claimed_by: str  # a claimed deck's owner
    ran_out: bool  # drawn out at least once (decks with all_run_out)
    # decks whose units activate
    owners: dict[str, str]  # unit card -> its player
    mode: str | None  # the mode of the turn
    queues: dict[str, list[str]]  # player -> their secret order of cards (queue mode)
    reserve: dict[str, list[str]]  # player -> cards held in reserve
    reserved_this_turn: list[str]  # players who reserved a card this turn
    last: str | None  # the card activated last
    removed: list[str]  # unit cards out of the game
    pending: str  # a card drawn that its drawer may still reserve
    pending_by: str
    drawn_by: str
    next: str | bool | None  # whose card comes next (True: anyone's), when the mode tells


class BagPhase(TypedDict):
    """One turn's drawing from a bag: how many tiles it may take and the tiles drawn so far."""

    limit: int
    drawn: list[str]


class Resolved(TypedDict):
    """A tile resolved: the tile, its value and symbol, the held tiles returned to the bag and,
    for a bag that moves a track, the track's move (:func:`.tracks.move_track`)."""

    tile: str
    value: int
    symbol: bool
    returned: list[str]
    track: NotRequired[dict[str, Any]]


class BagOdds(TypedDict):
    """The chances for the next tile of a bag: of each advance (by value, as text) and of the
    symbol and a special tile; with the count of tiles of each value."""

    tiles: int
    advance: dict[str, float]
    counts: NotRequired[dict[str, int]]
    symbol: float
    special: float


class BagState(TypedDict, total=False):
    """A fate bag: tiles in the bag, set aside, held this turn and used."""

    pool: list[str]  # tile copies (``id#n``) in the bag
    aside: list[str]  # tiles waiting for the event that puts them in
    held: list[str]
    used: list[str]
    phase: BagPhase | None  # the drawing under way, None between turns
    done: int  # the turn whose drawing is over (bags drawn once a turn)
    last: Resolved  # what the last resolved draw did, until the event reports it


class TurnState(TypedDict):
    """Where the turn stands: its number, the phase under way (an index into the game's) and,
    where each player takes the whole turn in order, whose seat it is (from 0) and which
    player, by the order they were named, sits first (the winner of a first-player roll)."""

    n: int
    phase: int
    seat: NotRequired[int]
    first: NotRequired[int]


class PadState(TypedDict):
    """The score pad: one row per score written, ``[round, player, points]`` as a JSON list."""

    rows: list[list[Any]]


class OverState(TypedDict, total=False):
    """How the game ended (``by``): a track's threshold met, a card drawn, a deck drawn empty."""

    by: str  # track, card or empty
    id: str
    rule: int  # the threshold met, by its place in the track's list
    card: str


class Overfull(TypedDict):
    """A player holding more cards than a hand allows: the hand, what they hold, its limit."""

    hand: str
    held: int
    limit: int


class TableState(TypedDict, total=False):
    """The whole table: every bag, track and deck, the score pad, the turn and the game's end."""

    bags: dict[str, BagState]
    tracks: dict[str, int]  # track id -> its step
    decks: dict[str, DeckState]
    pad: PadState
    turn: TurnState
    player_tracks: dict[str, dict[str, int]]  # track id -> player -> their step
    over: OverState
    must_discard: dict[str, Overfull]  # player -> the hand they must discard down


class EventArgs(TypedDict, total=False):
    """What a command asked, as its event logs it: each kind of event uses some of these
    (``session_events.FIELDS`` checks their values when a log is read). A field the command
    was given without may be null in the log (``session_events.OPTIONAL``): such fields are
    read with ``.get``."""

    player: str
    deck: str
    bag: str
    track: str
    tile: str
    unit: str
    card: str
    mode: str
    expr: str
    game: str  # the game a named roll belongs to
    secret: str  # the seed, hexadecimal, when it is revealed
    units: list[str]
    cards: list[str]
    order: dict[str, list[str]]  # player -> their units in the order they chose
    record: dict[str, object]  # the game's record, when a session moves to a new version
    index: int
    limit: int
    target: int  # the event an undo takes back
    points: int
    by: int
    to: int
    round: int
    count: int
    generals: int
    position: int
    up_to: int
    reshuffle: bool
    resolve: bool
    force: bool
    stays: bool  # a card played stays where it is


class Outcome(TypedDict, total=False):
    """What the random source gave an event (its ``out``), as applying it reads it: a card's
    place in the pile and whether the discards were shuffled in first, a tile drawn from a bag
    (which draw of the turn, of at most how many, and whether it resolves), a deal's draws."""

    index: int
    reshuffle: bool
    tile: str
    draw: int
    limit: int
    resolve: bool
    draws: list[Outcome]
    text: str  # a roll, as rolled
    labels: list[str]  # a roll's face labels


class Event(TypedDict, total=False):
    """One event of the log, as the sentences about it read it: with the effects it had when
    it was applied (``fx``: worked out on replay, never logged)."""

    seq: int
    type: str
    args: EventArgs  # what the command asked (each field checked: session_events.FIELDS)
    out: Outcome  # the outcomes the random source gave
    fx: dict[str, Any]  # what applying it did, by event type
    t: float
    ctr: list[int]  # the random counter before and after
    snap: str  # the hash of the state a snapshot keeps
    repaired: str | None
