"""Where the estimate mark goes on a piece, and ``pnp check`` refusing a piece it would cover.

The mark (≈) tells that a printed value is not known from a source. It must never hide words:
it takes the first corner the face's words leave free, and a face with words in every corner is
a located problem (``tests/fixtures/bad/bad_estimate_mark`` has the exact error).
"""

from __future__ import annotations

import pytest

from generator.faces.draws import estimate_mark, trim_size
from generator.pipeline.check import check_game
from generator.render.legibility import ink

from .helpers import ROOT, pnp

MM = 72 / 25.4
SIDE = 20 * MM


def test_the_mark_takes_the_bottom_right_corner_when_it_is_free() -> None:
    x, y, d = estimate_mark(SIDE, SIDE, "rect") or (0, 0, 0)
    assert x + d > SIDE * 0.8 and y + d > SIDE * 0.8


def test_the_mark_moves_to_a_free_corner_when_words_fill_the_bottom_right() -> None:
    words = [(SIDE / 2, SIDE / 2, SIDE / 2, SIDE / 2)]  # the bottom-right quarter
    x, y, d = estimate_mark(SIDE, SIDE, "rect", words) or (SIDE, SIDE, 0)
    assert x < SIDE / 2 and y + d > SIDE * 0.8, "bottom-left, the next corner"


def test_words_in_every_corner_leave_no_room() -> None:
    assert estimate_mark(SIDE, SIDE, "rect", [(0, 0, SIDE, SIDE)]) is None


def test_check_refuses_a_piece_whose_words_fill_every_corner() -> None:
    result = pnp("check", "--content", "tests/fixtures/bad", "bad_estimate_mark")
    assert result.returncode == 1
    assert "has words in all four corners, and the estimate mark would print over them" in (
        result.stderr
    )


@pytest.mark.parametrize("game", ["five-armies", "ragnarok"])
def test_no_estimated_piece_of_these_games_has_its_mark_over_words(game: str) -> None:
    checked = check_game(ROOT / "content" / game)
    marked = 0
    for (component_id, _lang), copies in checked.copies.items():
        component = next(c for c in checked.game.components if c.id == component_id)
        size = trim_size(component)
        for cp in copies:
            for face in (cp.front, cp.back):
                if face is None or not face.estimate or not face.corner_mark:
                    continue
                marked += 1
                texts = [r for r in map(ink, face.boxes) if r is not None]
                spot = estimate_mark(*size, texts)
                assert spot is not None, (component_id, face.layout_id)
                x, y, d = spot
                for tx, ty, tw, th in texts:
                    assert not (tx < x + d and x < tx + tw and ty < y + d and y < ty + th)
    assert marked, f"{game} has estimated pieces, each with its mark"


def test_barons_marks_the_guessed_value_not_the_whole_card() -> None:
    # seed 002 gives no siege value for the town nor the capital's siege and population, nor the
    # draws that make an event fail: those values print with ≈ beside them, and no card carries
    # the corner mark (card counts are printed on no card)
    checked = check_game(ROOT / "content" / "barons-of-fyn")
    faces = {cp.item.id: cp.front for cp in checked.copies[("deck", "en")]}
    assert not any(face.corner_mark and face.estimate for face in faces.values())

    def shown(item: str) -> list[str]:
        return [b.text or "" for b in faces[item].boxes if b.text]

    assert "2≈" in shown("town-01")
    assert {"5≈"} <= set(shown("capital-1")) and shown("capital-1").count("5≈") == 2
    assert any("≈1-5" in text for text in shown("earthquake-01"))
    assert not any("≈" in text for text in shown("city-01")), "the city's values are the seed's"
    assert not any("≈" in text for text in shown("peasants-01"))
