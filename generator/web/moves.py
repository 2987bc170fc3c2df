"""The moves a page offers: which a player may make now, the host's, and their odds.

Read from the table's state and its game's data (no game is named here): a player's own hand
(draw, discard, an opening deal), an activation deck's next card, reserve and reserved card, a
bag's draw and stop, the game's named rolls with their options, and any dice. Each move is a
:class:`Move` whose ``key`` the page posts back; the server makes a move only when the viewer's
list holds its key now, so a page can never act for another player. Called only by
:mod:`generator.web.bridge`, under its lock with the viewer's language set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from ..companion import odds as exact
from ..companion import odds_text as words
from ..companion.activation import way
from ..companion.bag import odds as bag_odds
from ..companion.engine import named_roll
from ..companion.errtext import TableError
from ..companion.hands import check_room, groups_of
from ..companion.i18n import Terms, pick
from ..companion.render import _bag_name, _card_name, _deck_name, _unit
from ..companion.rules import claim
from ..dice.parse import parse
from ..errors import UsageError
from ..locale import _

if TYPE_CHECKING:  # the state's shape, for the type checker only
    from ..companion.state import TableState

FREE_ROLL_MAX = 40  # characters of a dice expression typed on a page
OWN = ("hand", "reserve", "drawn", "queue")  # zones a player's page lists as that player's own
DICE_TEXT = re.compile(r"^[0-9dDkKhHlLrR!<>=+\-*/()@ %F]{1,40}$")


@dataclass
class Field:
    """One input of a move: a whole number in a range, or a short text."""

    name: str
    label: str
    kind: str = "int"  # int | text
    low: int = 0
    high: int = 0
    value: str = ""


@dataclass
class Move:
    """A move a page offers: its key, its words, the event it records and the inputs it takes."""

    key: str
    label: str
    verb: str  # the table's action (companion.table.VERBS, undo, reveal)
    group: str  # the heading it is shown under (a deck, a bag, the dice)
    args: dict[str, Any] = field(default_factory=dict)
    fields: list[Field] = field(default_factory=list)
    odds: bool = False
    roll: str | None = None  # a named roll whose expression the fields fill in


def not_offered() -> str:
    """The refusal of a move the page may not make (now)."""
    return _("That move is not open to you now; the page has been brought up to date.")


def hand_of(game: Any, shown: dict[str, Any], terms: Terms, viewer: str) -> list[dict[str, Any]]:
    """The viewer's own cards, by deck: a hand, a reserve, a card drawn face down, a secret
    order; read from the viewer's view, which names them for the viewer alone."""
    groups: dict[str, list[str]] = {}
    for zone in shown["zones"]:
        if zone["owner"] != viewer or not zone["cards"] or zone["kind"] not in OWN:
            continue
        did = zone["of"]
        activates = bool(game.spec.decks[did].modes) if did in game.spec.decks else False
        names = [_unit(game, terms, c) if activates else _card_name(game, terms, did, c)
                 for c in zone["cards"]]  # fmt: skip
        groups.setdefault(_deck_name(game, terms, did), []).extend(names)
    return [{"deck": deck, "cards": cards} for deck, cards in groups.items()]


def player_moves(game: Any, state: dict[str, Any], terms: Terms, viewer: str) -> list[Move]:
    """The moves ``viewer`` may make now, read from the viewer's view of the state."""
    found: list[Move] = []
    for did, spec in game.spec.decks.items():
        deck = state["decks"].get(did)
        if deck is None:
            continue
        name = _deck_name(game, terms, did)
        if "owners" in deck:
            found += _activation(game, terms, spec, deck, did, name, viewer)
        elif groups_of(game, did) or getattr(spec, "deal", None):
            found += _hand_moves(game, terms, spec, state, did, name, viewer)
        elif getattr(spec, "owner", None) in (None, viewer):
            found.append(
                Move(f"show:{did}", _("Draw a card and show it"), "deck.draw", name, {"deck": did})
            )
    for bid, spec in game.spec.bags.items():
        bag = state["bags"].get(bid)
        if bag is None:
            continue
        name = _bag_name(game, terms, bid)
        draw = Move(f"bag:{bid}", _("Draw a tile"), "fate.draw", name, {"bag": bid}, odds=True)
        if getattr(spec, "per_turn", False) and bag.get("phase") is None:
            top = int(getattr(spec, "max_draws", 1) or 1)
            draw.fields.append(Field("generals", _("Tiles that may be drawn"), "int", 0, top, "1"))
        found.append(draw)
        if bag.get("phase") is not None:
            found.append(Move(f"keep:{bid}", _("Keep the last tile"), "fate.stop", name,
                              {"bag": bid}))  # fmt: skip
    dice = _("Dice")
    for rid, spec in game.spec.rolls.items():
        if getattr(spec, "each", None):
            continue  # everyone rolls: made at the table
        label = pick(spec.name, terms.lang) or rid
        move = Move(f"roll:{rid}", label, "roll", dice, {"game": game.id}, odds=True, roll=rid)
        for pname, p in spec.params.items():
            help_ = pick(p.help, terms.lang) or pname
            if p.kind == "icons":
                move.fields.append(Field(pname, help_, "text", 0, 20, str(p.default or "")))
            else:
                default = "" if p.default is None else str(p.default)
                move.fields.append(Field(pname, help_, "int", int(p.min), int(p.max), default))
        found.append(move)
    found.append(
        Move(
            "dice",
            _("Roll dice"),
            "roll",
            dice,
            {},
            [Field("expr", _("Dice to roll, such as 2d6"), "text", 0, FREE_ROLL_MAX, "2d6")],
            odds=True,
        )  # fmt: skip
    )
    return found


def _hand_moves(
    game: Any, terms: Terms, spec: Any, state: dict[str, Any], did: str, name: str, viewer: str
) -> list[Move]:
    """Draw into the viewer's hand (where the game's rules let them: not from another player's
    deck, not into a full hand that refuses more), an opening deal while it is empty, and for
    each card in it: play it on the table, or discard it."""
    owner = getattr(spec, "owner", None)
    if owner not in (None, viewer):
        return []
    deck = state["decks"][did]
    hand = (deck.get("hands") or {}).get(viewer) or []
    try:
        claim(spec, cast("TableState", state), did, viewer)
    except TableError:
        return []  # another player's deck: nothing of it is this player's to draw or play
    found = []
    if getattr(spec, "deal", None) and not hand:
        found.append(Move(f"deal:{did}", _("Deal my opening hand"), "deck.deal", name,
                          {"deck": did}))  # fmt: skip
    try:
        check_room(game, cast("TableState", state), did, viewer)
        found.append(Move(f"draw:{did}", _("Draw a card into my hand"), "deck.draw", name,
                          {"deck": did}))  # fmt: skip
    except TableError:
        pass  # a full hand: the draw is not offered
    for inst, n in hand:
        card = _card_name(game, terms, did, inst, n)
        found.append(Move(f"play:{did}:{inst}", _("Play {card}").format(card=card), "deck.play",
                          name, {"deck": did, "card": inst}))  # fmt: skip
        found.append(Move(f"discard:{did}:{inst}", _("Discard {card}").format(card=card),
                          "deck.discard", name, {"deck": did, "cards": [inst]}))  # fmt: skip
    return found


def _activation(
    game: Any, terms: Terms, spec: Any, deck: dict[str, Any], did: str, name: str, viewer: str
) -> list[Move]:
    """An activation deck's moves for one of its players, once a turn has begun: in a mode
    where players choose, each of their cards left; else the next card; a reserve; the card
    held in reserve."""
    if viewer not in set(deck["owners"].values()) or deck.get("mode") is None:
        return []
    args = {"deck": did}
    found = []
    drawn = deck.get("pending") if deck.get("pending_by") == viewer else None
    if isinstance(drawn, str):  # drawn face down: the drawer plays it now or reserves it
        label = _("Play {card}").format(card=_unit(game, terms, drawn))
        found.append(Move(f"play:{did}:{drawn}", label, "deck.play", name,
                          {**args, "card": drawn}))  # fmt: skip
    elif way(spec, deck) == "choose":
        for unit in (deck.get("queues") or {}).get(viewer) or []:
            label = _("Play {card}").format(card=_unit(game, terms, unit))
            found.append(Move(f"play:{did}:{unit}", label, "deck.play", name,
                              {**args, "card": unit}))  # fmt: skip
    else:
        found.append(Move(f"activate:{did}", _("Activate my next card"), "deck.activate", name,
                          dict(args)))  # fmt: skip
    found.append(Move(f"reserve:{did}", _("Put a card in reserve"), "deck.reserve", name,
                      dict(args)))  # fmt: skip
    if (deck.get("reserve") or {}).get(viewer):
        found.append(Move(f"play:{did}", _("Play my reserved card"), "deck.play", name,
                          {**args, "card": None}))  # fmt: skip
    return found


def host_moves(game: Any, shown: dict[str, Any], history: list[dict[str, Any]]) -> list[Move]:
    """The host's moves: undo, the next phase of the turn, and a fair session's reveal."""
    table = _("Table")
    found = []
    if shown["events"]:
        found.append(Move("undo", _("Undo the last event"), "undo", table))
    if getattr(game.spec, "turn", None) and not shown["over"]:
        found.append(Move("next", _("Next phase"), "turn.next", table))
    if shown["rng"] == "fair" and not any(e["type"] == "reveal" for e in history):
        found.append(Move("reveal", _("Reveal the secret seed"), "reveal", table))
    return found


def filled(game: Any, move: Move, values: dict[str, str]) -> dict[str, Any]:
    """The move's action arguments with its fields' values checked and put in."""
    args = dict(move.args)
    params: dict[str, str] = {}
    for f in move.fields:
        raw = (values.get(f.name) or f.value).strip()
        if f.kind == "int":
            if not re.fullmatch(r"-?\d{1,6}", raw) or not f.low <= int(raw) <= f.high:
                raise UsageError(
                    _("{field} must be a whole number from {low} to {high}").format(
                        field=f.label, low=f.low, high=f.high
                    )
                )
            value: Any = int(raw)
        else:
            if not raw or len(raw) > f.high or not DICE_TEXT.match(raw):
                raise UsageError(_("{field}: not dice this page can roll").format(field=f.label))
            value = raw
        if move.roll is not None:
            params[f.name] = str(value)
        else:
            args[f.name] = value
    if move.roll is not None:
        args["expr"] = named_roll(game, move.roll, params)[0]
    return args


def odds_lines(
    game: Any, state: dict[str, Any], move: Move, args: dict[str, Any], lang: str
) -> list[str]:
    """The exact odds of a roll, or of a bag's next tile, as ``pnp odds`` tells them."""
    if move.verb == "fate.draw":
        bid = args["bag"]
        spec = game.spec.bags[bid]
        found = bag_odds(spec, state["bags"][bid])
        counts = {int(v): c for v, c in found.get("counts", {}).items()}
        name = _bag_name(game, Terms(game.root, lang), bid)
        tiles = max(found["tiles"], 1)
        title = _("the next tile from {bag} ({count} tiles in it)").format(
            bag=name, count=found["tiles"]
        )
        lines = words.lines(exact.Odds(name, counts, tiles, 0), lang, None, title)
        chance = words.pct(Fraction(round(found["symbol"] * found["tiles"]), tiles))
        lines.append(_("Chance the tile shows the symbol: {chance}").format(chance=chance))
        return lines
    parsed = parse(args["expr"])
    result = exact.distribution(parsed, game.faces, 6)
    lines = words.lines(result, lang, None, args["expr"])
    symbols = exact.symbols(parsed, game.faces)
    if symbols:
        terms = Terms(game.root, lang)
        if len(result.chance) == 1:
            lines = lines[:1]
        lines += words.symbol_lines(symbols, {k: terms.name(k) for k in symbols}, lang)
    return lines
