"""The shapes of a table's state, part by part: a deck's, a fate bag's and the score pad's.

The state is plain JSON data (it is logged in the session's header, snapshotted and replayed),
so its parts are :class:`~typing.TypedDict` shapes rather than classes: the type checker reads
each key, and the data stays what the log holds. Keys a part has only in some games (a deck
whose units activate, a bag drawn once a turn) are not required. :mod:`.statecheck` checks a
header's state against these shapes when a log is opened.
"""

from __future__ import annotations

from typing import Any, TypedDict


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


class BagState(TypedDict, total=False):
    """A fate bag: tiles in the bag, set aside, held this turn and used."""

    pool: list[str]  # tile copies (``id#n``) in the bag
    aside: list[str]  # tiles waiting for the event that puts them in
    held: list[str]
    used: list[str]
    phase: BagPhase | None  # the drawing under way, None between turns
    done: int  # the turn whose drawing is over (bags drawn once a turn)
    last: dict[str, Any]  # what the last resolved draw did, until the event reports it


class Event(TypedDict, total=False):
    """One event of the log, as the sentences about it read it: with the effects it had when
    it was applied (``fx``: worked out on replay, never logged)."""

    seq: int
    type: str
    args: dict[str, Any]  # what the command asked (each field checked: session_events.FIELDS)
    out: dict[str, Any]  # the outcomes the random source gave
    fx: dict[str, Any]  # what applying it did, by event type
    t: float
    ctr: list[int]  # the random counter before and after
    snap: str  # the hash of the state a snapshot keeps
    repaired: str | None
