"""Rolls that need a game: its named rolls, its dice, contests, and rolls recorded in a session.

``pnp roll 2d6`` rolls at the command line with the dice modules alone; a roll naming a game
(``GAME:ROLL``, ``d[GAME:DIE]``) or made while a session is on comes here: the named roll's
parameters are filled and checked (:func:`generator.companion.named_rolls.named_roll`), the roll is
recorded in the session (the game's phase rules apply to a named roll), a contest is rolled
until one side is highest, and the result is told in the players' language. A contest (a
first-player roll) won by a player of a session played in rounds records that the round order
starts with the winner.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..locale import _, current_language, translation
from .dice_roll import content_die, is_dice
from .dice_roll import roll as do_roll
from .engine import Table as Session
from .engine import resolve_session
from .errtext import TableError
from .game import TableGame, find_game, round_order, turn_begun
from .i18n import Terms, message, pick
from .named_rolls import named_roll, roll_called, roll_of
from .render import _listing, die_name, named_dice
from .render import event_lines as table_event_lines
from .rng import SystemSource, seeded

Result = tuple[dict[str, Any], list[str], list[str]]


def roll_with_content(
    expr: str,
    game_name: str,
    named: str,
    params: dict[str, str],
    seed: int | None,
    use_session: bool,
    session_path: str | None,
) -> Result:
    """A roll that needs a game (its named roll, its dice) or is recorded in a session: the
    data (``--json``), the lines in the current language and notices for standard error."""
    lang_ = current_language()
    table = Session(resolve_session(session_path)) if use_session else None
    played: TableGame | None = None  # the session's game
    if table is not None:
        table.preload()
        played = table.game
    game: TableGame
    if game_name:
        game = (
            played
            if played is not None and played.id == game_name
            else TableGame.load(find_game(game_name))
        )
    elif played is not None:
        game = played
        if not is_dice(expr):  # a bare name of one of the session game's rolls
            named = roll_called(game, expr) or ""
    else:
        game = game_of_die(expr)
    terms = Terms(game.root, lang_, table.cache if table is not None else None)
    notes: list[str] = []
    text = expr
    if named:
        named = roll_of(game, named)
        text, clamped = named_roll(game, named, params)
        notes = [
            message(
                _("{param} lowered to {value} (the most the game allows)"),
                param=c.split("=")[0],
                value=c.split("=")[1],
            )
            for c in clamped
        ]
        note = pick(game.spec.rolls[named].note, lang_)
        if note:
            notes.append(message(_("Note: {note}"), note=note))
        counted = pick(getattr(game.spec.rolls[named], "result", None), lang_)
    else:
        counted = None
        if params:
            raise TableError(
                _("--{param}: only a game's named roll takes options"), param=next(iter(params))
            )
    said: list[str] = []
    recorded = played is not None and (played.id == game.id or not game_name)
    source = None
    if not recorded:
        source = seeded(seed) if seed is not None else SystemSource()

    def roll_once() -> dict[str, Any]:
        if table is not None and recorded:
            verb = f"roll:{named}" if named else None
            event = table.run("roll", {"expr": text, "game": game.id}, verb)
            return {**event["out"], "seq": event["seq"], "expr": text}
        assert source is not None  # not recorded: a source of our own
        return do_roll(text, source, game.faces).to_json()

    if named and game.spec.rolls[named].each:
        each: list[Any] = list(game.spec.rolls[named].each)
        players: list[str] = []
        if table is not None and recorded:
            if table.log is None:
                table.load()
            players = list((table.log.header if table.log else {}).get("players") or [])
        if len(players) == len(each):  # the session's players roll, by their own names
            each = list(players)
        data, lines, said = contest(game, terms, each, roll_once, notes, lang_)
        winner = data["winner"]
        if table is not None and game.in_rounds() and winner in players:
            now: Mapping[str, Any] = table.state.get("turn") or {}
            if turn_begun(now):  # the order holds for the game (the table refuses a new one)
                first = round_order(players, int(now.get("first", 0)))
                said.append(
                    message(
                        _(
                            "Play has begun, so this roll seats no one: each round still goes {order}."
                        ),
                        order=_listing([terms.name(p) for p in first], lang_),
                    )
                )
            else:  # the round order starts with the winner: an event of its own (undone alone)
                event = table.run("turn.first", {"player": winner})
                data["first"] = {"seq": event["seq"], **event["fx"]}
                lines += table_event_lines(game, terms, event)
        return data, lines, said
    data = roll_once()
    if recorded and table is not None and table.log is not None and table.log.repaired:
        said.append(message(_("Repaired the log: {what}."), what=table.log.repaired))
    if recorded and played is not None and played.changed:
        said += [
            message(
                _(
                    "The content of {game} has changed since this session started; it goes on with the pieces recorded then. `pnp session migrate` moves it to the content as it is now."
                ),
                game=played.name(lang_),
            )
        ]
    estimated = [die_name(game, terms, d) for d in estimated_dice(game, text)]
    if estimated:
        sep = ", " if lang_ == "en" else "、"
        notes.append(
            message(
                _(
                    "Estimate: the face mix of {dice} is not known from a source; correct it in table.yaml."
                ),
                dice=sep.join(estimated),
            )
        )
    data["notes"] = notes
    lines = [named_dice(game, terms, data["text"], data["labels"])]
    if counted:
        lines.append(counted.replace("{total}", str(data["total"])))
    if data["labels"]:
        counts: dict[str, int] = {}
        for label in data["labels"]:
            counts[label] = counts.get(label, 0) + 1
        lines.append(
            ", ".join(
                f"{terms.name(k)} ×{n}" if n > 1 else terms.name(k) for k, n in counts.items()
            )
        )
    return data, [*lines, *notes], said


MAX_CONTEST_ROUNDS = 20


def contest(
    game: TableGame, terms: Any, each: list[Any], roll_once: Any, notes: list[str], lang: str
) -> Result:
    """Everyone in ``each`` rolls; a tie for the highest is rolled again, until one is highest."""
    _ = translation(lang).gettext
    names = [pick(who, lang) or "?" for who in each]
    rounds: list[list[dict[str, Any]]] = []
    lines: list[str] = []
    for _round in range(MAX_CONTEST_ROUNDS):
        rolled = [roll_once() for _who in names]
        rounds.append(rolled)
        for who, data in zip(names, rolled, strict=True):
            lines.append(f"{who}: {named_dice(game, terms, data['text'], data['labels'])}")
        best = max(d["total"] for d in rolled)
        top = [who for who, d in zip(names, rolled, strict=True) if d["total"] == best]
        if len(top) == 1:
            lines.append(_("{name} rolls highest.").format(name=top[0]))
            data = {"rounds": rounds, "winner": top[0], "notes": notes}
            return data, [*lines, *notes], []
        sep = ", " if lang == "en" else "、"
        lines.append(
            _("A tie for the highest ({names}): everyone rolls again.").format(names=sep.join(top))
        )
    lines.append(_("Still tied after {n} rounds; roll again.").format(n=MAX_CONTEST_ROUNDS))
    return {"rounds": rounds, "winner": None, "notes": notes}, [*lines, *notes], []


def estimated_dice(game: TableGame, text: str) -> list[str]:
    """The game's dice named in ``text`` whose face mix is an estimate."""
    if "[" not in text:
        return []  # no game's die named: spare compiling the pattern on every roll
    found = []
    for name in re.findall(r"\[([^\]]+)\]", text):
        die = game.spec.dice.get(name.rpartition(":")[2])
        if die is not None and die.estimate and name not in found:
            found.append(name.rpartition(":")[2])
    return found


def game_of_die(expr: str) -> TableGame:
    """The game a content die ``d[game:die]`` names."""
    game_name = (content_die(expr) or "").rpartition(":")[0]
    if not game_name:
        raise TableError(
            _("name the game of a content die: d[game:die], or start a session for that game")
        )
    return TableGame.load(find_game(game_name))
