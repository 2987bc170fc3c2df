"""The four score kinds of table.yaml's format 2, each written as inputs, tables and formulas.

Format 2 had one score kind per game (``control``, ``sum``, ``army``, ``territory``), each with
its own fields; format 3 has one block of inputs, lookup tables and results. Each function here
takes a score of one former kind and returns the fields of the same score in the new block,
worked out as the former kind did: the same numbers for the same options, the same texts told.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

# texts a converted score tells, in the three languages (the game's data, written once here)
_NOT_YET = {
    "en": "not yet",
    "zh-Hant": "尚未獲勝",
    "zh-Hans": "尚未获胜",
}
_AT_TURN_END = {
    "en": "wins at the end of this turn",
    "zh-Hant": "本回合結束時獲勝",
    "zh-Hans": "本回合结束时获胜",
}
_AT_ONCE = {"en": "wins at once", "zh-Hant": "立即獲勝", "zh-Hans": "立即获胜"}
_NOTHING = {"en": "nothing", "zh-Hant": "無", "zh-Hans": "无"}
_HITS = {
    0: {"en": "misses", "zh-Hant": "未命中", "zh-Hans": "未命中"},
    1: {"en": "hits", "zh-Hant": "命中", "zh-Hans": "命中"},
}
_YES_NO = {
    0: {"en": "no", "zh-Hant": "否", "zh-Hans": "否"},
    1: {"en": "yes", "zh-Hant": "是", "zh-Hans": "是"},
}
_WINNER = {
    -1: {"en": "the other side wins", "zh-Hant": "對方獲勝", "zh-Hans": "对方获胜"},
    0: {"en": "a tie", "zh-Hant": "平手", "zh-Hans": "平手"},
    1: {"en": "you win", "zh-Hant": "你獲勝", "zh-Hans": "你获胜"},
}


def _flow(data: dict[Any, Any]) -> CommentedMap:
    node = CommentedMap(data)
    node.fa.set_flow_style()
    return node


def _block(data: dict[Any, Any]) -> CommentedMap:
    return CommentedMap(data)


def _text(value: Any) -> Any:
    """A text of the former file, or a copy of one given here (quoted where YAML 1.1 would read
    a word such as ``no`` as true or false)."""
    if not isinstance(value, dict):
        return value
    return _flow({k: _quoted(v) for k, v in value.items()})


def _quoted(value: Any) -> Any:
    if isinstance(value, str) and value.lower() in _AMBIGUOUS:
        return DoubleQuotedScalarString(value)
    return value


_AMBIGUOUS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def _times(share: float, left: str, right: str, op: str) -> str:
    """``(left op share * right)`` in whole numbers (``({a} * 2 >= {b})`` for a half)."""
    ratio = Fraction(str(share)).limit_denominator(1000)
    if ratio.denominator != 1:
        left = f"{left} * {ratio.denominator}"
    if ratio.numerator != 1:
        right = f"{ratio.numerator} * {right}"
    return f"({left} {op} {right})"


def _ties(steps: Any, inputs: CommentedMap, tables: CommentedMap) -> CommentedSeq:
    """A former tie-break list as tie steps over inputs (made here when new)."""
    out = CommentedSeq()
    for step in steps if isinstance(steps, list) else []:
        name = _text(step.get("name"))
        if step.get("winner") is not None:
            out.append(_flow({"name": name, "winner": _text(step["winner"])}))
        elif step.get("order") is not None:
            option = str(step.get("option"))
            order = _block({key: n + 1 for n, key in enumerate(step["order"])})
            names = step.get("names") or {}
            rank = f"{option}-order"
            tables[rank] = order
            of = rank
            if names:
                tables[option] = _block({key: _text(names.get(key, {"en": key})) for key in order})
                of = option
            for side in ("my", "their"):
                spec = {"kind": "names", "of": of, "default": None, "min": 1, "max": 1}
                inputs.setdefault(f"{side}-{option}", _flow(spec))
            mine, theirs = f"{{{rank}:my-{option}}}", f"{{{rank}:their-{option}}}"
            if of == rank:
                mine, theirs = f"{{my-{option}}}", f"{{their-{option}}}"
            out.append(_flow({"name": name, "mine": mine, "theirs": theirs, "better": "lower"}))
        else:
            for key in ("mine", "theirs"):
                default = step.get("default")
                inputs.setdefault(str(step[key]), _flow({"default": default}))
            tie = {"name": name, "mine": f"{{{step['mine']}}}", "theirs": f"{{{step['theirs']}}}"}
            if step.get("better", "higher") == "lower":
                tie["better"] = "lower"
            out.append(_flow(tie))
    return out


def control(score: Any) -> dict[str, Any]:
    """Points for held places, a win at ``win_at``, an instant place, the other side's wins."""
    inputs = _block({"hold": _flow({"kind": "names", "of": "points"})})
    points = _block({p["id"]: p["points"] for p in score.get("places", [])})
    tables = _block({"points": points})
    side = str(score.get("side") or "wins")
    win_at = score.get("win_at", 0)
    results = _block({"points": _flow({"value": "{hold}"})})
    value = f"({{points}} >= {win_at})"
    rows = {0: _NOT_YET, 1: _AT_TURN_END}
    if score.get("instant_place"):
        tables["at-once"] = _flow({score["instant_place"]: 1})
        value = f"{value} * (1 + {{at-once:hold}})"
        rows[2] = _AT_ONCE
    tables[side] = _block({k: _text(v) for k, v in rows.items()})
    results[side] = _flow({"value": value, "says": side})
    wins = [w for w in score.get("instant_wins", []) if isinstance(w, dict)]
    if wins:
        limits = sorted({w["points_below"] for w in wins if w.get("points_below") is not None})
        said = _block({})
        for count in range(len(limits) + 1):
            kept = limits[len(limits) - count :]
            told = [w["text"] for w in wins if w.get("points_below") in (None, *kept)]
            said[count] = _join(told)
        tables["instant-wins"] = said
        value = " + ".join(f"({{points}} < {limit})" for limit in limits) or "0"
        results["instant-wins"] = _flow({"value": value, "says": "instant-wins"})
    return {"inputs": inputs, "tables": tables, "results": results}


def _join(texts: list[Any]) -> Any:
    if not texts:
        return _text(_NOTHING)
    langs = [lang for lang in ("en", "zh-Hant", "zh-Hans") if all(lang in t for t in texts)]
    sep = {"en": "; ", "zh-Hant": "；", "zh-Hans": "；"}
    return _flow({lang: sep[lang].join(str(t[lang]) for t in texts) for lang in langs or ["en"]})


def total_sum(score: Any) -> dict[str, Any]:
    """Named counts added up, hand limits from holdings, a hit number and a draw read."""
    parts = [str(p) for p in score.get("parts", [])]
    inputs = _block({p: _flow({}) for p in parts})
    tables = _block({})
    results = _block({"score": _flow({"value": " + ".join(f"{{{p}}}" for p in parts) or "0"})})
    if score.get("hand_limit"):
        inputs["holdings"] = _flow({"kind": "names", "of": "hand-limits"})
        tables["hand-limits"] = _flow(dict(score["hand_limit"]))
        results["hand-limit"] = _flow({"value": "{holdings}"})
    if score.get("hit_base") is not None:
        draw_min, draw_max = score.get("draw_min", 1), score.get("draw_max", 10)
        reads = {int(k): int(v) for k, v in (score.get("draw_reads") or {}).items()}
        low = score.get("always_hit", draw_min) if score.get("always_hit") is not None else draw_min
        high = score["always_miss"] - 1 if score.get("always_miss") is not None else draw_max
        inputs["mine"] = _flow({"default": None})
        inputs["theirs"] = _flow({"default": None})
        shown = [draw_min, draw_max, *reads]
        inputs["draw"] = _flow({"default": None, "min": min(shown), "max": max(shown)})
        hit = f"(({score['hit_base']} + {{mine}} - {{theirs}}, {low})kh1, {high})kl1"
        results["hit-number"] = _flow({"value": hit})
        read = "{draw}" + "".join(f" + {v - k} * ({{draw}} == {k})" for k, v in reads.items())
        tables["attack"] = _block({k: _text(v) for k, v in _HITS.items()})
        results["attack"] = _flow({"value": f"{read} <= {{hit-number}}", "says": "attack"})
    return {"inputs": inputs, "tables": tables, "results": results}


def army(score: Any) -> dict[str, Any]:
    """Order costs, command points, victory at a share of the enemy's army, then tie-breaks."""
    step = score.get("points_step", 10)
    inputs = _block(
        {
            "on-unit": _flow({}),
            "limit": _flow({"min": step, "step": step}),
            "destroyed": _flow({}),
            "lost": _flow({}),
            "my-army": _flow({"default": None}),
            "enemy-army": _flow({"default": None}),
        }
    )
    tie = score.get("tie")
    winner = dict(_WINNER)
    if isinstance(tie, dict):
        winner[0] = tie
    tables = _block({"yes-no": _block({k: _text(v) for k, v in _YES_NO.items()})})
    tables["winner"] = _block({k: _text(v) for k, v in winner.items()})
    share = score.get("share", 0.5)
    base = score.get("order_base", 1)
    results = _block(
        {
            "order-cost": _flow({"value": f"{{on-unit}} + {base}"}),
            "command-points": _flow({"value": f"{{limit}} / {step}"}),
            "you-broke-them": _flow(
                {"value": _times(share, "{destroyed}", "{enemy-army}", ">="), "says": "yes-no"}
            ),
            "they-broke-you": _flow(
                {"value": _times(share, "{lost}", "{my-army}", ">="), "says": "yes-no"}
            ),
        }
    )
    results["winner"] = _block(
        {
            "when": "{you-broke-them} + {they-broke-you}",
            "value": "{you-broke-them} - {they-broke-you}",
            "says": "winner",
            "ties": _ties(score.get("tie_break"), inputs, tables),
        }
    )
    return {"inputs": inputs, "tables": tables, "results": results}


def territory(score: Any) -> dict[str, Any]:
    """A combat result read by the ratio of attack to defence, and the end-of-game tie-breaks."""
    inputs = _block(
        {"attack": _flow({"default": None}), "defence": _flow({"default": None, "min": 1})}
    )
    tables = _block({})
    combats = score.get("combats") or {}
    kinds = combats if combats else {"result": score}
    aboves = sorted({Fraction(str(r["above"])) for c in kinds.values() for r in c["ratios"]})
    for kid, combat in kinds.items():
        rows = _block({0: _text(combat["lower"]), 1: _text(combat["equal"])})
        for row in combat["ratios"]:
            rows[2 + aboves.index(Fraction(str(row["above"])))] = _text(row["result"])
        tables[kid] = rows
    value = " + ".join(
        ["({attack} >= {defence})"]
        + [_times(float(a), "{attack}", "{defence}", ">") for a in aboves]
    )
    result: dict[str, Any] = {"value": value, "says": "result"}
    if combats:
        inputs["combat"] = _flow(
            {"kind": "names", "of": "combats", "default": None, "min": 1, "max": 1}
        )
        tables["combats"] = _block(
            {k: _text(c.get("name") or {"en": k}) for k, c in combats.items()}
        )
        result["says"] = "{combat}"
    results = _block({"result": _flow(result)})
    ties = _ties(score.get("tie_break"), inputs, tables)
    if len(ties):
        tables["winner"] = _block({k: _text(v) for k, v in _WINNER.items()})
        results["winner"] = _block({"says": "winner", "ties": ties})
    return {"inputs": inputs, "tables": tables, "results": results}


KINDS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "control": control,
    "sum": total_sum,
    "army": army,
    "territory": territory,
}
