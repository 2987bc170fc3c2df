"""Manoeuvre unit counters: the content the seed and public sources describe, and layouts that show it.

Loads ``content/manoeuvre`` through the library (``load_game``) and checks the facts the rules
fix (8 nations x 8 two-sided counters, infantry or cavalry, depleted weaker than full), the
bookkeeping (unique ids, English and Traditional Chinese names, sources on every item) and
that the two counter faces draw what they promise (NATO cross or diagonal, depleted stripe).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from generator.content.loader import Component, Game, load_game
from generator.content.schema import FrameBox, LayoutSpec, TextBox
from generator.content.types import LANGS, is_local_text
from generator.content.yamlload import load_yaml
from generator.layout.units import MM
from generator.rules.chinese import to_simplified

GAME_DIR = Path(__file__).resolve().parent.parent / "content" / "manoeuvre"
FACE = 19.05 * MM  # 3/4 in counter, in points

# The eight armies of the game (seed 004 lists them in its tie-break order).
NATIONS = {
    "France",
    "Britain",
    "Austria",
    "Prussia",
    "Russia",
    "Spain",
    "Ottoman Empire",
    "United States",
}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(GAME_DIR)


@pytest.fixture(scope="module")
def counters(game: Game) -> Component:
    return game.component("counters")


def by_nation(counters: Component) -> dict[str, list]:
    groups: dict[str, list] = defaultdict(list)
    for item in counters.items:
        groups[item.data["nation"]["en"]].append(item)
    return groups


def resolve(value: object, lang: str) -> object:
    """A data value as a template in ``lang`` sees it (zh-Hans derived from zh-Hant if absent)."""
    if not is_local_text(value):
        return value
    assert isinstance(value, dict)
    if lang in value:
        return value[lang]
    if lang == "zh-Hans" and "zh-Hant" in value:
        return to_simplified(value["zh-Hant"])
    return value["en"]


def context(item, lang: str) -> dict:
    ctx = {k: resolve(v, lang) for k, v in item.data.items()}
    ctx.update(lang=lang, id=item.id, copy=1, qty=item.qty)
    return ctx


def drawn_boxes(layout: LayoutSpec, ctx: dict, env: SandboxedEnvironment) -> list:
    out = []
    for box in layout.boxes:
        if box.when is None or env.compile_expression(box.when, undefined_to_none=False)(**ctx):
            out.append(box)
    return out


def rect(box) -> tuple[float, float, float, float]:
    return (box.x.resolve(FACE), box.y.resolve(FACE), box.w.resolve(FACE), box.h.resolve(FACE))


def nato_frame(layout: LayoutSpec) -> FrameBox:
    """The arm symbol: the white frame with a black border."""
    frames = [b for b in layout.boxes if isinstance(b, FrameBox) and b.stroke == "#000000"]
    assert len(frames) == 1, "each face has exactly one bordered frame, the NATO arm symbol"
    return frames[0]


def diagonal_squares(boxes: list, frame: FrameBox) -> list[FrameBox]:
    fx, fy, fw, fh = rect(frame)
    out = []
    for b in boxes:
        if isinstance(b, FrameBox) and b is not frame and b.fill == "#000000":
            x, y, w, h = rect(b)
            if (
                fx - 0.01 <= x
                and x + w <= fx + fw + 0.01
                and fy - 0.01 <= y
                and y + h <= fy + fh + 0.01
            ):
                out.append(b)
    return out


def on_line(squares: list[FrameBox], frame: FrameBox, *, rising: bool) -> int:
    """How many squares sit on the frame's rising (or falling) corner-to-corner diagonal."""
    fx, fy, fw, fh = rect(frame)
    hits = 0
    for sq in squares:
        x, y, w, h = rect(sq)
        cx, cy = x + w / 2, y + h / 2
        t = (cx - fx) / fw
        line_y = fy + fh * (1 - t) if rising else fy + fh * t
        hits += abs(cy - line_y) <= max(w, h)
    return hits


# ---------------------------------------------------------------- facts from the sources


def test_game_has_eight_nations_of_eight_counters(counters: Component) -> None:
    groups = by_nation(counters)
    assert set(groups) == NATIONS
    assert {n: len(items) for n, items in groups.items()} == dict.fromkeys(NATIONS, 8)
    assert counters.copies == 64, "one copy of each counter"


def test_every_counter_is_infantry_or_cavalry_and_every_army_mixes_both(
    counters: Component,
) -> None:
    for item in counters.items:
        assert item.data["arm"] in {"infantry", "cavalry"}, item.id
    for nation, items in by_nation(counters).items():
        arms = {i.data["arm"] for i in items}
        assert arms == {"infantry", "cavalry"}, f"{nation} has only {arms}"


def test_depleted_side_is_weaker_than_full_side_within_the_games_range(counters: Component) -> None:
    for item in counters.items:
        full, depleted = item.data["full"], item.data["depleted"]
        assert isinstance(full, int) and isinstance(depleted, int), item.id
        assert 1 <= depleted < full <= 8, f"{item.id}: {full}/{depleted}"


def test_seed_example_french_infantry_eight_five_is_present(counters: Component) -> None:
    french = by_nation(counters)["France"]
    assert any(
        i.data["arm"] == "infantry" and (i.data["full"], i.data["depleted"]) == (8, 5)
        for i in french
    )


def test_counter_ids_are_unique_and_numbered_per_nation(counters: Component) -> None:
    ids = [i.id for i in counters.items]
    assert len(ids) == len(set(ids))
    for nation, items in by_nation(counters).items():
        prefixes = {i.id.rsplit("-", 1)[0] for i in items}
        assert len(prefixes) == 1, f"{nation} mixes id prefixes {prefixes}"
        assert sorted(int(i.id.rsplit("-", 1)[1]) for i in items) == list(range(1, 9))


def test_every_name_and_nation_is_given_in_english_and_traditional_chinese(
    counters: Component,
) -> None:
    for item in counters.items:
        for field in ("name", "nation"):
            text = item.data[field]
            assert is_local_text(text), f"{item.id}.{field} is not a per-language text"
            assert text.get("en", "").strip() and not CJK.search(text["en"]), (
                f"{item.id}.{field}.en"
            )
            assert CJK.search(text.get("zh-Hant", "")), f"{item.id}.{field}.zh-Hant"
    names = [(i.data["nation"]["en"], i.data["name"]["en"]) for i in counters.items]
    assert len(names) == len(set(names)), "two units of one army share a name"


def test_every_counter_names_its_source_and_estimates_say_why(counters: Component) -> None:
    raw = load_yaml(GAME_DIR / counters.spec.items).data
    assert raw.get("source") and raw.get("estimate_note")
    for item in raw["items"]:
        assert isinstance(item.get("source"), str) and item["source"].strip(), item["id"]
        if item.get("estimate"):
            # an estimate's source must say what is uncertain, not only where the rest came from
            assert re.search(r"uncertain|disagree|does not", item["source"]), item["id"]
    flagged = {i.id for i in counters.items if i.estimate}
    assert flagged == {i["id"] for i in raw["items"] if i.get("estimate")}


def test_each_army_has_one_distinct_colour_with_readable_text(counters: Component) -> None:
    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[k : k + 2], 16) / 255 for k in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    colours: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for item in counters.items:
        colours[item.data["nation"]["en"]].add((item.data["color"], item.data["text_color"]))
    for nation, pairs in colours.items():
        assert len(pairs) == 1, f"{nation} counters differ in colour: {pairs}"
        back, text = next(iter(pairs))
        assert text in {"#000000", "#ffffff"}
        hi, lo = sorted((luminance(back), luminance(text)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, f"{nation}: {text} on {back} is hard to read"
    rgb = {n: [int(next(iter(p))[0][k : k + 2], 16) for k in (1, 3, 5)] for n, p in colours.items()}
    nations = sorted(rgb)
    for a_i, a in enumerate(nations):
        for b in nations[a_i + 1 :]:
            distance = sum((x - y) ** 2 for x, y in zip(rgb[a], rgb[b], strict=True)) ** 0.5
            assert distance > 60, f"{a} and {b} colours are too alike"


# ---------------------------------------------------------------- the two faces


def test_component_prints_full_strength_front_and_depleted_back(counters: Component) -> None:
    assert counters.spec.kind == "tokens"
    assert counters.spec.size == "counter-3/4"
    assert counters.front.id == "manoeuvre-full"
    assert counters.back is not None and counters.back.id == "manoeuvre-depleted"
    assert any(isinstance(b, TextBox) and "full" in b.text for b in counters.front.boxes)
    assert any(isinstance(b, TextBox) and "depleted }}" in b.text for b in counters.back.boxes)


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_renders_for_every_counter_in_every_language(
    counters: Component, lang: str
) -> None:
    env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False)
    for layout in (counters.front, counters.back):
        assert layout is not None
        for item in counters.items:
            ctx = context(item, lang)
            assert env.from_string(layout.background).render(**ctx) == item.data["color"]
            for box in drawn_boxes(layout, ctx, env):
                if isinstance(box, TextBox):
                    rendered = env.from_string(box.text).render(**ctx)
                    assert rendered.strip(), f"{layout.id} draws an empty text for {item.id}"
                    if lang != "en" and "name" in box.text:
                        assert CJK.search(rendered), f"{item.id} prints an English name in {lang}"


def test_infantry_shows_a_cross_and_cavalry_a_single_diagonal(counters: Component) -> None:
    env = SandboxedEnvironment(undefined=StrictUndefined)
    infantry = next(i for i in counters.items if i.data["arm"] == "infantry")
    cavalry = next(i for i in counters.items if i.data["arm"] == "cavalry")
    for layout in (counters.front, counters.back):
        assert layout is not None
        frame = nato_frame(layout)
        fx, _, fw, _ = rect(frame)
        inf = diagonal_squares(drawn_boxes(layout, context(infantry, "en"), env), frame)
        cav = diagonal_squares(drawn_boxes(layout, context(cavalry, "en"), env), frame)
        assert cav and len(inf) == 2 * len(cav), layout.id

        # cavalry: every square on the rising diagonal; infantry: both diagonals, half each
        assert on_line(cav, frame, rising=True) == len(cav)
        assert on_line(inf, frame, rising=True) >= len(cav)
        assert on_line(inf, frame, rising=False) >= len(cav)
        covered_x = {round((rect(s)[0] - fx) / fw, 1) for s in cav}
        assert min(covered_x) == 0.0 and max(covered_x) >= 0.9, "the diagonal runs corner to corner"


def test_only_the_depleted_side_has_a_white_stripe_across_the_counter(counters: Component) -> None:
    def stripes(layout: LayoutSpec) -> list[FrameBox]:
        return [
            b
            for b in layout.boxes
            if isinstance(b, FrameBox)
            and b.fill == "#ffffff"
            and rect(b)[0] <= 0.01
            and rect(b)[2] >= FACE - 0.01
        ]

    assert counters.back is not None
    assert len(stripes(counters.back)) == 1
    assert stripes(counters.front) == []
    stripe = stripes(counters.back)[0]
    assert rect(stripe)[3] >= 2 * MM, "the stripe is at least 2 mm tall"


@pytest.mark.parametrize("face", ["front", "back"])
def test_text_stays_on_the_counter_and_off_the_arm_symbol(counters: Component, face: str) -> None:
    layout = getattr(counters, face)
    frame = nato_frame(layout)
    fx, fy, fw, fh = rect(frame)
    for box in layout.boxes:
        x, y, w, h = rect(box)
        assert x >= 0 and y >= 0 and x + w <= FACE + 0.01 and y + h <= FACE + 0.01, box
        if isinstance(box, TextBox):
            apart = x >= fx + fw or x + w <= fx or y >= fy + fh or y + h <= fy
            assert apart, f"text box at {x / MM:.1f},{y / MM:.1f} mm covers the arm symbol"
            assert box.min_size >= 4.0, "text smaller than 4 pt does not read on a counter"
