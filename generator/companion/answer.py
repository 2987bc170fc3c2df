"""What a question put to the table returns: :class:`Answer` (its data, its words, its notices).

Every entry of the table that answers a player (:mod:`.ask_roll`, :mod:`.ask_session`,
:mod:`.ask_odds`, :mod:`.ask_game`) gives one :class:`Answer`, so a caller prints any of them
the same way: ``data`` as JSON for scripts, or ``lines`` as text; ``notices`` (a repaired log,
edited content, a roll that could not be recorded) go to standard error either way. Kept free
of imports beyond the standard library so that ``pnp roll 2d6`` loads nothing more for it.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Answer(NamedTuple):
    """One answer: ``data`` (JSON-able, for ``--json``), ``lines`` (the same in words, in the
    current language) and ``notices`` (for standard error)."""

    data: dict[str, Any]
    lines: list[str]
    notices: list[str] = []
