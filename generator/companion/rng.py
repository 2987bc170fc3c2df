"""Random sources for the table companion: OS entropy, seeded, and the verifiable fair mode.

Every source answers one question, :meth:`Source.below` (a uniform integer in ``[0, n)``), so
dice, bags and decks never touch the module-global ``random``. :class:`FairSource` reads each
outcome from the byte stream of ``HMAC-SHA256(secret, counter)`` blocks and rejects the top
sliver of a range instead of taking a biased modulo; its block counter is part of every logged
event, which is what lets ``pnp session verify`` replay a whole session from the revealed secret. A ``--seed`` uses the
same derivation with a key made from the seed, so seeded runs are reproducible and verifiable.
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import hmac

# hashlib and hmac are imported where a keyed source needs them: they load OpenSSL, some 5% of
# a plain ``pnp roll``'s whole run, which draws from OS entropy and never uses them

_SPAN = 1 << 256


class Source(Protocol):
    """What dice, bags and decks need from randomness: any object with ``below(n)``."""

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` >= 1."""
        ...


class _ByteStream:
    """What both byte-stream sources share: a buffer spent one byte per die of at most 256
    faces, rejected in the top ``256 % n`` values so every face is equally likely. A subclass
    says how the buffer is refilled (``_refill``) and how a wider range is read (``_wide``)."""

    _buf: bytes
    _pos: int
    _limits: dict[int, int]

    def _refill(self) -> None:
        raise NotImplementedError

    def _wide(self, n: int) -> int:
        raise NotImplementedError

    def dice_faces(self, sides: int, count: int) -> list[int]:
        """``count`` dice of ``sides`` faces (1..sides), as ``below`` would give them."""
        return _faces(self, sides, count)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``, without modulo bias."""
        if n > 256:
            return self._wide(n)
        limit = self._limits.get(n)
        if limit is None:
            if n < 1:
                raise ValueError("below(n) needs n >= 1")
            limit = self._limits[n] = 256 - 256 % n
        while True:
            if self._pos >= len(self._buf):
                self._refill()
            b = self._buf[self._pos]
            self._pos += 1
            if b < limit:
                return b % n


class SystemSource(_ByteStream):
    """Operating-system entropy (``os.urandom``), the default at the table.

    Bytes are read from the OS in blocks and spent one die at a time: a die of ``n`` <= 256
    faces takes one byte, rejected when it falls in the top ``256 % n`` values, so every face
    is equally likely; larger ranges take as many bytes as their bit length needs.
    """

    kind = "system"
    _BLOCK = 256

    def __init__(self) -> None:
        self._buf = b""
        self._pos = 0
        self._limits: dict[int, int] = {}

    def _refill(self) -> None:
        self._buf = os.urandom(self._BLOCK)
        self._pos = 0

    def _bytes(self, k: int) -> bytes:
        if self._pos + k > len(self._buf):
            self._buf = os.urandom(max(self._BLOCK, k))
            self._pos = 0
        out = self._buf[self._pos : self._pos + k]
        self._pos += k
        return out

    def _wide(self, n: int) -> int:
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        while True:  # rejection on the smallest power of two above n: no modulo bias
            x = int.from_bytes(self._bytes(size), "big") >> (size * 8 - bits)
            if x < n:
                return x


def _faces(source: _ByteStream, sides: int, count: int) -> list[int]:
    """``count`` faces 1..``sides``: what ``count`` calls of ``below(sides)`` give, plus one,
    read byte by byte in one loop (dice of at most 256 faces)."""
    if sides > 256 or sides < 1:
        return [source.below(sides) + 1 for _ in range(count)]
    limit = source._limits.get(sides)
    if limit is None:
        limit = source._limits[sides] = 256 - 256 % sides
    out: list[int] = []
    buf, pos = source._buf, source._pos
    while len(out) < count:
        if pos >= len(buf):
            source._pos = pos
            source._refill()
            buf, pos = source._buf, source._pos
        b = buf[pos]
        pos += 1
        if b < limit:
            out.append(b % sides + 1)
    source._pos = pos
    return out


class FairSource(_ByteStream):
    """Outcomes read from the byte stream HMAC-SHA256(key, 0) || HMAC-SHA256(key, 1) || ...

    Each 32-byte block serves many dice: a range of ``n`` <= 256 takes one byte, rejected when it
    falls in the top ``256 % n`` values (so every outcome is equally likely); a larger range takes
    as many bytes as its bit length needs, masked to that length and rejected when ``>= n``. A
    request that does not fit in what is left of a block starts the next block. ``counter`` is
    the number of blocks begun so far; a log records it per event, and every event starts on a
    fresh block, so one event's outcomes depend only on the key and its first counter.
    """

    kind = "fair"
    stream = 2

    def __init__(self, key: bytes, counter: int = 0) -> None:
        self.key = key
        self.counter = counter
        self._mac = _keyed_mac(key)  # keyed once; each block copies it
        self._limits: dict[int, int] = {}
        self._buf = b""
        self._pos = 0

    def digest(self, counter: int) -> bytes:
        """HMAC-SHA256(key, counter as 8 big-endian bytes)."""
        mac = self._mac.copy()
        mac.update(counter.to_bytes(8, "big"))
        return mac.digest()

    def block(self, counter: int) -> int:
        """The block at ``counter`` as one 256-bit number."""
        return int.from_bytes(self.digest(counter), "big")

    def _next_block(self) -> None:
        self._buf = self.digest(self.counter)
        self._pos = 0
        self.counter += 1

    _refill = _next_block

    def _wide(self, n: int) -> int:
        """A range above 256 from the keyed stream: as many bytes as its bit length needs,
        from one block (a request that does not fit starts the next)."""
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        if size > 32:
            raise ValueError("below(n) needs n <= 2**256")
        while True:
            if self._pos + size > len(self._buf):
                self._next_block()
            chunk = self._buf[self._pos : self._pos + size]
            self._pos += size
            x = int.from_bytes(chunk, "big") >> (size * 8 - bits)
            if x < n:
                return x


class FairSourceV1(FairSource):
    """The first derivation: one whole HMAC block per outcome, reduced modulo ``n``.

    Kept so sessions logged before the byte stream (their header has no ``stream``) replay and
    verify as they were drawn.
    """

    stream = 1

    def dice_faces(self, sides: int, count: int) -> list[int]:
        """``count`` dice of ``sides`` faces, one block each, as the first derivation drew them."""
        return [self.below(sides) + 1 for _ in range(count)]

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` from whole blocks, as the first derivation drew it."""
        limit = self._limits.get(n)
        if limit is None:
            if n < 1:
                raise ValueError("below(n) needs n >= 1")
            limit = self._limits[n] = _SPAN - (_SPAN % n)  # reject above the last multiple of n
        while True:
            x = self.block(self.counter)
            self.counter += 1
            if x < limit:
                return x % n


STREAMS = (1, FairSource.stream)  # the random streams a session header may name


def fair_source(key: bytes, counter: int = 0, stream: int = FairSource.stream) -> FairSource:
    """The source a session's header asks for: ``stream`` 1 (old logs) or 2."""
    if stream == 1:
        return FairSourceV1(key, counter)
    if stream != FairSource.stream:
        raise ValueError(f"random stream {stream!r} is not known")
    return FairSource(key, counter)


def seed_key(seed: int | str) -> bytes:
    """The HMAC key used for ``--seed N``: SHA-256 of the seed's decimal text."""
    return _sha256(f"pnp-seed:{seed}".encode())


def seeded(seed: int | str, counter: int = 0) -> FairSource:
    """A reproducible source for ``--seed N``."""
    source = FairSource(seed_key(seed), counter)
    source.kind = "seeded"  # type: ignore[misc]
    return source


def new_secret() -> bytes:
    """A fresh 32-byte secret for a fair session."""
    return os.urandom(32)


def commitment(secret: bytes) -> str:
    """The SHA-256 commitment printed before play: hex of SHA-256(secret)."""
    return _sha256(secret).hex()


def _sha256(data: bytes) -> bytes:
    """The SHA-256 digest of ``data``."""
    digest: bytes = _crypto().sha256(data).digest()
    return digest


def _keyed_mac(key: bytes) -> hmac.HMAC:
    """An HMAC-SHA-256 keyed with ``key``."""
    mac: hmac.HMAC = _crypto().new_mac(key)
    return mac


def _crypto() -> ModuleType:
    """The hashing half of the sources, loaded by the first keyed source (see the note at the top)."""
    from . import rng_keyed  # deferred: OpenSSL, some 5% of a plain roll's start-up

    return rng_keyed
