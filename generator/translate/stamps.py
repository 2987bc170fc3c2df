"""``stamps.yaml``: which English text each item, table, layout and glossary translation was made from.

The rule sheets store a section's source hash inline (``source_hash:``); every other text of a
game has no place for one, so the same hash (:func:`generator.rules.source.text_hash`) is kept
beside the game in ``stamps.yaml``, keyed by the catalogue context and the language. A text
whose stamp differs from its English's current hash, or that has none, is stale (fuzzy), exactly
as a rule section is. ``pnp rules stamp`` and ``pnp translate import`` write it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..content.yamlload import display_path, load_yaml
from ..errors import ContentError, Issue, Location
from ..locale import _

STAMPS_FILE = "stamps.yaml"
HEADER = (
    "# Which English text each translation was made from: context -> language -> hash.\n"
    "# Written by `pnp rules stamp` and `pnp translate import`; a translation whose English\n"
    "# changed since is shown as fuzzy. Do not edit by hand.\n"
)

Stamps = dict[str, dict[str, str]]


def load_stamps(game_dir: Path) -> Stamps:
    """The game's stamps (empty without a stamps file); ContentError when it is malformed."""
    path = game_dir / STAMPS_FILE
    if not path.is_file():
        return {}
    data = load_yaml(path).data or {}
    ok = isinstance(data, dict) and all(
        isinstance(k, str)
        and isinstance(v, dict)
        and all(isinstance(lk, str) and isinstance(h, str) for lk, h in v.items())
        for k, v in data.items()
    )
    if not ok:
        where = Location(display_path(path), 1, 1)
        raise ContentError(
            [Issue(where, "", _("expected one 'context: language: hash' mapping per text"))]
        )
    return {k: dict(v) for k, v in data.items()}


def stamps_text(stamps: Mapping[str, Mapping[str, str]]) -> str:
    """The stamps file's text: sorted, one context a line, so diffs stay small."""
    lines = [HEADER]
    for ctx in sorted(stamps):
        langs = stamps[ctx]
        if not langs:
            continue
        inner = ", ".join(f"{lang}: '{langs[lang]}'" for lang in sorted(langs))
        lines.append(f"'{ctx}': {{{inner}}}\n")
    return "".join(lines)
