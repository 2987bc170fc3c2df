"""A pause of Python's cycle collector for the length of one build.

A build makes many short-lived objects, nearly all freed by reference counting as soon as
they are dropped; the collector's passes during a build (a twentieth of a rule sheet's time,
about 4% of a card build's) mostly walk objects still in use. :func:`paused` stops the
collector for a block and then hands what the block left to the collector's oldest
generation without collecting (``gc.freeze`` then ``gc.unfreeze`` move objects; they do not
walk them), so the next young collection does not walk it all at once either. The block's
few reference cycles go at the next full collection, as old objects' do.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No cycle collection inside the block, and none owed because of it afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if not gc.get_freeze_count():  # nobody else keeps objects set aside
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()
