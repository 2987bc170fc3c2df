"""The collector pause a build runs in: no collection inside, none owed after, nothing leaked."""

from __future__ import annotations

import gc
import weakref

from generator.pipeline.gcpause import paused


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_no_collection_runs_inside_and_the_collector_is_back_after() -> None:
    runs: list[str] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            runs.append(phase)

    gc.callbacks.append(seen)
    try:
        with paused():
            assert not gc.isenabled()
            junk = [[n] for n in range(50_000)]  # far past the young generation's threshold
            del junk
        assert runs == []
        assert gc.isenabled()
        assert gc.get_freeze_count() == 0  # nothing left set aside
    finally:
        gc.callbacks.remove(seen)


def test_a_cycle_made_inside_goes_at_the_next_full_collection() -> None:
    with paused():
        ref = _cycle()
    assert ref() is not None  # not collected on the way out
    gc.collect()
    assert ref() is None


def test_a_disabled_collector_stays_disabled() -> None:
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
