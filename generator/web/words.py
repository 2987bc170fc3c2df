"""The pages' own words, marked for the catalogues, and the language a request is answered in.

Every text a page shows that is not the game's is here, through gettext (the same catalogues as
the command line), so the templates hold no English of their own. The language is the one the
page's switch chose (a cookie), else the first of the browser's Accept-Language that the program
speaks, else English.
"""

from __future__ import annotations

from ..locale import N_, translation

LANGS = ("en", "zh-Hant", "zh-Hans")
# the switch shows each language in its own words, so these are never translated
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}

WORDS = {
    "table": N_("Table"),
    "host": N_("Host"),
    "your_view": N_("{player}'s view: keep this page to yourself"),
    "table_view": N_("The table: what everyone may see"),
    "host_view": N_("Host: what everyone may see, and the host's moves"),
    "hand": N_("Your hand and reserve"),
    "no_hand": N_("You hold no cards."),
    "moves": N_("Your moves now"),
    "host_moves": N_("Host moves"),
    "state": N_("On the table"),
    "log": N_("Last events"),
    "odds": N_("Odds"),
    "language": N_("Language"),
    "noscript": N_(
        "Without JavaScript the page does not follow the table by itself: reload it to see the "
        "latest moves."
    ),
    "landing": N_(
        "This computer is serving a game table. Open the link the host gave you: each player has "
        "their own."
    ),
    "not_found": N_("This link is not one of this table's: ask the host for yours."),
    "too_big": N_("That request is too large."),
    "too_many": N_("Too many requests at once: wait a moment and try again."),
    "bad_csrf": N_("This page is out of date or was not sent by this table: reload it."),
    "refused": N_("Refused: {reason}"),
}


def words(lang: str) -> dict[str, str]:
    """The pages' words in ``lang``."""
    said = translation(lang)
    return {key: said.gettext(text) for key, text in WORDS.items()}


def negotiate(accept: str | None) -> str:
    """The language to answer a browser in, from its Accept-Language header."""
    choices: list[tuple[float, int, str]] = []
    for k, part in enumerate((accept or "").split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        found = _lang_of_tag(tag.strip().lower())
        if found and q > 0:
            choices.append((-q, k, found))
    return sorted(choices)[0][2] if choices else "en"


def _lang_of_tag(tag: str) -> str | None:
    """The program's language for one language tag (zh-TW: Traditional, zh-CN: Simplified)."""
    if tag.startswith("zh"):
        if any(m in tag for m in ("hant", "-tw", "-hk", "-mo")):
            return "zh-Hant"
        return "zh-Hans"
    if tag.startswith("en") or tag == "*":
        return "en"
    return None
