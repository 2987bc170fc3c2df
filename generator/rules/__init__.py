"""Rule sheets as data: sources, glossary, translation coverage, derived Simplified Chinese.

Owns reading a game's ``rules/`` folder into validated models (:mod:`.source`,
:mod:`.models`), the glossary and term references (:mod:`.terms`), which translated section
is current or stale (:mod:`.coverage`, :func:`stamp_rules`), deriving zh-Hans (:mod:`.derive`),
the translation checks (:mod:`.translator`), laying the text out as a sheet of sections
(:mod:`.sheet`) for the renderer to draw, the player-aid cards of the exact odds of a game's
named rolls (:mod:`.odds_aid`), the check of chances a rule text states (:mod:`.odds_check`)
and what ``pnp rules status`` and ``check`` print: the coverage table, each game's problems as
lines and the verdict (:mod:`.report`). Checking and building rule sheets (which need the
fonts) are in :mod:`generator.pipeline`.

May import: :mod:`generator.content` (YAML loading, validation), :mod:`generator.text` (the
language rule, Chinese conversion), :mod:`generator.dice` (the odds engine),
:mod:`generator.layout` and the base modules (``errors``, ``atomic``, ``locale``). Never
``render``, ``faces``, ``pipeline``, ``companion`` or ``cli``.
"""

from __future__ import annotations

from .stamp import stamp_rules

__all__ = ["stamp_rules"]
