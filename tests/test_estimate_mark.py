"""The estimate mark (≈) goes in the first corner free of words, and `pnp check` refuses a face
with none (the bad fixture ``bad_estimate_mark`` holds the exact error)."""

from __future__ import annotations

from generator.layout.units import MM
from generator.render.face import estimate_mark_at

W, H = 63.5 * MM, 88.9 * MM


def test_the_mark_takes_the_bottom_right_corner_when_it_is_free() -> None:
    at = estimate_mark_at(W, H, "rect", [(3 * MM, 3 * MM, 40 * MM, 8 * MM)])
    assert at is not None
    cx, cy, d = at
    assert cx > W / 2 and cy < H / 2 and d == 3.2 * MM


def test_words_in_the_bottom_right_move_the_mark_to_the_top_right() -> None:
    footer = (0.0, H - 6 * MM, W, 6 * MM)  # a line of words across the bottom edge
    cx, cy, _ = estimate_mark_at(W, H, "rect", [footer]) or (0, 0, 0)
    assert cx > W / 2 and cy > H / 2


def test_words_in_every_corner_leave_no_place() -> None:
    header, footer = (0.0, 0.0, W, 6 * MM), (0.0, H - 6 * MM, W, 6 * MM)
    assert estimate_mark_at(W, H, "rect", [header, footer]) is None
