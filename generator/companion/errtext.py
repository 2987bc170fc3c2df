"""The table's errors in English, Traditional and Simplified Chinese.

:class:`TableError` is a :class:`~generator.errors.UsageError` that carries a catalogue key and
its values: it reads as English wherever it is printed as it is, and :func:`localize` words it
in the players' language. Dice-notation errors (:class:`~generator.content.dice_parse.DiceError`)
are matched against the wording the parser uses and told with their column and caret. The
Chinese catalogue is the companion's own wording.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import PnpError, UsageError

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
        r"too many outcomes to work out exactly; expected fewer dice or faces here",
        "結果太多，無法逐一精確算出；請減少這裡的骰子或面數",
        "结果太多，无法逐一精确算出；请减少这里的骰子或面数",
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
    """A table error with a catalogue key, worded in English unless localized.

    The key is either an entry of :mod:`errcatalogue` or the English message itself, marked
    with ``N_`` where it is raised, whose translations are in the gettext catalogues.
    """

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The message in ``lang``: values given in several languages are picked, and a
        ``help`` text is put in brackets."""
        from .errcatalogue import ERRORS  # only when an error is told: not on every command
        from .i18n import pick

        entry = ERRORS.get(self.key)
        if entry is None:  # a gettext message id, marked with N_ where it is raised
            from ..locale import translation

            entry = {"en": self.key, lang: translation(lang).gettext(self.key)}
        values = {k: pick(v, lang) if isinstance(v, dict) else v for k, v in self.values.items()}
        if self.key not in ERRORS:  # a gettext message, marked with N_ where it is raised
            from ..locale import translation

            return translation(lang).gettext(self.key).format(**_event_names(values, lang))
        entry = ERRORS[self.key]
        values = _event_names(values, lang)
        if "help" in values:
            text = values["help"]
            values["help"] = "" if not text else f" ({text})" if lang == "en" else f"（{text}）"
        from .i18n import typed

        return typed(entry.get(lang, entry["en"]).format(**values))


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
    from ..content.dice_parse import DiceError
    from ..errors import report

    if lang not in GENERIC_DICE:
        return report(exc)
    word = ERROR_WORD[lang]
    if isinstance(exc, TableError):
        return [word + exc.text(lang)]
    if isinstance(exc, DiceError):
        first, *rest = _dice_lines(exc, lang)
        return [word + first, *rest]
    from .errsession import translate

    lines = [translate(line, lang) for line in exc.lines()]
    if len(lines) == 1:
        return [word + lines[0]]
    return [
        *lines,
        word + ("共 {n} 個問題。" if lang == "zh-Hant" else "共 {n} 个问题。").format(n=len(lines)),
    ]


def error_text(exc: Any, lang: str) -> list[str]:
    """The lines of a table error in ``lang``, without the leading word for Error."""
    from ..content.dice_parse import DiceError
    from .errsession import translate

    if lang not in ("zh-Hant", "zh-Hans"):
        return [str(exc)]
    if isinstance(exc, TableError):
        return [exc.text(lang)]
    if isinstance(exc, DiceError):
        return _dice_lines(exc, lang)
    return [translate(line, lang) for line in exc.lines()]
