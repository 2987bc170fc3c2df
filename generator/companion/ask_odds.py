"""The exact odds a player asks for: a roll, a game's named roll, a bag's next tile or a deck's
next card (:func:`odds`).

The dice are worked out by :mod:`generator.companion.odds` and told by
:mod:`generator.companion.odds_text`; a bag's next tile and a deck's next card (or number) are
counted from the open session when it is that game's, else from the pieces as the game starts.
A deck's odds count only the cards no one has seen, so they never tell a secret hand.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice.parse import Binary, parse
from ..locale import _
from . import odds as exact
from . import odds_text as words
from .answer import Answer
from .bag import initial as bag_initial
from .bag import odds as bag_odds
from .decks import card_id, check_position
from .decks import initial as deck_initial
from .dice_roll import is_named
from .engine import Table as Session
from .engine import TableGame, find_game, named_roll, resolve_session
from .errtext import TableError
from .i18n import Terms, detect, pick
from .paths import has_current_session
from .render import _bag_name, _card_name, _deck_name
from .rolling import game_of_die


def odds(
    expr: str,
    params: dict[str, str],
    depth: int,
    at_least: int | None,
    session_path: str | None,
    lang: str | None,
    as_json: bool = True,
) -> Answer:
    """The exact odds of a dice expression, a game's named roll or the next tile of a bag.

    ``as_json``: whether the JSON will be printed (its exact fractions of every total are
    made only then: for a thousand dice they are long numbers).
    """

    lang_ = detect(lang)

    game_name, _sep, named = expr.partition(":") if is_named(expr) else ("", "", "")
    game = None
    if game_name:
        game = TableGame.load(find_game(game_name))
    elif "[" in expr:
        game = game_of_die(expr)
    elif params:
        raise TableError(
            _("--{param}: only a game's named roll takes options"), param=next(iter(params))
        )
    if game is not None and named in game.spec.decks and named not in game.spec.rolls:
        use_session = session_path is not None or has_current_session()
        return _deck_odds(game, named, params, use_session, session_path, at_least, lang_)
    if game is not None and named in game.spec.bags and named not in game.spec.rolls:
        if params:
            raise TableError(
                _("--{param}: only a game's named roll takes options"), param=next(iter(params))
            )
        use_session = session_path is not None or has_current_session()
        return _bag_odds(game, named, use_session, session_path, at_least, lang_)
    title = None
    text = expr
    if game is not None and named:
        text, _said = named_roll(game, named, params)
        title = f"{pick(game.spec.rolls[named].name, lang_) or named} ({text})"
    parsed = parse(text)
    resolve = game.faces if game is not None else None
    result = exact.distribution(parsed, resolve, depth)
    lines = words.lines(result, lang_, at_least, title)
    data: dict[str, Any] = result.to_json() if as_json else {}
    found = exact.symbols(parsed, resolve)
    if found and game is not None:
        terms = Terms(game.root, lang_)
        if len(result.weights) == 1:
            lines = lines[:1]  # faces worth nothing: the total says nothing, the faces do
        lines += words.symbol_lines(found, {k: terms.name(k) for k in found}, lang_)
        data["faces"] = {
            k: {str(i): float(p) for i, p in rows.items()} for k, rows in found.items()
        }
    if at_least is not None:
        data["at_least"] = {"n": at_least, "chance": float(result.at_least(at_least))}
    root = parsed.root
    if isinstance(root, Binary) and root.op == "vs":
        first, second = text[: root.col - 1].strip(), text[root.col + 1 :].strip()
        lines += words.versus_lines(result, first, second)
        data["versus"] = {k: float(p) for k, p in words.versus(result).items()}
    return Answer(data, lines)


def _bag_odds(
    game: Any,
    bag_id: str,
    use_session: bool,
    session_path: str | None,
    at_least: int | None,
    lang: str,
) -> Answer:
    """The next tile drawn from a bag: from the session's bag when one of this game is open."""

    state = None
    if use_session:
        table = Session(resolve_session(session_path))
        bags = table.snapshot_state()["bags"]  # loads the session's game too
        if table.game is not None and table.game.id == game.id:
            state = bags[bag_id]
    spec = game.spec.bags[bag_id]
    found = bag_odds(spec, state if state is not None else bag_initial(spec))
    counts = {int(v): c for v, c in found.get("counts", {}).items()}
    name = _bag_name(game, Terms(game.root, lang), bag_id)
    tiles = max(found["tiles"], 1)
    result = exact.Odds(name, counts, tiles, 0)
    title = _("the next tile from {bag} ({count} tiles in it)").format(
        bag=name, count=found["tiles"]
    )
    lines = words.lines(result, lang, at_least, title)
    lines.append(
        _("Chance the tile shows the symbol: {chance}").format(
            chance=words.pct(Fraction(round(found["symbol"] * found["tiles"]), tiles))
        )
    )
    if spec.estimate:
        lines.append(_("The tile mix is an estimate, so these odds are estimates too."))
    data: dict[str, Any] = {**result.to_json(), "bag": bag_id, "tiles": found["tiles"]}
    data["symbol"] = found["symbol"]
    data["estimate"] = spec.estimate
    return Answer(data, lines)


def _deck_odds(
    game: Any,
    deck_id: str,
    params: dict[str, str],
    use_session: bool,
    session_path: str | None,
    at_least: int | None,
    lang: str,
) -> Answer:
    """The next card of a deck, or the number a number deck gives at ``--position``: from the
    cards no one has seen (the pile, and the hands too when hands are secret)."""

    spec = game.spec.decks[deck_id]
    unknown = [k for k in params if k != "position"]
    if unknown or spec.modes:
        raise TableError(
            _("--{param}: only a game's named roll takes options"),
            param=unknown[0] if unknown else "position",
        )
    state = None
    if use_session:
        table = Session(resolve_session(session_path))
        decks = table.snapshot_state()["decks"]
        if table.game is not None and table.game.id == game.id:
            state = decks[deck_id]
    cards = game.cards[deck_id]
    if state is None:
        state = deck_initial(spec, [{"id": cid, **c} for cid, c in cards.items()])
    unseen = list(state["pile"])
    in_hands = [inst for hand in state.get("hands", {}).values() for inst, _held in hand]
    unseen += in_hands  # hands are secret: their cards are unseen to the table
    if not unseen:  # the next draw reshuffles the discards first
        unseen = list(state["discard"])
    terms = Terms(game.root, lang)
    deck = _deck_name(game, terms, deck_id)
    n = max(len(unseen), 1)
    if "position" in params:
        try:
            position = int(params["position"])
        except ValueError:
            raise TableError(
                _("--{param} must be a whole number, not {value!r}"),
                param="position",
                value=params["position"],
            ) from None
        check_position(spec, position)
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
        return Answer(data, words.lines(result, lang, at_least, title))
    by_name: dict[str, int] = {}
    for inst in unseen:
        name = _card_name(game, terms, deck_id, card_id(inst))
        by_name[name] = by_name.get(name, 0) + 1
    rows = sorted(by_name.items(), key=lambda kv: (-kv[1], kv[0]))
    top = Fraction(rows[0][1], n) if rows else Fraction(0)
    width = max((len(name) for name, _count in rows), default=4)
    lines = [
        _("Exact odds of {expr}").format(
            expr=_("the next card of {deck} ({count} cards unseen)").format(
                deck=deck, count=len(unseen)
            )
        )
    ]
    lines += [
        f"  {name:<{width}}  {words.pct(Fraction(c, n)):>8}  {words.bar(Fraction(c, n), top)}"
        for name, c in rows
    ]
    if in_hands:
        lines.append(_("Cards in secret hands count as unseen."))
    data = {
        "deck": deck_id,
        "unseen": len(unseen),
        "cards": [{"name": name, "count": c, "chance": c / n} for name, c in rows],
    }
    return Answer(data, lines)
