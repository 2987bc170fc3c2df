"""SHA-256 for the companion, from the module that loads fastest.

CPython ships its own SHA-256 (``_sha256``, ``_sha2`` from 3.12) beside OpenSSL's in
:mod:`hashlib`; both give the same digests, but loading OpenSSL costs a table command more time
than the hashing it does (a session's random blocks, snapshot checks, the content hash). The
built-in one is used where present, :mod:`hashlib` otherwise.
"""

from __future__ import annotations

try:
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the Python version
    try:
        from _sha2 import sha256  # type: ignore[import-not-found,no-redef]
    except ImportError:
        from hashlib import sha256  # type: ignore[assignment]

__all__ = ["sha256"]
