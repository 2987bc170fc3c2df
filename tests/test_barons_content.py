"""The Barons of Fyn deck: the facts from the rules that the content must keep.

Loads the real game folder through the library, so a broken file, a wrong value or an unbalanced
set of random numbers fails here before anyone prints 157 cards.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from generator.content.loader import Component, Item, load_game
from generator.content.schema import CircleBox, TextBox
from generator.faces.expand import Copy, FaceDraw
from generator.pipeline.check import check_game
from generator.text.localtext import LANGS

from .helpers import laid_out_texts, pnp

GAME = Path(__file__).resolve().parent.parent / "content" / "barons-of-fyn"
KINDS = {"army", "land", "improvement", "population", "capital", "any-play", "must-play", "king"}
UNNUMBERED = {"capital", "king"}

# Facts from seed 002: combat value and ability code of each army type.
ARMIES = {
    "peasants": (1, None),
    "armies": (2, None),
    "strong-armies": (3, None),
    "shock-troops": (5, "S"),
    "reserves": (1, "D"),
    "mountaineers": (2, "4M"),
    "rangers": (2, "4W"),
    "knights": (3, "2xM"),
}
# Facts from seed 002: (siege, population, hand) of the population centres; None = not given.
CENTRES = {
    "village": (None, 1, 0),
    "town": (None, 3, 1),
    "city": (4, 3, 2),
    "capital": (None, None, 5),
}


@pytest.fixture(scope="module")
def deck() -> Component:
    return load_game(GAME).component("deck")


def physical(deck: Component) -> list[Item]:
    """One entry per printed card (an item with qty n counts n times)."""
    return [item for item in deck.items for _ in range(item.qty)]


def of_type(deck: Component, card_type: str) -> list[Item]:
    return [i for i in deck.items if i.data.get("type") == card_type]


def test_every_card_kind_of_the_rules_is_in_the_deck(deck: Component) -> None:
    kinds = {item.data["kind"] for item in deck.items}
    assert kinds == KINDS


def test_each_army_type_has_the_combat_value_and_code_the_rules_give(deck: Component) -> None:
    for card_type, (combat, code) in ARMIES.items():
        cards = of_type(deck, card_type)
        assert cards, f"no {card_type} cards"
        for card in cards:
            assert card.data["kind"] == "army"
            assert card.data["combat"] == combat, card.id
            assert card.data.get("code") == code, card.id
    armies = {i.data["type"] for i in deck.items if i.data["kind"] == "army"}
    assert armies == set(ARMIES)


def test_the_four_lands_and_four_improvements_are_present(deck: Component) -> None:
    lands = {i.data["type"] for i in deck.items if i.data["kind"] == "land"}
    improvements = {i.data["type"] for i in deck.items if i.data["kind"] == "improvement"}
    assert lands == {"clear", "woods", "desert", "mountains"}
    assert improvements == {"road", "mine", "oasis", "clearing"}


def test_population_centres_carry_the_rules_values(deck: Component) -> None:
    centres = {i.data["type"] for i in deck.items if i.data["kind"] == "population"}
    assert centres == {"village", "town", "city"}
    for card_type, (siege, population, hand) in CENTRES.items():
        for card in of_type(deck, card_type):
            if siege is not None:
                assert card.data["siege"] == siege, card.id
            if population is not None:
                assert card.data["population"] == population, card.id
            assert card.data["hand"] == hand, card.id
    # a village has no siege value; towns, cities and capitals do
    assert all("siege" not in c.data for c in of_type(deck, "village"))
    for card_type in ("town", "city", "capital"):
        assert all(isinstance(c.data["siege"], int) for c in of_type(deck, card_type))


def test_there_are_six_capitals_and_one_king_timothy(deck: Component) -> None:
    cards = physical(deck)
    assert sum(1 for c in cards if c.data["kind"] == "capital") == 6
    kings = [c for c in cards if c.data["kind"] == "king"]
    assert [k.id for k in kings] == ["king-timothy"]


def test_each_any_play_event_and_its_counter_name_each_other(deck: Component) -> None:
    types = {i.data["type"]: i for i in deck.items}
    events = {t: i for t, i in types.items() if "countered_by" in i.data}
    counters = {t: i for t, i in types.items() if "counters" in i.data}
    assert set(events) == {"earthquake", "sickness", "revolt", "sabotage"}
    assert set(counters) == {"divine-intervention", "healing-monks", "tax-cut", "secret-service"}
    for name, event in events.items():
        counter = types[event.data["countered_by"]]
        assert counter.data["counters"] == name
    for item in (*events.values(), *counters.values()):
        assert item.data["kind"] == "any-play"
    must = {i.data["type"] for i in deck.items if i.data["kind"] == "must-play"}
    assert must == {"plague", "volcano"}


def test_numbers_are_on_every_card_except_capitals_and_the_king(deck: Component) -> None:
    for item in deck.items:
        if item.data["kind"] in UNNUMBERED:
            assert "numbers" not in item.data, item.id
            continue
        numbers = item.data["numbers"]
        assert isinstance(numbers, list) and len(numbers) == 4, item.id
        assert all(type(n) is int and 1 <= n <= 10 for n in numbers), item.id


def test_each_position_shows_every_value_equally_often(deck: Component) -> None:
    numbered = [c for c in physical(deck) if "numbers" in c.data]
    spread = 0 if len(numbered) % 10 == 0 else 1
    for position in range(4):
        counts = Counter(c.data["numbers"][position] for c in numbered)
        assert set(counts) == set(range(1, 11)), f"position {position + 1}: {counts}"
        assert max(counts.values()) - min(counts.values()) <= spread, (
            f"position {position + 1}: {counts}"
        )


def test_positions_are_not_copies_of_each_other(deck: Component) -> None:
    numbered = [c.data["numbers"] for c in physical(deck) if "numbers" in c.data]
    for a, b in combinations(range(4), 2):
        same = sum(1 for n in numbered if n[a] == n[b])
        # independent positions agree about one time in ten
        assert same < len(numbered) * 0.25, f"positions {a + 1} and {b + 1} agree on {same} cards"
    assert len({tuple(n) for n in numbered}) == len(numbered), (
        "two cards carry the same four numbers"
    )


def test_every_name_and_text_is_written_in_english_and_traditional_chinese(deck: Component) -> None:
    for item in deck.items:
        for field in ("name", "text"):
            value = item.data[field]
            assert isinstance(value, dict), f"{item.id}.{field} is not per-language"
            for lang in ("en", "zh-Hant"):
                assert isinstance(value.get(lang), str) and value[lang].strip(), (
                    f"{item.id}.{field}.{lang}"
                )


def test_only_cards_that_print_an_estimated_value_carry_the_mark(deck: Component) -> None:
    # a card count is not printed on any card: it is told as an estimate in the file's note and
    # the rule sheet; the mark goes on the cards whose printed value the seed does not give
    # (town and capital siege values, the capital's population, the events' failure band)
    printed_guess = {"town", "capital", "earthquake", "sickness", "revolt", "sabotage", "plague",
                     "volcano"}  # fmt: skip
    for item in deck.items:
        kind = str(item.data.get("type") or item.data.get("kind"))
        assert item.estimate == (kind in printed_guess), item.id
    note = (Path(GAME) / "cards.yaml").read_text(encoding="utf-8")
    assert "every other count is an estimate" in note


# ---------------------------------------------------------------- the faces a build draws


@pytest.fixture(scope="module")
def faces() -> dict[str, list[Copy]]:
    """Every card's front and back with templates evaluated, per language (what a build draws)."""
    checked = check_game(GAME)
    return {lang: checked.copies[("deck", lang)] for lang in LANGS}


def number_texts(face: FaceDraw) -> list[str]:
    """What the four number cells print, in position order 1..4."""
    cells = [b for b in face.boxes if isinstance(b.spec, TextBox) and "numbers[" in b.spec.text]
    return [b.text or "" for b in sorted(cells, key=lambda b: b.x)]


def test_the_four_numbers_print_in_position_order_with_ten_as_zero(
    faces: dict[str, list[Copy]],
) -> None:
    tens = 0
    for cp in faces["en"]:
        numbers = cp.item.data.get("numbers")
        if numbers is None:
            assert number_texts(cp.front) == [], f"{cp.item.id} prints numbers it does not have"
            continue
        assert number_texts(cp.front) == [str(n % 10) for n in numbers], cp.item.id
        tens += numbers.count(10)
    assert tens > 0 and "10" not in {t for cp in faces["en"] for t in number_texts(cp.front)}


def test_stat_circles_show_the_card_values(faces: dict[str, list[Copy]]) -> None:
    for cp in faces["en"]:
        circles = {b.text for b in cp.front.boxes if isinstance(b.spec, CircleBox) and b.text}
        guessed = cp.item.data.get("estimated") or ()
        expected = {
            str(cp.item.data[k]) + ("≈" if k in guessed else "")
            for k in ("combat", "siege", "population", "hand", "code")
            if k in cp.item.data
        }
        assert circles == expected, cp.item.id


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_on_the_cards_fits_at_a_legible_size(
    faces: dict[str, list[Copy]], lang: str
) -> None:
    texts = laid_out_texts(faces[lang])
    assert texts
    for item, shown, laid, spec in texts:
        assert laid.size >= spec.min_size and not laid.overflow, f"{lang} {item}: {shown!r}"


def test_cards_are_built_in_each_language_with_its_own_text(faces: dict[str, list[Copy]]) -> None:
    def body(lang: str, card: str) -> str:
        cp = next(c for c in faces[lang] if c.item.id == card)
        return " ".join(b.text or "" for b in cp.front.boxes if isinstance(b.spec, TextBox))

    en, hant, hans = (body(lang, "reserves-01") for lang in LANGS)
    assert "Reserves" in en and "後備兵" in hant and "后备兵" in hans
    assert len({en, hant, hans}) == 3


def test_pnp_check_accepts_the_game() -> None:
    result = pnp("check", str(GAME))
    assert result.returncode == 0, result.stderr
    # the 157-card deck and the 20 kinds of special-card counter
    assert "2 components, 177 items" in result.stdout
