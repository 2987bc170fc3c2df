"""What the table commands do, apart from parsing: one function per command.

Each function opens the session (or the game), does one thing through :mod:`generator.companion`
and returns what to print: the JSON object, the lines in the chosen language, and notices for
standard error (a repaired log, edited content). The click commands parse the command line and
print the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..companion.errtext import TableError

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
    from ..companion.i18n import Terms, detect

    return Terms(table.game.root if table.game else None, detect(lang), table.cache)


def notices(table: Any, lang: str) -> list[str]:
    """A repaired log tail and edited content, told for standard error."""
    from ..companion.i18n import message

    said = []
    if table.log is not None and table.log.repaired:
        from ..companion.errsession import translate  # only with something to tell

        what = translate(table.log.repaired, lang)
        said.append(message("session.repaired", lang, what=what))
    if table.game is not None and table.game.changed:
        said.append(message("session.content_changed", lang, game=table.game.name(lang)))
    return said


def run_event(
    session_path: str | None, kind: str, args: dict[str, Any], lang: str | None
) -> Result:
    """Record one event in the session and tell it."""
    from ..companion.render import event_lines

    table = table_of(session_path)
    event = table.run(kind, args)
    terms = terms_of(table, lang)
    return event, event_lines(table.game, terms, event), notices(table, terms.lang)


def status(session_path: str | None, lang: str | None) -> Result:
    """The session's state: bags, tracks, decks, scores."""
    from ..companion.status import status_lines

    table = table_of(session_path)
    state = table.snapshot_state()
    terms = terms_of(table, lang)
    obj = {"path": str(table.path), "game": table.game.id, "state": _public(table.game, state)}
    return obj, status_lines(table, terms), notices(table, terms.lang)


def _public(game: Any, state: dict[str, Any]) -> dict[str, Any]:
    """The state as the whole table may see it: a secret hand shows how many cards it holds,
    not which (``pnp deck hand DECK --player NAME`` shows them to their owner), and the draw
    pile only its size (its cards would tell the hands by elimination)."""
    decks = dict(state.get("decks", {}))
    for did, deck in decks.items():
        spec = game.spec.decks.get(did)
        if spec is not None and spec.secret_hands:
            hands = {p: len(h) for p, h in deck.get("hands", {}).items()}
            decks[did] = {
                **deck,
                "hands": hands,
                "out": len(deck.get("out", [])),
                "pile": len(deck.get("pile", [])),
            }
    return {**state, "decks": decks}


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

    game_name, _, named = expr.partition(":") if is_named(expr) else ("", "", "")
    needs_game = bool(game_name) or content_die(expr) is not None
    use_session = (
        not no_session and seed is None and (session_path is not None or has_current_session())
    )
    if not needs_game and not use_session:
        if params:
            raise TableError("options.none", param=next(iter(params)))
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
    from ..companion.i18n import Terms, detect, message, pick
    from ..companion.render import die_name, named_dice

    lang_ = detect(lang)
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
        text, clamped = named_roll(game, named, params)
        notes = [
            message("roll.clamped", lang_, param=c.split("=")[0], value=c.split("=")[1])
            for c in clamped
        ]
        note = pick(game.spec.rolls[named].note, lang_)
        if note:
            notes.append(message("roll.note", lang_, note=note))
    elif params:
        raise TableError("options.none", param=next(iter(params)))
    said: list[str] = []
    recorded = table is not None and (table.game.id == game.id or not game_name)
    source = None
    if not recorded:
        from ..companion.rng import SystemSource, seeded

        source = seeded(seed) if seed is not None else SystemSource()

    def roll_once() -> dict[str, Any]:
        if table is not None and recorded:
            event = table.run("roll", {"expr": text, "game": game.id})
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
        notes.append(message("roll.estimate", lang_, dice=sep.join(estimated)))
    data["notes"] = notes
    lines = [named_dice(game, terms, data["text"], data["labels"])]
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
        raise TableError("die.no_game")
    return TableGame.load(find_game(game_name))


def odds(
    expr: str,
    params: dict[str, str],
    depth: int,
    at_least: int | None,
    session_path: str | None,
    lang: str | None,
) -> Result:
    """The exact odds of a dice expression, a game's named roll or the next tile of a bag."""
    from ..companion import odds as exact
    from ..companion.i18n import Terms, detect, pick
    from ..companion.paths import has_current_session
    from ..content.dice_parse import parse

    lang_ = detect(lang)
    game_name, _, named = expr.partition(":") if is_named(expr) else ("", "", "")
    game = None
    if game_name:
        from ..companion.engine import TableGame, find_game

        game = TableGame.load(find_game(game_name))
    elif "[" in expr:
        game = _game_of_die(expr)
    elif params:
        raise TableError("options.none", param=next(iter(params)))
    if game is not None and named in game.spec.decks and named not in game.spec.rolls:
        use_session = session_path is not None or has_current_session()
        return _deck_odds(game, named, params, use_session, session_path, at_least, lang_)
    if game is not None and named in game.spec.bags and named not in game.spec.rolls:
        if params:
            raise TableError("options.none", param=next(iter(params)))
        use_session = session_path is not None or has_current_session()
        return _bag_odds(game, named, use_session, session_path, at_least, lang_)
    title = None
    text = expr
    if game is not None and named:
        from ..companion.engine import named_roll

        text, _ = named_roll(game, named, params)
        title = f"{pick(game.spec.rolls[named].name, lang_) or named} ({text})"
    parsed = parse(text)
    resolve = game.faces if game is not None else None
    result = exact.distribution(parsed, resolve, depth)
    lines = exact.lines(result, lang_, at_least, title)
    data: dict[str, Any] = result.to_json()
    found = exact.symbols(parsed, resolve)
    if found and game is not None:
        terms = Terms(game.root, lang_)
        if len(result.chance) == 1:
            lines = lines[:1]  # faces worth nothing: the total says nothing, the faces do
        lines += exact.symbol_lines(found, {k: terms.name(k) for k in found}, lang_)
        data["faces"] = {
            k: {str(i): float(p) for i, p in rows.items()} for k, rows in found.items()
        }
    if at_least is not None:
        data["at_least"] = {"n": at_least, "chance": float(result.at_least(at_least))}
    return data, lines, []


def _bag_odds(
    game: Any,
    bag_id: str,
    use_session: bool,
    session_path: str | None,
    at_least: int | None,
    lang: str,
) -> Result:
    """The next tile drawn from a bag: from the session's bag when one of this game is open."""
    from fractions import Fraction

    from ..companion import odds as exact
    from ..companion.bag import initial, odds
    from ..companion.i18n import Terms
    from ..companion.render import _bag_name
    from ..locale import translation

    state = None
    if use_session:
        table = table_of(session_path)
        bags = table.snapshot_state()["bags"]  # loads the session's game too
        if table.game is not None and table.game.id == game.id:
            state = bags[bag_id]
    spec = game.spec.bags[bag_id]
    found = odds(spec, state if state is not None else initial(spec))
    counts = {int(v): c for v, c in found.get("counts", {}).items()}
    name = _bag_name(game, Terms(game.root, lang), bag_id)
    tiles = max(found["tiles"], 1)
    result = exact.Odds(name, counts, tiles, 0)
    _ = translation(lang).gettext
    title = _("the next tile from {bag} ({count} tiles in it)").format(
        bag=name, count=found["tiles"]
    )
    lines = exact.lines(result, lang, at_least, title)
    lines.append(
        _("Chance the tile shows the symbol: {chance}").format(
            chance=exact.pct(Fraction(round(found["symbol"] * found["tiles"]), tiles))
        )
    )
    if spec.estimate:
        lines.append(_("The tile mix is an estimate, so these odds are estimates too."))
    data: dict[str, Any] = {**result.to_json(), "bag": bag_id, "tiles": found["tiles"]}
    data["symbol"] = found["symbol"]
    data["estimate"] = spec.estimate
    return data, lines, []


def _deck_odds(
    game: Any,
    deck_id: str,
    params: dict[str, str],
    use_session: bool,
    session_path: str | None,
    at_least: int | None,
    lang: str,
) -> Result:
    """The next card of a deck, or the number a number deck gives at ``--position``: from the
    cards no one has seen (the pile, and the hands too when hands are secret)."""
    from fractions import Fraction

    from ..companion import odds as exact
    from ..companion.decks import card_id, initial
    from ..companion.render import _card_name, _deck_name
    from ..locale import translation

    spec = game.spec.decks[deck_id]
    unknown = [k for k in params if k != "position"]
    if unknown or spec.kind == "activation":
        raise TableError("options.none", param=unknown[0] if unknown else "position")
    state = None
    if use_session:
        table = table_of(session_path)
        decks = table.snapshot_state()["decks"]
        if table.game is not None and table.game.id == game.id:
            state = decks[deck_id]
    cards = game.cards[deck_id]
    if state is None:
        state = initial(spec, [{"id": cid, **c} for cid, c in cards.items()])
    unseen = list(state["pile"])
    if spec.secret_hands:
        unseen += [inst for hand in state.get("hands", {}).values() for inst, _ in hand]
    if not unseen:  # the next draw reshuffles the discards first
        unseen = list(state["discard"])
    _ = translation(lang).gettext
    terms = terms_of_game(game, lang)
    deck = _deck_name(game, terms, deck_id)
    n = max(len(unseen), 1)
    if "position" in params:
        try:
            position = int(params["position"])
        except ValueError:
            raise TableError("option.number", param="position", value=params["position"]) from None
        if not 1 <= position <= spec.positions:
            raise TableError("deck.position", limit=spec.positions)
        counts: dict[int, int] = {}
        for inst in unseen:
            numbers = cards.get(card_id(inst), {}).get("numbers") or []
            if len(numbers) >= position:
                value = int(numbers[position - 1])
                counts[value] = counts.get(value, 0) + 1
        title = _(
            "the number at position {position} of the next card of {deck} ({count} cards unseen)"
        ).format(position=position, deck=deck, count=len(unseen))
        result = exact.Odds(title, counts, n, 0)
        data: dict[str, Any] = {**result.to_json(), "deck": deck_id, "unseen": len(unseen)}
        return data, exact.lines(result, lang, at_least, title), []
    by_name: dict[str, int] = {}
    for inst in unseen:
        name = _card_name(game, terms, deck_id, card_id(inst))
        by_name[name] = by_name.get(name, 0) + 1
    rows = sorted(by_name.items(), key=lambda kv: (-kv[1], kv[0]))
    top = Fraction(rows[0][1], n) if rows else Fraction(0)
    width = max((len(name) for name, _ in rows), default=4)
    lines = [
        _("Exact odds of {expr}").format(
            expr=_("the next card of {deck} ({count} cards unseen)").format(
                deck=deck, count=len(unseen)
            )
        )
    ]
    lines += [
        f"  {name:<{width}}  {exact.pct(Fraction(c, n)):>8}  {exact.bar(Fraction(c, n), top)}"
        for name, c in rows
    ]
    if spec.secret_hands:
        lines.append(_("Cards in secret hands count as unseen."))
    data = {
        "deck": deck_id,
        "unseen": len(unseen),
        "cards": [{"name": name, "count": c, "chance": c / n} for name, c in rows],
    }
    return data, lines, []


def terms_of_game(game: Any, lang: str) -> Any:
    """The glossary terms of a game in a language."""
    from ..companion.i18n import Terms

    return Terms(game.root, lang)
