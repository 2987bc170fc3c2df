"""The table commands' help pages in Traditional and Simplified Chinese.

:data:`COMMAND_HELP` is each command's description by its path (``"session new"``; its first
line is what the group's list shows), :data:`OPTION_HELP` each option's help by its English
text (one translation serves every command that shares the option). The English is the
commands' own docstrings and ``help=`` texts; :mod:`generator.cli.clicklang` shows these in
their place. Written for this project: Taiwan wording in Traditional, mainland wording in
Simplified.
"""

from __future__ import annotations

ROLL_HANT = """擲骰：2d6、4d6kh3、(1d4+1)*2、1d20+5 >= 15、6d6>=5r2，或遊戲的具名擲骰 GAME:ROLL（加上它的選項 --名稱 N）。

\b
數字與骰子  7   2d6   d20（一顆骰）   d%（1-100）   4dF（-1/0/+1）   0d6
四則運算    + - * / // % 與括號；/ 和 // 一樣無條件捨去；-x 與 +x
比較        對總和用 == != < > <= >= 得 1 或 0：1d20+2 >= 15、(2d6)>=7
成功數      緊接骰子的比較與數字會計算達標的骰子數：6d6>=5 得成功數；
            6d6>=5r2 失敗的骰子最多重擲 2 顆、各一次；
            6d6>=5 >= 2 在至少 2 顆成功時得 1
集合        (1d4, 2+2, 3d6kl1)kh1 保留最好的一項；(a,) 是只有一項的集合
選取條件    N（擲出 N 的面）  hN lN（最高／最低的 N 個）  <N >N =N >=N <=N
集合與骰子  kS 保留   pS 捨棄（dh/dl 等於 ph/pl）   單寫 k 等於 kh1
            k1k2k3：連寫的運算會合併（保留 1、2 和 3）
僅限骰子    rrS 重擲到不再符合   roS 重擲一次
            eS 爆骰（! 是擲出最大面時爆，也可寫 !>=5）   raS 加擲一顆、一次
            miN maN 把每顆骰提高／壓低到 N   @33445 圖示計分
註記        9[火] 2d6[斬擊]：只顯示，不計入
遊戲的骰子  d[GAME:DIE]，遊戲 table.yaml 裡的骰子
            （遊戲的具名擲骰用 pnp roll GAME:ROLL）
上限        200 個字元、999 顆骰子、擲出 1000 面（含重擲與爆骰）、
            括號與正負號 50 層"""

ROLL_HANS = """掷骰：2d6、4d6kh3、(1d4+1)*2、1d20+5 >= 15、6d6>=5r2，或游戏的具名掷骰 GAME:ROLL（加上它的选项 --名称 N）。

\b
数字和骰子  7   2d6   d20（一颗骰子）   d%（1-100）   4dF（-1/0/+1）   0d6
四则运算    + - * / // % 和括号；/ 和 // 一样向下取整；-x 和 +x
比较        对总和用 == != < > <= >= 得 1 或 0：1d20+2 >= 15、(2d6)>=7
成功数      紧跟骰子的比较和数字会统计达标的骰子数：6d6>=5 得成功数；
            6d6>=5r2 失败的骰子最多重掷 2 颗、各一次；
            6d6>=5 >= 2 在至少 2 颗成功时得 1
集合        (1d4, 2+2, 3d6kl1)kh1 保留最好的一项；(a,) 是只有一项的集合
筛选条件    N（掷出 N 的面）  hN lN（最高／最低的 N 个）  <N >N =N >=N <=N
集合和骰子  kS 保留   pS 舍弃（dh/dl 等同 ph/pl）   单写 k 等同 kh1
            k1k2k3：连写的运算会合并（保留 1、2 和 3）
仅限骰子    rrS 重掷直到不再符合   roS 重掷一次
            eS 爆骰（! 是掷出最大面时爆，也可写 !>=5）   raS 加掷一颗、一次
            miN maN 把每颗骰子抬高／压低到 N   @33445 图标计分
注释        9[火] 2d6[斩击]：只显示，不计入
游戏的骰子  d[GAME:DIE]，游戏 table.yaml 里的骰子
            （游戏的具名掷骰用 pnp roll GAME:ROLL）
上限        200 个字符、999 颗骰子、掷出 1000 面（含重掷和爆骰）、
            括号和正负号 50 层"""

COMMAND_HELP: dict[str, dict[str, str]] = {
    "roll": {"zh-Hant": ROLL_HANT, "zh-Hans": ROLL_HANS},
    "session": {"zh-Hant": "開始、公開及驗證對局。", "zh-Hans": "开始、公开和验证对局。"},
    "session new": {
        "zh-Hant": "為 GAME 開一局新對局，之後的指令都作用在這一局。",
        "zh-Hans": "为 GAME 开一局新对局，之后的命令都作用于这一局。",
    },
    "session migrate": {
        "zh-Hant": "讓對局改用遊戲目前的內容（table.yaml 修改過之後）。",
        "zh-Hans": "让对局改用游戏当前的内容（table.yaml 修改过之后）。",
    },
    "session reveal": {
        "zh-Hant": "印出公平模式對局的秘密種子（並寫入記錄），讓任何人都能驗證這一局。",
        "zh-Hans": "打印公平模式对局的秘密种子（并写入记录），让任何人都能验证这一局。",
    },
    "session verify": {
        "zh-Hant": "以種子重演固定種子或公平模式的對局記錄，回報第一個對不上的結果。",
        "zh-Hans": "用种子重放固定种子或公平模式的对局记录，报告第一个对不上的结果。",
    },
    "undo": {
        "zh-Hant": "撤銷最後一個仍然有效的事件（記錄中會加上一筆抵銷事件）。",
        "zh-Hans": "撤销最后一个仍然有效的事件（记录中会加上一条抵消事件）。",
    },
    "log": {
        "zh-Hant": "列出對局的事件記錄，每個事件都以文字說明（--json：記錄中的原始事件）。",
        "zh-Hans": "列出对局的事件记录，每个事件都用文字说明（--json：记录中的原始事件）。",
    },
    "status": {
        "zh-Hant": "顯示對局的現況：回合階段、抽袋、軌道、牌堆、手牌、分數。",
        "zh-Hans": "显示对局的当前状态：回合阶段、抽袋、轨道、牌堆、手牌、分数。",
    },
    "play": {
        "zh-Hant": "GAME 的互動式提示列，有歷史紀錄與自動補全（需要時會開新對局）。",
        "zh-Hans": "GAME 的交互式命令行，带历史记录和自动补全（需要时会开新对局）。",
    },
    "fate": {
        "zh-Hant": "從遊戲的板塊抽袋（命運池）抽取。",
        "zh-Hans": "从游戏的板块抽袋（命运池）抽取。",
    },
    "fate draw": {
        "zh-Hant": "抽一片板塊；抽取階段進行中時，上一片會先擱置。",
        "zh-Hans": "抽一片板块；抽取阶段进行中时，上一片会先搁置。",
    },
    "fate stop": {
        "zh-Hant": "保留最後抽出的板塊：它會結算，擱置的板塊放回袋中。",
        "zh-Hans": "保留最后抽出的板块：它会结算，搁置的板块放回袋中。",
    },
    "fate add": {
        "zh-Hant": "打出對應的故事卡時，把特殊板塊（藍、紅）放進袋中。",
        "zh-Hans": "打出对应的故事卡时，把特殊板块（蓝、红）放进袋中。",
    },
    "odds": {
        "zh-Hant": "精確機率：列出 EXPR 每個總和的機率、長條圖與平均值。\n\n\b\n"
        "EXPR 可以是 pnp roll 接受的任何算式（2d6、4d6kh3、6d6>=5r2、d6!、1d6@33445）、\n"
        "遊戲的具名擲骰加上選項（GAME:ROLL --名稱 N），或遊戲的抽袋\n"
        "（GAME:BAG：下一片板塊；若目前對局是該遊戲，依袋中剩下的板塊計算）。\n"
        "依骰子逐一精確算出，不是模擬。",
        "zh-Hans": "精确概率：列出 EXPR 每个总和的概率、直方图和平均值。\n\n\b\n"
        "EXPR 可以是 pnp roll 接受的任何算式（2d6、4d6kh3、6d6>=5r2、d6!、1d6@33445）、\n"
        "游戏的具名掷骰加上选项（GAME:ROLL --名称 N），或游戏的抽袋\n"
        "（GAME:BAG：下一片板块；若当前对局是该游戏，按袋中剩下的板块计算）。\n"
        "按骰子逐一精确算出，不是模拟。",
    },
    "fate odds": {
        "zh-Hant": "依袋中剩下的板塊，算出下一片各種前進格數的機率。",
        "zh-Hans": "根据袋中剩下的板块，算出下一片各种前进格数的概率。",
    },
    "deck": {"zh-Hant": "從遊戲的牌堆抽牌。", "zh-Hans": "从游戏的牌堆抽牌。"},
    "deck draw": {
        "zh-Hant": "抽 COUNT 張牌：放入玩家手牌（--player；數字牌堆一律如此），否則亮出後棄掉。",
        "zh-Hans": "抽 COUNT 张牌：放入玩家手牌（--player；数字牌堆一律如此），否则亮出后弃掉。",
    },
    "deck deal": {
        "zh-Hant": "發給玩家起始手牌（規則要求重抽的牌放回牌庫，另補一張）。",
        "zh-Hans": "发给玩家起始手牌（规则要求重抽的牌放回牌库，另补一张）。",
    },
    "deck return": {
        "zh-Hant": "把手牌放回牌庫，之後可再被抽到。",
        "zh-Hans": "把手牌放回牌库，之后可再被抽到。",
    },
    "turn": {
        "zh-Hant": "顯示遊戲目前所在的回合階段；`turn next` 進入下一階段。",
        "zh-Hans": "显示游戏当前所在的回合阶段；`turn next` 进入下一阶段。",
    },
    "deck number": {
        "zh-Hant": "抽一張牌，讀出第 POSITION 位的數字後棄掉（以卡牌取亂數）。",
        "zh-Hans": "抽一张牌，读出第 POSITION 位的数字后弃掉（用卡牌取随机数）。",
    },
    "deck discard": {
        "zh-Hant": "依抽牌時顯示的名稱，把手牌放到棄牌堆。",
        "zh-Hans": "按抽牌时显示的名称，把手牌放到弃牌堆。",
    },
    "deck reset": {
        "zh-Hant": "把所有卡牌收回牌庫並洗勻（讓牌堆從頭開始）。",
        "zh-Hans": "把所有卡牌收回牌库并洗匀（让牌堆从头开始）。",
    },
    "deck add": {
        "zh-Hant": "把一位玩家的部隊卡加入啟動牌堆。",
        "zh-Hans": "把一名玩家的部队卡加入启动牌堆。",
    },
    "deck turn": {
        "zh-Hant": "以指定模式開始啟動牌堆的新回合。",
        "zh-Hans": "用指定模式开始启动牌堆的新回合。",
    },
    "deck activate": {
        "zh-Hant": "抽出（劫匪模式）或翻開（依序模式）下一張啟動卡。",
        "zh-Hans": "抽出（劫匪模式）或翻开（依序模式）下一张启动卡。",
    },
    "deck reserve": {
        "zh-Hant": "把一張牌放入保留區（每位玩家每回合一次）。",
        "zh-Hans": "把一张牌放入保留区（每名玩家每回合一次）。",
    },
    "deck play": {
        "zh-Hant": "打出保留的牌；蠻兵模式下打出指定的 CARD。",
        "zh-Hans": "打出保留的牌；蛮兵模式下打出指定的 CARD。",
    },
    "deck remove": {
        "zh-Hant": "把被消滅部隊的卡牌移出啟動牌堆。",
        "zh-Hans": "把被消灭部队的卡牌移出启动牌堆。",
    },
    "score": {"zh-Hant": "記錄並計算分數。", "zh-Hans": "记录并计算分数。"},
    "score add": {
        "zh-Hant": "在計分表上替 PLAYER 加 POINTS 分。",
        "zh-Hans": "在计分表上给 PLAYER 加 POINTS 分。",
    },
    "score pad": {
        "zh-Hant": "顯示計分表：每位玩家每輪的分數與總分。",
        "zh-Hans": "显示计分表：每名玩家每轮的分数和总分。",
    },
    "score track": {
        "zh-Hant": "移動軌道上的標記（日程、士氣、命運軌道）。",
        "zh-Hans": "移动轨道上的标记（日程、士气、命运轨道）。",
    },
    "score calc": {
        "zh-Hant": "計算遊戲的分數：GAME:CALC 加上它的選項。\n\n"
        "`pnp score calc GAME:` 列出遊戲的所有計分方式與各自的選項（來自遊戲的 table.yaml）。",
        "zh-Hans": "计算游戏的分数：GAME:CALC 加上它的选项。\n\n"
        "`pnp score calc GAME:` 列出游戏的所有计分方式和各自的选项（来自游戏的 table.yaml）。",
    },
}

OPTION_HELP: dict[str, dict[str, str]] = {
    "Extra dice followed for re-rolls and explosions; deeper outcomes are counted apart.": {
        "zh-Hant": "重擲與爆骰最多追加幾顆骰子；更深的結果另計。",
        "zh-Hans": "重掷和爆骰最多追加几颗骰子；更深的结果另计。",
    },
    "Also tell the chance of N or more.": {
        "zh-Hant": "另外列出總和至少 N 的機率。",
        "zh-Hans": "另外列出总和至少 N 的概率。",
    },
    "Reproducible roll (no session needed).": {
        "zh-Hant": "可重現的擲骰（不需要對局）。",
        "zh-Hans": "可复现的掷骰（不需要对局）。",
    },
    "Do not record the roll in the current session.": {
        "zh-Hant": "不把這次擲骰記入目前的對局。",
        "zh-Hans": "不把这次掷骰记入当前的对局。",
    },
    "Comma-separated player names.": {
        "zh-Hant": "玩家名稱，以逗號分隔。",
        "zh-Hans": "玩家名字，用逗号分隔。",
    },
    "Commit to a secret seed now; reveal it after play.": {
        "zh-Hant": "現在先承諾一個秘密種子，玩完再公開。",
        "zh-Hans": "现在先承诺一个秘密种子，玩完再公开。",
    },
    "Reproducible session.": {"zh-Hant": "可重現的對局。", "zh-Hans": "可复现的对局。"},
    "The revealed seed in hex (default: the one in the log).": {
        "zh-Hant": "已公開的種子，十六進位（預設：記錄中的那個）。",
        "zh-Hans": "已公开的种子，十六进制（默认：记录中的那个）。",
    },
    "Print one JSON object.": {
        "zh-Hant": "輸出一個 JSON 物件。",
        "zh-Hans": "输出一个 JSON 对象。",
    },
    "Print one JSON object for scripts.": {
        "zh-Hant": "輸出一個 JSON 物件，供程式讀取。",
        "zh-Hans": "输出一个 JSON 对象，供脚本读取。",
    },
    "en, zh-Hant or zh-Hans.": {
        "zh-Hant": "en、zh-Hant 或 zh-Hans。",
        "zh-Hans": "en、zh-Hant 或 zh-Hans。",
    },
    "en, zh-Hant or zh-Hans (default: the locale).": {
        "zh-Hant": "en、zh-Hant 或 zh-Hans（預設：系統語系）。",
        "zh-Hans": "en、zh-Hant 或 zh-Hans（默认：系统语言环境）。",
    },
    "Also undo a draw that showed hidden information.": {
        "zh-Hant": "連亮出隱藏資訊的抽取也一併撤銷。",
        "zh-Hans": "连亮出隐藏信息的抽取也一并撤销。",
    },
    "Only the last N events.": {
        "zh-Hant": "只列出最後 N 個事件。",
        "zh-Hans": "只列出最后 N 个事件。",
    },
    "Activated generals: how many tiles may be drawn (at least 1).": {
        "zh-Hant": "啟動的將領數：最多可抽幾片（至少 1 片）。",
        "zh-Hans": "启动的将领数：最多可抽几片（至少 1 片）。",
    },
    "Draw until the player's hand holds this many cards (the hand limit).": {
        "zh-Hant": "一直抽到該玩家手牌達到這個張數（手牌上限）。",
        "zh-Hans": "一直抽到该玩家手牌达到这个张数（手牌上限）。",
    },
    "Whose opening hand is dealt.": {
        "zh-Hant": "發給哪位玩家起始手牌。",
        "zh-Hans": "发给哪名玩家起始手牌。",
    },
    "Show this player's own secret cards (hand, reserve, order).": {
        "zh-Hant": "顯示這位玩家自己的祕密卡牌（手牌、保留卡、啟動順序）。",
        "zh-Hans": "显示这名玩家自己的秘密卡牌（手牌、保留卡、启动顺序）。",
    },
    "Whose hand the cards go to.": {
        "zh-Hant": "牌放進誰的手牌。",
        "zh-Hans": "牌放进谁的手牌。",
    },
    "Which of the card's numbers to read (1..4).": {
        "zh-Hant": "讀卡牌上的第幾個數字（1..4）。",
        "zh-Hans": "读卡牌上的第几个数字（1..4）。",
    },
    "Whose hand (needed when two hands hold the name).": {
        "zh-Hant": "誰的手牌（兩份手牌都有這個名稱時必填）。",
        "zh-Hans": "谁的手牌（两份手牌都有这个名称时必填）。",
    },
    "sequence mode: PLAYER:unit,unit,... in activation order.": {
        "zh-Hant": "依序模式：PLAYER:部隊,部隊,…，照啟動順序排列。",
        "zh-Hans": "依序模式：PLAYER:部队,部队,…，按启动顺序排列。",
    },
    "Who draws (marauder mode: an enemy card goes to its owner) or whose next card is revealed (sequence mode).": {
        "zh-Hant": "誰抽牌（劫匪模式：抽到對手的卡就交給其主人），或翻開誰的下一張牌（依序模式）。",
        "zh-Hans": "谁抽牌（劫匪模式：抽到对手的卡就交给其主人），或翻开谁的下一张牌（依序模式）。",
    },
    "Whose unit (needed when two players share a name).": {
        "zh-Hant": "誰的部隊（兩位玩家有同名部隊時必填）。",
        "zh-Hans": "谁的部队（两名玩家有同名部队时必填）。",
    },
    "Steps towards the track's end (negative: back).": {
        "zh-Hant": "朝軌道終點前進的格數（負數：後退）。",
        "zh-Hans": "朝轨道终点前进的格数（负数：后退）。",
    },
    "Put the marker on this step.": {
        "zh-Hant": "把標記放到這一格。",
        "zh-Hans": "把标记放到这一格。",
    },
    "Folder of sessions, history and the current-session pointer "
    "(default: $PNP_DATA_DIR, else the user's data folder).": {
        "zh-Hant": "存放對局、歷史紀錄與目前對局指標的資料夾"
        "（預設：$PNP_DATA_DIR，否則為使用者的應用程式資料夾）。",
        "zh-Hans": "存放对局、历史记录和当前对局指针的文件夹"
        "（默认：$PNP_DATA_DIR，否则为用户的数据目录）。",
    },
    "Session file (default: the current session).": {
        "zh-Hant": "對局檔案（預設：目前的對局）。",
        "zh-Hans": "对局文件（默认：当前的对局）。",
    },
}


# ``pnp export print`` and ``pnp preflight``, which speak the language their --lang names
PRINT_COMMAND_HELP: dict[str, dict[str, str]] = {
    "export tts": {
        "zh-Hant": "把 GAME 匯出給 Tabletop Simulator，寫入 OUT/<game>/tts/：牌組拼圖、指示物與"
        "圖板圖片，以及要複製到 Tabletop Simulator「Saved Objects」資料夾的 <game>.json。",
        "zh-Hans": "把 GAME 导出给 Tabletop Simulator，写入 OUT/<game>/tts/：牌组拼图、标记物和"
        "图板图片，以及要复制到 Tabletop Simulator「Saved Objects」文件夹的 <game>.json。",
    },
    "export print": {
        "zh-Hant": "依印刷廠的要求，把 GAME 的卡牌、指示物和板塊寫入 "
        "OUT/<game>/print/<vendor>/<lang>/。",
        "zh-Hans": "按印刷厂的要求，把 GAME 的卡牌、标记物和板块写入 "
        "OUT/<game>/print/<vendor>/<lang>/。",
    },
    "preflight": {
        "zh-Hant": "逐一配件列出 GAME 中印刷廠會退件的地方：未嵌入的字型、小於 6 pt "
        "的文字、超出安全區的文字或圖示、印刷尺寸下低於 300 dpi 的圖片、超過上限的"
        "總墨量、缺少出血。發現任何問題時以代碼 1 結束。",
        "zh-Hans": "逐个配件列出 GAME 中印刷厂会退稿的地方：未嵌入的字体、小于 6 pt "
        "的文字、超出安全区的文字或图标、印刷尺寸下低于 300 dpi 的图片、超过上限的"
        "总墨量、缺少出血。发现任何问题时以代码 1 退出。",
    },
}
OPTION_HELP.update(
    {
        "The print shop: tgc (The Game Crafter) and mpc (MakePlayingCards) take one PNG per "
        "face; drivethrucards and pdfx take PDF/X-1a in CMYK.": {
            "zh-Hant": "印刷廠：tgc（The Game Crafter）和 mpc（MakePlayingCards）每一面收一張 "
            "PNG；drivethrucards 和 pdfx 收 CMYK 的 PDF/X-1a。",
            "zh-Hans": "印刷厂：tgc（The Game Crafter）和 mpc（MakePlayingCards）每一面收一张 "
            "PNG；drivethrucards 和 pdfx 收 CMYK 的 PDF/X-1a。",
        },
        "Check against this print shop's bleed, safe zone and ink limit.": {
            "zh-Hant": "依這家印刷廠的出血、安全區和墨量上限檢查。",
            "zh-Hans": "按这家印刷厂的出血、安全区和墨量上限检查。",
        },
        "Web address the images will be uploaded to (e.g. https://example.org/game/); "
        "without it the JSON names the images by file:/// paths on this computer.": {
            "zh-Hant": "圖片將上傳到的網址（例如 https://example.org/game/）；不給時，JSON 以"
            "這台電腦上的 file:/// 路徑指向圖片。",
            "zh-Hans": "图片将上传到的网址（例如 https://example.org/game/）；不给时，JSON 以"
            "这台电脑上的 file:/// 路径指向图片。",
        },
        "Resolution of the images; deck sheets hold fewer cards to keep it within 4096 px.": {
            "zh-Hant": "圖片的解析度；為了在 4096 像素內保持這個解析度，每張牌組拼圖會放較少的牌。",
            "zh-Hans": "图片的分辨率；为了在 4096 像素内保持这个分辨率，每张牌组拼图会放较少的牌。",
        },
        "Folder holding one folder per game.": {
            "zh-Hant": "存放各遊戲資料夾的資料夾。",
            "zh-Hans": "存放各游戏文件夹的文件夹。",
        },
        "Where build results go.": {
            "zh-Hant": "輸出檔案存放的位置。",
            "zh-Hans": "输出文件存放的位置。",
        },
    }
)
