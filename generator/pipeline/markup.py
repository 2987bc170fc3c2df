"""How a text's markup would print wrongly, and the words that say so.

:func:`markup_problems` finds an unknown inline icon (``:name:``), a colour tag that is not a
``#rrggbb`` or ``#rgb`` colour, an unclosed ``**`` and a lone ``*``; :func:`_describe` tells
each in the program's language, with the nearest known icon. :mod:`.textcheck` reports them
for every face of a build.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable

from ..content.markup import TOKEN
from ..content.validate import suggest
from ..locale import _

# what looks like a colour tag ``[#...]`` but is not one the renderer knows (#rgb, #rrggbb)
_BAD_COLOUR = re.compile(r"\[#(?![0-9a-fA-F]{6}\]|[0-9a-fA-F]{3}\])[^\]\s]{0,20}\]")


def markup_problems(text: str, icons: Container[str]) -> list[tuple[str, str]]:
    """(kind, what) for each way ``text``'s markup would print wrongly: ``icon`` (an unknown
    ``:name:``), ``bold`` (an unclosed ``**``) and ``italic`` (a lone ``*``)."""
    known = icons
    bold = italic = False
    unknown: list[str] = []
    for token in TOKEN.findall(text):
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token.startswith(":") and token[1:-1] not in known and token[1:-1] not in unknown:
            unknown.append(token[1:-1])
    out = [("icon", name) for name in unknown]
    out += [("colour", tag) for tag in dict.fromkeys(_BAD_COLOUR.findall(text))]
    if bold:
        out.append(("bold", "**"))
    if italic:
        out.append(("italic", "*"))
    return out


def _describe(kind: str, what: str, icons: Iterable[str]) -> str:
    if kind == "icon":
        said = _(
            "unknown inline icon ':{icon}:'; use a shared icon (pnp icons) or add icons/{icon}.svg"
        )
        return said.format(icon=what) + suggest(what, icons)
    if kind == "colour":
        return _(
            "{tag} is not a colour tag the text can use (it would print as it is); "
            "write [#rgb] or [#rrggbb], e.g. [#c03020]red words[/]"
        ).format(tag=repr(what))
    if kind == "bold":
        return _(
            "'**' opens bold that is never closed, so the rest prints bold; close it with '**'"
        )
    return _(
        "a lone '*' opens italic that is never closed (the star does not print); write \\* for a star"
    )
