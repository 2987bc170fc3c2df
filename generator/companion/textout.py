"""A score calculator's result told line by line in the players' language.

Keys get a label from :data:`LABELS` and words (yes, no, me, them, the calculator's kind) from
:data:`WORDS`, both said through the catalogue; texts from content (``{en, zh-Hant, zh-Hans}``)
are shown in the current language, never as a raw mapping; an id (a place, holding, nation or
side) is named by the glossary, else by its table name.
"""

from __future__ import annotations

from typing import Any

from ..locale import NC_, _, pgettext
from .i18n import pick

# a result's keys, said with the "score" context
LABELS: dict[str, str] = {
    "kind": NC_("score", "kind"),
    "points": NC_("score", "points"),
    "held": NC_("score", "held"),
    "win_at": NC_("score", "wins at"),
    "wins": NC_("score", "wins at the end of the turn"),
    "wins_now": NC_("score", "wins at once"),
    "other_side_instant_wins": NC_("score", "the other side still wins at once if"),
    "parts": NC_("score", "parts"),
    "score": NC_("score", "score"),
    "hand_limit": NC_("score", "hand limit"),
    "hit_number": NC_("score", "hit number"),
    "draw": NC_("score", "draw"),
    "hit": NC_("score", "hit"),
    "order_cost": NC_("score", "order cost"),
    "command_points": NC_("score", "command points"),
    "destroyed": NC_("score", "destroyed"),
    "lost": NC_("score", "lost"),
    "needed": NC_("score", "needed"),
    "winner": NC_("score", "winner"),
    "decided_by": NC_("score", "decided by"),
    "tie": NC_("score", "tie"),
    "attack": NC_("score", "attack"),
    "defence": NC_("score", "defence"),
    "result": NC_("score", "result"),
    "combat": NC_("score", "combat"),
    "row": NC_("score", "row"),
}
# what the JSON keeps for scripts but a player has no use for: the calculator's kind, a row number
HIDDEN = {"kind", "row"}
# values that are words, said with the "score" context ("-" stays as it is)
WORDS: dict[str, str] = {
    "true": NC_("score", "yes"),
    "false": NC_("score", "no"),
    "me": NC_("score", "me"),
    "them": NC_("score", "them"),
    "control": NC_("score", "control"),
    "sum": NC_("score", "sum"),
    "army": NC_("score", "army"),
    "territory": NC_("score", "territory"),
}


def _value(value: Any, terms: Any = None) -> str:
    if isinstance(value, bool):
        return pgettext("score", WORDS["true" if value else "false"])
    if value is None:
        return "-"
    if isinstance(value, dict) and value and set(value) <= {"en", "zh-Hant", "zh-Hans"}:
        return pick(value) or ""
    if isinstance(value, dict):
        return ", ".join(f"{_value(k, terms)} {_value(v, terms)}" for k, v in value.items())
    if isinstance(value, list):
        joined = _("; ").join(_value(v, terms) for v in value)
        return joined or "-"
    if isinstance(value, str) and value in WORDS:
        return pgettext("score", WORDS[value])
    if isinstance(value, str) and terms is not None and terms.lang != "en":
        return str(terms.name(value))  # a place, holding or nation by its glossary name
    return str(value)


def result_lines(result: dict[str, Any], terms: Any = None) -> list[str]:
    """``label: value`` lines for a calculator's result (ids named through ``terms``)."""
    lines = []
    for key, value in result.items():
        if key in HIDDEN:
            continue
        label = pgettext("score", LABELS[key]) if key in LABELS else key
        lines.append(_("{label}: {value}").format(label=label, value=_value(value, terms)))
    return lines
