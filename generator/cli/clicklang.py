"""The language a run speaks, and click's own words and help pages in it.

:func:`speaking` wraps one run of the click group: it sets the language of the catalogues
(:func:`generator.locale.use_language`) to the run's ``--lang``, else the locale, and for a
language other than English it gives click's messages (a missing argument, an unknown option or
command, a value out of range) and help headings through click's translation hook (each click
module's ``gettext`` name), says every command's and option's help from the catalogues, and
wraps text by its width on screen (a Chinese character takes two columns) with the line-break
rules of the rule sheets. Everything is put back when the run ends. In English click's words
stay its own, said without its search of the system's gettext catalogues (a file search and the
``locale`` module on every message).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.termui
import click.types
import click.utils

from ..locale import N_, Translation, _, current_language, translation, use_language
from ..text.columns import width, wrap_text

# option kinds whose names a help page shows translated (as the "metavar" context)
METAVARS = ("text", "integer", "integer range", "float", "path", "filename")


# commands whose --lang names the catalogue they work on, not the language they speak
CATALOGUE_COMMANDS = ("translate",)


def chosen(argv: list[str]) -> str:
    """The language of a command line: its ``--lang`` when that names one language, else the
    locale (English when neither is Chinese).

    A print command's ``--lang`` may list several languages to build (``zh-Hant,zh-Hans``,
    ``all``); the run then speaks the locale's language. The ``--lang`` of ``pnp translate``
    names the catalogue to export or import; only a ``--lang`` before the command sets the
    language it speaks there.
    """
    from ..companion.i18n import detect

    given = None
    command = None
    for n, arg in enumerate(argv):
        if arg == "--":
            break
        if command is None and not arg.startswith("-") and (n == 0 or argv[n - 1] != "--lang"):
            command = arg
        if command in CATALOGUE_COMMANDS and (arg == "--lang" or arg.startswith("--lang=")):
            break
        if arg == "--lang" and n + 1 < len(argv):
            given = argv[n + 1]
            break
        if arg.startswith("--lang="):
            given = arg[len("--lang=") :]
            break
    if given is not None and "," not in given and given.lower() != "all":
        return detect(given)
    return detect(None)


def speak(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A command's ``--lang``: the command speaks it until it ends (also when the command runs
    on its own, not through ``pnp``'s entry point)."""
    if value:
        from ..companion.i18n import detect

        lang = detect(value)
        if lang == "en" and not value.lower().replace("_", "-").startswith("en"):
            raise click.BadParameter(
                _("{value!r} is not a language; use en, zh-Hant or zh-Hans").format(value=value)
            )
        before = current_language()
        use_language(lang)
        ctx.call_on_close(lambda: use_language(before))
    return value


def lang_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--lang`` of a table command, passed on to it (see :func:`speak`)."""
    return click.option(
        "--lang",
        default=None,
        is_eager=True,
        callback=speak,
        help=N_("en, zh-Hant or zh-Hans (default: the locale)."),
    )(fn)


def speaks(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A ``--lang`` that only chooses the language of a command's messages (commands that have
    no other use for the option)."""
    return click.option(
        "--lang",
        default=None,
        expose_value=False,
        is_eager=True,
        callback=speak,
        help=N_("Language of the messages: en, zh-Hant or zh-Hans (default: the locale)."),
    )(fn)


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


def _said(gettext: Any, text: str | None) -> str | None:
    """A help text (a docstring or ``help=``) in the run's language."""
    return gettext(inspect.cleandoc(text)) if text else text


def _help_pages(swaps: _Swaps, gettext: Any) -> None:
    """Commands' and options' help, usage placeholders and value kinds from the catalogues."""
    import click

    command = click.Command
    help_text, short_help = command.format_help_text, command.get_short_help_str
    usage, help_record = command.collect_usage_pieces, click.Option.get_help_record
    group_usage = click.Group.collect_usage_pieces
    metavar = click.Parameter.make_metavar

    def with_help(self: Any, run: Any, *args: Any) -> Any:
        saved = (self.help, getattr(self, "short_help", None))
        self.help = _said(gettext, saved[0])
        if saved[1] is not None:
            self.short_help = _said(gettext, saved[1])
        try:
            return run(self, *args)
        finally:
            self.help = saved[0]
            if saved[1] is not None:
                self.short_help = saved[1]

    swaps.set(command, "format_help_text", lambda self, *a: with_help(self, help_text, *a))
    swaps.set(command, "get_short_help_str", lambda self, *a: with_help(self, short_help, *a))
    swaps.set(click.Option, "get_help_record", lambda self, *a: with_help(self, help_record, *a))
    swaps.set(command, "collect_usage_pieces", lambda self, ctx: _pieces(usage(self, ctx)))
    swaps.set(
        click.Group, "collect_usage_pieces", lambda self, ctx: _pieces(group_usage(self, ctx))
    )

    def _pieces(pieces: list[str]) -> list[str]:
        return [gettext(p) if p in ("[OPTIONS]", "COMMAND [ARGS]...") else p for p in pieces]

    lang = current_language()

    def kind(self: Any, ctx: Any) -> str:
        shown = metavar(self, ctx)
        name = getattr(self.type, "name", "")
        if self.metavar is None and not getattr(self, "is_flag", False) and name in METAVARS:
            said = translation(lang).pgettext("metavar", name)
            return said + ("..." if shown.endswith("...") else "")
        return shown

    swaps.set(click.Parameter, "make_metavar", kind)


def _click_words(swaps: _Swaps, said: Translation) -> None:
    """click's messages said by ``said`` (each click module's ``_`` and ``ngettext``)."""
    # click.decorators makes options (``--help``) once per command: their help stays English
    # there and is said in the run's language when a help page is written
    swaps.set(click.decorators, "_", translation("en").gettext)
    for module in (
        click.core,
        click.exceptions,
        click.formatting,
        click.parser,
        click.termui,
        click.types,
        click.utils,
    ):
        if hasattr(module, "_"):
            swaps.set(module, "_", said.gettext)
        if hasattr(module, "ngettext"):
            swaps.set(module, "ngettext", said.ngettext)


@contextmanager
def speaking(argv: list[str]) -> Iterator[str]:
    """Run in the language of ``argv`` (see :func:`chosen`) until the block ends."""
    lang = chosen(argv)
    before = current_language()
    use_language(lang)
    said = translation(lang)
    swaps = _Swaps()
    if lang == "en":  # click's words as they are, without its search of the system's catalogues
        try:
            _click_words(swaps, said)
            yield lang
        finally:
            swaps.undo()
            use_language(before)
        return
    formatter = click.formatting.HelpFormatter
    write_usage = formatter.write_usage

    def usage_line(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:  # no space after a full-width colon
            prefix = said.gettext("Usage:")
            prefix += "" if width(prefix[-1:]) == 2 else " "
        write_usage(self, prog, args, prefix)

    def missing_message(self: Any) -> str:
        """click's "Missing ..." as one sentence of the catalogue, with the choices after it."""
        param, hint = self.param, self.param_hint
        if hint is None and param is not None:
            hint = param.get_error_hint(self.ctx)
        hint = click.exceptions._join_param_hints(hint) or ""
        kind = self.param_type or (param.param_type_name if param is not None else "parameter")
        text = {
            "argument": said.gettext(N_("Missing argument {name}.")),
            "option": said.gettext(N_("Missing option {name}.")),
        }.get(kind, said.gettext(N_("Missing parameter {name}.")))
        extra = param.type.get_missing_message(param=param, ctx=self.ctx) if param else None
        return " ".join(t for t in (text.format(name=hint), self.message, extra) if t)

    def heading(self: Any, name: str) -> None:
        heading = said.gettext(N_("{heading}:")).format(heading=name)
        self.write(f"{'':>{self.current_indent}}{heading}\n")

    try:
        _click_words(swaps, said)
        swaps.set(click.formatting, "wrap_text", wrap_text)
        swaps.set(click.formatting, "term_len", width)
        swaps.set(formatter, "write_usage", usage_line)
        swaps.set(click.exceptions.MissingParameter, "format_message", missing_message)
        swaps.set(formatter, "write_heading", heading)
        _help_pages(swaps, said.gettext)
        yield lang
    finally:
        swaps.undo()
        use_language(before)
