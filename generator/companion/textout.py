"""A score calculator's result told line by line in the players' language.

Keys get a label from :data:`LABELS`; texts from content (``{en, zh-Hant, zh-Hans}``) are shown
in the chosen language, never as a raw mapping; true and false read yes and no.
"""

from __future__ import annotations

from typing import Any

from .i18n import pick

LABELS: dict[str, tuple[str, str, str]] = {
    "kind": ("kind", "類型", "类型"),
    "points": ("points", "分數", "分数"),
    "held": ("held", "控制", "控制"),
    "win_at": ("wins at", "獲勝分數", "获胜分数"),
    "wins": ("wins at the end of the turn", "回合結束時獲勝", "回合结束时获胜"),
    "wins_now": ("wins at once", "立即獲勝", "立即获胜"),
    "other_side_instant_wins": (
        "the other side still wins at once if",
        "對方仍可立即獲勝的條件",
        "对方仍可立即获胜的条件",
    ),
    "parts": ("parts", "各項", "各项"),
    "score": ("score", "總分", "总分"),
    "hand_limit": ("hand limit", "手牌上限", "手牌上限"),
    "hit_number": ("hit number", "命中數字", "命中数字"),
    "draw": ("draw", "亂數", "乱数"),
    "hit": ("hit", "命中", "命中"),
    "order_cost": ("order cost", "命令花費", "命令花费"),
    "command_points": ("command points", "命令點", "命令点"),
    "destroyed": ("destroyed", "消滅", "消灭"),
    "lost": ("lost", "損失", "损失"),
    "needed": ("needed", "所需", "所需"),
    "winner": ("winner", "勝方", "胜方"),
    "decided_by": ("decided by", "決定依據", "决定依据"),
    "tie": ("tie", "平手", "平手"),
    "attack": ("attack", "攻擊", "攻击"),
    "defence": ("defence", "防禦", "防御"),
    "result": ("result", "結果", "结果"),
    "combat": ("combat", "戰鬥", "战斗"),
    "row": ("row", "列", "列"),
}
# what the JSON keeps for scripts but a player has no use for: the calculator's kind, a row number
HIDDEN = {"kind", "row"}
WORDS: dict[str, tuple[str, str, str]] = {
    "true": ("yes", "是", "是"),
    "false": ("no", "否", "否"),
    "none": ("-", "-", "-"),
    "me": ("me", "我方", "我方"),
    "them": ("them", "對方", "对方"),
    "control": ("control", "控制地點", "控制地点"),
    "sum": ("sum", "加總", "加总"),
    "army": ("army", "軍隊規模", "军队规模"),
    "territory": ("territory", "地形戰鬥", "地形战斗"),
}
_INDEX = {"en": 0, "zh-Hant": 1, "zh-Hans": 2}


def _word(key: str, lang: str) -> str:
    return WORDS[key][_INDEX.get(lang, 0)]


def _value(value: Any, lang: str, terms: Any = None) -> str:
    if isinstance(value, bool):
        return _word("true" if value else "false", lang)
    if value is None:
        return _word("none", lang)
    if isinstance(value, dict) and value and set(value) <= set(_INDEX):
        return pick(value, lang) or ""
    if isinstance(value, dict):
        return ", ".join(
            f"{_value(k, lang, terms)} {_value(v, lang, terms)}" for k, v in value.items()
        )
    if isinstance(value, list):
        joined = ("、" if lang.startswith("zh") else "; ").join(
            _value(v, lang, terms) for v in value
        )
        return joined or "-"
    if isinstance(value, str) and value in WORDS:
        return _word(value, lang)
    if isinstance(value, str) and terms is not None and lang != "en":
        return str(terms.name(value))  # a place, holding or nation by its glossary name
    return str(value)


def result_lines(result: dict[str, Any], lang: str, terms: Any = None) -> list[str]:
    """``label: value`` lines for a calculator's result (ids named through ``terms``)."""
    sep = "：" if lang.startswith("zh") else ": "
    lines = []
    for key, value in result.items():
        if key in HIDDEN:
            continue
        label = LABELS.get(key, (key, key, key))[_INDEX.get(lang, 0)]
        lines.append(f"{label}{sep}{_value(value, lang, terms)}")
    return lines
