"""A game's own questions, asked without acting: its score calculators (:func:`score`), the
commands its pieces are played with (:func:`game_help`, :func:`pnp_help`, :func:`words`) and
the session the prompt of ``pnp play`` opens (:func:`prompt_session`).

The scores come from the game's ``scoring:`` data (:mod:`generator.companion.scores`); a tie a
seat decides is told with the name of the player in that seat when the current session is of
the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..errors import PnpError
from ..locale import N_, _, current_language
from . import session as store
from .answer import Answer
from .engine import Table as Session
from .engine import TableGame, find_game, new_session, resolve_session
from .errtext import TableError
from .i18n import TYPED, Terms, message, pick
from .scores import calculate, result_lines, usage

if TYPE_CHECKING:  # the table's models, for the type checker only
    from ..content.table.models import DeckSpec, ScoreSpec

# the commands completed at the prompt of ``pnp play``, before the game's own
WORDS = [
    "roll", "fate draw", "fate stop", "fate add", "fate odds", "deck draw", "deck number", "deck discard",
    "deck reset", "deck add", "deck turn", "deck activate", "deck reserve", "deck play", "deck remove",
    "deck deal", "deck return", "turn", "turn next",
    "score add", "score pad", "score track", "score calc", "odds", "undo", "log", "status", "help", "quit",
]  # fmt: skip


def load(game_name: str) -> TableGame:
    """The game of this id or folder (:class:`generator.companion.game.TableGame`)."""
    return TableGame.load(find_game(game_name))


def score(what: str, options: dict[str, str]) -> Answer:
    """Compute ``GAME:CALC`` with its ``options``; ``GAME:`` lists the game's calculators."""
    game_name, _colon, calc = what.partition(":")
    game = load(game_name)
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
        return Answer({"scores": lines}, lines or ["-"])
    terms = Terms(game.root, lang_)
    spec = game.spec.scoring[calc]
    result = calculate(spec, options, terms, calc)
    _name_seats(spec, result, _session_players(game.id), lang_)
    shown = {
        **result,
        "says": {
            k: pick(v, lang_) if isinstance(v, (str, dict)) else v
            for k, v in result["says"].items()
        },
        "decided_by": {k: pick(v, lang_) for k, v in result["decided_by"].items()},
    }
    return Answer(shown, result_lines(spec, result, terms))


def _session_players(game_id: str) -> list[str]:
    """The current session's players, when that session is of this game (else none)."""
    try:
        table = Session(resolve_session(None))
        table.load()
    except (PnpError, OSError):
        return []
    if table.log is None or table.log.header.get("game") != game_id:
        return []
    return [str(p) for p in table.log.header.get("players") or []]


def _name_seats(spec: ScoreSpec, result: dict[str, Any], players: list[str], lang: str) -> None:
    """A tie decided by a seat is told with the name of the player in that seat."""
    for rid, res in spec.results.items():
        said = result["says"].get(rid)
        for step in getattr(res, "ties", None) or []:
            seat = getattr(step, "seat", None)
            if seat and said is step.winner and seat <= len(players):
                result["says"][rid] = _("{player} ({seat})").format(
                    player=players[seat - 1], seat=pick(step.winner, lang)
                )


def game_help(game: TableGame) -> list[str]:
    """The game's own help: every command its rolls, bags, decks, tracks, turn and scores are
    played with (each with the options it takes)."""
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

    def shown(text: object, term: str | None = None) -> str:
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
                text += f" {usage(spec.scoring[i])}"
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


def deck_commands(did: str, deck: DeckSpec, in_hand: bool = False) -> list[str]:
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


def bare_roll(argv: list[str], game: TableGame) -> list[str]:
    """``roll combat`` -> ``roll GAME:combat`` when combat is one of the game's rolls; ``odds``
    takes the game's rolls, bags and decks the same way (``odds combat``, ``odds fate``)."""
    spec = game.spec
    named = spec.rolls if argv[:1] == ["roll"] else {**spec.decks, **spec.bags, **spec.rolls}
    if len(argv) > 1 and argv[0] in ("roll", "odds") and argv[1] in named:
        return [argv[0], f"{game.id}:{argv[1]}", *argv[2:]]
    return argv


def words(game: TableGame) -> list[str]:
    """Every command the prompt completes for ``game``: the table's and the game's own."""
    said = list(WORDS)
    said += [f"roll {r}" for r in game.spec.rolls]
    said += [f"roll {game.id}:{r}" for r in game.spec.rolls]
    said += [f"odds {r}" for r in [*game.spec.rolls, *game.spec.bags, *game.spec.decks]]
    for command in ("draw", "number", "discard", "reset", "add", "turn", "activate", "play",
                    "deal", "return", "reserve", "remove"):  # fmt: skip
        said += [f"deck {command} {d}" for d in game.spec.decks]
    said += [f"fate draw --bag {b}" for b in game.spec.bags]
    said += [f"score track {t}" for t in game.spec.tracks]
    said += [f"score calc {game.id}:{c}" for c in game.spec.scoring]
    return said


def prompt_session(game_name: str, session_path: str | None) -> tuple[TableGame, str, str]:
    """The game, the session the prompt plays (``session_path``, else the current session when
    it is of this game, else a new one) and the banner that opens the prompt."""
    game = load(game_name)
    path = session_path
    if path is None:
        current = store.current_session()
        if (
            current is not None
            and current.is_file()
            and store.read(current, repair=False).header.get("game") == game.id
        ):
            path = str(current)
        else:
            path = new_session(str(game.root), None, [])["path"]
    banner = message(
        _("{game}: {path}  (help, quit)"), game=game.name(current_language()), path=path
    )
    return game, path, banner


def history_file() -> str:
    """Where the prompt keeps the lines typed at it (its folder made)."""
    history = store.data_dir() / "history"
    history.parent.mkdir(parents=True, exist_ok=True)
    return str(history)


@contextmanager
def typed_bare() -> Iterator[None]:
    """Messages name commands without ``pnp`` while the prompt runs (they are typed so there)."""
    TYPED["pnp"] = ""
    try:
        yield
    finally:
        TYPED["pnp"] = "pnp "
