"""``pnp play GAME``: an interactive table prompt with history and completion.

Each line is an ordinary ``pnp`` command without the ``pnp`` (``roll 2d6``, ``fate draw``);
a game's roll is named bare (``roll combat``), ``help`` lists the game's own rolls, bags, decks,
tracks and scores, ``help pnp`` the whole command list; errors are printed and the prompt goes on. With a terminal the prompt uses prompt_toolkit
(history kept in the data directory, tab completion of commands, games' rolls, bags and
decks); without one it reads commands from standard input, which makes it scriptable.
"""

from __future__ import annotations

import shlex
import sys
from typing import Any

from ..locale import N_, _, current_language

WORDS = [
    "roll", "fate draw", "fate stop", "fate add", "fate odds", "deck draw", "deck number", "deck discard",
    "deck reset", "deck add", "deck turn", "deck activate", "deck reserve", "deck play", "deck remove",
    "deck deal", "deck return", "turn", "turn next",
    "score add", "score pad", "score track", "score calc", "odds", "undo", "log", "status", "help", "quit",
]  # fmt: skip


def game_help(game: Any) -> list[str]:
    """The game's own help: every command its rolls, bags, decks, tracks, turn and scores are
    played with (each with the options it takes)."""
    from ..companion.i18n import Terms, message, pick
    from ..companion.scores import usage

    terms = Terms(game.root, current_language())
    lg = terms.lang
    spec = game.spec
    lines = [
        message(
            _("{game} at the table. Commands as with pnp, without the pnp:"), game=game.name(lg)
        )
    ]
    if spec.rolls:
        lines.append(_("Rolls:"))
        for rid, r in spec.rolls.items():
            opts = " ".join(
                f"[--{n} N]" if p.default is not None else f"--{n} N" for n, p in r.params.items()
            )
            name = pick(r.name, lg) or ""
            lines.append(f"  roll {rid} {opts}".rstrip() + (f"    {name}" if name else ""))
            lines.append(f"  odds {rid} {opts}".rstrip())

    def shown(text: Any, term: str | None = None) -> str:
        name = terms.name(term, text) if term or text else ""
        return f"    {name}" if name else ""

    if spec.bags:
        lines.append(_("Bags:"))
    for bid, bag in spec.bags.items():
        opt = "" if len(spec.bags) == 1 else f" --bag {bid}"
        first = "fate draw --draws N" if bag.per_turn else "fate draw"
        lines.append(f"  {first}{opt}{shown(bag.name, bag.term)}")
        lines.append(f"  fate stop{opt}   fate odds{opt}   odds {bid}")
        waiting = [t.id for t in bag.tiles if not t.in_bag]
        if waiting:
            lines.append(f"  fate add {'|'.join(waiting)}{opt}")
    if spec.decks:
        lines.append(_("Decks:"))
    for did, deck in spec.decks.items():
        in_hand = any(did in h.decks for h in spec.hands.values())
        first, *rest = deck_commands(did, deck, in_hand)
        lines.append(f"  {first}{shown(deck.name)}")
        lines += [f"  {c}" for c in rest]
        if not deck.modes:
            lines.append(f"  odds {did}" + (" --position N" if deck.positions else ""))
    for heading, items, cmd in (
        (_("Tracks:"), spec.tracks, "score track {id} --by N | --to N"),
        (_("Scores:"), spec.scoring, "score calc " + game.id + ":{id}"),
    ):
        if not items:
            continue
        lines.append(heading)
        for i, item in items.items():
            text = cmd.format(id=i)
            if items is spec.scoring:
                text += f" {usage(item)}"
            lines.append(
                f"  {text}{shown(getattr(item, 'name', None), getattr(item, 'term', None))}"
            )
    if getattr(spec, "turn", None):
        lines.append(_("Turn, phase by phase:"))
        lines.append("  turn   turn next")
    if spec.decks:
        lines.append(_("Your own secret cards (hand, reserve, order):"))
        lines.append("  status --player P")
    lines.append(
        message(_("Also: roll 2d6, status, log, undo; help pnp for every command; quit to leave."))
    )
    return lines


# The table commands, as ``help pnp`` inside ``pnp play`` lists them (said through ``_``).
COMMANDS = (
    ("roll EXPR", N_("roll dice: 2d6, 4d6kh3, 6d6>=5")),
    ("roll ROLL --OPTION N", N_("one of the game's rolls")),
    ("fate draw --draws N / stop", N_("draw a tile (N: how many may be drawn), or keep the last one")),
    ("fate add TILE", N_("put a special tile into the bag")),
    ("fate odds", N_("the chance of each tile")),
    ("odds EXPR", N_("exact odds of a roll, a named roll or a bag")),
    ("deck draw DECK", N_("draw a card")),
    ("deck draw DECK --player P", N_("draw into a player's hand (shown to that player with status --player P)")),
    ("deck deal DECK --player P", N_("deal an opening hand")),
    ("deck number DECK --position N", N_("draw a card and read its number at position N")),
    ("deck return DECK CARD", N_("put a card from a hand back into the deck")),
    ("deck discard DECK CARD", N_("discard a card from a hand")),
    ("deck turn DECK --mode M", N_("start a turn of an activation deck")),
    ("deck activate DECK", N_("the next activation card")),
    ("score add PLAYER N", N_("points on the score pad")),
    ("score track TRACK --by N", N_("move a track's marker")),
    ("score calc GAME:CALC", N_("compute a score")),
    ("deck reserve / play / remove DECK", N_("reserve a card, play the reserve, remove a destroyed unit")),
    ("turn / turn next", N_("the phase of the turn, or move to the next")),
    ("status --player P", N_("the state, with P's own secret cards")),
    ("status", N_("the state of the game")),
    ("log", N_("every event so far")),
    ("undo", N_("take back the last event")),
    ("quit", N_("leave")),
)  # fmt: skip


def deck_commands(did: str, deck: Any, in_hand: bool = False) -> list[str]:
    """The commands a deck is played with, as typed at the prompt (``in_hand``: its cards count
    towards a hand of the game's ``hands:``)."""
    if deck.modes:
        modes = "|".join(deck.modes)
        return [
            f"deck activate {did} [--player P]",
            f"deck add {did} UNIT... --player P",
            f"deck turn {did} --mode {modes} [--order P:UNIT,UNIT]",
            (f"deck reserve {did} --player P   " if deck.reserve_per_turn else "")
            + f"deck play {did} [CARD] --player P",
            f"deck remove {did} UNIT",
        ]
    numbers = deck.positions is not None
    held = numbers or in_hand
    said = [
        f"deck draw {did} --player P [--up-to N]"
        if held and deck.owner is None
        else f"deck draw {did}"
    ]
    if numbers:
        said = [f"deck number {did} --position N", *said]
    if deck.deal:
        said.append(f"deck deal {did} --player P")
    if held:
        said.append(f"deck discard {did} CARD --player P")
    if deck.deal or deck.must_play:
        said.append(f"deck return {did} CARD --player P")
    if not numbers and not in_hand:
        said.append(f"deck reset {did}")
    return said


def pnp_help() -> list[str]:
    """``help pnp``: the table commands in the current language."""
    width = max(len(c) for c, _words in COMMANDS)
    return [f"  {c:<{width}}  {_(words)}" for c, words in COMMANDS]


def _bare_roll(argv: list[str], game: Any) -> list[str]:
    """``roll combat`` -> ``roll GAME:combat`` when combat is one of the game's rolls; ``odds``
    takes the game's rolls, bags and decks the same way (``odds combat``, ``odds fate``)."""
    spec = game.spec
    named = spec.rolls if argv[:1] == ["roll"] else {**spec.decks, **spec.bags, **spec.rolls}
    if len(argv) > 1 and argv[0] in ("roll", "odds") and argv[1] in named:
        return [argv[0], f"{game.id}:{argv[1]}", *argv[2:]]
    return argv


# commands the prompt does not hand its session: `session ...` names its own file, and a score
# is worked out from the game alone
SESSIONLESS = (("session",), ("score", "calc"))


def _run_line(line: str, session_path: str, lang: str | None, game: Any = None) -> bool:
    """Run one command line; False when the user asked to leave."""
    import click

    from ..errors import PnpError, printable, report
    from .app import cli

    lg = current_language()
    try:
        argv = shlex.split(line)
    except ValueError:
        said = _("the line has a quotation mark that is not closed")
        click.echo(_("Error: {message}").format(message=said), err=True)
        return True
    if not argv:
        return True
    if argv[0] in ("quit", "exit"):
        return False
    if argv[0] == "help" and game is not None and argv[1:] != ["pnp"]:
        for text in game_help(game):
            click.echo(printable(text))
        return True
    if argv[0] == "help":
        for text in pnp_help():
            click.echo(text)
        return True
    if game is not None:
        argv = _bare_roll(argv, game)
    if not any(argv[: len(p)] == list(p) for p in SESSIONLESS) and "--session" not in argv:
        argv += ["--session", session_path]
    if "--lang" not in argv:
        argv += ["--lang", lg]
    from .clicklang import speaking

    with speaking(argv):
        try:
            cli.main(args=argv, prog_name="pnp", standalone_mode=False)
        except PnpError as exc:
            for text in report(exc):
                click.echo(text, err=True)
        except click.exceptions.Exit:
            pass
        except click.ClickException as exc:
            exc.show()
        except SystemExit:
            pass
    return True


def _completer(game: Any) -> Any:
    from prompt_toolkit.completion import WordCompleter

    words = list(WORDS)
    words += [f"roll {r}" for r in game.spec.rolls]
    words += [f"roll {game.id}:{r}" for r in game.spec.rolls]
    words += [f"odds {r}" for r in [*game.spec.rolls, *game.spec.bags, *game.spec.decks]]
    for command in ("draw", "number", "discard", "reset", "add", "turn", "activate", "play",
                    "deal", "return", "reserve", "remove"):  # fmt: skip
        words += [f"deck {command} {d}" for d in game.spec.decks]
    words += [f"fate draw --bag {b}" for b in game.spec.bags]
    words += [f"score track {t}" for t in game.spec.tracks]
    words += [f"score calc {game.id}:{c}" for c in game.spec.scoring]
    return WordCompleter(words, sentence=True)


def run_prompt(game_name: str, session_path: str | None, lang: str | None) -> None:
    """Open (or start) a session for the game and read commands until end of input."""
    import click

    from ..companion import session
    from ..companion.engine import TableGame, find_game, new_session

    game = TableGame.load(find_game(game_name))
    path = session_path
    if path is None:
        current = session.current_session()
        if (
            current is not None
            and current.is_file()
            and session.read(current, repair=False).header.get("game") == game.id
        ):
            path = str(current)
        else:
            path = new_session(str(game.root), None, [])["path"]
    from ..companion.i18n import message

    click.echo(
        message(_("{game}: {path}  (help, quit)"), game=game.name(current_language()), path=path)
    )
    from ..companion.i18n import TYPED

    TYPED["pnp"] = ""  # commands are typed without "pnp" at this prompt
    try:
        _read_lines(game, path, lang)
    finally:
        TYPED["pnp"] = "pnp "


def _read_lines(game: Any, path: str, lang: str | None) -> None:
    """Run each line from standard input, or from the interactive prompt with a terminal."""
    if not sys.stdin.isatty():
        for line in sys.stdin:
            if not _run_line(line.strip(), path, lang, game):
                break
        return
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory

    from ..companion import session

    history = session.data_dir() / "history"
    history.parent.mkdir(parents=True, exist_ok=True)
    prompt: PromptSession[str] = PromptSession(
        history=FileHistory(str(history)), completer=_completer(game)
    )
    while True:
        try:
            line = prompt.prompt(f"{game.id}> ")
        except (EOFError, KeyboardInterrupt):
            break
        if not _run_line(line, path, lang, game):
            break
