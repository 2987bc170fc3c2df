"""Regional Chinese usage: the lexicon, the game-vocabulary phrase table, and applying them.

:func:`script_only` converts the characters of a text to one Chinese script (OpenCC t2s / s2t)
and nothing else; the lexicon is written in each script and read through it.

Both are data beside this module. ``phrases.yaml`` holds the reviewed game words that Taiwan
and mainland rule books write differently; :func:`phrase_table` gives the entries for one
direction of derivation. ``regional.yaml`` is the lexicon: Taiwan-only and mainland-only words
(:func:`to_region` rewrites them in derived text), what software phrase tables make of rule
words, and groups of synonyms. :func:`regional_forms` finds what a text in one language should
not contain, for ``pnp rules check`` and for the tests of the printed PDFs: the lexicon's forms,
then what OpenCC's maintained Taiwan phrase tables (:mod:`.opencc_words`) replace, in both
directions, less the lexicon's ``both_regions`` words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import opencc
import yaml

from .opencc_words import replaced_words

DATA = Path(__file__).with_name("regional.yaml")
PHRASES = Path(__file__).with_name("phrases.yaml")
# which list a text in each language is checked against, and rewritten with when derived
_LIST_FOR: dict[str, str] = {"zh-Hans": "taiwan_only", "zh-Hant": "mainland_only"}
_REGION: dict[str, str] = {"taiwan_only": "Taiwan", "mainland_only": "mainland"}
CONVERTER = "converter"  # the "region" of a converter's mistranslation
# the script of each language's text: what its `phrases.yaml` side is called
_SIDE: dict[str, str] = {"zh-Hans": "hans", "zh-Hant": "hant"}
_CONFIG: dict[str, str] = {"zh-Hans": "t2s", "zh-Hant": "s2t"}  # OpenCC's characters-only profiles


@lru_cache(maxsize=4)
def _converter(config: str):  # type: ignore[no-untyped-def]
    return opencc.OpenCC(config)


def script_only(text: str, lang: str) -> str:
    """``text`` in ``lang``'s script, character by character (OpenCC t2s / s2t), nothing else."""
    return str(_converter(_CONFIG[lang]).convert(text))


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

    def found_in(self, text: str) -> bool:
        """Whether the form occurs in ``text`` outside the words to keep."""
        return any(not m.group(1) for m in self.pattern.finditer(text))


def _form(entry: dict[str, Any], key: str = "form", use: str = "use") -> Form:
    return Form(str(entry[key]), str(entry[use]), tuple(str(k) for k in entry.get("keep", ())))


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, Any]:
    data = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    out: dict[str, Any] = {name: tuple(_form(e) for e in data[name]) for name in _REGION}
    out["converter_errors"] = {
        lang: tuple(_form(e) for e in data["converter_errors"] if e["lang"] == lang)
        for lang in _LIST_FOR
    }
    out["synonyms"] = tuple(tuple(str(w) for w in group) for group in data["synonyms"])
    both = {str(w) for w in data.get("both_regions", ())}
    out["both_regions"] = frozenset(both | {script_only(w, "zh-Hant") for w in both})
    out["converter_prone"] = frozenset(str(w) for w in data.get("converter_prone", ()))
    return out


@lru_cache(maxsize=2)
def phrase_table(lang: str) -> tuple[Form, ...]:
    """The game-vocabulary phrases applied when deriving ``lang``, in the source script.

    Each form is the other script's word, and ``use`` the word ``lang``'s readers write.
    """
    data = yaml.safe_load(PHRASES.read_text(encoding="utf-8"))
    to = _SIDE[lang]
    source = "hant" if to == "hans" else "hans"
    return tuple(
        _form(e, source, to) for e in data["phrases"] if e.get("way", f"to-{to}") == f"to-{to}"
    )


@lru_cache(maxsize=2)
def _rewrite(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every form of ``lang``'s list (words to keep first, longest first)."""
    forms = _lexicon()[_LIST_FOR[lang]]
    keep = sorted({k for f in forms for k in f.keep}, key=len, reverse=True)
    found = sorted((f.form for f in forms), key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in found)
    kept = "|".join(re.escape(w) for w in keep) or "(?!)"
    return re.compile(f"({kept})|({alternatives})"), {f.form: f.use for f in forms}


def to_region(text: str, lang: str) -> str:
    """``text`` (already in ``lang``'s script) with the other region's words replaced."""
    pattern, use = _rewrite(lang)
    return pattern.sub(lambda m: m.group(1) or use[m.group(2)], text)


@dataclass(frozen=True)
class Found:
    """A regional form found in a text."""

    form: str
    use: str
    region: str  # "Taiwan", "mainland", or CONVERTER (a phrase table's mistranslation)


@lru_cache(maxsize=2)
def _forms_to_report(lang: str) -> tuple[tuple[Form, str], ...]:
    """(form, region) of everything a text in ``lang`` must not contain."""
    name = _LIST_FOR[lang]
    out = [(f, _REGION[name]) for f in _lexicon()[name]]
    listed = {f.form for f, _ in out}
    for phrase in phrase_table(lang):  # the other region's words derivation replaces
        word = script_only(phrase.form, lang)
        if word != phrase.use and word not in listed:
            listed.add(word)
            keep = tuple(script_only(k, lang) for k in phrase.keep)
            out.append((Form(word, phrase.use, keep), _REGION[name]))
    out += [(f, CONVERTER) for f in _lexicon()["converter_errors"][lang]]
    return tuple(out)


def regional_forms(text: str, lang: str) -> list[Found]:
    """Forms in ``text`` that a reader of ``lang`` would not write (other region, converter)."""
    if lang not in _LIST_FOR:
        return []
    found = [
        Found(f.form, f.use, region) for f, region in _forms_to_report(lang) if f.found_in(text)
    ]
    listed = {f.form for f in found}
    return found + [f for f in learned_forms(text, lang) if f.form not in listed]


def learned_forms(text: str, lang: str) -> list[Found]:
    """What OpenCC's Taiwan phrase tables find in ``text``, read in both directions.

    zh-Hant: a mainland word the mainland-to-Taiwan table replaces. zh-Hans: a Taiwan word the
    Taiwan-to-mainland table replaces, and a word the mainland-to-Taiwan table turns into one
    of the lexicon's ``converter_prone`` words (what a converter made of a rule word: 串行 for
    序列). Words of the lexicon's ``both_regions`` list are never reported as the other
    region's.
    """
    both: frozenset[str] = _lexicon()["both_regions"]
    prone: frozenset[str] = _lexicon()["converter_prone"]
    out: list[Found] = []
    if lang == "zh-Hant":
        for word, use in replaced_words(text, "TWPhrases"):
            if word not in both:
                out.append(Found(word, use, _REGION["mainland_only"]))
        return out
    hant = script_only(text, "zh-Hant")
    for word, use in replaced_words(hant, "TWPhrasesRev"):
        form = script_only(word, "zh-Hans")
        if word not in both and form in text:
            out.append(Found(form, script_only(use, "zh-Hans"), _REGION["taiwan_only"]))
    for word, use in replaced_words(hant, "TWPhrases"):
        form = script_only(word, "zh-Hans")
        if use in prone and word not in both and form in text:
            out.append(Found(form, script_only(use, "zh-Hans"), CONVERTER))
    return out


def traditional_characters(text: str) -> list[tuple[str, str]]:
    """(character, its Simplified form) for each Traditional character left in Simplified
    ``text``: what OpenCC t2s would change, read on the whole text so that words which keep a
    character (著名) are not reported."""
    converted = script_only(text, "zh-Hans")
    if len(converted) != len(text):  # a phrase changed length: compare character by character
        converted = "".join(script_only(ch, "zh-Hans") for ch in text)
    found: dict[str, str] = {}
    for a, b in zip(text, converted, strict=True):
        if a != b:
            found.setdefault(a, b)
    return list(found.items())


def synonym_groups() -> tuple[tuple[str, ...], ...]:
    """Groups of words that rule books use for one thing (the lexicon's ``synonyms``)."""
    return _lexicon()["synonyms"]  # type: ignore[no-any-return]


def synonyms_of(rendering: str) -> list[str]:
    """Words of the lexicon's synonym groups that mean what a part of ``rendering`` means."""
    out: list[str] = []
    for group in synonym_groups():
        inside = [w for w in group if w in rendering]
        if inside:
            out.extend(w for w in group if w not in rendering and w not in out)
    return out
