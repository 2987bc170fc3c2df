"""The table's operations: one *draw* step and one *apply* step per event type.

A draw step asks the random source for outcomes (the only place randomness enters) and refuses
what the rules do not allow; an apply step changes the state from the logged outcomes alone, so
replaying the log rebuilds the state. :data:`OPS` maps each event type to its two steps. The
game-over rules (a track's threshold, a card that ends the game, a deck that runs out) put an
``over`` entry in the state; later draws and moves are refused with what ended the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..locale import _
from ..text.localtext import LANGS
from . import rules
from .errtext import TableError
from .game import TableGame
from .i18n import TYPED, pick
from .rng import Source
from .session import Log


class Table(Protocol):
    """What an operation sees of the table (:class:`generator.companion.engine.Table`)."""

    game: TableGame | None
    state: dict[str, Any]
    cache: Any  # the session's cache (the glossary, for names in any language)
    log: Log | None  # the session's log: its header names the players


Op = Callable[[Table, dict[str, Any], Source], dict[str, Any]]
Apply = Callable[[Table, dict[str, Any], dict[str, Any]], dict[str, Any]]


def _g(t: Table) -> TableGame:
    """The table's game (loaded before any step runs)."""
    assert t.game is not None
    return t.game


def over_note(game: Any, over: dict[str, Any], lang: str) -> str:
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


def _named(t: Table, args: dict[str, Any], key: str, things: Any, unknown: str) -> str:
    """The id ``args[key]`` names (its id or a name in any language), written back to the args."""
    from .names import resolve, terms_for

    found = resolve(terms_for(_g(t), t.cache), str(args[key]), things, unknown, game=_g(t).names())
    args[key] = found
    return found


def _who(t: Table, player: str) -> str:
    """A player or army as the players read it: its glossary name, else as typed."""
    from .names import terms_for

    return terms_for(_g(t), t.cache).name(player)


def _owner(t: Table, args: dict[str, Any], state: dict[str, Any]) -> None:
    """``args["player"]`` as the id of a player the activation deck knows, when a name in any
    language names one (else as typed: a new player, or one the step refuses)."""
    if not args.get("player"):
        return
    from .names import find, terms_for

    owners = {str(p): (str(p), None) for p in sorted(set(state.get("owners", {}).values()))}
    found = find(terms_for(_g(t), t.cache), str(args["player"]), owners)
    if found is not None:
        args["player"] = found


def only_bag(game: Any, typed: str | None) -> str:
    """``typed``, or when no bag is named the game's only bag; a TableError when it has several
    (or none) to choose from."""
    if typed is not None:
        return typed
    bags = list(game.spec.bags)
    if len(bags) == 1:
        return bags[0]
    from .names import listing, terms_for

    things = {b: (spec.term or b, spec.name) for b, spec in game.spec.bags.items()}
    raise TableError(
        _("{game} has {count} bags; say which with --bag ({known})"),
        game=game.names(),
        count=len(bags),
        known=listing(terms_for(game), things),
    )


def _bag(t: Table, args: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The spec and state of the bag the args name (the game's only bag when they name none)."""
    specs = _g(t).spec.bags
    args["bag"] = only_bag(_g(t), args.get("bag"))
    things = {b: (spec.term or b, spec.name) for b, spec in specs.items()}
    bag_id = _named(t, args, "bag", things, _("{game} has no bag {name!r} (bags: {known})"))
    return specs[bag_id], t.state["bags"][bag_id]


def _deck(t: Table, args: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The spec and state of the deck the args name."""
    specs = _g(t).spec.decks
    things = {d: (None, spec.name) for d, spec in specs.items()}
    deck_id = _named(t, args, "deck", things, _("{game} has no deck {name!r} (decks: {known})"))
    return specs[deck_id], t.state["decks"][deck_id]


def _plain(t: Table, spec: Any, args: dict[str, Any]) -> None:
    """Refuse a plain deck's move on a deck of units that activate."""
    if spec.modes:
        raise TableError(
            _("the {deck} holds units that activate: {verbs}"),
            deck=pick_name(spec, args["deck"]),
            verbs=_verbs(spec),
        )


def _activating(t: Table, spec: Any, args: dict[str, Any]) -> None:
    """Refuse an activation move on a deck whose cards do not activate."""
    if not spec.modes:
        raise TableError(
            _("the {deck} has no units that activate; it is played with: {verbs}"),
            deck=pick_name(spec, args["deck"]),
            verbs=_verbs(spec),
        )


def pick_name(spec: Any, did: str) -> Any:
    """A deck's shown name (in every language), else its id."""
    return spec.name or did


def _verbs(spec: Any) -> str:
    """The deck commands a deck is played with."""
    if spec.modes:
        return "deck add, deck turn, deck activate, deck reserve, deck play, deck remove"
    said = ["deck draw", "deck discard", "deck play", "deck remove", "deck return", "deck reset"]
    if spec.positions is not None:
        said.insert(1, "deck number")
    if spec.deal:
        said.insert(1, "deck deal")
    return ", ".join(said)


def _modes(spec: Any) -> dict[str, tuple[str | None, object]]:
    """A deck's modes as things to name: each mode's id is its glossary term."""
    return {str(m): (str(m), None) for m in spec.modes}


def _mode_name(t: Table, spec: Any) -> Callable[[str | None], str]:
    """Names a mode of the deck in the players' language (None: every mode, as one list)."""
    from .names import listing, shown, terms_for

    def name(mode: str | None) -> str:
        terms = terms_for(_g(t), t.cache)
        return listing(terms, _modes(spec)) if mode is None else shown(terms, mode, _modes(spec))

    return name


def _player(t: Table, args: dict[str, Any], players: Any) -> str:
    """The player of an activation deck the args name (as added, or a glossary name)."""
    things = {p: (p, None) for p in players}
    return _named(
        t, args, "player", things, _("{name} has no cards in this deck (players: {known})")
    )


def _track_over(t: Table, move: dict[str, Any]) -> None:
    if move.get("game_over") is not None and not t.state.get("over"):
        t.state["over"] = {"by": "track", "id": move["track"], "rule": move["game_over"]}


def op_roll(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of a dice roll: roll the expression and return its totals, dice and text."""
    from .dice_roll import roll

    result = roll(args["expr"], source, _g(t).faces if t.game else None)
    data = result.to_json()
    return {k: data[k] for k in ("total", "dice", "rolls", "labels", "text")}


def op_fate_draw(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of a fate-bag draw: refuse once the game is over, else pick tiles from the bag."""
    from . import bag as bags

    _not_over(t)
    spec, state = _bag(t, args)
    if getattr(spec, "per_turn", False):
        turn = t.state.get("turn", {}).get("n", 1)
        if state.get("done") == turn and not args.get("force"):
            raise TableError(
                _("this bag has had its drawing for turn {turn}; `{pnp}turn next` moves on"),
                turn=turn,
                pnp=TYPED["pnp"],
            )
        if state["phase"] is None and args.get("generals") is None:
            raise TableError(
                _("say how many tiles may be drawn this turn: `{pnp}fate draw --draws N`"),
                pnp=TYPED["pnp"],
            )
    return bags.draw(spec, state, source, args.get("generals"))


def _bag_done(t: Table, spec: Any, state: dict[str, Any]) -> None:
    """A per-turn bag has had its drawing for this turn."""
    if getattr(spec, "per_turn", False):
        state["done"] = t.state.get("turn", {}).get("n", 1)


def apply_fate_draw(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a logged fate-bag draw to the bag and tracks; return what it resolved, if anything."""
    from . import bag as bags

    spec, state = _bag(t, args)
    bags.apply_draw(spec, _g(t).spec.tracks, state, out, t.state)
    fx = {"resolved": state.pop("last", None)} if out["resolve"] else {}
    if out["resolve"]:
        _bag_done(t, spec, state)
    if fx.get("resolved") and "track" in fx["resolved"]:
        _track_over(t, fx["resolved"]["track"])
    return fx


def op_fate_stop(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of stopping a fate-bag turn."""
    from . import bag as bags

    return bags.stop(_bag(t, args)[1])


def apply_fate_stop(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a stop: resolve the tiles drawn this turn and return the outcome."""
    from . import bag as bags

    spec, state = _bag(t, args)
    resolved = bags.resolve(spec, _g(t).spec.tracks, state, t.state)
    _bag_done(t, spec, state)
    if "track" in resolved:
        _track_over(t, resolved["track"])
    return {"resolved": resolved}


def op_fate_add(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of putting a set-aside special tile into a fate bag; refuses a kind not set aside."""
    from . import bag as bags

    spec, state = _bag(t, args)
    things = {tile.id: (tile.id, tile.name) for tile in spec.tiles}
    kind = _named(t, args, "tile", things, _("no tile {name!r} in this bag (tiles: {known})"))
    waiting = {k: things[k] for k in sorted({bags.tile_kind(x) for x in state["aside"]})}
    if kind not in waiting:
        from .names import listing, shown, terms_for

        terms = terms_for(_g(t), t.cache)
        raise TableError(
            _("no tile {tile!r} waiting to enter the bag{help}"),
            tile=shown(terms, kind, things),
            help=listing(terms, waiting) if waiting else "",
        )
    return bags.add_special(spec, state, kind)


def apply_fate_add(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a logged special-tile addition to the bag."""
    from . import bag as bags

    bags.apply_add(_bag(t, args)[1], out)
    return {}


def op_deck_draw(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of a deck draw: refuse unit decks, bad positions and full hands, else pick a card."""
    from . import decks

    _not_over(t)
    spec, state = _deck(t, args)
    if spec.modes:
        raise TableError(_("activation decks are drawn with `pnp deck activate`"))
    if args.get("position") is not None:
        decks.check_position(spec, args["position"])
    player = decks.drawer(spec, args)
    if args.get("position") is None:
        rules.claim(spec, t.state, args["deck"], player)
    if player and args.get("position") is None and not args.get("force"):
        decks.check_room(_g(t), t.state, args["deck"], player)
    return decks.draw(spec, state, source)


def apply_deck_draw(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a logged deck draw: move the card to a hand or the discard, and mark game over if it ends it."""
    from . import decks

    spec, state = _deck(t, args)
    cards = _g(t).cards[args["deck"]]
    player = decks.drawer(spec, args)
    if player and getattr(spec, "claimed", False) and args.get("position") is None:
        state.setdefault("claimed_by", player)
    to_hand = args.get("position") is None and (spec.positions is not None or bool(player))
    fx = decks.apply_draw(spec, state, out, cards, "out" if to_hand else "discard")
    if to_hand and fx.get("must_play") and player:
        # played at once: the card goes from the draw to the discard pile, never into the hand
        state["out"].remove(fx["card"])
        state["discard"].append(fx["card"])
        fx["player"] = player
    elif to_hand:
        fx["player"] = player or ""
        fx["n"] = decks.to_hand(state, cards, fx["player"], fx["card"])
        if player:
            fx["over_limit"] = decks.over_limit(_g(t), t.state, args["deck"], player)
    if args.get("position") is not None:
        decks.number(spec, fx, cards, args["position"])
    if fx.get("ends_game") and not t.state.get("over"):
        t.state["over"] = {"by": "card", "id": args["deck"], "card": fx["card"]}
    empty = not state["pile"] and (not spec.reshuffle or not (state["discard"] or state["aside"]))
    if spec.empty_ends_game is not None and empty and not t.state.get("over"):
        t.state["over"] = {"by": "empty", "id": args["deck"]}
        fx["deck_empty"] = True
    if spec.all_run_out is not None and not state["pile"] and not state.get("ran_out"):
        state["ran_out"] = True  # the first time this deck is drawn out
        fx["ran_out"] = True
        rest = [
            d
            for did, d in t.state["decks"].items()
            if _g(t).spec.decks[did].all_run_out is not None and _drawn(d)
        ]
        # at least two players' decks: one player's deck alone never ends the game
        if len(rest) >= 2 and all(d.get("ran_out") for d in rest):
            fx["all_run_out"] = True
    return fx


def _drawn(state: dict[str, Any]) -> bool:
    """Whether a deck has been drawn from (a card in a hand, the discard or out of the pile)."""
    return bool(state["discard"] or state["out"] or state.get("ran_out") or state.get("hands"))


def op_plain(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step for events that need no randomness: returns nothing (the apply step checks)."""
    return {}


def apply_deck_discard(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a discard of cards from a player's hand (or in play); return the cards discarded."""
    from . import decks, zones

    spec, state = _deck(t, args)
    _plain(t, spec, args)
    cards = _g(t).cards[args["deck"]]
    done = []
    for c in args["cards"]:
        laid = zones.from_play_to_discard(state, cards, c, args.get("player"))
        done.append(
            laid if laid is not None else decks.discard(state, cards, c, args.get("player"))
        )
    return {"discarded": done}


def op_deck_deal(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of an opening deal: refuse a deck without one, else draw the hand."""
    from . import decks

    _not_over(t)
    spec, state = _deck(t, args)
    if getattr(spec, "deal", None) is None:
        raise TableError(_("the {deck} has no opening deal"), deck=args["deck"])
    rules.claim(spec, t.state, args["deck"], args.get("player"))
    return decks.deal(spec, state, _g(t).cards[args["deck"]], source)


def apply_deck_deal(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a logged opening deal to the deck and the player's hand."""
    from . import decks

    spec, state = _deck(t, args)
    if getattr(spec, "claimed", False):
        state.setdefault("claimed_by", args["player"])
    return decks.apply_deal(spec, state, _g(t).cards[args["deck"]], args["player"], out)


def apply_deck_return(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply cards going back from a hand into the deck's draw pile."""
    from . import decks

    state = _deck(t, args)[1]
    cards = _g(t).cards[args["deck"]]
    done = [decks.give_back(state, cards, c, args.get("player")) for c in args["cards"]]
    return {"returned": done}


def apply_turn_next(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply moving to the next phase of the turn (the first phase of the next turn after the last)."""
    turn = getattr(_g(t).spec, "turn", None)
    if not turn:
        raise TableError(_("{game} has no turn order to follow"), game=_g(t).names())
    now = t.state.setdefault("turn", {"n": 1, "phase": 0})
    seats = max(1, len(_players(t))) if _rounds(t) else 1
    if now["phase"] + 1 < len(turn):
        now["phase"] += 1
    elif now.get("seat", 0) + 1 < seats:  # the next player's turn in the same round
        now["phase"], now["seat"] = 0, now.get("seat", 0) + 1
    else:
        now["n"], now["phase"] = now["n"] + 1, 0
        if seats > 1:
            now["seat"] = 0
        clock = getattr(_g(t).spec, "turn_track", None)
        if clock:  # the new turn moves its track on, with the track's marks and game over
            moved = apply_track(t, {"track": clock, "by": 1}, out)
            return {"n": now["n"], "phase": now["phase"], "moved": moved, **_seat(t, now)}
    return {"n": now["n"], "phase": now["phase"], **_seat(t, now)}


def _seat(t: Table, now: dict[str, Any]) -> dict[str, Any]:
    """Whose turn it is, where each player takes the whole turn in order (nothing otherwise)."""
    if not _rounds(t):
        return {}
    seat, players = now.get("seat", 0), _players(t)
    return {"seat": seat, "player": players[seat] if seat < len(players) else None}


def _players(t: Table) -> list[str]:
    """The players the session was started with, in the order they were named."""
    return list(t.log.header.get("players") or []) if t.log is not None else []


def _rounds(t: Table) -> bool:
    """The game's turn counter counts rounds, each player taking the whole turn in order."""
    return getattr(_g(t).spec, "turn_counts", "turns") == "rounds"


def apply_deck_reset(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a deck reset: gather every card back into the pile."""
    from . import decks

    spec, state = _deck(t, args)
    _plain(t, spec, args)
    decks.reset(state)
    return {}


# ---------------------------------------------------------------- activation decks (see activation.py)


def apply_act_add(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply adding a player's units to an activation deck; return the units added."""
    from . import activation

    spec, state = _deck(t, args)
    _activating(t, spec, args)
    _owner(t, args, state)
    return activation.add(state, args)


def apply_act_turn(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply the start of an activation turn in one of the deck's modes."""
    from . import activation

    spec, state = _deck(t, args)
    _activating(t, spec, args)
    _named(t, args, "mode", _modes(spec), _("no mode {name!r} in this deck (modes: {known})"))
    order = args.get("order") or {}
    if order:  # players and units by any of their names, as recorded in the args
        from .names import find, terms_for

        terms = terms_for(_g(t), t.cache)
        players: dict[str, tuple[str | None, object]] = {
            str(p): (str(p), None) for p in sorted(set(state["owners"].values()))
        }
        named = {find(terms, p, players) or p: units for p, units in order.items()}
        args["order"] = order = named
    return activation.turn(
        spec,
        state,
        args,
        lambda unit, name: _is_unit(t, args, unit, name),
        lambda player: _who(t, player),
    )


def op_act_draw(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of an activation draw: pick a card from a random pile or check the player's queue."""
    from . import activation

    _not_over(t)
    spec, state = _deck(t, args)
    _activating(t, spec, args)
    if activation.way(spec, state) == "queue" and args.get("player"):
        _player(t, args, state["queues"])
    return activation.draw(spec, state, args, source, _mode_name(t, spec))


def apply_act_draw(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a logged activation draw: the card, its owner, reserve allowed, who acts next."""
    from . import activation

    return activation.apply_draw(*_deck(t, args), args, out)


def apply_act_reserve(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply putting a card in reserve, face down."""
    from . import activation

    spec, state = _deck(t, args)
    _activating(t, spec, args)
    _owner(t, args, state)
    return activation.reserve(
        spec, state, args, lambda player: _who(t, player), _mode_name(t, spec)
    )


def _is_unit(t: Table, args: dict[str, Any], instance: str, named: str) -> bool:
    """Whether a player's words name this unit card: as added, or a printed card's id or name."""
    from . import decks

    if named in (instance, decks.unit_name(instance)):
        return True
    cards = _g(t).cards.get(args["deck"], {})
    return decks.card_id(instance) in cards and named.casefold() in decks.all_names(cards, instance)


def apply_act_play(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a player playing a unit from hand or reserve (a plain deck: laying a card from a
    hand on the table); return the card played."""
    from . import activation, zones

    spec, state = _deck(t, args)
    if not spec.modes:
        if not args.get("card"):
            raise TableError(_("say which card from the hand goes on the table"))
        return zones.lay(state, _g(t).cards[args["deck"]], str(args["card"]), args.get("player"))
    _owner(t, args, state)
    return activation.play(spec, state, args, _g(t).cards.get(args["deck"], {}))


def op_act_remove(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Check step of removing a destroyed unit: from a mixed pile its card stays, so the one
    who draws it loses the go (seed 001: a destroyed unit's card drawn skips the activation and
    leaves the deck then); logged with the move so older logs replay as they were."""
    from .zones import way_of

    spec, state = _deck(t, args)
    if spec.modes and way_of(spec, state) == "random":
        args["stays"] = True
    return {}


def apply_act_remove(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply removing a destroyed unit from the activation deck and any reserve (a plain deck: a
    card in play or in a hand leaves the game)."""
    from . import activation, zones

    spec, state = _deck(t, args)
    if not spec.modes:
        return zones.take_out(
            state, _g(t).cards[args["deck"]], str(args["unit"]), args.get("player")
        )
    _owner(t, args, state)
    return activation.remove(state, args, _g(t).cards.get(args["deck"], {}))


def op_track(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    """Draw step of a track move: refuse once the game is over."""
    _not_over(t)
    return {}


def apply_track(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a track move (by a step or to a value); return the move, with any game-over rule it hit."""
    from .tracks import move_track

    things = {k: (spec.term or k, spec.name) for k, spec in _g(t).spec.tracks.items()}
    tid = _named(t, args, "track", things, _("{game} has no track {name!r} (tracks: {known})"))
    tracks = _g(t).spec.tracks
    if getattr(tracks[tid], "per_player", False):
        if not args.get("player"):
            raise TableError(_("each player has a marker on this track: say whose with --player"))
        own = t.state.setdefault("player_tracks", {}).setdefault(tid, {})
        return {**rules.move_own(tracks[tid], own, str(args["player"]), args.get("by"),
                                 args.get("to")), "track": tid}  # fmt: skip
    move = move_track(tracks[tid], t.state["tracks"], tid, args.get("by"), args.get("to"), tracks)
    _track_over(t, move)
    for then in move.get("then", []):
        _track_over(t, then)
    return move


def apply_pad(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply points to a player's score pad; return the pad entry."""
    from . import pad

    return pad.pad_add(t.state, args["player"], args["points"], args.get("round"))


def apply_migrate(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply a migration: rebuild the table's game from the logged record."""
    from .game import TableGame

    t.game = TableGame.from_record(_g(t).id, _g(t).root, args["record"])
    return {}


def apply_nothing(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Apply step for events that change no state: returns nothing."""
    return {}


# event type -> (draw step, apply step, uses randomness)
OPS: dict[str, tuple[Op, Apply, bool]] = {
    "roll": (op_roll, apply_nothing, True),
    "fate.draw": (op_fate_draw, apply_fate_draw, True),
    "fate.stop": (op_fate_stop, apply_fate_stop, False),
    "fate.add": (op_fate_add, apply_fate_add, False),
    "deck.draw": (op_deck_draw, apply_deck_draw, True),
    "deck.discard": (op_plain, apply_deck_discard, False),
    "deck.reset": (op_plain, apply_deck_reset, False),
    "deck.deal": (op_deck_deal, apply_deck_deal, True),
    "deck.return": (op_plain, apply_deck_return, False),
    "act.add": (op_plain, apply_act_add, False),
    "act.turn": (op_plain, apply_act_turn, False),
    "act.draw": (op_act_draw, apply_act_draw, True),
    "act.reserve": (op_plain, apply_act_reserve, False),
    "act.play": (op_plain, apply_act_play, False),
    "act.remove": (op_act_remove, apply_act_remove, False),
    "turn.next": (op_plain, apply_turn_next, False),
    "track.move": (op_track, apply_track, False),
    "pad.add": (op_plain, apply_pad, False),
    "reveal": (op_plain, apply_nothing, False),
    "migrate": (op_plain, apply_migrate, False),
}
