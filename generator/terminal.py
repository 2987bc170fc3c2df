"""What may reach a terminal: text from content and saved games with control characters shown.

A card name, a title or a key in a shared game folder could hold escape sequences that move
the cursor, clear the screen or retitle the window. Every line the commands print passes
through :func:`printable`, which writes such characters as visible escapes (``\\x1b``) and
leaves tabs, line breaks and all printable text, Chinese included, as they are.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, line/paragraph separators, bidi overrides
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character written as a visible escape."""
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text


def printable_json(text: str) -> str:
    """Dumped JSON with the controls ``json`` leaves as they are (DEL, C1, separators,
    bidi overrides) escaped as ``\\uXXXX``: still valid JSON, meaning the same."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
