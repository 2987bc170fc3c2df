"""Sentences about fate bags and tracks: tiles drawn, held and resolved, set-aside tiles entering
the bag, and a track's moves with the marks they reach and the steps' meanings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..locale import N_, _, ngettext
from .bag import tile_kind
from .game import TableGame
from .i18n import TYPED, Terms, message, pick, said
from .render_names import _bag_name, _tile_name
from .tracks import step_note

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import Event


def _track_lines(game: TableGame, terms: Terms, move: dict[str, Any]) -> list[str]:
    spec = game.spec.tracks[move["track"]]
    name = terms.name(spec.term or move["track"], spec.name)
    if move.get("player"):
        return [
            message(
                _("{track} ({player}): {from} → {to}."),
                track=name,
                player=terms.name(move["player"]),
                **{"from": move["from"], "to": move["to"]},
            )
        ]
    lines = [
        message(
            _("{track}: {from} → {to}."), track=name, **{"from": move["from"], "to": move["to"]}
        )
    ]
    if move["asked"] != move["to"] and move.get("game_over") is None:
        lines.append(
            message(
                _("{track} stops at {to}: step {asked} is not on the track."),
                track=name,
                to=move["to"],
                asked=move["asked"],
            )
        )
    for mark_id in move["marks"]:
        mark = next(m for m in spec.marks if m.id == mark_id)
        name = terms.name(mark.id, mark.name)
        if mark.note is not None:
            lines.append(pick(mark.note, terms.lang) or "")
        elif mark.estimate:
            lines.append(
                said(
                    terms.lang,
                    N_(
                        "{name} is ready if the step is {step}: that step is an estimate, "
                        "not the publisher's; check it in your copy of the game."
                    ),
                    name=name,
                    step=mark.at,
                )
            )
        else:
            lines.append(message(_("{name} is ready."), name=name))
    for then in move.get("then", []):
        lines += _track_lines(game, terms, then)
    for told in _step_notes(game, terms, {move["track"]: move["to"], **move.get("tells", {})}):
        if told not in lines:  # a track moved by a mark and told by this one: once
            lines.append(told)
    if move.get("game_over") is not None:
        note = pick(spec.game_over[move["game_over"]].note, terms.lang)
        lines.append(message(_("Game over: {note}."), note=note))
    elif move["end"] and spec.end_note:
        lines.append(
            message(
                _("{track} reaches {to}: {note}."),
                track=name,
                to=move["to"],
                note=pick(spec.end_note, terms.lang),
            )
        )
    return lines


def _step_notes(game: TableGame, terms: Terms, at: dict[str, int]) -> list[str]:
    """What the steps the markers stand on mean (told once each)."""

    lines = []
    for tid, step in at.items():
        note = step_note(game.spec.tracks[tid], step)
        if note is not None:
            lines.append(pick(note, terms.lang) or "")
    return lines


def _resolved(game: TableGame, terms: Terms, bag_id: str, res: dict[str, Any]) -> list[str]:
    lang = terms.lang
    spec = game.spec.bags[bag_id]
    lines: list[str] = []
    if res.get("returned"):
        lines.append(
            message(
                ngettext(
                    "{count} set-aside tile goes back into the {bag}.",
                    "{count} set-aside tiles go back into the {bag}.",
                    len(res["returned"]),
                ),
                count=len(res["returned"]),
                bag=_bag_name(game, terms, bag_id),
            )
        )
    if "track" in res:
        lines += _track_lines(game, terms, res["track"])
    if res.get("symbol") and spec.symbol_note:
        lines.append(pick(spec.symbol_note, lang) or "")
    return lines


def fate_draw(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a fate-bag draw: the tile drawn, then what it resolved or how many more may come."""

    bag_id, out = e["args"]["bag"], e["out"]
    spec = game.spec.bags[bag_id]
    tile = next(t for t in spec.tiles if t.id == tile_kind(out["tile"]))
    lines = [
        message(
            _("Drew {tile} (advance {value})."),
            tile=_tile_name(game, terms, bag_id, out["tile"]),
            value=tile.value,
        )
    ]
    if tile.special:
        lines.append(message(_("A special tile: the drawing stops.")))
    if out["resolve"]:
        lines += _resolved(game, terms, bag_id, e["fx"]["resolved"])
    else:
        lines.append(
            said(
                terms.lang,
                N_(
                    "Draw {draw} of at most {limit}: `{pnp}fate draw` sets it aside and draws "
                    "again, `{pnp}fate stop` keeps it."
                ),
                draw=out["draw"],
                limit=out["limit"],
                pnp=TYPED["pnp"],
            )
        )
    return lines


def fate_stop(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for stopping a fate-bag turn: what the drawn tiles resolved."""
    return _resolved(game, terms, e["args"]["bag"], e["fx"]["resolved"])


def fate_add(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a special tile put into a fate bag."""
    bag_id = e["args"]["bag"]
    return [
        message(
            _("The {tile} enters the {bag}."),
            tile=_tile_name(game, terms, bag_id, e["out"]["tile"]),
            bag=_bag_name(game, terms, bag_id),
        )
    ]


def track_move(game: TableGame, terms: Terms, e: Event) -> list[str]:
    """Lines for a track move."""
    return _track_lines(game, terms, e["fx"])
