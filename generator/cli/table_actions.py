"""What the table commands do, apart from parsing: one function per command.

Each function opens the session (or the game), does one thing through :mod:`generator.companion`
and returns what to print: the JSON object, the lines in the chosen language, and notices for
standard error (a repaired log, edited content). The click commands parse the command line and
print the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..companion.errtext import TableError
from ..locale import _, current_language

if TYPE_CHECKING:
    Result = tuple[dict[str, Any], list[str], list[str]]


def content_die(expr: str) -> str | None:
    """The name inside the first ``d[...]`` (a game's die), or None; ``9[fire]`` is a note."""
    at = expr.find("[")
    while at >= 0:
        before = expr[:at].rstrip()
        if before[-1:] in ("d", "D"):
            return expr[at + 1 :].split("]", 1)[0].strip()
        at = expr.find("[", at + 1)
    return None


def table_of(session_path: str | None) -> Any:
    """The table of a session file, or of the current session."""
    from ..companion.engine import Table, resolve_session

    return Table(resolve_session(session_path))


def terms_of(table: Any, lang: str | None) -> Any:
    """The glossary terms of the table's game in a language (default: the locale's)."""
    from ..companion.i18n import Terms

    return Terms(table.game.root if table.game else None, current_language(), table.cache)


def notices(table: Any, lang: str) -> list[str]:
    """A repaired log tail and edited content, told for standard error."""
    from ..companion.i18n import message

    said = []
    if table.log is not None and table.log.repaired:
        said.append(message(_("Repaired the log: {what}."), what=table.log.repaired))
    if table.game is not None and table.game.changed:
        said.append(
            message(
                _(
                    "The content of {game} has changed since this session started; it goes on with the pieces recorded then. `pnp session migrate` moves it to the content as it is now."
                ),
                game=table.game.name(lang),
            )
        )
    return said


def run_event(
    session_path: str | None,
    verb: str,
    args: dict[str, Any],
    lang: str | None,
    player: str | None = None,
    force: bool = False,
) -> Result:
    """Take one action at the session's table and tell its events as the table sees them."""
    from ..companion.table import Action, Table

    table = Table.open(session_path)
    done = table.act(Action(verb, args, player=player, force=force))
    lines = [line for event in done.events for line in table.say(event, lang)]
    shown = done.events[0] if len(done.events) == 1 else {"events": done.events}
    return shown, lines, done.notices


def status(session_path: str | None, lang: str | None, player: str | None = None) -> Result:
    """The session as ``player`` (default: the table) may see it: its view, and in words."""
    from ..companion.table import Table

    table = Table.open(session_path)
    shown = table.view(player)
    lines = table.status(player, lang)
    return shown, lines, table.notices()


def is_named(expr: str) -> bool:
    """``GAME:ROLL`` (not a dice expression with a game's die in it)."""
    head = expr.split(":", 1)[0]
    return ":" in expr and "[" not in head and bool(head) and head[0].isalpha()


def roll(
    expr: str,
    params: dict[str, str],
    seed: int | None,
    no_session: bool,
    session_path: str | None,
    lang: str | None,
) -> Result:
    """Roll ``expr`` (a dice expression or a game's named roll), recorded when a session is on."""
    from ..companion.paths import has_current_session

    game_name, _colon, named = expr.partition(":") if is_named(expr) else ("", "", "")
    needs_game = bool(game_name) or content_die(expr) is not None
    use_session = (
        not no_session and seed is None and (session_path is not None or has_current_session())
    )
    if not needs_game and not use_session:
        if params:
            raise TableError(
                _("--{param}: only a game's named roll takes options"), param=next(iter(params))
            )
        from ..companion.dice_roll import roll as do_roll
        from ..companion.rng import SystemSource, seeded

        data = do_roll(expr, seeded(seed) if seed is not None else SystemSource()).to_json()
        return data, [data["text"]], []
    return _roll_with_content(expr, game_name, named, params, seed, use_session, session_path, lang)


def _roll_with_content(
    expr: str,
    game_name: str,
    named: str,
    params: dict[str, str],
    seed: int | None,
    use_session: bool,
    session_path: str | None,
    lang: str | None,
) -> Result:
    from ..companion.engine import TableGame, find_game, named_roll
    from ..companion.game import roll_of
    from ..companion.i18n import Terms, message, pick
    from ..companion.render import die_name, named_dice

    lang_ = current_language()
    table = table_of(session_path) if use_session else None
    if table is not None:
        table.preload()
    if game_name:
        game = (
            table.game
            if table is not None and table.game.id == game_name
            else TableGame.load(find_game(game_name))
        )
    elif table is not None:
        game = table.game
    else:
        game = _game_of_die(expr)
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
    recorded = table is not None and (table.game.id == game.id or not game_name)
    source = None
    if not recorded:
        from ..companion.rng import SystemSource, seeded

        source = seeded(seed) if seed is not None else SystemSource()

    def roll_once() -> dict[str, Any]:
        if table is not None and recorded:
            verb = f"roll:{named}" if named else None
            event = table.run("roll", {"expr": text, "game": game.id}, verb)
            return {**event["out"], "seq": event["seq"], "expr": text}
        from ..companion.dice_roll import roll as do_roll

        assert source is not None  # not recorded: a source of our own
        return do_roll(text, source, game.faces).to_json()

    if named and game.spec.rolls[named].each:
        return _contest(game, terms, game.spec.rolls[named].each, roll_once, notes, lang_)
    data = roll_once()
    if recorded:
        said = notices(table, lang_)
    estimated = [die_name(game, terms, d) for d in _estimated_dice(game, text)]
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


def _contest(
    game: Any, terms: Any, each: list[Any], roll_once: Any, notes: list[str], lang: str
) -> Result:
    """Everyone in ``each`` rolls; a tie for the highest is rolled again, until one is highest."""
    from ..companion.i18n import pick
    from ..companion.render import named_dice
    from ..locale import translation

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


def _estimated_dice(game: Any, text: str) -> list[str]:
    """The game's dice named in ``text`` whose face mix is an estimate."""
    if "[" not in text:
        return []  # no game's die named: spare compiling the pattern on every roll
    import re

    found = []
    for name in re.findall(r"\[([^\]]+)\]", text):
        die = game.spec.dice.get(name.rpartition(":")[2])
        if die is not None and die.estimate and name not in found:
            found.append(name.rpartition(":")[2])
    return found


def _game_of_die(expr: str) -> Any:
    from ..companion.engine import TableGame, find_game

    game_name = (content_die(expr) or "").rpartition(":")[0]
    if not game_name:
        raise TableError(
            _("name the game of a content die: d[game:die], or start a session for that game")
        )
    return TableGame.load(find_game(game_name))
