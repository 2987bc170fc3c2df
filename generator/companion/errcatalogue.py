"""The table's error messages in English, Traditional and Simplified Chinese, by key.

:class:`generator.companion.errtext.TableError` names one of these keys and its values; the
English is what the error reads as anywhere, the Chinese is the companion's own wording.
"""

from __future__ import annotations

ERRORS: dict[str, dict[str, str]] = {
    # the last words of a run that failed outside the table's own errors
    "run.aborted": {"en": "Aborted.", "zh-Hant": "已取消。", "zh-Hans": "已取消。"},
    "run.interrupted": {"en": "Interrupted.", "zh-Hant": "已中斷。", "zh-Hans": "已中断。"},
    "run.error": {"en": "Error: ", "zh-Hant": "錯誤：", "zh-Hans": "错误："},
    "run.kept": {
        "en": "Each file is replaced only once written whole: the earlier ones are unchanged.",
        "zh-Hant": "檔案要完整寫好才會取代舊檔：先前的檔案都沒有改變。",
        "zh-Hans": "文件要完整写好才会替换旧文件：之前的文件都没有改变。",
    },
    "run.internal": {
        "en": "internal error: {what} (run with PNP_DEBUG=1 for details)",
        "zh-Hant": "程式內部錯誤：{what}（設定 PNP_DEBUG=1 再執行可看詳情）",
        "zh-Hans": "程序内部错误：{what}（设置 PNP_DEBUG=1 再运行可查看详情）",
    },
    "run.report": {
        "en": "A report of what happened was written to {path}; please send it with your bug report.",
        "zh-Hant": "發生經過已寫入 {path}；回報問題時請一併附上。",
        "zh-Hans": "发生经过已写入 {path}；报告问题时请一并附上。",
    },
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
    "act.mode": {
        "en": "mode must be one of {known}",
        "zh-Hant": "模式必須是下列之一：{known}",
        "zh-Hans": "模式必须是下列之一：{known}",
    },
    "act.no_turn": {
        "en": "start a turn first: `pnp deck turn DECK --mode marauder|sequence|barbarian`",
        "zh-Hant": "請先開始新回合：`pnp deck turn DECK --mode marauder|sequence|barbarian`",
        "zh-Hans": "请先开始新回合：`pnp deck turn DECK --mode marauder|sequence|barbarian`",
    },
    "act.empty": {
        "en": "the deck is empty: play the reserved cards (`pnp deck play`)",
        "zh-Hant": "牌庫已空：請打出保留的卡（`pnp deck play`）",
        "zh-Hans": "牌库已空：请打出保留的卡（`pnp deck play`）",
    },
    "act.whose": {
        "en": "say whose sequence with --player",
        "zh-Hant": "請用 --player 指定輪到誰的順序",
        "zh-Hans": "请用 --player 指定轮到谁的顺序",
    },
    "act.no_player": {
        "en": "{player} has no cards in this deck (players: {known})",
        "zh-Hant": "{player}在這個牌堆裡沒有卡（玩家：{known}）",
        "zh-Hans": "{player}在这个牌堆里没有卡（玩家：{known}）",
    },
    "act.none_left": {
        "en": "{player} has no cards left this turn",
        "zh-Hant": "{player}本回合已沒有卡可啟動",
        "zh-Hans": "{player}本回合已没有卡可启动",
    },
    "act.none_left_reserve": {
        "en": "{player} has no cards left this turn; play the reserved card with `pnp deck play`",
        "zh-Hant": "{player}本回合已沒有卡可啟動；請用 `pnp deck play` 打出保留的卡",
        "zh-Hans": "{player}本回合已没有卡可启动；请用 `pnp deck play` 打出保留的卡",
    },
    "act.barbarian": {
        "en": "in barbarian mode the player chooses: `pnp deck play DECK --player P CARD`",
        "zh-Hant": "蠻兵模式由玩家自選：`pnp deck play DECK --player P CARD`",
        "zh-Hans": "蛮兵模式由玩家自选：`pnp deck play DECK --player P CARD`",
    },
    "act.no_card": {
        "en": "{player} has no card {card!r} left this turn",
        "zh-Hant": "{player}本回合沒有「{card}」這張卡可用",
        "zh-Hans": "{player}本回合没有“{card}”这张卡可用",
    },
    "act.no_reserve": {
        "en": "{player} has no card in reserve",
        "zh-Hant": "{player}的保留區沒有卡",
        "zh-Hans": "{player}的保留区没有卡",
    },
    "act.no_unit": {
        "en": "no unit {unit!r} in play in the activation deck",
        "zh-Hant": "啟動牌堆裡沒有仍在場上的部隊「{unit}」",
        "zh-Hans": "启动牌堆里没有仍在场上的部队“{unit}”",
    },
    "act.shared_unit": {
        "en": "more than one player has a unit {unit!r}: say whose with --player",
        "zh-Hant": "不只一位玩家有部隊「{unit}」：請用 --player 指定",
        "zh-Hans": "不止一位玩家有部队“{unit}”：请用 --player 指定",
    },
    "act.bad_name": {
        "en": "{unit!r}: a unit name may not be empty or contain '#'",
        "zh-Hant": "「{unit}」：部隊名稱不可空白，也不可含有 #",
        "zh-Hans": "“{unit}”：部队名称不可为空，也不能含有 #",
    },
    "act.no_order": {
        "en": "{player} has no unit {unit!r} left to order",
        "zh-Hant": "{player}沒有可排入順序的部隊「{unit}」",
        "zh-Hans": "{player}没有可排入顺序的部队“{unit}”",
    },
    "act.reserved": {
        "en": "{player} has already reserved a card this turn (at most {limit})",
        "zh-Hant": "{player}本回合已保留過卡（上限 {limit} 張）",
        "zh-Hans": "{player}本回合已保留过卡（上限 {limit} 张）",
    },
    "act.reserve_last": {
        "en": "in marauder mode only the card just drawn, if it is your own, can be reserved",
        "zh-Hant": "劫匪模式只能保留剛抽到的自己的卡",
        "zh-Hans": "劫匪模式只能保留刚抽到的自己的卡",
    },
    "act.nothing_to_reserve": {
        "en": "{player} has no card to reserve",
        "zh-Hant": "{player}沒有可保留的卡",
        "zh-Hans": "{player}没有可保留的卡",
    },
    "hand.not_in": {
        "en": "{card!r} is not in {player}'s hand",
        "zh-Hant": "「{card}」不在{player}的手牌中",
        "zh-Hans": "“{card}”不在{player}的手牌中",
    },
    "hand.not_in_any": {
        "en": "{card!r} is not in anyone's hand",
        "zh-Hant": "「{card}」不在任何人的手牌中",
        "zh-Hans": "“{card}”不在任何人的手牌中",
    },
    "hand.many": {
        "en": "{card!r} is in more than one hand ({known}): say whose with --player",
        "zh-Hant": "「{card}」在不只一人的手牌中（{known}）：請用 --player 指定",
        "zh-Hans": "“{card}”在不止一人的手牌中（{known}）：请用 --player 指定",
    },
    "bag.no_tile": {
        "en": "no tile {tile!r} in this bag",
        "zh-Hant": "這個抽袋沒有「{tile}」板塊",
        "zh-Hans": "这个抽袋没有“{tile}”板块",
    },
    "bag.not_waiting": {
        "en": "no tile {tile!r} waiting to enter the bag{help}",
        "zh-Hant": "沒有等待放入袋中的「{tile}」板塊{help}",
        "zh-Hans": "没有等待放入袋中的“{tile}”板块{help}",
    },
    "verify.system": {
        "en": "this session used operating-system entropy; only --seed and --fair sessions can be verified",
        "zh-Hant": "這一局用的是作業系統的亂數；只有 --seed 與 --fair 對局能驗證",
        "zh-Hans": "这一局用的是操作系统的随机数；只有 --seed 和 --fair 对局能验证",
    },
    "verify.unrevealed": {
        "en": "the seed has not been revealed; run `pnp session reveal` or pass --secret HEX",
        "zh-Hant": "種子還沒公開；先執行 `pnp session reveal`，或加上 --secret HEX",
        "zh-Hans": "种子还没公开；先运行 `pnp session reveal`，或加上 --secret HEX",
    },
    "verify.hex": {
        "en": "--secret must be hexadecimal",
        "zh-Hant": "--secret 必須是十六進位數字",
        "zh-Hans": "--secret 必须是十六进制数字",
    },
    "verify.commitment": {
        "en": "the revealed seed does not match the commitment",
        "zh-Hant": "公開的種子與承諾值不符",
        "zh-Hans": "公开的种子与承诺值不符",
    },
    "verify.counter": {
        "en": "counter {ctr} does not continue from {expected}",
        "zh-Hant": "計數器 {ctr} 沒有接續在 {expected} 之後",
        "zh-Hans": "计数器 {ctr} 没有接在 {expected} 之后",
    },
    "verify.no_counter": {
        "en": "counter {ctr} does not continue from {expected}",
        "zh-Hant": "缺少計數器（應從 {expected} 接續）",
        "zh-Hans": "缺少计数器（应从 {expected} 接着计）",
    },
    "option.shape": {
        "en": "unexpected argument {arg!r}; options look like --name VALUE",
        "zh-Hant": "無法使用的參數「{arg}」；選項的寫法是 --名稱 值",
        "zh-Hans": "无法使用的参数“{arg}”；选项的写法是 --名称 值",
    },
    "odds.no_bag": {
        "en": "{game} has no bag {name!r}",
        "zh-Hant": "{game}沒有名為「{name}」的抽袋",
        "zh-Hans": "{game}没有名为“{name}”的抽袋",
    },
    "die.no_game": {
        "en": "name the game of a content die: d[game:die], or start a session for that game",
        "zh-Hant": "請指明遊戲骰子屬於哪個遊戲：d[遊戲:骰子]，或先為該遊戲開一局",
        "zh-Hans": "请指明游戏骰子属于哪个游戏：d[游戏:骰子]，或先为该游戏开一局",
    },
    "session.revealed": {
        "en": "the seed of this fair session was revealed, so further draws could be foreseen; "
        "the session is closed to new draws: start a new one with `pnp session new {game} --fair`",
        "zh-Hant": "這一局公平模式的種子已經公開，之後的抽取都能被預先算出；本局不再接受新的抽取：請用 "
        "`pnp session new {game} --fair` 另開新局",
        "zh-Hans": "这一局公平模式的种子已经公开，之后的抽取都能被预先算出；本局不再接受新的抽取：请用 "
        "`pnp session new {game} --fair` 另开新局",
    },
    "verify.after_reveal": {
        "en": "a draw made after the seed was revealed cannot be fair",
        "zh-Hant": "種子公開之後才做的抽取不可能公平",
        "zh-Hans": "种子公开之后才做的抽取不可能公平",
    },
    "event.invalid": {
        "en": "this cannot be recorded: {problem}",
        "zh-Hant": "無法記錄這個動作：{problem}",
        "zh-Hans": "无法记录这个动作：{problem}",
    },
}
