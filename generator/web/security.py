"""Who a request is, and the limits every request meets: tokens, CSRF, size and rate.

Each join link carries a token of 192 random bits (:func:`secrets.token_urlsafe`): one per
player, one for the host, one for the table page. A token names its viewer and nothing else; it
is compared in constant time and never reaches the file system. A page that changes state posts
back a CSRF token, an HMAC of its own join token under a key made when the server starts, so
another site that makes a browser post to the server cannot supply it. A request body is read
at most :data:`MAX_BODY` bytes, and each client (its join token, else its address) may make at
most :data:`RATE` requests a second beyond a burst of :data:`BURST`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass

TOKEN_BYTES = 24  # 192 bits: at least 128 bits of chance to guess one
MAX_BODY = 16 * 1024
RATE = 50.0  # requests a second, per client, kept up
BURST = 100.0  # requests a client may make at once before being slowed


@dataclass(frozen=True)
class Viewer:
    """Whose page a token opens: a player (``player``), the host, or the table."""

    role: str  # player | host | table
    player: str | None = None


class Keys:
    """The tokens of one server run: a join token per player, the host's, the table's."""

    def __init__(self, players: list[str]) -> None:
        self._csrf_key = secrets.token_bytes(32)
        self.host = secrets.token_urlsafe(TOKEN_BYTES)
        self.table = secrets.token_urlsafe(TOKEN_BYTES)
        self.players = {p: secrets.token_urlsafe(TOKEN_BYTES) for p in players}
        self._by_token: dict[str, Viewer] = {
            self.host: Viewer("host"),
            self.table: Viewer("table"),
            **{t: Viewer("player", p) for p, t in self.players.items()},
        }

    def viewer(self, token: str) -> Viewer | None:
        """The viewer a token opens, or None (compared in constant time against each)."""
        found = None
        raw = token.encode("utf-8", "replace")
        for known, viewer in self._by_token.items():
            if hmac.compare_digest(known.encode(), raw):
                found = viewer
        return found

    def csrf(self, token: str) -> str:
        """The CSRF token a page of ``token`` posts back."""
        return hmac.new(self._csrf_key, token.encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, token: str, given: str) -> bool:
        """Whether ``given`` is the CSRF token of ``token``'s pages."""
        return hmac.compare_digest(self.csrf(token).encode(), given.encode("utf-8", "replace"))


class RateLimit:
    """A token bucket per client: ``rate`` a second kept up, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, client: str) -> bool:
        """Take one request from ``client``'s bucket; False when it is empty."""
        now = time.monotonic()
        level, when = self._buckets.get(client, (self.burst, now))
        level = min(self.burst, level + (now - when) * self.rate)
        if len(self._buckets) > 10_000:
            self._buckets.clear()  # many clients at once: start them all afresh
        if level < 1:
            self._buckets[client] = (level, now)
            return False
        self._buckets[client] = (level - 1, now)
        return True
