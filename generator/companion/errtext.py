"""The table's errors in English, Traditional and Simplified Chinese.

:class:`TableError` is a :class:`~generator.errors.UsageError` that carries a catalogue key and
its values: it reads as English wherever it is printed as it is, and :func:`localize` words it
in the players' language. Dice-notation errors (:class:`~generator.companion.dice_parse.DiceError`)
are matched against the wording the parser uses and told with their column and caret. The
Chinese catalogue is the companion's own wording.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import PnpError, UsageError

ERRORS: dict[str, dict[str, str]] = {
    "no_session": {
        "en": "no session: start one with `pnp session new GAME` or pass --session PATH",
        "zh-Hant": "沒有進行中的對局：先用 `pnp session new GAME` 開一局，或加上 --session PATH",
        "zh-Hans": "没有进行中的对局：先用 `pnp session new GAME` 开一局，或加上 --session PATH",
    },
    "game.unknown": {
        "en": "no game {name!r} in {where}{hint} (games: {games})",
        "zh-Hant": "{where} 裡沒有遊戲「{name}」（可用的遊戲：{games}）",
        "zh-Hans": "{where} 里没有游戏“{name}”（可用的游戏：{games}）",
    },
    "game.over": {
        "en": "the game is over ({note}); `pnp undo` takes back the last event",
        "zh-Hant": "遊戲已經結束（{note}）；`pnp undo` 可收回上一個事件",
        "zh-Hans": "游戏已经结束（{note}）；`pnp undo` 可撤回上一个事件",
    },
    "bag.unknown": {
        "en": "{game} has no bag {name!r} (bags: {known})",
        "zh-Hant": "{game}沒有名為「{name}」的抽袋（可用：{known}）",
        "zh-Hans": "{game}没有名为“{name}”的抽袋（可用：{known}）",
    },
    "deck.unknown": {
        "en": "{game} has no deck {name!r} (decks: {known})",
        "zh-Hant": "{game}沒有名為「{name}」的牌堆（可用：{known}）",
        "zh-Hans": "{game}没有名为“{name}”的牌堆（可用：{known}）",
    },
    "track.unknown": {
        "en": "{game} has no track {name!r} (tracks: {known})",
        "zh-Hant": "{game}沒有名為「{name}」的軌道（可用：{known}）",
        "zh-Hans": "{game}没有名为“{name}”的轨道（可用：{known}）",
    },
    "roll.unknown": {
        "en": "{game} has no roll {name!r}{hint} (rolls: {known}; dice: {dice})",
        "zh-Hant": "{game}沒有名為「{name}」的擲骰（擲骰：{known}；骰子：{dice}）",
        "zh-Hans": "{game}没有名为“{name}”的掷骰（掷骰：{known}；骰子：{dice}）",
    },
    "bag.empty": {
        "en": "the bag is empty",
        "zh-Hant": "袋子已經空了",
        "zh-Hans": "袋子已经空了",
    },
    "bag.no_phase": {
        "en": "no fate draw is open; start one with `pnp fate draw --generals N`",
        "zh-Hant": "目前沒有進行中的抽取；先用 `pnp fate draw --generals N` 開始",
        "zh-Hans": "目前没有进行中的抽取；先用 `pnp fate draw --generals N` 开始",
    },
    "deck.empty": {"en": "the deck is empty", "zh-Hant": "牌庫已經空了", "zh-Hans": "牌库已经空了"},
    "deck.over": {
        "en": "the game is over: a card that ends it was drawn",
        "zh-Hant": "遊戲已經結束：抽到了結束遊戲的卡",
        "zh-Hans": "游戏已经结束：抽到了结束游戏的卡",
    },
    "deck.activation": {
        "en": "activation decks are drawn with `pnp deck activate`",
        "zh-Hant": "啟動牌堆要用 `pnp deck activate` 抽",
        "zh-Hans": "启动牌堆要用 `pnp deck activate` 抽",
    },
    "deck.hand_full": {
        "en": "{player}'s hand already holds {held} cards (at most {limit})",
        "zh-Hant": "{player}手上已有 {held} 張牌（上限 {limit} 張）",
        "zh-Hans": "{player}手上已有 {held} 张牌（上限 {limit} 张）",
    },
    "deck.position": {
        "en": "position must be 1..{limit}",
        "zh-Hant": "位置必須是 1 到 {limit}",
        "zh-Hans": "位置必须是 1 到 {limit}",
    },
    "undo.nothing": {
        "en": "nothing to undo",
        "zh-Hant": "沒有可撤銷的事件",
        "zh-Hans": "没有可撤销的事件",
    },
    "undo.hidden": {
        "en": "event {seq} ({type}) revealed hidden information; undo it with --force",
        "zh-Hant": "事件 {seq}（{type}）已揭露隱藏資訊；確定要撤銷請加 --force",
        "zh-Hans": "事件 {seq}（{type}）已揭露隐藏信息；确定要撤销请加 --force",
    },
    "option.needed": {
        "en": "{game}:{name} needs --{param}{help}",
        "zh-Hant": "{game}的「{name}」需要 --{param}{help}",
        "zh-Hans": "{game}的“{name}”需要 --{param}{help}",
    },
    "option.range": {
        "en": "--{param} must be {low}..{high}",
        "zh-Hant": "--{param} 必須在 {low} 到 {high} 之間",
        "zh-Hans": "--{param} 必须在 {low} 到 {high} 之间",
    },
    "option.number": {
        "en": "--{param} must be a whole number, not {value!r}",
        "zh-Hant": "--{param} 必須是整數，不能是「{value}」",
        "zh-Hans": "--{param} 必须是整数，不能是“{value}”",
    },
    "option.needed_n": {
        "en": "--{param} N is needed",
        "zh-Hant": "需要 --{param} N",
        "zh-Hans": "需要 --{param} N",
    },
    "option.unknown": {
        "en": "{game}:{name} takes no --{param}{hint}{takes}",
        "zh-Hant": "{game}的「{name}」沒有 --{param} 這個選項{takes}",
        "zh-Hans": "{game}的“{name}”没有 --{param} 这个选项{takes}",
    },
    "options.none": {
        "en": "--{param}: only a game's named roll takes options",
        "zh-Hant": "--{param}：只有遊戲的具名擲骰才有選項",
        "zh-Hans": "--{param}：只有游戏的具名掷骰才有选项",
    },
    "score.unknown": {
        "en": "{game} has no score {name!r}; scores: {known}",
        "zh-Hant": "{game}沒有名為「{name}」的計分（可用：{known}）",
        "zh-Hans": "{game}没有名为“{name}”的计分（可用：{known}）",
    },
    "quote": {
        "en": "{detail}",
        "zh-Hant": "引號沒有成對，這一行無法解讀",
        "zh-Hans": "引号没有成对，这一行无法解读",
    },
    "command": {
        "en": "{detail}: not a command, or its options are wrong; `help` lists the commands",
        "zh-Hant": "「{detail}」不是可用的指令，或選項不對；輸入 help 查看指令",
        "zh-Hans": "“{detail}”不是可用的指令，或选项不对；输入 help 查看指令",
    },
    "score.no_place": {
        "en": "no place {name!r}; places: {known}",
        "zh-Hant": "沒有地點「{name}」；可用：{known}",
        "zh-Hans": "没有地点“{name}”；可用：{known}",
    },
    "score.no_holding": {
        "en": "no holding {name!r}; holdings: {known}",
        "zh-Hant": "沒有領地「{name}」；可用：{known}",
        "zh-Hans": "没有领地“{name}”；可用：{known}",
    },
    "score.no_hit": {
        "en": "this game has no hit number",
        "zh-Hant": "這個遊戲沒有命中數字",
        "zh-Hans": "这个游戏没有命中数字",
    },
    "score.draw": {
        "en": "--draw must be {low}..{high}{help}",
        "zh-Hant": "--draw 必須在 {low} 到 {high} 之間{help}",
        "zh-Hans": "--draw 必须在 {low} 到 {high} 之间{help}",
    },
    "score.give": {
        "en": "give {usage}",
        "zh-Hant": "請給出下列其中一組選項：{usage}",
        "zh-Hans": "请给出下列其中一组选项：{usage}",
    },
    "score.full_tie": {
        "en": "a full tie: give --{option} MINE,THEIRS from {known}",
        "zh-Hant": "完全平手：請用 --{option} 我方,對方 指定，可選：{known}",
        "zh-Hans": "完全平手：请用 --{option} 我方,对方 指定，可选：{known}",
    },
    "score.differ": {
        "en": "--{option}: the two must differ",
        "zh-Hant": "--{option}：兩者必須不同",
        "zh-Hans": "--{option}：两者必须不同",
    },
    "score.multiple": {
        "en": "--limit must be a positive multiple of {step}",
        "zh-Hant": "--limit 必須是 {step} 的正整數倍",
        "zh-Hans": "--limit 必须是 {step} 的正整数倍",
    },
    "score.attack": {
        "en": "--defence must be at least 1 and --attack at least 0",
        "zh-Hant": "--defence 至少為 1，--attack 至少為 0",
        "zh-Hans": "--defence 至少为 1，--attack 至少为 0",
    },
    "track.one_of": {
        "en": "give exactly one of --by N and --to N",
        "zh-Hant": "--by N 與 --to N 要擇一給出",
        "zh-Hans": "--by N 与 --to N 要择一给出",
    },
}

# Dice notation: the parser's English wording -> a pattern and the Chinese for it
DICE: list[tuple[str, str, str]] = [
    (
        r"unexpected (?P<got>.+?); expected an operator \(.*\) or the end",
        "無法解讀 {got}：這裡應是運算符號（+ - * / // % == < > 等）或算式結尾",
        "无法解读 {got}：这里应是运算符号（+ - * / // % == < > 等）或算式结尾",
    ),
    (
        r"unexpected (?P<got>.+?); expected (?P<what>.+) here",
        "無法解讀 {got}：這裡應是 {what}",
        "无法解读 {got}：这里应是 {what}",
    ),
    (
        r"expected a dice expression such as 2d6; found none",
        "沒有算式：請寫出如 2d6 的擲骰算式",
        "没有算式：请写出如 2d6 的掷骰算式",
    ),
    (
        r"expected the number of sides after 'd'.*",
        "d 之後要寫面數（d6、d%、dF、d[名稱]）",
        "d 之后要写面数（d6、d%、dF、d[名称]）",
    ),
    (
        r"(?P<n>\d+) dice in one roll; expected at most (?P<max>\d+)",
        "一次擲 {n} 顆骰子太多，最多 {max} 顆",
        "一次掷 {n} 颗骰子太多，最多 {max} 颗",
    ),
    (
        r"unknown die (?P<die>.+?); expected a game's die as \[game:die\]",
        "沒有骰子 {die}；遊戲的骰子寫成 [遊戲:骰子]",
        "没有骰子 {die}；游戏的骰子写成 [游戏:骰子]",
    ),
    (
        r"cannot divide by zero.*",
        "不能除以零",
        "不能除以零",
    ),
]
ERROR_WORD = {"en": "Error: ", "zh-Hant": "錯誤：", "zh-Hans": "错误："}
COLUMN = {"en": " (column {col})", "zh-Hant": "（第 {col} 欄）", "zh-Hans": "（第 {col} 栏）"}
GENERIC_DICE = {
    "zh-Hant": "這個擲骰算式無法解讀",
    "zh-Hans": "这个掷骰算式无法解读",
}


def said_error(key: str, lang: str, **values: Any) -> str:
    """One error line of the catalogue, with the word for Error."""
    return ERROR_WORD[lang] + TableError(key, **values).text(lang)


def _event_names(values: dict[str, Any], lang: str) -> dict[str, Any]:
    if "type" in values:
        from .i18n import event_name

        values["type"] = event_name(str(values["type"]), lang)
    return values


class TableError(UsageError):
    """A table error with a catalogue key, worded in English unless localized."""

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The message in ``lang``: values given in several languages are picked, and a
        ``help`` text is put in brackets."""
        from .i18n import pick

        entry = ERRORS[self.key]
        values = {k: pick(v, lang) if isinstance(v, dict) else v for k, v in self.values.items()}
        values = _event_names(values, lang)
        if "help" in values:
            text = values["help"]
            values["help"] = "" if not text else f" ({text})" if lang == "en" else f"（{text}）"
        return entry.get(lang, entry["en"]).format(**values)


def _dice_lines(exc: Any, lang: str) -> list[str]:
    said = None
    for pattern, hant, hans in DICE:
        m = re.fullmatch(pattern, exc.message)
        if m:
            said = (hant if lang == "zh-Hant" else hans).format(**m.groupdict())
            break
    if said is None:
        said = GENERIC_DICE[lang]
    shown, caret = str(exc).split("\n")[1:3]
    return [said + COLUMN[lang].format(col=exc.col), shown, caret]


def localize(exc: PnpError, lang: str) -> list[str]:
    """The lines to print for ``exc`` in ``lang``, as :func:`generator.errors.report` does."""
    from ..errors import report
    from .dice_parse import DiceError

    if lang not in GENERIC_DICE:
        return report(exc)
    word = ERROR_WORD[lang]
    if isinstance(exc, TableError):
        return [word + exc.text(lang)]
    if isinstance(exc, DiceError):
        first, *rest = _dice_lines(exc, lang)
        return [word + first, *rest]
    lines = exc.lines()
    if len(lines) == 1:
        return [word + lines[0]]
    return [
        *lines,
        word + ("共 {n} 個問題。" if lang == "zh-Hant" else "共 {n} 个问题。").format(n=len(lines)),
    ]
