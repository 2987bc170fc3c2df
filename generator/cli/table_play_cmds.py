"""Table commands that play the game's pieces: fate (bags of tiles), deck, turn and score.

Each command parses its options and hands them to one call of the table
(:func:`.table_common.act` for a move, :mod:`generator.companion.ask_session` and
:mod:`generator.companion.ask_game` for a question), then prints the answer in the chosen
language.
"""

from __future__ import annotations

import difflib
from typing import Any

import click

from ..errors import UsageError
from ..locale import _
from .table_common import EXTRA, act, common, extra, group_lang, lang_option, move, show

BAG = click.option("--bag", "bag_id", default=None, help="The bag (default: the game's only bag).")
HAND = click.option(
    "--player", default=None, help="Whose hand (needed when two hands hold the name)."
)
DECK = click.argument("deck_id")
BAG_KEYS = {"bag_id": "bag"}
DECK_KEYS = {"deck_id": "deck"}

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
@BAG
@move
def fate_draw(**opts: Any) -> None:
    """Draw a tile; while the phase is open, the previous tile is set aside."""
    act("fate.draw", opts, BAG_KEYS)


@fate.command("stop")
@BAG
@move
def fate_stop(**opts: Any) -> None:
    """Keep the last tile drawn: it resolves, the set-aside tiles go back."""
    act("fate.stop", opts, BAG_KEYS)


@fate.command("add")
@click.argument("tile")
@BAG
@move
def fate_add(**opts: Any) -> None:
    """Put a special tile (blue, red) into the bag when its story card is played."""
    act("fate.add", opts, BAG_KEYS)


@fate.command("odds")
@BAG
@common
def fate_odds(
    bag_id: str | None, session_path: str | None, as_json: bool, lang: str | None
) -> None:
    """The chance of each advance for the next tile, from what is left in the bag."""
    from ..companion import ask_session

    show(ask_session.fate_odds(session_path, bag_id, lang), as_json)


# ---------------------------------------------------------------- decks


@click.group()
@group_lang
def deck() -> None:
    """Draw from a game's decks."""


@deck.command("draw")
@DECK
@click.option("--count", type=click.IntRange(1, 100), default=1)
@click.option("--player", default=None, help="Whose hand the cards go to.")
@click.option(
    "--up-to",
    type=click.IntRange(0, 100),
    default=None,
    help="Draw until the player's hand holds this many cards (the hand limit).",
)
@move
def deck_draw(**opts: Any) -> None:
    """Draw COUNT cards: into a player's hand (--player; number decks always), else shown and
    discarded."""
    act("deck.draw", opts, DECK_KEYS, optional=("player",))


@deck.command("deal")
@DECK
@click.option("--player", required=True, help="Whose opening hand is dealt.")
@move
def deck_deal(**opts: Any) -> None:
    """Deal a player's opening hand (a card the rules redraw goes back and another is dealt)."""
    act("deck.deal", opts, DECK_KEYS)


@deck.command("return")
@DECK
@click.argument("cards", nargs=-1, required=True)
@HAND
@move
def deck_return(**opts: Any) -> None:
    """Put cards from a hand back into the deck, to be drawn again."""
    act("deck.return", {**opts, "cards": list(opts["cards"])}, DECK_KEYS, optional=("player",))


@deck.command("number")
@DECK
@click.option(
    "--position", type=int, required=True, help="Which of the card's numbers to read (1..4)."
)
@move
def deck_number(**opts: Any) -> None:
    """Draw a card, read the number at POSITION, and discard it (the card-number generator)."""
    act("deck.number", opts, DECK_KEYS)


@deck.command("discard")
@DECK
@click.argument("cards", nargs=-1, required=True)
@HAND
@move
def deck_discard(**opts: Any) -> None:
    """Put cards from the hands onto the discard pile, by the name shown when drawn."""
    act("deck.discard", {**opts, "cards": list(opts["cards"])}, DECK_KEYS, optional=("player",))


@deck.command("reset")
@DECK
@move
def deck_reset(**opts: Any) -> None:
    """Gather every card back into the deck, shuffled (to start the deck over)."""
    act("deck.reset", opts, DECK_KEYS)


@deck.command("add")
@DECK
@click.argument("units", nargs=-1, required=True)
@click.option("--player", required=True)
@move
def deck_add(**opts: Any) -> None:
    """Add a player's unit cards to an activation deck."""
    act("deck.add", {**opts, "units": list(opts["units"])}, DECK_KEYS)


@deck.command("turn")
@DECK
@click.option(
    "--mode", required=True, help="One of the game's modes of play, by its id or its name."
)
@click.option(
    "--order",
    multiple=True,
    help="Modes where each player orders their cards: PLAYER:unit,unit,... in activation order.",
)
@move
def deck_turn(**opts: Any) -> None:
    """Start a turn of an activation deck in one of its modes."""
    orders: dict[str, list[str]] = {}
    for item in opts.pop("order"):
        player, _colon, units = item.partition(":")
        orders[player] = [u for u in units.split(",") if u]
    act("deck.turn", {**opts, "order": orders}, DECK_KEYS)


@deck.command("activate")
@DECK
@click.option(
    "--player",
    default=None,
    help="Who draws from a mixed pile (an enemy card goes to its owner) or whose next card is "
    "revealed from an ordered one.",
)
@move
def deck_activate(**opts: Any) -> None:
    """Draw or reveal the next activation card."""
    act("deck.activate", opts, DECK_KEYS)


@deck.command("reserve")
@DECK
@click.option("--player", required=True)
@move
def deck_reserve(**opts: Any) -> None:
    """Put a card in reserve (once per player per turn)."""
    act("deck.reserve", opts, DECK_KEYS)


@deck.command("play")
@DECK
@click.argument("card", required=False)
@click.option("--player", required=True)
@move
def deck_play(**opts: Any) -> None:
    """Play the reserved card, or in a mode where players choose, the chosen CARD."""
    act("deck.play", opts, DECK_KEYS)


@deck.command("remove")
@DECK
@click.argument("unit")
@click.option("--player", default=None, help="Whose unit (needed when two players share a name).")
@move
def deck_remove(**opts: Any) -> None:
    """Take an eliminated unit's card out of an activation deck."""
    act("deck.remove", opts, DECK_KEYS, optional=("player",))


# ---------------------------------------------------------------- turn


@click.command()
@click.argument("step", required=False, type=click.Choice(["next"]))
@move
def turn(**opts: Any) -> None:
    """Show the phase of the turn the game is in; `turn next` moves to the next phase."""
    from ..companion import ask_session

    if opts.pop("step") == "next":
        act("turn.next", opts)
        return
    show(ask_session.turn(opts["session_path"], opts["lang"]), opts["as_json"])


# ---------------------------------------------------------------- scores


@click.group()
@group_lang
def score() -> None:
    """Keep and compute scores."""


class SignedNumbers(click.Command):
    """A command whose numbers may be negative: ``-5`` (a dash, then a digit) is a number, while
    any other ``-word`` that is none of its options is still refused as an option that does not
    exist."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Refuse an unknown ``-word`` before click reads the rest as arguments."""
        known = [name for param in self.get_params(ctx) for name in param.opts]
        for arg in args:
            if arg == "--":
                break
            name = arg.split("=", 1)[0]
            if name[:1] == "-" and name not in known and not name[1:2].isdigit():
                close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
                raise click.NoSuchOption(name, possibilities=close, ctx=ctx)
        return super().parse_args(ctx, args)


@score.command("add", cls=SignedNumbers, context_settings={"ignore_unknown_options": True})
@click.argument("player")
@click.argument("points", type=int)
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), default=None)
@move
def score_add(**opts: Any) -> None:
    """Add POINTS for PLAYER on the score pad."""
    act("score.add", opts, {"round_no": "round"})


@score.command("pad")
@common
def score_pad(session_path: str | None, as_json: bool, lang: str | None) -> None:
    """Show the score pad: points per player and round, and totals."""
    from ..companion import ask_session

    show(ask_session.score_pad(session_path), as_json)


@score.command("track")
@click.argument("track")
@click.option(
    "--by", type=int, default=None, help="Steps towards the track's end (negative: back)."
)
@click.option("--to", type=int, default=None, help="Put the marker on this step.")
@click.option("--player", default=None, help="Whose marker, on a track where each player has one.")
@move
def score_track(**opts: Any) -> None:
    """Move a track's marker (day clock, morale, fate track)."""
    if (opts["by"] is None) == (opts["to"] is None):
        raise UsageError(_("give exactly one of --by N and --to N"))
    act("track.move", opts, optional=("player",))


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
    from ..companion import ask_game

    show(ask_game.score(what, extra(ctx.args)), as_json)
