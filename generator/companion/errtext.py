"""The table's usage error: a message through the catalogue, filled in with its values.

:class:`TableError` is a :class:`~generator.errors.UsageError` whose message is already in the
players' language (``_`` at the place it is raised); its values may be texts in several
languages (a table.yaml ``help``), picked in the current language, and event types, named in
words. Every error is then printed by :func:`generator.errors.report`, the one error-to-text
function of the program.
"""

from __future__ import annotations

from typing import Any

from ..errors import UsageError
from ..locale import _
from .i18n import event_name, pick, typed


class TableError(UsageError):
    """A table error: ``text`` (through ``_``) filled with ``values``.

    A ``type`` value is an event type and is named in words; a ``help`` value is put in
    brackets after the message (nothing when empty); a value in several languages is picked.
    """

    def __init__(self, text: str, **values: Any) -> None:

        shown = {k: pick(v) if isinstance(v, dict) else v for k, v in values.items()}
        if "type" in shown:
            shown["type"] = event_name(str(shown["type"]))
        if "help" in shown:
            said = shown["help"]
            shown["help"] = _(" ({help})").format(help=said) if said else ""
        self.values = values

        super().__init__(typed(text.format(**shown)))
