"""The table companion's data: ``content/<game>/table.yaml`` (dice, rolls, bags, tracks, decks, scoring).

One file per game says everything the companion knows about it, so a new game needs data, not
code. Models here hang off the one project schema (same :class:`Model` base, every field
documented); :func:`load_table` validates a game's file, checks its cross-references (a bag's
track, a roll's expression, a deck's card file) and raises one ContentError listing every problem.
Names shown at the table come from the game's glossary (``rules/glossary.yaml``) by id, then from
the ``name`` given here.

The room's modules: the models of each block (:mod:`.models`), scores as formulas
(:mod:`.scoring`), a deck's cards read from printed components (:mod:`.printed`), the
dice-label items made from the table's dice (:mod:`.dicelabels`) and how a roll asks for its
odds on the player aid (:mod:`.aid`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...dice.parse import DiceError, fill_params, parse
from ...errors import ContentError, Issue, IssueCollector, Location
from ...locale import _
from ..migrate import refuse_stale
from ..paths import resolve_inside
from ..tablefile import has_table as has_table
from ..tablefile import table_path
from ..validate import key_path, suggest, validate
from ..yamlload import Loaded, display_path, load_yaml
from .models import MOVES, DeckSpec, MarkSpec, RollSpec, TableSpec, TrackSpec
from .printed import card_file_of, load_items, printed_cards
from .scoring import check_score


def load_table(game_root: Path) -> TableSpec:
    """Load and check ``content/<game>/table.yaml``; raise ContentError listing every problem."""
    root = Path(game_root)
    path = table_path(root)
    try:
        path = resolve_inside(root, str(path.relative_to(root)))
    except ValueError as exc:
        raise ContentError([Issue(_table_key(root), "table", str(exc))]) from None
    if not path.exists():
        said = _("file {name!r} does not exist").format(name=path.name)
        raise ContentError([Issue(_table_key(root), "table", said)])
    loaded = load_yaml(path, root=root)
    refuse_stale("table.yaml", loaded.data, loaded.marks.locate(("format",)), root.resolve().name)
    issues = IssueCollector()
    spec = validate(TableSpec, loaded, issues)
    if spec is not None:
        _cross_check(spec, loaded, root, issues)
    issues.raise_if_errors()
    assert spec is not None
    return spec


def _table_key(root: Path) -> Location:
    """Where game.yaml names its table file (its first line when it names none)."""
    game_file = root / "game.yaml"
    try:
        return load_yaml(game_file, root=root).marks.locate(("table",), key=True)
    except ContentError:
        return Location(display_path(game_file), 1, 1)


def _cross_check(spec: TableSpec, loaded: Loaded, root: Path, issues: IssueCollector) -> None:
    def add(path: tuple[Any, ...], message: str) -> None:
        issues.add(loaded.marks.locate(path), key_path(path), message)

    for bid, bag in spec.bags.items():
        if bag.track is not None and bag.track not in spec.tracks:
            add(("bags", bid, "track"), f"no track {bag.track!r}{suggest(bag.track, spec.tracks)}")
        seen: set[str] = set()
        for n, tile in enumerate(bag.tiles):
            if tile.id in seen:
                add(
                    ("bags", bid, "tiles", n, "id"),
                    _("tile id {id!r} is used twice").format(id=tile.id),
                )
            seen.add(tile.id)
    for tid, track in spec.tracks.items():
        if track.end == track.start:
            add(
                ("tracks", tid, "end"),
                _("end {end} is the same step as start").format(end=track.end),
            )
        low, high = track_range(track)
        if not low <= track.start <= high or not low <= track.end <= high:
            add(
                ("tracks", tid),
                _("start and end must lie within {low}..{high}").format(low=low, high=high),
            )
        for n, mark in enumerate(track.marks):
            _check_mark(("tracks", tid, "marks", n), mark, track, spec, add)
    for rid, roll in spec.rolls.items():
        _check_roll(rid, roll, spec, add)
    for sid, score in spec.scoring.items():

        def add_score(path: tuple[str | int, ...], message: str, sid: str = sid) -> None:
            add(("scoring", sid, *path), message)

        check_score(score, add_score)
    for n, phase in enumerate(spec.turn):
        for k, move in enumerate(phase.allows):
            rolled = move.removeprefix("roll:")
            if move not in MOVES and not (move.startswith("roll:") and rolled in spec.rolls):
                known = ", ".join([*MOVES, *(f"roll:{r}" for r in spec.rolls)])
                said = _("no move {move!r} (moves: {known})").format(move=move, known=known)
                add(("turn", n, "allows", k), said)
    for rid, roll_spec in spec.rolls.items():
        for n, limit in enumerate(roll_spec.limits):
            for k, param in enumerate(limit.params):
                if param not in roll_spec.params:
                    said = _("no parameter {param!r}").format(param=param)
                    add(
                        ("rolls", rid, "limits", n, "params", k),
                        said + suggest(param, roll_spec.params),
                    )
    for hid, hand in spec.hands.items():
        if isinstance(hand.limit, str):
            own = spec.tracks.get(hand.limit)
            if own is None or not own.per_player:
                said = _("no per-player track {track!r}").format(track=hand.limit)
                add(("hands", hid, "limit"), said + suggest(hand.limit, spec.tracks))
        for n, did in enumerate(hand.decks):
            if did not in spec.decks:
                said = _("no deck {deck!r}").format(deck=did) + suggest(did, spec.decks)
                add(("hands", hid, "decks", n), said)
    if spec.turn_track is not None and spec.turn_track not in spec.tracks:
        said = _("no track {track!r}").format(track=spec.turn_track)
        add(("turn_track",), said + suggest(spec.turn_track, spec.tracks))
    for bid, bag in spec.bags.items():
        if bag.per_turn and not spec.turn:
            add(("bags", bid, "per_turn"), _("per_turn needs a turn: block to count the turns"))
    for did, deck in spec.decks.items():
        if deck.modes and deck.positions is not None:
            add(("decks", did, "modes"), _("give positions or modes, not both"))
        if deck.cards_from is not None:
            if deck.cards:
                add(("decks", did, "cards"), _("give cards or cards_from, not both"))
            many = isinstance(deck.cards_from, list)
            for n, source in enumerate(deck.printed):
                at: tuple[str | int, ...] = ("decks", did, "cards_from", *((n,) if many else ()))
                try:
                    card_file_of(root, source.component)
                except ValueError as exc:
                    add((*at, "component"), str(exc))
                if source.owner is not None and not deck.modes:
                    add((*at, "owner"), _("only a deck with modes has owners"))
            if not issues.issues:
                try:
                    printed_cards(root, deck)
                except (ValueError, ContentError) as exc:
                    add(("decks", did, "cards_from"), str(exc))
        elif isinstance(deck.cards, str):
            _check_card_file(root, did, deck, loaded, issues)


def track_range(track: TrackSpec) -> tuple[int, int]:
    """The lowest and highest step of a track."""
    low, high = sorted((track.start, track.end))
    return (
        track.low if track.low is not None else low,
        track.high if track.high is not None else high,
    )


def _check_mark(
    at: tuple[str | int, ...], mark: MarkSpec, track: TrackSpec, spec: TableSpec, add: Any
) -> None:
    """A mark's step lies on the track; a mark told once has an id, a stay mark a note; the
    tracks it moves exist."""
    low, high = track_range(track)
    if not low <= mark.at <= high:
        add(
            (*at, "at"),
            _("step {at} is off the track ({start}..{end})").format(
                at=mark.at, start=track.start, end=track.end
            ),
        )
    if mark.stay:
        if mark.note is None:
            add((*at, "note"), _("a mark with stay: true needs a note (what the step means)"))
        if mark.move:
            add((*at, "move"), _("a mark with stay: true moves no track"))
    elif mark.id is None:
        add((*at, "id"), _("a mark needs an id, unless it has stay: true"))
    for other in mark.move:
        if other not in spec.tracks:
            said = _("no track {track!r}").format(track=other) + suggest(other, spec.tracks)
            add((*at, "move", other), said)


def _check_roll(rid: str, roll: RollSpec, spec: TableSpec, add: Any) -> None:
    for name, param in roll.params.items():
        if param.kind == "names":
            add(
                ("rolls", rid, "params", name, "kind"), _("a roll's parameter is a number or icons")
            )
            return

    values = {
        name: (p.default if p.default is not None else ("1" if p.kind == "icons" else p.min))
        for name, p in roll.params.items()
    }
    try:
        text = fill_params(roll.expr, values)
    except ValueError as exc:
        add(("rolls", rid, "expr"), str(exc))
        return
    try:
        expr = parse(text)
    except DiceError as exc:
        said = _("{message} (column {col} of {text!r})")
        add(("rolls", rid, "expr"), said.format(message=exc.message, col=exc.col, text=text))
        return
    for _factor, term in expr.terms:
        die = getattr(term, "die", None)
        if die is not None and die.split(":")[-1] not in spec.dice:
            said = _("no die {die!r} in this file").format(die=die) + suggest(die, spec.dice)
            add(("rolls", rid, "expr"), said)
    aid = roll.aid
    if aid is not None:
        for name in [*([aid.rows] if aid.rows else []), *aid.params]:
            if name not in roll.params:
                said = _("no option {name!r} in this roll").format(name=name)
                add(("rolls", rid, "aid"), said + suggest(name, roll.params))


def _check_card_file(
    root: Path, did: str, deck: DeckSpec, loaded: Loaded, issues: IssueCollector
) -> None:
    where = loaded.marks.locate(("decks", did, "cards"))
    key = key_path(("decks", did, "cards"))
    try:
        path = resolve_inside(root, str(deck.cards))
    except ValueError as exc:
        issues.add(where, key, str(exc))
        return
    if not path.is_file():
        issues.add(where, key, _("file {cards!r} does not exist").format(cards=deck.cards))
        return
    try:
        cards = load_items(path, root)
    except ContentError as exc:
        issues.issues.extend(exc.issues)
        return
    if deck.positions is not None:
        for item in cards.items:
            extra = item.extra
            numbers = extra.get("numbers")
            if numbers is None:
                continue
            ok = (
                isinstance(numbers, list)
                and len(numbers) == deck.positions
                and all(
                    isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10 for v in numbers
                )
            )
            if not ok:
                issues.add(
                    Location(str(path)),
                    f"items.{item.id}.numbers",
                    _("expected {positions} whole numbers 1..10").format(positions=deck.positions),
                )
