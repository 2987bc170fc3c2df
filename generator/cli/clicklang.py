"""Click's own words and the table commands' help pages in the players' language.

A table command line (``roll``, ``session``, ``fate``, ``deck``, ``score``, ``undo``, ``log``,
``status``, ``play``) speaks the language of its ``--lang`` option, else of the locale, like the
rest of the companion. :func:`speaking` wraps one run of the click group: in Chinese it gives
click's messages (a missing argument, an unknown option or command, a value out of range) and
its help headings through click's translation hook (each click module's ``gettext`` name), puts
the commands' and options' help from :mod:`generator.cli.helptext` in place of the English, and
wraps text by its width on screen (a Chinese character takes two columns). Everything is put
back when the run ends; in English nothing is touched, so the output stays click's own.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

TABLE = (
    "roll",
    "odds",
    "session",
    "fate",
    "deck",
    "score",
    "undo",
    "log",
    "status",
    "play",
    "turn",
)
# print-side commands whose --lang, the language of the files they write, is also the
# language they speak (without --lang they speak English, as the other print commands do)
SPEAKS_ITS_LANG = ("export", "preflight")
WIDE = ("W", "F")
NO_START = set("，。、；：？！）」』〉》】”’…%,.;:?!)]}")
NO_END = set("（「『〈《【“‘([{")


def chosen(argv: list[str], group: Any) -> str:
    """The language of a command line: its ``--lang``, else the locale for a table command.

    A command of the print side (``build``, ``rules`` ...) stays in English: its ``--lang``
    names the languages to build, not the language to speak.
    """
    import click

    first = next((a for a in argv if not a.startswith("-")), "")
    commands = group.list_commands(click.Context(group))
    if first in commands and first not in TABLE and first not in SPEAKS_ITS_LANG:
        return "en"
    given = None
    for n, arg in enumerate(argv):
        if arg == "--lang" and n + 1 < len(argv):
            given = argv[n + 1]
            break
        if arg.startswith("--lang="):
            given = arg[len("--lang=") :]
            break
    if given is None and first not in TABLE:
        return "en"
    from ..companion.i18n import detect

    return detect(given)


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (a wide character counts two)."""
    import click

    return sum(2 if unicodedata.east_asian_width(c) in WIDE else 1 for c in click.unstyle(text))


def _tokens(text: str) -> list[tuple[str, bool]]:
    """Unbreakable pieces of a paragraph, each with whether a space comes before it.

    A Chinese character is a piece of its own (a line may break before it), a run of Latin
    letters, digits and signs is one piece; closing punctuation stays with what it closes and
    opening punctuation with what it opens. A space between two Chinese characters is dropped.
    """
    tokens: list[tuple[str, bool]] = []
    space = False
    for ch in text:
        if ch.isspace():
            space = bool(tokens)
            continue
        wide = unicodedata.east_asian_width(ch) in WIDE
        if tokens:
            last = tokens[-1][0]
            last_wide = unicodedata.east_asian_width(last[-1]) in WIDE
            if space and wide and last_wide:
                space = False
            joins = not space and (
                ch in NO_START or last[-1] in NO_END or (not wide and not last_wide)
            )
            if joins:
                tokens[-1] = (last + ch, tokens[-1][1])
                continue
        tokens.append((ch, space))
        space = False
    return tokens


def fill(text: str, columns: int, first: str = "", rest: str = "") -> str:
    """One paragraph wrapped to ``columns`` screen columns, with the two indents."""
    lines: list[str] = []
    line, used = first, width(first)
    empty = True
    for token, spaced in _tokens(text):
        gap = 1 if spaced and not empty else 0
        size = width(token)
        if not empty and used + gap + size > columns:
            lines.append(line)
            line, used, gap, empty = rest, width(rest), 0, True
        line += " " * gap + token
        used += gap + size
        empty = False
    lines.append(line)
    return "\n".join(lines)


def wrap_text(
    text: str,
    width: int = 78,
    initial_indent: str = "",
    subsequent_indent: str = "",
    preserve_paragraphs: bool = False,
) -> str:
    """click's ``wrap_text`` (paragraphs, ``\\b`` blocks kept as written) by screen width."""
    text = text.expandtabs()
    if not preserve_paragraphs:
        return fill(text, width, initial_indent, subsequent_indent)
    paragraphs: list[tuple[int, bool, list[str]]] = []
    block: list[str] = []
    indent = 0
    for line in [*text.splitlines(), ""]:
        if line:
            if not block:
                indent = len(line) - len(line.lstrip())
                line = line.lstrip()
            block.append(line)
            continue
        if block:
            raw = block[0].strip() == "\b"
            paragraphs.append((indent, raw, block[1:] if raw else block))
            block = []
    out = []
    for indent, raw, lines in paragraphs:
        pad = " " * indent
        if raw:
            out.append(
                "\n".join(
                    (initial_indent if n == 0 else subsequent_indent) + pad + line
                    for n, line in enumerate(lines)
                )
            )
        else:
            out.append(fill(" ".join(lines), width, initial_indent + pad, subsequent_indent + pad))
    return "\n\n".join(out)


def _commands(group: Any) -> Iterator[tuple[str, Any]]:
    """Every table command and group with its path (``"session new"``), and the ``pnp`` group."""
    import click

    yield "", group

    def walk(path: str, cmd: Any) -> Iterator[tuple[str, Any]]:
        yield path, cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from walk(f"{path} {name}", sub)

    ctx = click.Context(group)
    for name in (*TABLE, *SPEAKS_ITS_LANG):
        yield from walk(name, group.get_command(ctx, name))


class _Swaps:
    """Attributes set for one run, and the values to put back."""

    def __init__(self) -> None:
        self.saved: list[tuple[Any, str, Any]] = []

    def set(self, obj: Any, name: str, value: Any) -> None:
        """Set ``obj.name`` to ``value`` until :meth:`undo`."""
        self.saved.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def undo(self) -> None:
        """Put every attribute back, the last set first."""
        for obj, name, value in reversed(self.saved):
            setattr(obj, name, value)
        self.saved.clear()


def _translators(lang: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    from .clickwords import CLICK

    def gettext(msgid: str) -> str:
        return CLICK.get(msgid, {}).get(lang, msgid)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    return gettext, ngettext


def _localize_commands(swaps: _Swaps, lang: str, group: Any) -> None:
    """Put the Chinese help, usage placeholders and option metavars on the table commands."""
    import click

    from .clickwords import CLICK, METAVARS, PLACEHOLDERS
    from .helptext import COMMAND_HELP, OPTION_HELP, PRINT_COMMAND_HELP

    pages = {**COMMAND_HELP, **PRINT_COMMAND_HELP}
    for path, cmd in _commands(group):
        if path in pages:
            text = pages[path][lang]
            swaps.set(cmd, "help", text)
            swaps.set(cmd, "short_help", text.split("\n", 1)[0])
        for attr in ("options_metavar", "subcommand_metavar"):
            shown = getattr(cmd, attr, None)
            if shown in PLACEHOLDERS:
                swaps.set(cmd, attr, PLACEHOLDERS[shown][lang])
        swaps.set(cmd, "_help_option", getattr(cmd, "_help_option", None))
        params = [*cmd.params]
        if cmd._help_option is not None:
            params.append(cmd._help_option)
        for param in params:
            if not isinstance(param, click.Option):
                continue
            said = OPTION_HELP.get(param.help or "") or CLICK.get(param.help or "")
            if said:
                swaps.set(param, "help", said[lang])
            name = getattr(param.type, "name", "")
            if param.metavar is None and not param.is_flag and name in METAVARS:
                swaps.set(param, "metavar", METAVARS[name][lang])


@contextmanager
def speaking(argv: list[str], group: Any) -> Iterator[str]:
    """Run click (the ``pnp`` ``group``) in the language of ``argv`` (see :func:`chosen`)
    until the block ends."""
    lang = chosen(argv, group)
    if lang == "en":
        yield lang
        return
    import click
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    from .clickwords import LANG_PLACE, USAGE

    gettext, ngettext = _translators(lang)
    swaps = _Swaps()
    formatter = click.formatting.HelpFormatter
    write_usage = formatter.write_usage
    missing = click.exceptions.MissingParameter.format_message
    no_option = click.exceptions.NoSuchOption.format_message
    no_command = getattr(click.exceptions, "NoSuchCommand", None)

    def usage_line(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, USAGE[lang] if prefix is None else prefix)

    def heading(self: Any, name: str) -> None:
        self.write(f"{'':>{self.current_indent}}{name}：\n")

    def missing_message(self: Any) -> str:
        head, dot, rest = missing(self).partition(". ")
        return f"{head}。{rest}" if dot else head.removesuffix(".") + "。"

    def no_option_message(self: Any) -> str:
        text = no_option(self).replace("。 ", "。")
        return f"{text}{LANG_PLACE[lang]}" if self.option_name == "--lang" else text

    try:
        for module in (click.core, click.decorators, click.exceptions, click.formatting):
            swaps.set(module, "_", gettext)
        for module in (click.parser, click.types):
            if hasattr(module, "_"):
                swaps.set(module, "_", gettext)
        for module in (click.core, click.exceptions, click.parser, click.types):
            if hasattr(module, "ngettext"):
                swaps.set(module, "ngettext", ngettext)
        swaps.set(click.formatting, "wrap_text", wrap_text)
        swaps.set(click.formatting, "term_len", width)
        swaps.set(formatter, "write_usage", usage_line)
        swaps.set(formatter, "write_heading", heading)
        swaps.set(click.exceptions.MissingParameter, "format_message", missing_message)
        swaps.set(click.exceptions.NoSuchOption, "format_message", no_option_message)
        if no_command is not None:
            said = no_command.format_message
            swaps.set(no_command, "format_message", lambda e: said(e).replace("。 ", "。"))
        _localize_commands(swaps, lang, group)
        yield lang
    finally:
        swaps.undo()
