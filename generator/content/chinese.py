"""Traditional <-> Simplified Chinese conversion with protected terms.

Wraps the native OpenCC converter. :func:`to_mainland_simplified` is how zh-Hans is derived:
OpenCC's Taiwan-to-mainland profile with phrase conversion (tw2sp), then the Taiwan-only forms
it leaves (quotes 「」, 牠, 抵销 ...) rewritten from the data in ``regional.yaml``. Glossary terms are swapped for private-use placeholders
before conversion and restored afterwards, so an approved rendering is never rewritten by
OpenCC's phrase tables (which, for example, turn 项目 into 專案 in s2twp).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from .regional import to_mainland

_PUA_START = 0xF0000  # Supplementary Private Use Area-A: never in real text


@lru_cache(maxsize=8)
def _converter(config: str):  # type: ignore[no-untyped-def]
    import opencc

    return opencc.OpenCC(config)


def convert(
    text: str,
    config: str = "t2s",
    protect: Mapping[str, str] | Iterable[str] = (),
    after: Callable[[str], str] | None = None,
) -> str:
    """Convert ``text`` with OpenCC ``config`` (t2s, s2t, s2tw, s2twp, ...).

    ``protect`` maps source strings to the exact output wanted for them (or lists strings that
    must come out unchanged). Longer terms are protected first so a term inside another one
    does not split it. ``after`` rewrites the converted text while the protected terms are
    still hidden, so it never touches them.
    """
    table = dict(protect) if isinstance(protect, Mapping) else {t: t for t in protect}
    placeholders: dict[str, str] = {}
    work = text
    for n, term in enumerate(sorted((t for t in table if t), key=len, reverse=True)):
        if term in work:
            mark = chr(_PUA_START + n)
            placeholders[mark] = table[term]
            work = work.replace(term, mark)
    out = _converter(config).convert(work)
    if after is not None:
        out = after(out)
    for mark, replacement in placeholders.items():
        out = out.replace(mark, replacement)
    return out


def to_simplified(text: str, protect: Mapping[str, str] | Iterable[str] = ()) -> str:
    """Traditional -> Simplified (OpenCC t2s), glossary terms kept as given."""
    return convert(text, "t2s", protect)


def to_traditional(text: str, protect: Mapping[str, str] | Iterable[str] = ()) -> str:
    """Simplified -> Traditional (OpenCC s2t), glossary terms kept as given."""
    return convert(text, "s2t", protect)


def to_mainland_simplified(text: str, protect: Mapping[str, str] | Iterable[str] = ()) -> str:
    """Taiwan Traditional -> mainland Simplified (OpenCC tw2sp, then regional rewrites).

    Protected terms come out exactly as given, untouched by either step.
    """
    return convert(text, "tw2sp", protect, to_mainland)
