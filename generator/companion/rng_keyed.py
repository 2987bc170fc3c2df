"""The hashing the seeded and fair sources use: SHA-256 and a keyed HMAC-SHA-256.

Its own module so that a plain roll, which uses neither, never loads OpenSSL; :mod:`.rng`
loads it with the first keyed source.
"""

from __future__ import annotations

import hashlib
import hmac

sha256 = hashlib.sha256


def new_mac(key: bytes) -> hmac.HMAC:
    """An HMAC-SHA-256 keyed with ``key``, ready to be copied for each block."""
    return hmac.new(key, digestmod=hashlib.sha256)
