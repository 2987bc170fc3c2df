"""click's own messages and help words in Traditional and Simplified Chinese.

:data:`CLICK` maps the English text click hands to its translation hook (the message ids of
click's gettext catalogue) to Traditional (Taiwan wording) and Simplified (mainland wording)
Chinese; a message click adds later and this table lacks stays in English. :data:`METAVARS`
names an option's kind of value, :data:`PLACEHOLDERS` the usage line's ``[OPTIONS]`` and
``COMMAND``. Used by :mod:`generator.cli.clicklang`.
"""

from __future__ import annotations

CLICK: dict[str, dict[str, str]] = {
    "Usage:": {"zh-Hant": "用法：", "zh-Hans": "用法："},
    "Options": {"zh-Hant": "選項", "zh-Hans": "选项"},
    "Commands": {"zh-Hant": "指令", "zh-Hans": "命令"},
    "Positional arguments": {"zh-Hant": "位置參數", "zh-Hans": "位置参数"},
    "Show this message and exit.": {"zh-Hant": "顯示這份說明後結束。", "zh-Hans": "显示本帮助信息并退出。"},
    "Show the version and exit.": {"zh-Hant": "顯示版本後結束。", "zh-Hans": "显示版本号并退出。"},
    "%(prog)s, version %(version)s": {"zh-Hant": "%(prog)s，版本 %(version)s", "zh-Hans": "%(prog)s，版本 %(version)s"},
    "Error: {message}": {"zh-Hant": "錯誤：{message}", "zh-Hans": "错误：{message}"},
    "Try '{command} {option}' for help.": {
        "zh-Hant": "輸入「{command} {option}」查看說明。",
        "zh-Hans": "运行“{command} {option}”查看帮助。",
    },
    "Invalid value: {message}": {"zh-Hant": "值無效：{message}", "zh-Hans": "值无效：{message}"},
    "Invalid value for {param_hint}: {message}": {
        "zh-Hant": "{param_hint} 的值無效：{message}",
        "zh-Hans": "{param_hint} 的值无效：{message}",
    },
    "Missing argument": {"zh-Hant": "缺少參數", "zh-Hans": "缺少参数"},
    "Missing option": {"zh-Hant": "缺少選項", "zh-Hans": "缺少选项"},
    "Missing parameter": {"zh-Hant": "缺少參數", "zh-Hans": "缺少参数"},
    "Missing {param_type}": {"zh-Hant": "缺少{param_type}", "zh-Hans": "缺少{param_type}"},
    "Missing parameter: {param_name}": {"zh-Hant": "缺少參數：{param_name}", "zh-Hans": "缺少参数：{param_name}"},
    "Missing command.": {"zh-Hant": "缺少指令。", "zh-Hans": "缺少命令。"},
    "No such option {name!r}.": {"zh-Hant": "沒有「{name}」這個選項。", "zh-Hans": "没有“{name}”这个选项。"},
    "No such command {name!r}.": {"zh-Hant": "沒有「{name}」這個指令。", "zh-Hans": "没有“{name}”这个命令。"},
    "Did you mean {possibility}?": {
        "zh-Hant": "是不是要輸入 {possibility}？",
        "zh-Hans": "是不是想输入 {possibility}？",
    },
    "(Did you mean one of: {possibilities}?)": {
        "zh-Hant": "（是不是要輸入其中之一：{possibilities}？）",
        "zh-Hans": "（是不是想输入其中之一：{possibilities}？）",
    },
    "Got unexpected extra argument ({args})": {
        "zh-Hant": "多了用不到的參數（{args}）",
        "zh-Hans": "多了用不上的参数（{args}）",
    },
    "Got unexpected extra arguments ({args})": {
        "zh-Hant": "多了用不到的參數（{args}）",
        "zh-Hans": "多了用不上的参数（{args}）",
    },
    "Option {name!r} requires an argument.": {
        "zh-Hant": "選項「{name}」後面要接一個值。",
        "zh-Hans": "选项“{name}”后面要跟一个值。",
    },
    "Option {name!r} requires {nargs} arguments.": {
        "zh-Hant": "選項「{name}」後面要接 {nargs} 個值。",
        "zh-Hans": "选项“{name}”后面要跟 {nargs} 个值。",
    },
    "Option {name!r} does not take a value.": {
        "zh-Hant": "選項「{name}」不接受值。",
        "zh-Hans": "选项“{name}”不接受值。",
    },
    "Argument {name!r} takes {nargs} values.": {
        "zh-Hant": "參數「{name}」需要 {nargs} 個值。",
        "zh-Hans": "参数“{name}”需要 {nargs} 个值。",
    },
    "Invalid start character for option ({option})": {
        "zh-Hant": "選項開頭的字元無效（{option}）",
        "zh-Hans": "选项开头的字符无效（{option}）",
    },
    "Takes {nargs} values but 1 was given.": {
        "zh-Hant": "需要 {nargs} 個值，卻只給了 1 個。",
        "zh-Hans": "需要 {nargs} 个值，但只给了 1 个。",
    },
    "Takes {nargs} values but {len} were given.": {
        "zh-Hant": "需要 {nargs} 個值，卻給了 {len} 個。",
        "zh-Hans": "需要 {nargs} 个值，但给了 {len} 个。",
    },
    "{value!r} is not {choice}.": {"zh-Hant": "「{value}」不是 {choice}。", "zh-Hans": "“{value}”不是 {choice}。"},
    "{value!r} is not one of {choices}.": {
        "zh-Hant": "「{value}」不在可選的值之中：{choices}。",
        "zh-Hans": "“{value}”不是可选的值：{choices}。",
    },
    "Choose from:\n\t{choices}": {"zh-Hant": "可選：\n\t{choices}", "zh-Hans": "可选：\n\t{choices}"},
    "{value!r} is not a valid {number_type}.": {
        "zh-Hant": "「{value}」不是有效的數值。",
        "zh-Hans": "“{value}”不是有效的数值。",
    },
    "{value} is not in the range {range}.": {
        "zh-Hant": "{value} 超出範圍 {range}。",
        "zh-Hans": "{value} 超出范围 {range}。",
    },
    "file": {"zh-Hant": "檔案", "zh-Hans": "文件"},
    "directory": {"zh-Hant": "資料夾", "zh-Hans": "目录"},
    "path": {"zh-Hant": "路徑", "zh-Hans": "路径"},
    "{name} {filename!r} does not exist.": {"zh-Hant": "{name}「{filename}」不存在。", "zh-Hans": "{name}“{filename}”不存在。"},
    "{name} {filename!r} is a file.": {"zh-Hant": "{name}「{filename}」是檔案。", "zh-Hans": "{name}“{filename}”是文件。"},
    "{name} {filename!r} is a directory.": {"zh-Hant": "{name}「{filename}」是資料夾。", "zh-Hans": "{name}“{filename}”是目录。"},
    "{name} {filename!r} is not readable.": {"zh-Hant": "{name}「{filename}」無法讀取。", "zh-Hans": "{name}“{filename}”无法读取。"},
    "{name} {filename!r} is not writable.": {"zh-Hant": "{name}「{filename}」無法寫入。", "zh-Hans": "{name}“{filename}”无法写入。"},
    "{name} {filename!r} is not executable.": {"zh-Hant": "{name}「{filename}」無法執行。", "zh-Hans": "{name}“{filename}”无法执行。"},
    "Could not open file {filename!r}: {message}": {
        "zh-Hant": "無法開啟檔案「{filename}」：{message}",
        "zh-Hans": "无法打开文件“{filename}”：{message}",
    },
    "required": {"zh-Hant": "必填", "zh-Hans": "必填"},
    "default: {default}": {"zh-Hant": "預設：{default}", "zh-Hans": "默认：{default}"},
    "env var: {var}": {"zh-Hant": "環境變數：{var}", "zh-Hans": "环境变量：{var}"},
    "(dynamic)": {"zh-Hant": "（動態）", "zh-Hans": "（动态）"},
    "deprecated": {"zh-Hant": "已停用", "zh-Hans": "已弃用"},
    "Aborted!": {"zh-Hant": "已中止！", "zh-Hans": "已中止！"},
}  # fmt: skip

# An option's kind of value, as the help page shows it after the option's name.
METAVARS: dict[str, dict[str, str]] = {
    "text": {"zh-Hant": "文字", "zh-Hans": "文本"},
    "integer": {"zh-Hant": "整數", "zh-Hans": "整数"},
    "integer range": {"zh-Hant": "整數", "zh-Hans": "整数"},
    "float": {"zh-Hant": "數值", "zh-Hans": "数值"},
    "path": {"zh-Hant": "路徑", "zh-Hans": "路径"},
    "filename": {"zh-Hant": "檔名", "zh-Hans": "文件名"},
}

# The usage line's placeholders for options and a group's command.
PLACEHOLDERS: dict[str, dict[str, str]] = {
    "[OPTIONS]": {"zh-Hant": "[選項]", "zh-Hans": "[选项]"},
    "COMMAND [ARGS]...": {"zh-Hant": "指令 [參數]...", "zh-Hans": "命令 [参数]..."},
}

USAGE = {"zh-Hant": "用法：", "zh-Hans": "用法："}

# Said after "no such option --lang" when --lang comes before the command.
LANG_PLACE = {
    "zh-Hant": "--lang 要寫在指令之後，例如 pnp roll 2d6 --lang zh-Hant。",
    "zh-Hans": "--lang 要写在命令之后，例如 pnp roll 2d6 --lang zh-Hans。",
}
