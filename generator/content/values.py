"""The checks on the values a component, an item or a back gives its layout.

Values are named (a lone per-language text in their place is refused, since no template could
show it: :func:`named_values`), and a per-language text names only the languages the game is
written in (:func:`check_langs`). :mod:`.loader` calls both while it loads a game.
"""

from __future__ import annotations

from typing import Any

from ..errors import IssueCollector
from ..locale import _
from ..text.localtext import LANGS, is_local_text
from .validate import key_path, suggest
from .yamlload import Loaded, Marks


def named_values(
    value: dict[str, Any], at: tuple[Any, ...], where: Loaded | Marks, issues: IssueCollector
) -> bool:
    """Whether ``value`` names its values (a back's or a component's data); a per-language text
    in its place is a located error, since the layout's templates could not name it."""
    if not is_local_text(value):
        return True
    marks = where.marks if isinstance(where, Loaded) else where
    issues.add(
        marks.locate(at),
        key_path(at),
        _(
            "one per-language text here has no name a layout could show it by; give named "
            "values, e.g. {{label: {{en: ..., zh-Hant: ...}}}} shown by {{{{ label }}}} in the layout"
        ).format(),
    )
    return False


def check_langs(
    value: Any,
    path: tuple[Any, ...],
    loaded: Loaded,
    langs: tuple[str, ...],
    issues: IssueCollector,
) -> None:
    """A per-language text names only languages the game is written in."""
    if isinstance(value, list):
        for k, v in enumerate(value[:1000]):
            check_langs(v, (*path, k), loaded, langs, issues)
        return
    if not isinstance(value, dict):
        return
    if any(k in LANGS for k in value):
        for k in value:
            if k in langs:
                continue
            at = (*path, k)
            if k in LANGS:
                why = f"{k!r} is not one of this game's languages ({', '.join(langs)}); add it to languages: in game.yaml"
            else:
                why = f"{k!r} is not a language pnp prints ({', '.join(LANGS)}){suggest(str(k), LANGS)}"
            issues.add(loaded.marks.locate(at, key=True), key_path(at), why)
        return
    for k, v in value.items():
        check_langs(v, (*path, k), loaded, langs, issues)
