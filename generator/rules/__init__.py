"""Rule sheets: sources, glossary, translation coverage, derived Simplified Chinese, checks.

Library entry points (the CLI and ``pnp build`` call these):

- :func:`check_rules` -- every problem in a game's rule sources, located;
- :func:`build_rules` -- write the rule-sheet, bilingual and player-aid PDFs of a game;
- :func:`stamp_rules` -- record which English version each translated section translates.
"""

from __future__ import annotations

from .build import build_rules, rules_status
from .checks import check_rules
from .stamp import stamp_rules

__all__ = ["build_rules", "check_rules", "rules_status", "stamp_rules"]
