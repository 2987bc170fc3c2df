"""Table commands: roll, odds, session, undo, log, status, play (fate, deck, score, turn are in
:mod:`.table_play_cmds`, loaded only when one of them runs).

Each command parses its options, calls one function of :mod:`generator.companion`, and prints
the result as sentences (``--lang``) or as one JSON object (``--json``). ``pnp roll 2d6`` touches
only the dice modules: game content (and so msgspec and YAML) is loaded only for a game's dice,
named rolls, or when the roll is recorded in a session.
"""

from __future__ import annotations

import sys

import click

from .table_common import EXTRA, common, extra, group_lang, lang_option, show

__all__ = [
    "log",
    "odds",
    "play",
    "roll",
    "session",
    "status",
    "undo",
]


# ---------------------------------------------------------------- roll


@click.command(context_settings=EXTRA)
@click.argument("expr")
@click.option("--seed", type=int, default=None, help="Reproducible roll (no session needed).")
@click.option("--no-session", is_flag=True, help="Do not record the roll in the current session.")
@common
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
    """Roll dice: 2d6, 4d6kh3, (1d4+1)*2, 1d20+5 >= 15, 6d6>=5r2, or GAME:ROLL --param N
    (in a session of GAME, ROLL alone).

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
    Game dice          d[GAME:DIE], a die from a game's table.yaml (pnp roll GAME:ROLL for its named rolls)
    Limits             200 characters, 999 dice, 1000 faces rolled (re-rolls and
                       explosions included), 50 levels of brackets and signs
    """
    from ..companion import ask_roll

    show(ask_roll.roll(expr, extra(ctx.args), seed, no_session, session_path), as_json)


@click.command(context_settings=EXTRA)
@click.argument("expr")
@click.option(
    "--depth",
    type=click.IntRange(0, 12),
    default=6,
    show_default=True,
    help="How many more dice each die may set off by exploding (!, !!, !p), in every form; "
    "the chance of longer chains is told apart. Re-rolls (rr) are exact at any depth.",
)
@click.option(
    "--at-least", "at_least", type=int, default=None, help="Also tell the chance of N or more."
)
@common
@click.pass_context
def odds(
    ctx: click.Context,
    expr: str,
    depth: int,
    at_least: int | None,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Exact odds: every total of EXPR with its chance, a histogram and the mean.

    \b
    EXPR is anything `pnp roll` takes (2d6, 4d6kh3, 6d6>=5r2, d6!, 1d6@33445,
    5d6>=5 vs 4d6>=5 for who wins an opposed roll), a
    game's named roll with its options (GAME:ROLL --param N) or a game's bag
    (GAME:BAG: the next tile, from the open session's bag when it is that game's).
    Worked out exactly over the dice, not simulated.
    """
    from ..companion import ask_odds

    show(
        ask_odds.odds(expr, extra(ctx.args), depth, at_least, session_path, lang, as_json), as_json
    )


# ---------------------------------------------------------------- session


@click.group()
@group_lang
def session() -> None:
    """Start, reveal and verify table sessions."""


@session.command("new")
@click.argument("game")
@click.option("--players", default="", help="Comma-separated player names.")
@click.option("--fair", is_flag=True, help="Commit to a secret seed now; reveal it after play.")
@click.option("--seed", type=int, default=None, help="Reproducible session.")
@common
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
    from ..companion import ask_session

    names = [p.strip() for p in players.split(",") if p.strip()]
    show(ask_session.start(game, names, fair=fair, seed=seed, session_path=session_path), as_json)


@session.command("migrate")
@common
def session_migrate(session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Move the session to the game's content as it is now (when its table.yaml was edited)."""
    from ..companion import ask_session

    show(ask_session.migrate(session_path, lang), as_json)


@session.command("reveal")
@common
def session_reveal(session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Print the fair session's secret seed (and log it) so anyone can verify the session."""
    from ..companion import ask_session

    show(ask_session.reveal(session_path), as_json)


@session.command("verify")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option(
    "--secret", default=None, help="The revealed seed in hex (default: the one in the log)."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@lang_option
def session_verify(path: str, secret: str | None, as_json: bool, lang: str | None) -> None:
    """Replay a seeded or fair session log and report the first outcome that does not match."""
    from ..companion import ask_session

    answer = ask_session.verify(path, secret)
    show(answer, as_json)
    if not answer.data["ok"]:
        sys.exit(1)


# ---------------------------------------------------------------- undo, log, status


@click.command()
@click.option("--force", is_flag=True, help="Also undo a draw that showed hidden information.")
@common
def undo(force: bool, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Undo the last event still in force (a compensating event is logged)."""
    from ..companion import ask_session

    show(ask_session.undo(session_path, force, lang), as_json)


@click.command()
@click.option(
    "--tail", type=click.IntRange(1, 100_000), default=None, help="Only the last N events."
)
@click.option("--player", default=None, help="Tell the events as this player may see them.")
@common
def log(
    tail: int | None, player: str | None, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """Show the session's event log, each event told in words (--json: the events as data)."""
    from ..companion import ask_session

    show(ask_session.history(session_path, player, tail, lang), as_json)


@click.command()
@click.option(
    "--player", default=None, help="Show this player's own secret cards (hand, reserve, order)."
)
@common
def status(session_path: str | None, player: str | None, as_json: bool, lang: str | None) -> None:
    """Show the session's state: turn, bags, tracks, decks, hands, scores."""
    from ..companion import ask_session

    show(ask_session.status(session_path, lang, player), as_json)


@click.command()
@click.argument("game")
@common
def play(game: str, session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Interactive prompt for GAME with history and completion (starts a session if needed)."""
    from .prompt import run_prompt

    run_prompt(game, session_path, lang)
