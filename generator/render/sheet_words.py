"""The words a sheet's label starts with, in the sheet's language: game, component, languages.

Owns the language names the label prints (marked for the catalogues) and :func:`sheet_words`,
which card sheets, boards and player aids share.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..locale import N_, translation

# each language's name, marked for the catalogues (the label names the languages it serves)
LANGUAGE_NAMES: dict[str, str] = {
    "en": N_("English"),
    "zh-Hant": N_("Traditional Chinese"),
    "zh-Hans": N_("Simplified Chinese"),
}


def sheet_words(
    lang: str, game: str, component: str, sheet: int, sheets: int, langs: Sequence[str] = ()
) -> str:
    """The start of a sheet's label in ``lang``: game, component, languages, sheet n of m.

    ``langs`` are the languages whose pieces the sheet prints (all of them when empty).
    """
    t = translation(lang)
    if not langs:
        served = t.gettext("all languages")
    else:
        served = t.pgettext("between items of a list", ", ").join(
            t.gettext(LANGUAGE_NAMES.get(code, code)) for code in langs
        )
    return t.gettext("{game} · {component} · {languages} · sheet {sheet}/{sheets}").format(
        game=game, component=component, languages=served, sheet=sheet, sheets=sheets
    )
