"""Messages in English, Traditional and Simplified Chinese, and game terms from the glossary.

The language is ``--lang``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: zh_TW and
zh_HK give Traditional, other zh Simplified), else English. Game terms (tiles, characters, places)
come from ``content/<game>/rules/glossary.yaml`` by id, then from the name in table.yaml, then
from the id itself. The catalogue below is the companion's own wording.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

LANGS = ("en", "zh-Hant", "zh-Hans")

MESSAGES: dict[str, dict[str, str]] = {
    "rolled": {"en": "{text}", "zh-Hant": "{text}", "zh-Hans": "{text}"},
    "roll.note": {"en": "Note: {note}", "zh-Hant": "提示：{note}", "zh-Hans": "提示：{note}"},
    "roll.clamped": {
        "en": "{param} lowered to {value} (the most the game allows)",
        "zh-Hant": "{param} 已降為上限 {value}",
        "zh-Hans": "{param} 已降为上限 {value}",
    },
    "fate.drew": {
        "en": "Drew {tile} (advance {value}).",
        "zh-Hant": "抽出一片{tile}（前進 {value} 格）。",
        "zh-Hans": "抽出一片{tile}（前进 {value} 格）。",
    },
    "fate.more": {
        "en": "Draw {draw} of at most {limit}: `pnp fate draw` to set it aside and draw again, `pnp fate stop` to keep it.",
        "zh-Hant": "第 {draw} 片，最多 {limit} 片：`pnp fate draw` 擱置後再抽，`pnp fate stop` 就用這片。",
        "zh-Hans": "第 {draw} 片，最多 {limit} 片：`pnp fate draw` 搁置后再抽，`pnp fate stop` 就用这片。",
    },
    "fate.special": {
        "en": "A special tile: the drawing stops.",
        "zh-Hant": "特殊板塊：停止抽取。",
        "zh-Hans": "特殊板块：停止抽取。",
    },
    "fate.resolved": {
        "en": "{tile} resolves: {track} {from} → {to}.",
        "zh-Hant": "結算{tile}：{track} {from} → {to}。",
        "zh-Hans": "结算{tile}：{track} {from} → {to}。",
    },
    "fate.returned": {
        "en": "{count} set-aside tile(s) go back into the {bag}.",
        "zh-Hant": "{count} 片擱置的板塊放回{bag}。",
        "zh-Hans": "{count} 片搁置的板块放回{bag}。",
    },
    "fate.added": {
        "en": "The {tile} enters the {bag}.",
        "zh-Hant": "{tile}加入{bag}。",
        "zh-Hans": "{tile}加入{bag}。",
    },
    "fate.odds": {
        "en": "{tiles} tiles in the {bag}. Next tile advances:",
        "zh-Hant": "{bag}內有 {tiles} 片。下一片前進格數的機率：",
        "zh-Hans": "{bag}内有 {tiles} 片。下一片前进格数的概率：",
    },
    "fate.odds.row": {
        "en": "  +{value}: {pct}",
        "zh-Hant": "  +{value}：{pct}",
        "zh-Hans": "  +{value}：{pct}",
    },
    "fate.odds.symbol": {
        "en": "  with the symbol: {pct}; special: {special}",
        "zh-Hant": "  帶圖標：{pct}；特殊：{special}",
        "zh-Hans": "  带图标：{pct}；特殊：{special}",
    },
    "track.ready": {
        "en": "{name} is ready.",
        "zh-Hant": "{name}進入準備狀態。",
        "zh-Hans": "{name}进入准备状态。",
    },
    "track.moved": {
        "en": "{track}: {from} → {to}.",
        "zh-Hant": "{track}：{from} → {to}。",
        "zh-Hans": "{track}：{from} → {to}。",
    },
    "track.end": {
        "en": "{track} reaches {to}: {note}.",
        "zh-Hant": "{track}到達 {to}：{note}。",
        "zh-Hans": "{track}到达 {to}：{note}。",
    },
    "deck.drew": {"en": "Drew {card}.", "zh-Hant": "抽到{card}。", "zh-Hans": "抽到{card}。"},
    "deck.number": {
        "en": "Number at position {position} of {card}: {number}",
        "zh-Hant": "{card}第 {position} 位的數字：{number}",
        "zh-Hans": "{card}第 {position} 位的数字：{number}",
    },
    "deck.no_number": {
        "en": "{card} has no numbers.",
        "zh-Hant": "{card}沒有數字。",
        "zh-Hans": "{card}没有数字。",
    },
    "deck.reshuffled": {
        "en": "The discard pile was shuffled into a new deck.",
        "zh-Hant": "棄牌堆洗勻成為新牌庫。",
        "zh-Hans": "弃牌堆洗匀成为新牌库。",
    },
    "deck.ends": {
        "en": "{card}: the game ends now.",
        "zh-Hant": "{card}：遊戲立即結束。",
        "zh-Hans": "{card}：游戏立即结束。",
    },
    "deck.must_play": {
        "en": "{card} must be played at once.",
        "zh-Hant": "{card}必須立刻打出。",
        "zh-Hans": "{card}必须立刻打出。",
    },
    "deck.must_play_number": {
        "en": "{card} has no effect when drawn for a number.",
        "zh-Hant": "為取亂數抽到的{card}不生效。",
        "zh-Hans": "为取乱数抽到的{card}不生效。",
    },
    "deck.active": {
        "en": "{card} ({owner}) activates.",
        "zh-Hant": "{card}（{owner}）啟動。",
        "zh-Hans": "{card}（{owner}）启动。",
    },
    "deck.reserved": {
        "en": "{owner} puts {card} in reserve.",
        "zh-Hant": "{owner}把{card}放入保留區。",
        "zh-Hans": "{owner}把{card}放入保留区。",
    },
    "deck.drawn_unit": {
        "en": "Drew {card} ({owner}): {owner} activates it now or puts it in reserve.",
        "zh-Hant": "抽到{card}（{owner}）：{owner}可立即啟動，或將它放入保留區。",
        "zh-Hans": "抽到{card}（{owner}）：{owner}可立即启动，或将它放入保留区。",
    },
    "deck.drew_to": {
        "en": "{player} draws {card}.",
        "zh-Hant": "{player}抽到{card}。",
        "zh-Hans": "{player}抽到{card}。",
    },
    "game.over": {
        "en": "Game over: {note}.",
        "zh-Hant": "遊戲結束：{note}。",
        "zh-Hans": "游戏结束：{note}。",
    },
    "roll.estimate": {
        "en": "Estimate: the face mix of {dice} is not known from a source; correct it in table.yaml.",
        "zh-Hant": "估計值：{dice}各面的圖案分布沒有出處，可在 table.yaml 修正。",
        "zh-Hans": "估计值：{dice}各面的图案分布没有出处，可在 table.yaml 修正。",
    },
    "fate.odds.estimate": {
        "en": "  Estimate: the tile mix is not known from a source, so these odds are estimates too.",
        "zh-Hant": "  估計值：板塊組成沒有出處，以上機率也只是估計。",
        "zh-Hans": "  估计值：板块组成没有出处，以上概率也只是估计。",
    },
    "session.content_changed": {
        "en": "The content of {game} has changed since this session started; it goes on with the pieces recorded then. `pnp session migrate` moves it to the content as it is now.",
        "zh-Hant": "{game}的內容在本局開始後已修改；本局繼續使用開局時記錄的配件。`pnp session migrate` 可改用目前的內容。",
        "zh-Hans": "{game}的内容在本局开始后已修改；本局继续使用开局时记录的配件。`pnp session migrate` 可改用当前的内容。",
    },
    "session.migrated": {
        "en": "The session now uses the current content of {game}.",
        "zh-Hant": "本局已改用{game}目前的內容。",
        "zh-Hans": "本局已改用{game}当前的内容。",
    },
    "play.help.title": {
        "en": "{game} at the table. Commands as with pnp, without the pnp:",
        "zh-Hant": "{game}桌邊助手。指令與 pnp 相同，省略 pnp：",
        "zh-Hans": "{game}桌边助手。指令与 pnp 相同，省略 pnp：",
    },
    "play.help.rolls": {"en": "Rolls:", "zh-Hant": "擲骰：", "zh-Hans": "掷骰："},
    "play.help.bags": {"en": "Bags:", "zh-Hant": "抽袋：", "zh-Hans": "抽袋："},
    "play.help.decks": {"en": "Decks:", "zh-Hant": "牌堆：", "zh-Hans": "牌堆："},
    "play.help.tracks": {"en": "Tracks:", "zh-Hant": "軌道：", "zh-Hans": "轨道："},
    "play.help.scores": {"en": "Scores:", "zh-Hant": "計分：", "zh-Hans": "计分："},
    "play.help.more": {
        "en": "Also: roll 2d6, status, log, undo; help pnp for every command; quit to leave.",
        "zh-Hant": "另有：roll 2d6、status、log、undo；help pnp 列出全部指令；quit 離開。",
        "zh-Hans": "另有：roll 2d6、status、log、undo；help pnp 列出全部指令；quit 离开。",
    },
    "status.player": {
        "en": "  {player}: still to activate {left}; in reserve {reserve}.",
        "zh-Hant": "  {player}：待啟動 {left}；保留區 {reserve}。",
        "zh-Hans": "  {player}：待启动 {left}；保留区 {reserve}。",
    },
    "status.turn": {
        "en": "  Last card: {card}; the turn is {player}'s.",
        "zh-Hant": "  最後一張：{card}；現在輪到{player}。",
        "zh-Hans": "  最后一张：{card}；现在轮到{player}。",
    },
    "deck.removed": {
        "en": "{card} is out of play; the turn passes.",
        "zh-Hant": "{card}已被消滅，略過此次啟動。",
        "zh-Hans": "{card}已被消灭，略过此次启动。",
    },
    "session.new": {
        "en": "New {game} session: {path}",
        "zh-Hant": "新的{game}對局：{path}",
        "zh-Hans": "新的{game}对局：{path}",
    },
    "session.commit": {
        "en": "Fair mode. Commitment (SHA-256 of the secret seed): {commit}",
        "zh-Hant": "公平模式。承諾值（秘密種子的 SHA-256）：{commit}",
        "zh-Hans": "公平模式。承诺值（秘密种子的 SHA-256）：{commit}",
    },
    "session.reveal": {
        "en": "Secret seed: {secret}",
        "zh-Hant": "秘密種子：{secret}",
        "zh-Hans": "秘密种子：{secret}",
    },
    "session.repaired": {
        "en": "Repaired the log: {what}.",
        "zh-Hant": "已修復記錄：{what}。",
        "zh-Hans": "已修复记录：{what}。",
    },
    "verify.ok": {
        "en": "All {count} outcomes match the seed.",
        "zh-Hant": "全部 {count} 個結果都與種子相符。",
        "zh-Hans": "全部 {count} 个结果都与种子相符。",
    },
    "verify.bad": {
        "en": "Event {seq} ({type}) does not match the seed: the log says {logged}, the seed gives {expected}.",
        "zh-Hant": "事件 {seq}（{type}）與種子不符：記錄為 {logged}，種子算出 {expected}。",
        "zh-Hans": "事件 {seq}（{type}）与种子不符：记录为 {logged}，种子算出 {expected}。",
    },
    "undo.done": {
        "en": "Undid event {seq} ({type}).",
        "zh-Hant": "已撤銷事件 {seq}（{type}）。",
        "zh-Hans": "已撤销事件 {seq}（{type}）。",
    },
    "score.added": {
        "en": "{player} +{points} (round {round}); total {total}.",
        "zh-Hant": "{player} +{points}（第 {round} 輪）；合計 {total}。",
        "zh-Hans": "{player} +{points}（第 {round} 轮）；合计 {total}。",
    },
    "status.session": {
        "en": "{game} session {path}: {events} events, {mode} randomness.",
        "zh-Hant": "{game}對局 {path}：{events} 個事件，亂數來源：{mode}。",
        "zh-Hans": "{game}对局 {path}：{events} 个事件，随机来源：{mode}。",
    },
    "status.bag": {
        "en": "{bag}: {pool} in the bag, {aside} waiting, {used} used.",
        "zh-Hant": "{bag}：袋中 {pool} 片，待加入 {aside} 片，已用 {used} 片。",
        "zh-Hans": "{bag}：袋中 {pool} 片，待加入 {aside} 片，已用 {used} 片。",
    },
    "status.track": {
        "en": "{track}: {step}",
        "zh-Hant": "{track}：{step}",
        "zh-Hans": "{track}：{step}",
    },
    "status.deck": {
        "en": "{deck}: {pile} in the deck, {discard} discarded, {out} in hands.",
        "zh-Hant": "{deck}：牌庫 {pile} 張，棄牌 {discard} 張，手上 {out} 張。",
        "zh-Hans": "{deck}：牌库 {pile} 张，弃牌 {discard} 张，手上 {out} 张。",
    },
    "status.pad": {
        "en": "Scores: {scores}",
        "zh-Hant": "分數：{scores}",
        "zh-Hans": "分数：{scores}",
    },
    "deck.discarded": {
        "en": "Onto the discard pile of the {deck}: {cards}.",
        "zh-Hant": "放入{deck}的棄牌堆：{cards}。",
        "zh-Hans": "放入{deck}的弃牌堆：{cards}。",
    },
    "deck.reset": {
        "en": "Every card is back in the {deck}.",
        "zh-Hant": "{deck}的卡牌已全部收回。",
        "zh-Hans": "{deck}的卡牌已全部收回。",
    },
    "act.added": {
        "en": "{player} adds {count} unit cards to the {deck}: {units}.",
        "zh-Hant": "{player}把 {count} 張部隊卡加入{deck}：{units}。",
        "zh-Hans": "{player}把 {count} 张部队卡加入{deck}：{units}。",
    },
    "act.turn": {
        "en": "A new turn of the {deck} begins in {mode}.",
        "zh-Hant": "{deck}開始新回合：{mode}。",
        "zh-Hans": "{deck}开始新回合：{mode}。",
    },
    "act.removed": {
        "en": "{unit} has left the {deck}; its card will not activate again.",
        "zh-Hant": "{unit}已移出{deck}，其卡牌不再啟動。",
        "zh-Hans": "{unit}已移出{deck}，其卡牌不再启动。",
    },
}

# Activation modes, when the game's glossary has no term ``<mode>-mode`` for them.
MODES: dict[str, dict[str, str]] = {
    "barbarian": {"en": "Barbarian mode", "zh-Hant": "蠻兵模式", "zh-Hans": "蛮兵模式"},
    "marauder": {"en": "Marauder mode", "zh-Hant": "劫匪模式", "zh-Hans": "劫匪模式"},
    "sequence": {"en": "sequence mode", "zh-Hant": "依序模式", "zh-Hans": "依序模式"},
}


def detect(lang: str | None = None) -> str:
    """The language to speak: ``lang`` when given, else the locale, else English."""
    if lang:
        for known in LANGS:
            if lang.lower() == known.lower():
                return known
        lang_env = lang
    else:
        lang_env = (
            os.environ.get("LC_ALL")
            or os.environ.get("LC_MESSAGES")
            or os.environ.get("LANG")
            or ""
        )
    low = lang_env.lower().replace("-", "_")
    if low.startswith("zh"):
        return "zh-Hant" if any(t in low for t in ("_tw", "_hk", "_mo", "hant")) else "zh-Hans"
    return "en"


def message(key: str, lang: str, **values: Any) -> str:
    entry = MESSAGES[key]
    return entry.get(lang, entry["en"]).format(**values)


def pick(text: Any, lang: str) -> str | None:
    """One language of a LocalText (a str or {en, zh-Hant, zh-Hans})."""
    if text is None:
        return None
    if isinstance(text, str):
        return text
    from ..localtext import choose

    return choose(text, lang) or None


class Terms:
    """Names of game things in one language: glossary, then table.yaml names, then ids."""

    def __init__(self, game_root: Path | None, lang: str, cache: Any = None) -> None:
        self.lang = lang
        self.glossary: dict[str, Any] = {}
        if game_root is not None:
            path = game_root / "rules" / "glossary.yaml"
            where = [str(path)]
            cached = cache.get("glossary", where) if cache is not None else None
            if cached is None:
                cached = _glossary(path)
                if cache is not None:
                    cache.put("glossary", where, cached)
            self.glossary = cached

    def name(self, term_id: str | None, fallback: Any = None) -> str:
        if term_id and isinstance(self.glossary.get(term_id), dict):
            found = self.glossary[term_id].get(self.lang)
            if found:
                return str(found)
        return pick(fallback, self.lang) or (term_id or "")


def _glossary(path: Path) -> dict[str, Any]:
    """The ``terms`` of a glossary file ({} when there is none or it is broken)."""
    if not path.is_file():
        return {}
    from ..content.yamlload import load_yaml

    try:
        data = load_yaml(path).data
    except Exception:  # a broken glossary must not stop play; `pnp check` reports it
        data = {}
    terms = data.get("terms") if isinstance(data, dict) else None
    return terms if isinstance(terms, dict) else {}
