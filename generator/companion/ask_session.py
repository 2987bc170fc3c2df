"""A session's questions and the moves told in words: one function per table command.

Each function opens the session (:class:`generator.companion.table.Table`), does one thing and
returns an :class:`~generator.companion.answer.Answer`: the data for ``--json``, the lines in the
current language, and notices for standard error (a repaired log, edited content). Moves
(:func:`act`), the session's state (:func:`status`), its log (:func:`history`), starting,
revealing, migrating and verifying a session, undo, the turn, the score pad and a bag's odds.
Nothing here imports the score evaluator, so ``pnp status`` stays quick.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..locale import _, current_language
from .answer import Answer
from .bag import odds as bag_odds
from .engine import Table as Session
from .engine import new_session, resolve_session
from .errtext import TableError
from .i18n import Terms, event_name, message, pick
from .ops import only_bag
from .ops_base import _g
from .pad import pad_table
from .render import _bag_name, event_lines, turn_now_lines
from .table import Action, Table
from .verify import check


def act(
    session_path: str | None,
    verb: str,
    args: dict[str, Any],
    lang: str | None = None,
    player: str | None = None,
    force: bool = False,
) -> Answer:
    """Take one action at the session's table; its events as the table sees them
    (``data["events"]``) and in words."""
    table = Table.open(session_path)
    done = table.act(Action(verb, args, player=player, force=force))
    lines = [line for event in done.events for line in table.say(event, lang)]
    up_to = args.get("up_to")
    if verb == "deck.draw" and up_to is not None and not done.events:
        deck_id, who = str(args["deck"]), args.get("player")
        held = table.session.snapshot_state()["decks"]
        count = len((held.get(deck_id) or {}).get("hands", {}).get(who or "", []))
        note = _("{player} holds {held} cards, the limit is {limit}: nothing to draw.")
        lines.append(note.format(player=who, held=max(count, up_to), limit=up_to))
    return Answer({"events": done.events}, lines, done.notices)


def status(session_path: str | None, lang: str | None = None, player: str | None = None) -> Answer:
    """The session as ``player`` (default: the table) may see it: its view, and in words."""
    table = Table.open(session_path)
    shown = table.view(player)
    lines = table.status(player, lang)
    return Answer(shown, lines, table.notices())


def history(
    session_path: str | None,
    player: str | None = None,
    tail: int | None = None,
    lang: str | None = None,
) -> Answer:
    """The log (its last ``tail`` events) as ``player`` may see it, each event told in words
    after its number."""
    table = Table.open(session_path)
    told = table.history(player)
    told = told[-tail:] if tail else told
    notices = table.notices()
    lines: list[str] = []
    for e in told:
        try:
            said = table.say(e, lang)
        except (KeyError, TypeError, ValueError, IndexError):  # an event this version cannot tell
            said = [json.dumps({k: e.get(k) for k in ("args", "fx")}, ensure_ascii=False)]
        for n, line in enumerate(said or [""]):
            lines.append(f"{e['seq']:>5}  {line}" if n == 0 else f"       {line}")
    return Answer({"events": told}, lines, notices)


def start(
    game: str,
    players: list[str],
    *,
    fair: bool = False,
    seed: int | None = None,
    session_path: str | None = None,
) -> Answer:
    """Start a session of ``game`` and make it the current one."""
    info = new_session(
        game, Path(session_path) if session_path else None, players, fair=fair, seed=seed
    )
    lang_ = current_language()
    shown = (pick(info["title"], lang_) if lang_ != "en" else None) or info["game"]
    lines = [message(_("New {game} session: {path}"), game=shown, path=info["path"])]
    lines += _round_order(info.pop("rounds"), players, info.pop("first_roll"))
    if info["commit"]:
        lines.append(
            message(
                _("Fair mode. Commitment (SHA-256 of the secret seed): {commit}"),
                commit=info["commit"],
            )
        )
    return Answer(info, lines)


def _round_order(rounds: bool, players: list[str], first_roll: str | None) -> list[str]:
    """Where each player takes the whole turn in order: the order the players were named in,
    from the winner of the game's first-player roll once it is rolled."""
    if not rounds:
        return []
    if not players:
        return [_("Name the players with --players, in playing order, so that `pnp turn` can say whose turn it is.")]  # fmt: skip
    named = ("、" if current_language().startswith("zh") else ", ").join(players)
    if first_roll is not None:
        return [
            message(
                _(
                    "Turns go in the order the players were named ({players}); `pnp roll {roll}` seats its winner first."
                ),  # fmt: skip
                players=named,
                roll=first_roll,
            )
        ]
    return [
        message(
            _(
                "Turns go in the order the players were named ({players}); name the first player first."
            ),  # fmt: skip
            players=named,
        )
    ]


def migrate(session_path: str | None, lang: str | None = None) -> Answer:
    """Move the session to its game's content as it is now."""
    session = _session(session_path)
    event = session.migrate()
    lines = event_lines(_g(session), _terms(session), event)
    return Answer({"seq": event["seq"], "type": "migrate"}, lines)


def reveal(session_path: str | None) -> Answer:
    """Log and tell the fair session's secret seed."""
    event = _session(session_path).reveal()
    secret = event["args"]["secret"]
    return Answer({"secret": secret}, [message(_("Secret seed: {secret}"), secret=secret)])


def undo(session_path: str | None, force: bool = False, lang: str | None = None) -> Answer:
    """Undo the last event still in force (``force``: a draw that showed hidden information)."""
    session = _session(session_path)
    event = session.undo(force)
    return Answer(event, event_lines(_g(session), _terms(session), event))


def verify(path: str | Path, secret: str | None = None) -> Answer:
    """Replay a seeded or fair log; ``data["ok"]`` says whether every outcome matches."""
    result, cause = check(Path(path), secret)
    if result["ok"]:
        said = message(_("All {count} outcomes match the seed."), count=result["checked"])
        return Answer(result, [said])
    kind = event_name(result["type"])
    if "problem" in result:
        told = cause.lines() if cause is not None else [result["problem"]]
        line = message(
            _("event {seq} ({type}): {problem}"),
            seq=result["seq"],
            type=kind,
            problem="\n".join(told),
        )
    else:
        line = message(
            _(
                "Event {seq} ({type}) does not match the seed: the log says {logged}, the seed gives {expected}."
            ),
            seq=result["seq"],
            type=kind,
            logged=json.dumps(result["logged"], ensure_ascii=False),
            expected=json.dumps(result["expected"], ensure_ascii=False),
        )
    return Answer(result, [line])


def turn(session_path: str | None, lang: str | None = None) -> Answer:
    """The phase of the turn the game is in."""
    session = _session(session_path)
    state = session.snapshot_state()
    game: Any = session.game
    if not getattr(game.spec, "turn", None):
        raise TableError(_("{game} has no turn order to follow"), game=game.names())
    now = state.get("turn") or {"n": 1, "phase": 0}
    players = list(session.log.header.get("players") or []) if session.log else []
    return Answer(dict(now), turn_now_lines(game, _terms(session), now, players))


def score_pad(session_path: str | None) -> Answer:
    """The score pad: points per player and round, and totals, as a tab-separated grid."""
    session = _session(session_path)
    state = session.snapshot_state()
    assert session.log is not None
    result = pad_table(state, session.log.header.get("players") or [])
    lines = ["\t".join(["", *[str(r) for r in result["rounds"]], "Σ"])]
    for p in result["players"]:
        row = [str(result["grid"][p][str(r)]) for r in result["rounds"]]
        lines.append("\t".join([p, *row, str(result["totals"][p])]))
    return Answer(result, lines)


def fate_odds(session_path: str | None, bag_id: str | None, lang: str | None = None) -> Answer:
    """The chance of each advance for the next tile of the session's bag."""
    session = _session(session_path)
    state = session.snapshot_state()
    game: Any = session.game
    bag_id = only_bag(game, bag_id)
    if bag_id not in game.spec.bags:
        raise TableError(_("{game} has no bag {name!r}"), game=game.id, name=bag_id)
    result = bag_odds(game.spec.bags[bag_id], state["bags"][bag_id])
    lines = [
        message(
            _("{tiles} tiles in the {bag}. Next tile advances:"),
            tiles=result["tiles"],
            bag=_bag_name(game, _terms(session), bag_id),
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
    data = dict(result)
    if game.spec.bags[bag_id].estimate:
        lines.append(
            message(
                _(
                    "  Estimate: the tile mix is not known from a source, so these odds are estimates too."
                )
            )
        )
        data["estimate"] = True
    return Answer(data, lines)


def _session(session_path: str | None) -> Session:
    """The saved session at ``session_path``, else the current one."""
    return Session(resolve_session(session_path))


def _terms(session: Session) -> Terms:
    """The glossary terms of the session's game in the current language."""
    return Terms(session.game.root if session.game else None, current_language(), session.cache)
