"""Marks a Chinese reviewer sends back: quotes that belong to other scripts.

:func:`mark_problems` looks at a text as it prints (references already replaced by their
renderings) and reports, as (fragment to find in the file, message):

- an ASCII quote (``"``, or an apostrophe beside a Chinese character) inside Chinese text;
- a Latin quote mark (« » ‹ › „), which neither region's Chinese uses.

The other region's quote marks (「」 in zh-Hans, “” in zh-Hant) and the middle dot ``・``
that Taiwan text writes where mainland text has the interpunct ``·`` are regional forms
(:mod:`generator.text.regional`), reported with the other region's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..locale import _

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_PUNCT = "，。、；：！？（）「」『』“”‘’《》〈〉…—"
_APOSTROPHE = f"[{HAN}{CJK_PUNCT}]\\s*'|'\\s*[{HAN}]"  # compiled by re on first use
LATIN_QUOTES = "«»‹›„"


def mark_problems(shown: str, lang: str) -> Iterator[tuple[str, str]]:
    """(fragment, message) for each mark of ``shown`` (Chinese text in ``lang``) that belongs
    to another script."""
    if '"' in shown or re.search(_APOSTROPHE, shown):
        yield (
            '"' if '"' in shown else "'",
            (
                _("ASCII quote inside Chinese text: use 「」 (and 『』 inside)")
                if lang == "zh-Hant"
                else _("ASCII quote inside Chinese text: use “” (and ‘’ inside)")
            ),
        )
    for q in LATIN_QUOTES:
        if q in shown:
            said = (
                _("{mark!r} is not a quote mark of Taiwan text: use 「」 (and 『』 inside)")
                if lang == "zh-Hant"
                else _("{mark!r} is not a quote mark of mainland text: use “” (and ‘’ inside)")
            )
            yield q, said.format(mark=q)
            break
