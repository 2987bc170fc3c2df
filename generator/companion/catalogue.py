"""The companion's own wording in English, Traditional and Simplified Chinese.

Message templates by key (:data:`MESSAGES`), the names of activation modes, random sources and
event types, and the table commands as ``help pnp`` lists them inside ``pnp play``. Every
Chinese string here is written for this project (Traditional with Taiwan wording, Simplified
with mainland wording), not converted from one script to the other.
"""

from __future__ import annotations

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
    "play.banner": {
        "en": "{game}: {path}  (help, quit)",
        "zh-Hant": "{game}：{path}（help 查看說明，quit 離開）",
        "zh-Hans": "{game}：{path}（help 查看说明，quit 离开）",
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
    "verify.problem": {
        "en": "event {seq} ({type}): {problem}",
        "zh-Hant": "事件 {seq}（{type}）：{problem}",
        "zh-Hans": "事件 {seq}（{type}）：{problem}",
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


# The table commands, as `help pnp` inside `pnp play` lists them.
COMMANDS: dict[str, dict[str, str]] = {
    "roll EXPR": {"en": "roll dice: 2d6, 4d6kh3, 6d6>=5", "zh-Hant": "擲骰：2d6、4d6kh3、6d6>=5", "zh-Hans": "掷骰：2d6、4d6kh3、6d6>=5"},
    "roll ROLL --OPTION N": {"en": "one of the game's rolls", "zh-Hant": "遊戲的具名擲骰", "zh-Hans": "游戏的具名掷骰"},
    "fate draw --generals N / stop": {"en": "draw a tile (N: how many may be drawn), or keep the last one", "zh-Hant": "抽一片板塊（N：本回合最多可抽幾片），或保留最後一片", "zh-Hans": "抽一片板块（N：本回合最多可抽几片），或保留最后一片"},
    "fate add TILE": {"en": "put a special tile into the bag", "zh-Hant": "把特殊板塊放進袋中", "zh-Hans": "把特殊板块放进袋中"},
    "fate odds": {"en": "the chance of each tile", "zh-Hant": "下一片各種結果的機率", "zh-Hans": "下一片各种结果的概率"},
    "odds EXPR": {"en": "exact odds of a roll, a named roll or a bag", "zh-Hant": "擲骰、具名擲骰或抽袋的精確機率", "zh-Hans": "掷骰、具名掷骰或抽袋的精确概率"},
    "deck draw DECK": {"en": "draw a card", "zh-Hant": "抽一張牌", "zh-Hans": "抽一张牌"},
    "deck draw DECK --player P": {"en": "draw into a player's hand (shown to that player with status --player P)", "zh-Hant": "抽牌放入玩家手牌（以 status --player P 給該玩家看）", "zh-Hans": "抽牌放入玩家手牌（用 status --player P 给该玩家看）"},
    "deck deal DECK --player P": {"en": "deal an opening hand", "zh-Hant": "發起始手牌", "zh-Hans": "发起始手牌"},
    "deck number DECK --position N": {"en": "draw a card and read its number at position N", "zh-Hant": "抽一張牌，讀出第 N 位的數字", "zh-Hans": "抽一张牌，读出第 N 位的数字"},
    "deck return DECK CARD": {"en": "put a card from a hand back into the deck", "zh-Hant": "把手牌放回牌庫", "zh-Hans": "把手牌放回牌库"},
    "deck discard DECK CARD": {"en": "discard a card from a hand", "zh-Hant": "從手牌棄掉一張", "zh-Hans": "从手牌弃掉一张"},
    "deck turn DECK --mode M": {"en": "start a turn of an activation deck", "zh-Hant": "開始啟動牌堆的新回合", "zh-Hans": "开始启动牌堆的新回合"},
    "deck activate DECK": {"en": "the next activation card", "zh-Hant": "下一張啟動卡", "zh-Hans": "下一张启动卡"},
    "score add PLAYER N": {"en": "points on the score pad", "zh-Hant": "在計分表記分", "zh-Hans": "在计分表记分"},
    "score track TRACK --by N": {"en": "move a track's marker", "zh-Hant": "移動軌道標記", "zh-Hans": "移动轨道标记"},
    "score calc GAME:CALC": {"en": "compute a score", "zh-Hant": "計算分數", "zh-Hans": "计算分数"},
    "deck reserve / play / remove DECK": {"en": "reserve a card, play the reserve, remove a destroyed unit", "zh-Hant": "保留一張卡、打出保留卡、移除被消滅的部隊", "zh-Hans": "保留一张卡、打出保留卡、移除被消灭的部队"},
    "turn / turn next": {"en": "the phase of the turn, or move to the next", "zh-Hant": "目前的回合階段，或進入下一階段", "zh-Hans": "当前的回合阶段，或进入下一阶段"},
    "status --player P": {"en": "the state, with P's own secret cards", "zh-Hant": "局面，並顯示 P 自己的祕密卡牌", "zh-Hans": "局面，并显示 P 自己的秘密卡牌"},
    "status": {"en": "the state of the game", "zh-Hant": "目前的局面", "zh-Hans": "当前的局面"},
    "log": {"en": "every event so far", "zh-Hant": "到目前為止的所有事件", "zh-Hans": "到目前为止的所有事件"},
    "undo": {"en": "take back the last event", "zh-Hant": "收回上一個事件", "zh-Hans": "撤回上一个事件"},
    "quit": {"en": "leave", "zh-Hant": "離開", "zh-Hans": "离开"},
}  # fmt: skip

# Random sources, as the status line names them.
RNG: dict[str, dict[str, str]] = {
    "system": {"en": "system", "zh-Hant": "系統亂數", "zh-Hans": "系统随机数"},
    "seeded": {"en": "seeded", "zh-Hant": "固定種子", "zh-Hans": "固定种子"},
    "fair": {"en": "fair", "zh-Hant": "公平模式", "zh-Hans": "公平模式"},
}

# Event types, as undo and the log name them.
EVENTS: dict[str, dict[str, str]] = {
    "roll": {"zh-Hant": "擲骰", "zh-Hans": "掷骰"},
    "fate.draw": {"zh-Hant": "抽板塊", "zh-Hans": "抽板块"},
    "fate.stop": {"zh-Hant": "停止抽取", "zh-Hans": "停止抽取"},
    "fate.add": {"zh-Hant": "加入板塊", "zh-Hans": "加入板块"},
    "deck.draw": {"zh-Hant": "抽牌", "zh-Hans": "抽牌"},
    "deck.discard": {"zh-Hant": "棄牌", "zh-Hans": "弃牌"},
    "deck.reset": {"zh-Hant": "收回牌庫", "zh-Hans": "收回牌库"},
    "deck.deal": {"zh-Hant": "發起始手牌", "zh-Hans": "发起始手牌"},
    "deck.return": {"zh-Hant": "放回牌庫", "zh-Hans": "放回牌库"},
    "turn.next": {"zh-Hant": "下一階段", "zh-Hans": "下一阶段"},
    "act.add": {"zh-Hant": "加入部隊卡", "zh-Hans": "加入部队卡"},
    "act.turn": {"zh-Hant": "新回合", "zh-Hans": "新回合"},
    "act.draw": {"zh-Hant": "啟動", "zh-Hans": "启动"},
    "act.reserve": {"zh-Hant": "保留", "zh-Hans": "保留"},
    "act.play": {"zh-Hant": "打出保留卡", "zh-Hans": "打出保留卡"},
    "act.remove": {"zh-Hant": "移除部隊", "zh-Hans": "移除部队"},
    "track.move": {"zh-Hant": "移動軌道標記", "zh-Hans": "移动轨道标记"},
    "pad.add": {"zh-Hant": "記分", "zh-Hans": "记分"},
    "reveal": {"zh-Hant": "公開種子", "zh-Hans": "公开种子"},
    "migrate": {"zh-Hant": "改用新內容", "zh-Hans": "改用新内容"},
    "undo": {"zh-Hant": "撤銷", "zh-Hans": "撤销"},
    "session": {"zh-Hant": "對局開頭", "zh-Hans": "对局开头"},
}
