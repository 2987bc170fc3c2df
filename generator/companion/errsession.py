"""Saved-game errors and notices in Traditional and Simplified Chinese.

The session store and the table engine word their errors in English (a missing, locked,
damaged or edited log; a fair seed that cannot be revealed); :func:`translate` matches each
against the wording they use and says it in the players' language, keeping the file and line
it names. A text no pattern knows stays as it is; :func:`generator.companion.errtext.error_text`
words any table error (catalogue errors, dice notation, these) as lines without "Error:".
"""

from __future__ import annotations

import re

PATH = r"(?P<path>.+?)"
# the header's fields, named in words with the key a reader of the log finds
FIELDS = {
    "game": ("遊戲", "游戏"),
    "content": ("內容位置", "内容位置"),
    "rng": ("亂數來源", "随机数来源"),
    "initial": ("初始狀態", "初始状态"),
    "seed": ("種子", "种子"),
    "commit": ("承諾值", "承诺值"),
}
LOG_KEPT = ("；記錄保持原樣", "；记录保持原样")

# (English pattern, Traditional, Simplified): groups fill the Chinese; {kept} ends a log error
PATTERNS: list[tuple[str, str, str]] = [
    (
        PATH + r":(?P<n>\d+): corrupt event \(not JSON\); the log was left as it is",
        "{path}:{n}: 事件損壞（不是 JSON）{kept}",
        "{path}:{n}: 事件损坏（不是 JSON）{kept}",
    ),
    (
        PATH
        + r":(?P<n>\d+): corrupt event \(expected seq (?P<seq>\d+)\); the log was left as it is",
        "{path}:{n}: 事件損壞（序號應為 {seq}）{kept}",
        "{path}:{n}: 事件损坏（序号应为 {seq}）{kept}",
    ),
    (
        PATH
        + r":(?P<n>\d+): corrupt event \(unknown type (?P<type>.+)\); the log was left as it is",
        "{path}:{n}: 事件損壞（不認得的事件類型 {type}）{kept}",
        "{path}:{n}: 事件损坏（无法识别的事件类型 {type}）{kept}",
    ),
    (
        PATH
        + r":(?P<n>\d+): corrupt event \(args and out must be objects\); the log was left as it is",
        "{path}:{n}: 事件損壞（args 與 out 必須是物件）{kept}",
        "{path}:{n}: 事件损坏（args 和 out 必须是对象）{kept}",
    ),
    (
        PATH
        + r":(?P<n>\d+): corrupt event \(ctr must be two whole numbers\); the log was left as it is",
        "{path}:{n}: 事件損壞（ctr 必須是兩個整數）{kept}",
        "{path}:{n}: 事件损坏（ctr 必须是两个整数）{kept}",
    ),
    (
        PATH + r":(?P<n>\d+): corrupt event \((?P<what>.+)\); the log was left as it is",
        "{path}:{n}: 事件損壞（{what}）{kept}",
        "{path}:{n}: 事件损坏（{what}）{kept}",
    ),
    (
        PATH + r":(?P<n>\d+): event (?P<seq>\d+) \((?P<type>[\w.]+)\) cannot be replayed "
        r"\((?P<detail>.+)\); the log was left as it is",
        "{path}:{n}: 事件 {seq}（{type}）無法重演（{detail}）{kept}",
        "{path}:{n}: 事件 {seq}（{type}）无法重放（{detail}）{kept}",
    ),
    (
        PATH + r":1: not a pnp session log",
        "{path}:1: 這不是 pnp 的對局記錄",
        "{path}:1: 这不是 pnp 的对局记录",
    ),
    (
        PATH + r":1: session format (?P<format>.+) is not supported",
        "{path}:1: 不支援對局記錄格式 {format}",
        "{path}:1: 不支持对局记录格式 {format}",
    ),
    (
        PATH + r":1: header: the recorded game \(record\) is damaged",
        "{path}:1: 開頭資訊：記錄的遊戲內容（record）已損壞",
        "{path}:1: 开头信息：记录的游戏内容（record）已损坏",
    ),
    (
        PATH + r":1: header: rng (?P<rng>.+) is not known",
        "{path}:1: 開頭資訊：不認得亂數來源 {rng}",
        "{path}:1: 开头信息：无法识别随机数来源 {rng}",
    ),
    (
        PATH + r":1: header: (?P<key>\w+) is missing or damaged",
        "{path}:1: 開頭資訊：{key}遺失或損壞",
        "{path}:1: 开头信息：{key}缺失或损坏",
    ),
    (
        r"no session at " + PATH + r"; start one with `pnp session new GAME`",
        "{path} 沒有對局；先用 `pnp session new GAME` 開一局",
        "{path} 没有对局；先用 `pnp session new GAME` 开一局",
    ),
    (
        r"a session already exists at " + PATH + r"; choose another --session path",
        "{path} 已經有一局對局；請用 --session 指定別的路徑",
        "{path} 已经有一局对局；请用 --session 指定别的路径",
    ),
    (
        r"too many sessions started this second in " + PATH,
        "這一秒內在 {path} 開了太多局；請稍後再試",
        "这一秒内在 {path} 开了太多局；请稍后再试",
    ),
    (
        r"cannot read " + PATH + r": (?P<detail>.+)",
        "無法讀取 {path}：{detail}",
        "无法读取 {path}：{detail}",
    ),
    (r"it is not a regular file", "它不是一般檔案", "它不是普通文件"),
    (r"the file does not exist", "檔案不存在", "文件不存在"),
    (
        r"the file is (?P<size>\d+) bytes; the limit is (?P<limit>\d+)",
        "檔案有 {size} 位元組，上限是 {limit}",
        "文件有 {size} 字节，上限是 {limit}",
    ),
    (r"cannot read the file: (?P<why>.+)", "無法讀取檔案：{why}", "无法读取文件：{why}"),
    (
        r"cannot lock " + PATH + r": (?P<lock>.+?): (?P<why>.+)",
        "無法鎖定 {path}：{lock}：{why}",
        "无法锁定 {path}：{lock}：{why}",
    ),
    (
        r"(?P<pointer>.+?): the current-session file is damaged \(it does not name one file\); "
        r"start a session with `pnp session new GAME` or pass --session PATH",
        "{pointer}：記錄目前對局的檔案已損壞（沒有指向單一檔案）；請用 `pnp session new GAME` "
        "開一局，或加上 --session PATH",
        "{pointer}：记录当前对局的文件已损坏（没有指向单个文件）；请用 `pnp session new GAME` "
        "开一局，或加上 --session PATH",
    ),
    (
        PATH + r":(?P<n>\d+): the log ends after event (?P<count>\d+), but its snapshot "
        r"\((?P<snap>.+?)\) was taken after event (?P<seq>\d+): acknowledged events are missing "
        r"\(was the file cut short or replaced\?\); the log was left as it is",
        "{path}:{n}: 記錄只到第 {count} 個事件，但旁邊的快照（{snap}）是在第 {seq} 個事件之後存的："
        "已確認的事件不見了（檔案被截短或換掉了？）{kept}",
        "{path}:{n}: 记录只到第 {count} 个事件，但旁边的快照（{snap}）是在第 {seq} 个事件之后保存的："
        "已确认的事件不见了（文件被截短或替换了？）{kept}",
    ),
    (
        PATH + r": the log is damaged and cannot be verified \((?P<what>.+)\); "
        r"the log was left as it is",
        "{path}: 記錄已損壞，無法驗證（{what}）{kept}",
        "{path}: 记录已损坏，无法验证（{what}）{kept}",
    ),
    (
        r"could not write the whole event to " + PATH + r" \(disk full\?\)",
        "事件沒有完整寫入 {path}（磁碟滿了？）",
        "事件没有完整写入 {path}（磁盘满了？）",
    ),
    (
        PATH + r" is busy in another terminal; try again",
        "{path} 正在另一個終端機中使用；請再試一次",
        "{path} 正在另一个终端中使用；请再试一次",
    ),
    (
        r"--fair draws its own secret seed; leave out --seed",
        "--fair 會自己產生秘密種子；請拿掉 --seed",
        "--fair 会自己生成秘密种子；请去掉 --seed",
    ),
    (
        r"only a --fair session has a secret seed to reveal",
        "只有 --fair 對局才有可公開的秘密種子",
        "只有 --fair 对局才有可公开的秘密种子",
    ),
    (
        r"the secret seed is missing",
        "秘密種子不見了",
        "秘密种子不见了",
    ),
    (
        r"the fair session's secret \((?P<name>.+)\) is missing; the seed was revealed or lost",
        "公平模式對局的秘密種子（{name}）不見了：種子已公開或遺失",
        "公平模式对局的秘密种子（{name}）不见了：种子已公开或丢失",
    ),
    (
        r"the new content lacks pieces in play: (?P<pieces>.+); "
        r"the session goes on with the pieces it started with",
        "新內容少了場上正在使用的配件：{pieces}；對局繼續使用開局時的配件",
        "新内容缺少场上正在使用的配件：{pieces}；对局继续使用开局时的配件",
    ),
    (
        r"a torn last line \((?P<n>\d+) bytes, never acknowledged\) was removed",
        "移除了寫到一半的最後一行（{n} 位元組，從未顯示給玩家）",
        "删除了写到一半的最后一行（{n} 字节，从未显示给玩家）",
    ),
    (
        r"the last event was complete but unterminated; a newline was added",
        "最後一個事件完整但缺少換行，已補上換行",
        "最后一个事件完整但缺少换行，已补上换行",
    ),
]


def _catalogued(text: str, lang: str) -> str | None:
    """A table error kept only as its English text (a detail inside another error), worded
    again from the catalogue entry whose English it matches; None when none does."""
    from string import Formatter

    from .errcatalogue import ERRORS

    for entry in ERRORS.values():
        if re.fullmatch(r"\{\w+\}", entry["en"]):
            continue  # an entry that is only a placeholder would match any text at all
        pattern, seen = "", set()
        for literal, field, _spec, conversion in Formatter().parse(entry["en"]):
            pattern += re.escape(literal)
            if field is None:
                continue
            group = f"(?P={field})" if field in seen else f"(?P<{field}>.+?)"
            pattern += f"'{group}'" if conversion == "r" else group
            seen.add(field)
        m = re.fullmatch(pattern, text, re.DOTALL)
        if m:
            try:
                return entry[lang].format(**m.groupdict())
            except (KeyError, IndexError):
                return None
    return None


def translate(text: str, lang: str) -> str:
    """``text`` (one English error or notice line) in ``lang``; as it is when not known."""
    if lang not in ("zh-Hant", "zh-Hans"):
        return text
    for pattern, hant, hans in PATTERNS:
        m = re.fullmatch(pattern, text, re.DOTALL)
        if m:
            values = m.groupdict()
            values = {k: translate(v, lang) if k == "detail" else v for k, v in values.items()}
            if "type" in values and re.fullmatch(r"[\w.]+", values["type"]):
                from .i18n import event_name

                values["type"] = event_name(values["type"], lang)
            if values.get("key") in FIELDS:
                word = FIELDS[values["key"]][0 if lang == "zh-Hant" else 1]
                values["key"] = f"{word}（{values['key']}）"
            kept = LOG_KEPT[0] if lang == "zh-Hant" else LOG_KEPT[1]
            return (hant if lang == "zh-Hant" else hans).format(kept=kept, **values)
    return _catalogued(text, lang) or text
