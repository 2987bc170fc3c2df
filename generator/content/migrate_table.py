"""The steps that carry ``table.yaml`` from one format to the next (see :mod:`.migrate`).

* format 1 -> 2: decks and tracks from fewer blocks. A deck's ``kind`` goes (a number deck keeps
  its ``positions``, 4 when it gave none; an activation deck's list of modes becomes a mapping
  of each mode to how its next card is found), a deck's ``hand_size`` becomes a hand of the
  ``hands:`` block, a track's ``steps`` become marks with ``stay: true``, a mark's
  ``move: {track, by}`` becomes ``{track: by}``, a threshold ``above N`` / ``below N`` becomes
  ``at-or-above N+1`` / ``at-or-below N-1``.
* format 2 -> 3: the turn is the list of its phases, and each score of one of the four former
  kinds (control, sum, army, territory) is written as inputs, tables and formulas
  (:mod:`.migrate_scores`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..locale import _
from .migrate_scores import KINDS

Log = Callable[[tuple[str | int, ...], str], None]

# the three modes the first format named, and how each finds the next card
_MODE_WAYS = {"barbarian": "choose", "marauder": "random", "sequence": "queue"}


def flow(data: dict[str, Any] | list[Any]) -> Any:
    """A new mapping or list written in flow style (``{a: 1}``), as the shipped files are."""
    node: Any = CommentedMap(data) if isinstance(data, dict) else CommentedSeq(data)
    node.fa.set_flow_style()
    return node


def replace_key(mapping: Any, old: str, new: str, value: Any) -> None:
    """Put ``new: value`` where ``old`` was, keeping the order of the other keys."""
    keys = list(mapping)
    at = keys.index(old)
    del mapping[old]
    if isinstance(mapping, CommentedMap):
        mapping.insert(at, new, value)
    else:
        mapping[new] = value


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def table_1_to_2(doc: Any, log: Log) -> None:
    """Decks without kinds or hand sizes, tracks with stay marks and one-key moves."""
    hands: dict[int, list[str]] = {}
    for did, deck in _mapping(doc.get("decks")).items():
        if not isinstance(deck, dict):
            continue
        _deck_kind(("decks", did), deck, log)
        if "hand_size" in deck:
            limit = deck["hand_size"]
            log(("decks", did, "hand_size"), _("now a hand of the hands: block"))
            del deck["hand_size"]
            if isinstance(limit, int):
                hands.setdefault(limit, []).append(did)
        if "secret_hands" in deck:
            log(("decks", did, "secret_hands"), _("removed: every hand is secret"))
            del deck["secret_hands"]
    if hands:
        _add_hands(doc, hands, log)
    for tid, track in _mapping(doc.get("tracks")).items():
        if isinstance(track, dict):
            _track(("tracks", tid), track, log)


def _deck_kind(at: tuple[str | int, ...], deck: Any, log: Log) -> None:
    kind = deck.get("kind")
    if "kind" in deck:
        if kind == "number" and "positions" not in deck:
            log((*at, "kind"), _("kind: number becomes positions: 4"))
            replace_key(deck, "kind", "positions", 4)
        else:
            log((*at, "kind"), _("removed: a deck's fields say what it does"))
            del deck["kind"]
    if kind == "activation" and "modes" not in deck:
        log(at, _("modes: the three ways of the former activation deck"))
        deck["modes"] = flow(dict(_MODE_WAYS))
    modes = deck.get("modes")
    if isinstance(modes, list) and all(m in _MODE_WAYS for m in modes):
        log((*at, "modes"), _("a list of modes becomes a mapping of each mode to its way"))
        deck["modes"] = flow({m: _MODE_WAYS[m] for m in modes})


def _add_hands(doc: Any, hands: dict[int, list[str]], log: Log) -> None:
    block = doc.get("hands")
    if not isinstance(block, dict):
        block = CommentedMap()
        keys = list(doc)
        at = keys.index("decks") + 1 if "decks" in keys else len(keys)
        if isinstance(doc, CommentedMap):
            doc.insert(at, "hands", block)
        else:
            doc["hands"] = block
    for limit, decks in hands.items():
        hid = decks[0] if len(decks) == 1 else f"hand-{limit}"
        while hid in block:
            hid += "-1"
        log(
            ("decks", decks[0]),
            _("hands.{hand}: a hand of {limit} over {decks}").format(
                hand=hid, limit=limit, decks=", ".join(decks)
            ),
        )
        block[hid] = flow({"decks": flow(list(decks)), "limit": limit, "over": "refuse"})


def _track(at: tuple[str | int, ...], track: Any, log: Log) -> None:
    marks = track.get("marks")
    for n, mark in enumerate(marks if isinstance(marks, list) else []):
        move = mark.get("move") if isinstance(mark, dict) else None
        if isinstance(move, dict) and set(move) == {"track", "by"}:
            log((*at, "marks", n, "move"), _("move: {track, by} becomes {track: by}"))
            mark["move"] = flow({move["track"]: move["by"]})
    steps = track.get("steps")
    if isinstance(steps, list):
        log((*at, "steps"), _("each step's meaning becomes a mark with stay: true"))
        if not isinstance(marks, list):
            marks = CommentedSeq()
            replace_key(track, "steps", "marks", marks)
        else:
            del track["steps"]
        for step in steps:
            if isinstance(step, dict):
                mark = flow({"at": step.get("at"), "stay": True})
                for key, value in step.items():
                    if key != "at":
                        mark[key] = value
                marks.append(mark)
    overs = track.get("game_over")
    for n, over in enumerate(overs if isinstance(overs, list) else []):
        when = over.get("when") if isinstance(over, dict) else None
        if when in ("above", "below") and isinstance(over.get("at"), int):
            step = 1 if when == "above" else -1
            new = "at-or-above" if when == "above" else "at-or-below"
            log(
                (*at, "game_over", n, "when"),
                _("{when} {at} becomes {new} {step}").format(
                    when=when, at=over["at"], new=new, step=over["at"] + step
                ),
            )
            over["at"] += step
            over["when"] = new


def table_2_to_3(doc: Any, log: Log) -> None:
    """The turn as the list of its phases; scores as inputs, tables and formulas."""
    turn = doc.get("turn")
    if isinstance(turn, dict) and isinstance(turn.get("phases"), list):
        log(("turn",), _("the turn is now the list of its phases"))
        phases = turn["phases"]
        replace_key(doc, "turn", "turn", phases)
        notes = [f"{key}: {turn[key]}" for key in ("source", "estimate") if key in turn]
        if notes and isinstance(doc, CommentedMap):
            doc.yaml_set_comment_before_after_key("turn", before="the turn's " + "; ".join(notes))
    for sid, score in _mapping(doc.get("scoring")).items():
        if isinstance(score, dict) and score.get("kind") in KINDS:
            kind = score["kind"]
            log(
                ("scoring", sid, "kind"),
                _("a score of kind {kind} becomes inputs, tables and results").format(kind=kind),
            )
            new = KINDS[kind](score)
            for key in list(score):
                if key not in ("source", "estimate"):
                    del score[key]
            for key, value in new.items():
                score[key] = value
