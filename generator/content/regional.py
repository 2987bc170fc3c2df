"""Regional Chinese usage: the Taiwan-only and mainland-only word lists, and applying them.

The lists are data (``regional.yaml`` beside this module). :func:`to_mainland` rewrites the
Taiwan-only forms that OpenCC's tw2sp leaves in derived Simplified text; :func:`regional_forms`
finds the forms a text in one language should not contain, for ``pnp rules check``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

DATA = Path(__file__).with_name("regional.yaml")
# which list a text in each language is checked against
_LIST_FOR: dict[str, str] = {"zh-Hans": "taiwan_only", "zh-Hant": "mainland_only"}
_REGION: dict[str, str] = {"taiwan_only": "Taiwan", "mainland_only": "mainland"}


@dataclass(frozen=True)
class Form:
    """One regional form, what to write instead, and words where the form is right anyway."""

    form: str
    use: str
    keep: tuple[str, ...] = ()

    @property
    def pattern(self) -> re.Pattern[str]:
        """A pattern that finds the form, matching the words to keep first so they are skipped."""
        keep = "|".join(re.escape(k) for k in sorted(self.keep, key=len, reverse=True))
        found = re.escape(self.form)
        return re.compile(f"({keep})|{found}" if keep else f"((?!))|{found}")


@lru_cache(maxsize=1)
def _lists() -> dict[str, tuple[Form, ...]]:
    data = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return {
        name: tuple(
            Form(str(e["form"]), str(e["use"]), tuple(str(k) for k in e.get("keep", ())))
            for e in data[name]
        )
        for name in _LIST_FOR.values()
    }


@lru_cache(maxsize=1)
def _mainland_rewrite() -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every form (words to keep tried first, longest first) and its table."""
    forms = _lists()["taiwan_only"]
    keep = sorted({k for f in forms for k in f.keep}, key=len, reverse=True)
    found = sorted((f.form for f in forms), key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in found)
    kept = "|".join(re.escape(w) for w in keep) or "(?!)"
    return re.compile(f"({kept})|({alternatives})"), {f.form: f.use for f in forms}


def to_mainland(text: str) -> str:
    """``text`` (Simplified script) with every Taiwan-only form replaced by the mainland one."""
    pattern, use = _mainland_rewrite()
    return pattern.sub(lambda m: m.group(1) or use[m.group(2)], text)


@dataclass(frozen=True)
class Found:
    """A regional form found in a text."""

    form: str
    use: str
    region: str  # "Taiwan" or "mainland": whose usage the form is


def regional_forms(text: str, lang: str) -> list[Found]:
    """Forms in ``text`` that belong to the other region's usage than ``lang``'s readers."""
    name = _LIST_FOR.get(lang)
    if name is None:
        return []
    out: list[Found] = []
    for f in _lists()[name]:
        if any(not m.group(1) for m in f.pattern.finditer(text)):
            out.append(Found(f.form, f.use, _REGION[name]))
    return out
