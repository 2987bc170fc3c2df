"""Table commands that play the game's pieces: fate (bags of tiles), deck and score.

Each command parses its options, records one event through :func:`table_common.run` and prints
the result in the chosen language, or computes a score from the game's ``scoring:`` data.
"""

from __future__ import annotations

from typing import Any

import click

from ..companion.errtext import TableError
from ..errors import PnpError
from ..locale import _, current_language
from .table_common import (
    EXTRA,
    common,
    extra,
    group_lang,
    lang_option,
    move,
    out,
    run,
    table_of,
    terms_of,
)

# ---------------------------------------------------------------- fate


@click.group()
@group_lang
def fate() -> None:
    """Draw from a game's bag of tiles (fate pool)."""


@fate.command("draw")
@click.option(
    "--draws",
    "--generals",  # the same option, under the name a Five Armies player knows
    "generals",  # the key saved games have always logged it under
    type=click.IntRange(0, 20),
    default=None,
    help="How many tiles this turn's drawing may take (at least 1).",
)
@click.option("--bag", "bag_id", default=None, help="The bag (default: the game's only bag).")
@move
def fate_draw(
    generals: int | None,
    bag_id: str | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Draw a tile; while the phase is open, the previous tile is set aside."""
    run(
        session_path, "fate.draw", {"bag": bag_id, "generals": generals}, as_json, lang, force=force
    )


@fate.command("stop")
@click.option("--bag", "bag_id", default=None, help="The bag (default: the game's only bag).")
@move
def fate_stop(
    bag_id: str | None, force: bool, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Keep the last tile drawn: it resolves, the set-aside tiles go back."""
    run(session_path, "fate.stop", {"bag": bag_id}, as_json, lang, force=force)


@fate.command("add")
@click.argument("tile")
@click.option("--bag", "bag_id", default=None, help="The bag (default: the game's only bag).")
@move
def fate_add(
    tile: str,
    bag_id: str | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Put a special tile (blue, red) into the bag when its story card is played."""
    run(session_path, "fate.add", {"bag": bag_id, "tile": tile}, as_json, lang, force=force)


@fate.command("odds")
@click.option("--bag", "bag_id", default=None, help="The bag (default: the game's only bag).")
@common
def fate_odds(
    bag_id: str | None, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """The chance of each advance for the next tile, from what is left in the bag."""
    from ..companion.bag import odds
    from ..companion.i18n import message
    from ..companion.ops import only_bag
    from ..companion.render import _bag_name

    table = table_of(session_path)
    state = table.snapshot_state()
    bag_id = only_bag(table.game, bag_id)
    if bag_id not in table.game.spec.bags:
        raise TableError(_("{game} has no bag {name!r}"), game=table.game.id, name=bag_id)
    result = odds(table.game.spec.bags[bag_id], state["bags"][bag_id])
    terms = terms_of(table, lang)
    lines = [
        message(
            _("{tiles} tiles in the {bag}. Next tile advances:"),
            tiles=result["tiles"],
            bag=_bag_name(table.game, terms, bag_id),
        )
    ]
    lines += [
        message(_("  +{value}: {pct}"), value=v, pct=f"{p:.0%}")
        for v, p in result["advance"].items()
    ]
    lines.append(
        message(
            _("  with the symbol: {pct}; special: {special}"),
            pct=f"{result['symbol']:.0%}",
            special=f"{result['special']:.0%}",
        )
    )
    if table.game.spec.bags[bag_id].estimate:
        lines.append(
            message(
                _(
                    "  Estimate: the tile mix is not known from a source, so these odds are estimates too."
                )
            )
        )
        result["estimate"] = True
    out(as_json, result, lines)


# ---------------------------------------------------------------- decks


@click.group()
@group_lang
def deck() -> None:
    """Draw from a game's decks."""


@deck.command("draw")
@click.argument("deck_id")
@click.option("--count", type=click.IntRange(1, 100), default=1)
@click.option("--player", default=None, help="Whose hand the cards go to.")
@click.option(
    "--up-to",
    type=click.IntRange(0, 100),
    default=None,
    help="Draw until the player's hand holds this many cards (the hand limit).",
)
@move
def deck_draw(
    deck_id: str,
    count: int,
    player: str | None,
    up_to: int | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Draw COUNT cards: into a player's hand (--player; number decks always), else shown and
    discarded."""
    args: dict[str, Any] = {"deck": deck_id, "count": count, "up_to": up_to}
    if player:
        args["player"] = player
    events = run(session_path, "deck.draw", args, as_json, lang, force=force)
    if up_to is not None and not events and not as_json:
        held = table_of(session_path).snapshot_state()["decks"]
        count = len((held.get(deck_id) or {}).get("hands", {}).get(player, []))
        note = _("{player} holds {held} cards, the limit is {limit}: nothing to draw.")
        click.echo(note.format(player=player, held=max(count, up_to), limit=up_to))


@deck.command("deal")
@click.argument("deck_id")
@click.option("--player", required=True, help="Whose opening hand is dealt.")
@move
def deck_deal(
    deck_id: str,
    player: str,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Deal a player's opening hand (a card the rules redraw goes back and another is dealt)."""
    run(session_path, "deck.deal", {"deck": deck_id, "player": player}, as_json, lang, force=force)


@deck.command("return")
@click.argument("deck_id")
@click.argument("cards", nargs=-1, required=True)
@click.option("--player", default=None, help="Whose hand (needed when two hands hold the name).")
@move
def deck_return(
    deck_id: str,
    cards: tuple[str, ...],
    player: str | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Put cards from a hand back into the deck, to be drawn again."""
    _from_hand("deck.return", deck_id, cards, player, session_path, as_json, lang, force)


@deck.command("number")
@click.argument("deck_id")
@click.option(
    "--position", type=int, required=True, help="Which of the card's numbers to read (1..4)."
)
@move
def deck_number(
    deck_id: str,
    position: int,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Draw a card, read the number at POSITION, and discard it (the card-number generator)."""
    run(
        session_path,
        "deck.number",
        {"deck": deck_id, "position": position},
        as_json,
        lang,
        force=force,
    )


@deck.command("discard")
@click.argument("deck_id")
@click.argument("cards", nargs=-1, required=True)
@click.option("--player", default=None, help="Whose hand (needed when two hands hold the name).")
@move
def deck_discard(
    deck_id: str,
    cards: tuple[str, ...],
    player: str | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Put cards from the hands onto the discard pile, by the name shown when drawn."""
    _from_hand("deck.discard", deck_id, cards, player, session_path, as_json, lang, force)


def _from_hand(
    op: str,
    deck_id: str,
    cards: tuple[str, ...],
    player: str | None,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
    force: bool = False,
) -> None:
    """Run ``op`` on cards named from the hands (``player`` when two hands hold a name)."""
    args: dict[str, Any] = {"deck": deck_id, "cards": list(cards)}
    if player:
        args["player"] = player
    run(session_path, op, args, as_json, lang, force=force)


@deck.command("reset")
@click.argument("deck_id")
@move
def deck_reset(
    deck_id: str, force: bool, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Gather every card back into the deck, shuffled (to start the deck over)."""
    run(session_path, "deck.reset", {"deck": deck_id}, as_json, lang, force=force)


@deck.command("add")
@click.argument("deck_id")
@click.argument("units", nargs=-1, required=True)
@click.option("--player", required=True)
@move
def deck_add(
    deck_id: str,
    units: tuple[str, ...],
    player: str,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Add a player's unit cards to an activation deck."""
    run(
        session_path,
        "deck.add",
        {"deck": deck_id, "player": player, "units": list(units)},
        as_json,
        lang,
        force=force,
    )


@deck.command("turn")
@click.argument("deck_id")
@click.option(
    "--mode", required=True, help="One of the game's modes of play, by its id or its name."
)
@click.option(
    "--order",
    multiple=True,
    help="Modes where each player orders their cards: PLAYER:unit,unit,... in activation order.",
)
@move
def deck_turn(
    deck_id: str,
    mode: str,
    order: tuple[str, ...],
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Start a turn of an activation deck in one of its modes."""
    orders: dict[str, list[str]] = {}
    for item in order:
        player, _colon, units = item.partition(":")
        orders[player] = [u for u in units.split(",") if u]
    run(
        session_path,
        "deck.turn",
        {"deck": deck_id, "mode": mode, "order": orders},
        as_json,
        lang,
        force=force,
    )


@deck.command("activate")
@click.argument("deck_id")
@click.option(
    "--player",
    default=None,
    help="Who draws from a mixed pile (an enemy card goes to its owner) or whose next card is "
    "revealed from an ordered one.",
)
@move
def deck_activate(
    deck_id: str,
    player: str | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Draw or reveal the next activation card."""
    run(
        session_path,
        "deck.activate",
        {"deck": deck_id, "player": player},
        as_json,
        lang,
        force=force,
    )


@deck.command("reserve")
@click.argument("deck_id")
@click.option("--player", required=True)
@move
def deck_reserve(
    deck_id: str,
    player: str,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Put a card in reserve (once per player per turn)."""
    run(
        session_path,
        "deck.reserve",
        {"deck": deck_id, "player": player},
        as_json,
        lang,
        force=force,
    )


@deck.command("play")
@click.argument("deck_id")
@click.argument("card", required=False)
@click.option("--player", required=True)
@move
def deck_play(
    deck_id: str,
    card: str | None,
    player: str,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Play the reserved card, or in a mode where players choose, the chosen CARD."""
    run(
        session_path,
        "deck.play",
        {"deck": deck_id, "player": player, "card": card},
        as_json,
        lang,
        force=force,
    )


@deck.command("remove")
@click.argument("deck_id")
@click.argument("unit")
@click.option("--player", default=None, help="Whose unit (needed when two players share a name).")
@move
def deck_remove(
    deck_id: str,
    unit: str,
    player: str | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Take an eliminated unit's card out of an activation deck."""
    args: dict[str, Any] = {"deck": deck_id, "unit": unit}
    if player:
        args["player"] = player
    run(session_path, "deck.remove", args, as_json, lang, force=force)


# ---------------------------------------------------------------- turn


@click.command()
@click.argument("step", required=False, type=click.Choice(["next"]))
@move
def turn(
    step: str | None, force: bool, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Show the phase of the turn the game is in; `turn next` moves to the next phase."""
    from ..companion.render import turn_now_lines

    if step == "next":
        run(session_path, "turn.next", {}, as_json, lang, force=force)
        return
    table = table_of(session_path)
    state = table.snapshot_state()
    if not getattr(table.game.spec, "turn", None):
        raise TableError(_("{game} has no turn order to follow"), game=table.game.names())
    now = state.get("turn") or {"n": 1, "phase": 0}
    players = list(table.log.header.get("players") or []) if table.log else []
    out(as_json, now, turn_now_lines(table.game, terms_of(table, lang), now, players))


# ---------------------------------------------------------------- scores


@click.group()
@group_lang
def score() -> None:
    """Keep and compute scores."""


@score.command("add")
@click.argument("player")
@click.argument("points", type=int)
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), default=None)
@move
def score_add(
    player: str,
    points: int,
    round_no: int | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Add POINTS for PLAYER on the score pad."""
    run(
        session_path,
        "score.add",
        {"player": player, "points": points, "round": round_no},
        as_json,
        lang,
        force=force,
    )


@score.command("pad")
@common
def score_pad(session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Show the score pad: points per player and round, and totals."""
    from ..companion.pad import pad_table

    table = table_of(session_path)
    state = table.snapshot_state()
    result = pad_table(state, table.log.header.get("players") or [])
    lines = ["\t".join(["", *[str(r) for r in result["rounds"]], "Σ"])]
    for p in result["players"]:
        lines.append(
            "\t".join(
                [
                    p,
                    *[str(result["grid"][p][str(r)]) for r in result["rounds"]],
                    str(result["totals"][p]),
                ]
            )
        )
    out(as_json, result, lines)


@score.command("track")
@click.argument("track")
@click.option(
    "--by", type=int, default=None, help="Steps towards the track's end (negative: back)."
)
@click.option("--to", type=int, default=None, help="Put the marker on this step.")
@click.option("--player", default=None, help="Whose marker, on a track where each player has one.")
@move
def score_track(
    track: str,
    by: int | None,
    to: int | None,
    player: str | None,
    force: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Move a track's marker (day clock, morale, fate track)."""
    if (by is None) == (to is None):
        raise TableError(_("give exactly one of --by N and --to N"))
    args: dict[str, Any] = {"track": track, "by": by, "to": to}
    if player:
        args["player"] = player
    run(session_path, "track.move", args, as_json, lang, force=force)


@score.command("calc", context_settings=EXTRA)
@click.argument("what")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@lang_option
@click.pass_context
def score_calc(ctx: click.Context, what: str, as_json: bool, lang: str | None) -> None:
    """Compute a game's score: GAME:CALC with its options.

    `pnp score calc GAME:` lists the game's calculators and the options each takes (they come
    from the game's table.yaml).
    """
    from ..companion.engine import TableGame, find_game
    from ..companion.i18n import Terms, pick
    from ..companion.scores import calculate, result_lines, usage

    game_name, _colon, calc = what.partition(":")
    game = TableGame.load(find_game(game_name))
    lang_ = current_language()
    if calc not in game.spec.scoring:
        lines = [f"{game.id}:{cid}  {usage(spec)}" for cid, spec in game.spec.scoring.items()]
        if calc:
            raise TableError(
                _("{game} has no score {name!r}; scores: {known}"),
                game=game.names(),
                name=calc,
                known="; ".join(lines) if lines else "-",
            )
        out(as_json, {"scores": lines}, lines or ["-"])
        return
    terms = Terms(game.root, lang_)
    spec = game.spec.scoring[calc]
    result = calculate(spec, extra(ctx.args), terms, calc)
    _name_seats(spec, result, _session_players(game.id), lang_)
    shown = {
        **result,
        "says": {
            k: pick(v, lang_) if isinstance(v, (str, dict)) else v
            for k, v in result["says"].items()
        },
        "decided_by": {k: pick(v, lang_) for k, v in result["decided_by"].items()},
    }
    out(as_json, shown, result_lines(spec, result, terms))


def _session_players(game_id: str) -> list[str]:
    """The current session's players, when that session is of this game (else none)."""
    from .table_actions import table_of as open_table

    try:
        table = open_table(None)
        table.load()
    except (PnpError, OSError):
        return []
    if table.log is None or table.log.header.get("game") != game_id:
        return []
    return [str(p) for p in table.log.header.get("players") or []]


def _name_seats(spec: Any, result: dict[str, Any], players: list[str], lang: str) -> None:
    """A tie decided by a seat is told with the name of the player in that seat."""
    from ..companion.i18n import pick

    for rid, res in spec.results.items():
        said = result["says"].get(rid)
        for step in getattr(res, "ties", None) or []:
            seat = getattr(step, "seat", None)
            if seat and said is step.winner and seat <= len(players):
                result["says"][rid] = _("{player} ({seat})").format(
                    player=players[seat - 1], seat=pick(step.winner, lang)
                )
