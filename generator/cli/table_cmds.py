"""Table commands: roll, session, fate, deck, score, undo, log, status, play.

Each command parses its options, calls one function of :mod:`generator.companion`, and prints
the result as sentences (``--lang``) or as one JSON object (``--json``). ``pnp roll 2d6`` touches
only the dice modules: game content (and so pydantic and YAML) is loaded only for a game's dice,
named rolls, or when the roll is recorded in a session.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..errors import UsageError

EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}


def _common(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--lang", default=None, help="en, zh-Hant or zh-Hans (default: the locale).")(
        fn
    )
    fn = click.option("--json", "as_json", is_flag=True, help="Print one JSON object for scripts.")(
        fn
    )
    return click.option(
        "--session",
        "session_path",
        default=None,
        help="Session file (default: the current session).",
    )(fn)


def _out(as_json: bool, obj: dict[str, Any], lines: list[str]) -> None:
    if as_json:
        click.echo(json.dumps(obj, ensure_ascii=False, sort_keys=True))
    else:
        for line in lines:
            click.echo(line)


def _extra(args: list[str]) -> dict[str, str]:
    """``--strength 4 --target=6 --end-of-turn`` -> {"strength": "4", "target": "6", "end-of-turn": ""}."""
    out: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) < 3:
            raise UsageError(f"unexpected argument {arg!r}; options look like --name VALUE")
        name, eq, value = arg[2:].partition("=")
        if not eq and i + 1 < len(args) and not args[i + 1].startswith("--"):
            value = args[i + 1]
            i += 1
        out[name] = value
        i += 1
    return out


def _table(session_path: str | None) -> Any:
    from ..companion.engine import Table, resolve_session

    return Table(resolve_session(session_path))


def _terms(table: Any, lang: str | None) -> Any:
    from ..companion.i18n import Terms, detect

    return Terms(table.game.root if table.game else None, detect(lang))


def _run(
    session_path: str | None, kind: str, args: dict[str, Any], as_json: bool, lang: str | None
) -> dict[str, Any]:
    from ..companion.i18n import message
    from ..companion.render import event_lines

    table = _table(session_path)
    event = table.run(kind, args)
    terms = _terms(table, lang)
    lines = event_lines(table.game, terms, event)
    if event.get("repaired"):
        click.echo(message("session.repaired", terms.lang, what=event["repaired"]), err=True)
    _out(as_json, event, lines)
    return event


# ---------------------------------------------------------------- roll


@click.command(context_settings=EXTRA)
@click.argument("expr")
@click.option("--seed", type=int, default=None, help="Reproducible roll (no session needed).")
@click.option("--no-session", is_flag=True, help="Do not record the roll in the current session.")
@_common
@click.pass_context
def roll(
    ctx: click.Context,
    expr: str,
    seed: int | None,
    no_session: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Roll dice: 2d6, 4d6kh3, (1d4+1)*2, 1d20+5 >= 15, 6d6>=5r2, or GAME:ROLL --param N.

    \b
    Numbers and dice   7   2d6   d20 (one die)   d% (1-100)   4dF (-1/0/+1)   0d6
    Arithmetic         + - * / // % and brackets; / rounds down like //; -x and +x
    Comparisons        == != < > <= >= on totals give 1 or 0: 1d20+2 >= 15, (2d6)>=7
    Successes          right after dice, a comparison and a number counts the dice
                       that meet it: 6d6>=5 -> successes; 6d6>=5r2 re-rolls up to 2
                       failures once; 6d6>=5 >= 2 -> 1 when at least 2 succeed
    Sets               (1d4, 2+2, 3d6kl1)kh1 keeps the best item; (a,) is a set of one
    Selectors          N (faces showing N)  hN lN (N highest/lowest)  <N >N =N >=N <=N
    On sets and dice   kS keep   pS drop (dh/dl = ph/pl)   k alone = kh1
                       k1k2k3: operators in a row combine (keep 1s, 2s and 3s)
    On dice only       rrS re-roll until none selected   roS re-roll once
                       eS explode (!: on the top face, !>=5)   raS add one die once
                       miN maN raise/lower every die to N   @DIGITS icon scores
    Notes              9[fire] 2d6[slashing]: shown, not counted
    Game dice          d[game:die], e.g. 5d[five-armies:free-peoples-action]
    Limits             200 characters, 999 dice, 1000 faces rolled (re-rolls and
                       explosions included), 50 levels of brackets and signs
    """
    params = _extra(ctx.args)
    game_name, _, named = expr.partition(":") if _is_named(expr) else ("", "", "")
    from .quick import content_die

    needs_game = bool(game_name) or content_die(expr) is not None
    use_session = not no_session and seed is None and (session_path is not None or _has_current())
    if not needs_game and not use_session:
        if params:
            raise UsageError(f"--{next(iter(params))}: only a game's named roll takes options")
        from ..companion.dice_roll import roll as do_roll

        if seed is None:
            from ..companion.rng import SystemSource

            source: Any = SystemSource()
        else:
            from ..companion.rng import seeded

            source = seeded(seed)
        result = do_roll(expr, source)
        data = result.to_json()
        _out(as_json, data, [data["text"]])
        return
    _roll_with_content(
        expr, game_name, named, params, seed, use_session, session_path, as_json, lang
    )


def _is_named(expr: str) -> bool:
    head = expr.split(":", 1)[0]
    return ":" in expr and "[" not in head and bool(head) and head[0].isalpha()


def _has_current() -> bool:
    from ..companion.paths import has_current_session

    return has_current_session()


def _roll_with_content(
    expr: str,
    game_name: str,
    named: str,
    params: dict[str, str],
    seed: int | None,
    use_session: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    from ..companion.engine import Game, find_game, named_roll
    from ..companion.i18n import Terms, detect, message, pick

    table = _table(session_path) if use_session else None
    if table is not None:
        table.load()
    if game_name:
        game = (
            table.game
            if table is not None and table.game.id == game_name
            else Game.load(find_game(game_name))
        )
    elif table is not None:
        game = table.game
    else:
        game = _game_of_die(expr)
    notes: list[str] = []
    text = expr
    if named:
        text, clamped = named_roll(game, named, params)
        terms = Terms(game.root, detect(lang))
        notes = [
            message("roll.clamped", terms.lang, param=c.split("=")[0], value=c.split("=")[1])
            for c in clamped
        ]
        note = pick(game.spec.rolls[named].note, terms.lang)
        if note:
            notes.append(message("roll.note", terms.lang, note=note))
    elif params:
        raise UsageError(f"--{next(iter(params))}: only a game's named roll takes options")
    if table is not None and (table.game.id == game.id or not game_name):
        event = table.run("roll", {"expr": text, "game": game.id})
        data = {**event["out"], "seq": event["seq"], "expr": text}
    else:
        from ..companion.dice_roll import roll as do_roll
        from ..companion.rng import SystemSource, seeded

        result = do_roll(text, seeded(seed) if seed is not None else SystemSource(), game.faces)
        data = result.to_json()
    data["notes"] = notes
    lines = [data["text"]]
    if data["labels"]:
        terms = Terms(game.root, detect(lang))
        counts: dict[str, int] = {}
        for label in data["labels"]:
            counts[label] = counts.get(label, 0) + 1
        lines.append(
            ", ".join(
                f"{terms.name(k)} ×{n}" if n > 1 else terms.name(k) for k, n in counts.items()
            )
        )
    _out(as_json, data, [*lines, *notes])


def _game_of_die(expr: str) -> Any:
    from ..companion.engine import Game, find_game
    from .quick import content_die

    game_name = (content_die(expr) or "").rpartition(":")[0]
    if not game_name:
        raise UsageError(
            "name the game of a content die: d[game:die], or start a session for that game"
        )
    return Game.load(find_game(game_name))


# ---------------------------------------------------------------- session


@click.group()
def session() -> None:
    """Start, reveal and verify table sessions."""


@session.command("new")
@click.argument("game")
@click.option("--players", default="", help="Comma-separated player names.")
@click.option("--fair", is_flag=True, help="Commit to a secret seed now; reveal it after play.")
@click.option("--seed", type=int, default=None, help="Reproducible session.")
@_common
def session_new(
    game: str,
    players: str,
    fair: bool,
    seed: int | None,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Start a session for GAME; later commands act on it."""
    from ..companion.engine import new_session
    from ..companion.i18n import detect, message

    info = new_session(
        game,
        Path(session_path) if session_path else None,
        [p.strip() for p in players.split(",") if p.strip()],
        fair=fair,
        seed=seed,
    )
    lang_ = detect(lang)
    lines = [message("session.new", lang_, game=info["game"], path=info["path"])]
    if info["commit"]:
        lines.append(message("session.commit", lang_, commit=info["commit"]))
    _out(as_json, info, lines)


@session.command("reveal")
@_common
def session_reveal(session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Print the fair session's secret seed (and log it) so anyone can verify the session."""
    from ..companion.i18n import detect, message

    event = _table(session_path).reveal()
    _out(
        as_json,
        {"secret": event["args"]["secret"]},
        [message("session.reveal", detect(lang), secret=event["args"]["secret"])],
    )


@session.command("verify")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option(
    "--secret", default=None, help="The revealed seed in hex (default: the one in the log)."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--lang", default=None, help="en, zh-Hant or zh-Hans.")
def session_verify(path: str, secret: str | None, as_json: bool, lang: str | None) -> None:
    """Replay a seeded or fair session log and report the first outcome that does not match."""
    from ..companion.engine import verify
    from ..companion.i18n import detect, message

    result = verify(Path(path), secret)
    lang_ = detect(lang)
    if result["ok"]:
        _out(as_json, result, [message("verify.ok", lang_, count=result["checked"])])
        return
    if "problem" in result:
        line = f"event {result['seq']} ({result['type']}): {result['problem']}"
    else:
        line = message(
            "verify.bad",
            lang_,
            seq=result["seq"],
            type=result["type"],
            logged=json.dumps(result["logged"], ensure_ascii=False),
            expected=json.dumps(result["expected"], ensure_ascii=False),
        )
    _out(as_json, result, [line])
    sys.exit(1)


# ---------------------------------------------------------------- fate


@click.group()
def fate() -> None:
    """Draw from a game's bag of tiles (fate pool)."""


@fate.command("draw")
@click.option(
    "--generals",
    type=click.IntRange(0, 20),
    default=None,
    help="Activated generals: how many tiles may be drawn (at least 1).",
)
@click.option("--bag", "bag_id", default="fate", show_default=True)
@_common
def fate_draw(
    generals: int | None, bag_id: str, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Draw a tile; while the phase is open, the previous tile is set aside."""
    _run(session_path, "fate.draw", {"bag": bag_id, "generals": generals}, as_json, lang)


@fate.command("stop")
@click.option("--bag", "bag_id", default="fate", show_default=True)
@_common
def fate_stop(bag_id: str, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Keep the last tile drawn: it resolves, the set-aside tiles go back."""
    _run(session_path, "fate.stop", {"bag": bag_id}, as_json, lang)


@fate.command("add")
@click.argument("tile")
@click.option("--bag", "bag_id", default="fate", show_default=True)
@_common
def fate_add(
    tile: str, bag_id: str, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Put a special tile (blue, red) into the bag when its story card is played."""
    _run(session_path, "fate.add", {"bag": bag_id, "tile": tile}, as_json, lang)


@fate.command("odds")
@click.option("--bag", "bag_id", default="fate", show_default=True)
@_common
def fate_odds(bag_id: str, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """The chance of each advance for the next tile, from what is left in the bag."""
    from ..companion.bag import odds
    from ..companion.i18n import message
    from ..companion.render import _bag_name

    table = _table(session_path)
    state = table.snapshot_state()
    if bag_id not in table.game.spec.bags:
        raise UsageError(f"{table.game.id} has no bag {bag_id!r}")
    result = odds(table.game.spec.bags[bag_id], state["bags"][bag_id])
    terms = _terms(table, lang)
    lines = [
        message(
            "fate.odds", terms.lang, tiles=result["tiles"], bag=_bag_name(table.game, terms, bag_id)
        )
    ]
    lines += [
        message("fate.odds.row", terms.lang, value=v, pct=f"{p:.0%}")
        for v, p in result["advance"].items()
    ]
    lines.append(
        message(
            "fate.odds.symbol",
            terms.lang,
            pct=f"{result['symbol']:.0%}",
            special=f"{result['special']:.0%}",
        )
    )
    _out(as_json, result, lines)


# ---------------------------------------------------------------- decks


@click.group()
def deck() -> None:
    """Draw from a game's decks."""


@deck.command("draw")
@click.argument("deck_id")
@click.option("--count", type=click.IntRange(1, 100), default=1)
@_common
def deck_draw(
    deck_id: str, count: int, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Draw COUNT cards (into a hand for number decks; shown and discarded for plain decks)."""
    for _ in range(count):
        _run(session_path, "deck.draw", {"deck": deck_id}, as_json, lang)


@deck.command("number")
@click.argument("deck_id")
@click.option(
    "--position", type=int, required=True, help="Which of the card's numbers to read (1..4)."
)
@_common
def deck_number(
    deck_id: str, position: int, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Draw a card, read the number at POSITION, and discard it (the card-number generator)."""
    _run(session_path, "deck.draw", {"deck": deck_id, "position": position}, as_json, lang)


@deck.command("discard")
@click.argument("deck_id")
@click.argument("cards", nargs=-1, required=True)
@_common
def deck_discard(
    deck_id: str, cards: tuple[str, ...], session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Put cards from the hands onto the discard pile."""
    _run(session_path, "deck.discard", {"deck": deck_id, "cards": list(cards)}, as_json, lang)


@deck.command("reset")
@click.argument("deck_id")
@_common
def deck_reset(deck_id: str, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Gather every card back into the deck (a new day for Maquis' patrols)."""
    _run(session_path, "deck.reset", {"deck": deck_id}, as_json, lang)


@deck.command("add")
@click.argument("deck_id")
@click.argument("units", nargs=-1, required=True)
@click.option("--player", required=True)
@_common
def deck_add(
    deck_id: str,
    units: tuple[str, ...],
    player: str,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Add a player's unit cards to an activation deck."""
    _run(
        session_path,
        "act.add",
        {"deck": deck_id, "player": player, "units": list(units)},
        as_json,
        lang,
    )


@deck.command("turn")
@click.argument("deck_id")
@click.option("--mode", type=click.Choice(["barbarian", "marauder", "sequence"]), required=True)
@click.option(
    "--order", multiple=True, help="sequence mode: PLAYER:unit,unit,... in activation order."
)
@_common
def deck_turn(
    deck_id: str,
    mode: str,
    order: tuple[str, ...],
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Start a turn of an activation deck in one of its modes."""
    orders: dict[str, list[str]] = {}
    for item in order:
        player, _, units = item.partition(":")
        orders[player] = [u for u in units.split(",") if u]
    _run(session_path, "act.turn", {"deck": deck_id, "mode": mode, "order": orders}, as_json, lang)


@deck.command("activate")
@click.argument("deck_id")
@click.option("--player", default=None, help="sequence mode: whose next card to reveal.")
@_common
def deck_activate(
    deck_id: str, player: str | None, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Draw (marauder) or reveal (sequence) the next activation card."""
    _run(session_path, "act.draw", {"deck": deck_id, "player": player}, as_json, lang)


@deck.command("reserve")
@click.argument("deck_id")
@click.option("--player", required=True)
@_common
def deck_reserve(
    deck_id: str, player: str, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Put a card in reserve (once per player per turn)."""
    _run(session_path, "act.reserve", {"deck": deck_id, "player": player}, as_json, lang)


@deck.command("play")
@click.argument("deck_id")
@click.argument("card", required=False)
@click.option("--player", required=True)
@_common
def deck_play(
    deck_id: str,
    card: str | None,
    player: str,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Play the reserved card, or in barbarian mode the chosen CARD."""
    _run(session_path, "act.play", {"deck": deck_id, "player": player, "card": card}, as_json, lang)


@deck.command("remove")
@click.argument("deck_id")
@click.argument("unit")
@_common
def deck_remove(
    deck_id: str, unit: str, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Take an eliminated unit's card out of an activation deck."""
    _run(session_path, "act.remove", {"deck": deck_id, "unit": unit}, as_json, lang)


# ---------------------------------------------------------------- scores


@click.group()
def score() -> None:
    """Keep and compute scores."""


@score.command("add")
@click.argument("player")
@click.argument("points", type=int)
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), default=None)
@_common
def score_add(
    player: str,
    points: int,
    round_no: int | None,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Add POINTS for PLAYER on the score pad."""
    _run(
        session_path,
        "pad.add",
        {"player": player, "points": points, "round": round_no},
        as_json,
        lang,
    )


@score.command("pad")
@_common
def score_pad(session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Show the score pad: points per player and round, and totals."""
    from ..companion.scores import pad_table

    table = _table(session_path)
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
    _out(as_json, result, lines)


@score.command("track")
@click.argument("track")
@click.option(
    "--by", type=int, default=None, help="Steps towards the track's end (negative: back)."
)
@click.option("--to", type=int, default=None, help="Put the marker on this step.")
@_common
def score_track(
    track: str,
    by: int | None,
    to: int | None,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Move a track's marker (day clock, morale, fate track)."""
    if (by is None) == (to is None):
        raise UsageError("give exactly one of --by N and --to N")
    _run(session_path, "track.move", {"track": track, "by": by, "to": to}, as_json, lang)


@score.command("calc", context_settings=EXTRA)
@click.argument("what")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def score_calc(ctx: click.Context, what: str, as_json: bool) -> None:
    """Compute a game's score: GAME:CALC with its options.

    \b
    five-armies:victory    --hold ravenhill,front-gate,... [--end-of-turn]
    barons-of-fyn:baron    --lands N --population N --combat N | --holdings capital,city,...
                           | --mine N --theirs N [--draw N]
    pocket-battles:battle  --on-unit N | --limit N | --destroyed N --lost N --limit N
    manoeuvre:battle       --attack N --defence N | --mine N --theirs N [--depleted-mine N ...]
    """
    from ..companion.engine import Game, find_game
    from ..companion.scores import calculate

    game_name, _, calc = what.partition(":")
    game = Game.load(find_game(game_name))
    if calc not in game.spec.scoring:
        raise UsageError(
            f"{game.id} has no score {calc!r} (scores: {', '.join(game.spec.scoring) or 'none'})"
        )
    result = calculate(game.spec.scoring[calc], _extra(ctx.args))
    _out(as_json, result, [f"{k}: {v}" for k, v in result.items()])


# ---------------------------------------------------------------- undo, log, status


@click.command()
@click.option("--force", is_flag=True, help="Also undo a draw that showed hidden information.")
@_common
def undo(force: bool, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Undo the last event still in force (a compensating event is logged)."""
    from ..companion.render import event_lines

    table = _table(session_path)
    event = table.undo(force)
    _out(as_json, event, event_lines(table.game, _terms(table, lang), event))


@click.command()
@click.option(
    "--tail", type=click.IntRange(1, 100_000), default=None, help="Only the last N events."
)
@_common
def log(tail: int | None, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Show the session's event log, each event told in words (--json: the logged events)."""
    from ..companion import session as store
    from ..companion.render import event_lines

    table = _table(session_path)
    if as_json:
        events = store.read(table.path, repair=False).events
        events = events[-tail:] if tail else events
        click.echo(json.dumps({"events": events}, ensure_ascii=False, sort_keys=True))
        return
    told = table.history()
    terms = _terms(table, lang)
    for e in told[-tail:] if tail else told:
        try:
            lines = event_lines(table.game, terms, e)
        except (KeyError, TypeError, ValueError, IndexError):  # an event this version cannot tell
            lines = [json.dumps({k: e.get(k) for k in ("args", "out")}, ensure_ascii=False)]
        for n, line in enumerate(lines or [""]):
            click.echo(f"{e['seq']:>5}  {line}" if n == 0 else f"       {line}")


@click.command()
@_common
def status(session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Show the session's state: bags, tracks, decks, scores."""
    from ..companion.render import status_lines

    table = _table(session_path)
    state = table.snapshot_state()
    _out(
        as_json,
        {"path": str(table.path), "game": table.game.id, "state": state},
        status_lines(table, _terms(table, lang)),
    )


@click.command()
@click.argument("game")
@_common
def play(game: str, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Interactive prompt for GAME with history and completion (starts a session if needed)."""
    from ..companion.prompt import run_prompt

    run_prompt(game, session_path, lang)
