"""Manoeuvre unit counters: the content the seed and public sources describe, and faces that show it.

Loads ``content/manoeuvre`` through the library (``load_game``, ``check_game``) and checks the
facts the rules fix (8 nations x 8 two-sided counters, infantry or cavalry, depleted weaker than
full), the bookkeeping (unique ids, English and Traditional Chinese names, a source on every
item), that the expanded faces draw what they promise (NATO cross or diagonal, a stripe on the
depleted side, names that fit), and that ``pnp build`` makes one PDF per language.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.loader import Component, Game, load_game
from generator.content.schema import FrameBox, TextBox
from generator.content.yamlload import load_yaml
from generator.faces.expand import BoxDraw, Copy, FaceDraw
from generator.layout.units import MM
from generator.pipeline.check import check_game
from generator.render.text import plain_text
from generator.text.localtext import LANGS, is_local_text

from .helpers import ShippedBuild, laid_out_texts

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


@pytest.fixture(scope="module")
def expanded() -> dict[str, list[Copy]]:
    """Every counter's two faces, templates evaluated, per language (what a build draws)."""
    checked = check_game(GAME_DIR)
    return {lang: checked.copies[("counters", lang)] for lang in LANGS}


def by_nation(counters: Component) -> dict[str, list]:
    groups: dict[str, list] = defaultdict(list)
    for item in counters.items:
        groups[item.data["nation"]["en"]].append(item)
    return groups


def rect(box: BoxDraw) -> tuple[float, float, float, float]:
    return box.x, box.y, box.w, box.h


def nato_frame(face: FaceDraw) -> BoxDraw:
    """The arm symbol: the one white frame with a black border."""
    frames = [b for b in face.boxes if isinstance(b.spec, FrameBox) and b.spec.stroke == "#000000"]
    assert len(frames) == 1, f"{face.layout_id}: one bordered frame, the NATO arm symbol"
    return frames[0]


def diagonal_squares(face: FaceDraw, frame: BoxDraw) -> list[BoxDraw]:
    """Black fills drawn inside the arm symbol's frame."""
    fx, fy, fw, fh = rect(frame)
    out = []
    for b in face.boxes:
        if isinstance(b.spec, FrameBox) and b is not frame and b.fill == "#000000":
            x, y, w, h = rect(b)
            inside = fx - 0.01 <= x and x + w <= fx + fw + 0.01
            if inside and fy - 0.01 <= y and y + h <= fy + fh + 0.01:
                out.append(b)
    return out


def on_line(squares: list[BoxDraw], frame: BoxDraw, *, rising: bool) -> int:
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


def test_component_prints_full_strength_front_and_depleted_back(
    counters: Component, expanded: dict[str, list[Copy]]
) -> None:
    assert counters.spec.kind == "tokens"
    assert counters.spec.size == "counter-3/4"
    assert (counters.front.id, counters.back.id if counters.back else None) == (
        "manoeuvre-full",
        "manoeuvre-depleted",
    )
    for cp in expanded["en"]:
        assert cp.back is not None
        front = [plain_text(b.text) for b in cp.front.boxes if b.text]
        back = [plain_text(b.text) for b in cp.back.boxes if b.text]
        assert str(cp.item.data["full"]) in front, cp.item.id
        assert str(cp.item.data["depleted"]) in back, cp.item.id
        assert str(cp.item.data["full"]) not in back or cp.item.data["full"] in (
            cp.item.data["depleted"],
        )


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_chinese_counters_print_chinese_names_and_nations(
    expanded: dict[str, list[Copy]], lang: str
) -> None:
    for cp in expanded[lang]:
        texts = [plain_text(b.text) for b in cp.front.boxes if b.text]
        assert sum(bool(CJK.search(t)) for t in texts) >= 2, f"{cp.item.id}: {texts}"
        assert not any(re.search(r"[A-Za-z]{3}", t) for t in texts), f"{cp.item.id}: {texts}"
    hant = {cp.item.id: [b.text for b in cp.front.boxes if b.text] for cp in expanded["zh-Hant"]}
    hans = {cp.item.id: [b.text for b in cp.front.boxes if b.text] for cp in expanded["zh-Hans"]}
    assert sum(hant[k] != hans[k] for k in hant) > 32, "Simplified faces differ from Traditional"


def test_infantry_shows_a_cross_and_cavalry_a_single_diagonal(
    expanded: dict[str, list[Copy]],
) -> None:
    for cp in expanded["en"]:
        for face in (cp.front, cp.back):
            assert face is not None
            frame = nato_frame(face)
            fx, _, fw, _ = rect(frame)
            squares = diagonal_squares(face, frame)
            rising = on_line(squares, frame, rising=True)
            falling = on_line(squares, frame, rising=False)
            if cp.item.data["arm"] == "cavalry":
                # only the squares where the two diagonals would cross lie near the falling one
                assert squares and rising == len(squares) and falling < len(squares) / 4, cp.item.id
            else:
                assert rising >= len(squares) // 2 and falling >= len(squares) // 2, cp.item.id
                assert rising + falling >= len(squares), cp.item.id
            spread = {round((s.x - fx) / fw, 1) for s in squares}
            assert min(spread) == 0.0 and max(spread) >= 0.9, "the diagonal runs corner to corner"


def test_only_the_depleted_side_has_a_white_stripe_across_the_counter(
    expanded: dict[str, list[Copy]],
) -> None:
    def stripes(face: FaceDraw) -> list[BoxDraw]:
        return [
            b
            for b in face.boxes
            if isinstance(b.spec, FrameBox)
            and b.fill == "#ffffff"
            and b.x <= 0.01
            and b.w >= FACE - 0.01
        ]

    for cp in expanded["en"]:
        assert cp.back is not None
        assert stripes(cp.front) == [], cp.item.id
        (stripe,) = stripes(cp.back)
        assert stripe.h >= 2 * MM, "the stripe is at least 2 mm tall"


@pytest.mark.parametrize("lang", LANGS)
def test_names_fit_the_counter_at_full_size(expanded: dict[str, list[Copy]], lang: str) -> None:
    """No shrinking, at most two lines, and a Chinese name on a single line."""
    texts = laid_out_texts(expanded[lang])
    assert texts
    for item, shown, laid, spec in texts:
        assert laid.size == spec.size and not laid.overflow, f"{item}: {shown!r}"
        assert len(laid.lines) <= (1 if CJK.search(shown) else 2), f"{item}: {shown!r}"


def test_text_stays_on_the_counter_and_off_the_arm_symbol(
    expanded: dict[str, list[Copy]],
) -> None:
    cp = expanded["en"][0]
    for face in (cp.front, cp.back):
        assert face is not None
        fx, fy, fw, fh = rect(nato_frame(face))
        for box in face.boxes:
            x, y, w, h = rect(box)
            assert x >= 0 and y >= 0 and x + w <= FACE + 0.01 and y + h <= FACE + 0.01, box
            if isinstance(box.spec, TextBox):
                apart = x >= fx + fw or x + w <= fx or y >= fy + fh or y + h <= fy
                assert apart, f"text at {x / MM:.1f},{y / MM:.1f} mm covers the arm symbol"
                assert box.spec.min_size >= 4.0, "text below 4 pt does not read on a counter"


def test_pnp_build_writes_one_counter_pdf_per_language(shipped: ShippedBuild) -> None:
    out = shipped.built("manoeuvre")  # by `pnp build`, shared with other tests
    pdfs = sorted(p.name for p in (out / "manoeuvre").glob("counters*.pdf"))
    assert pdfs == ["counters.en.pdf", "counters.zh-Hans.pdf", "counters.zh-Hant.pdf"]
    expect = {"en": "Imperial Guard", "zh-Hant": "帝國衛隊", "zh-Hans": "帝国卫队"}
    for lang, name in expect.items():
        reader = PdfReader(out / "manoeuvre" / f"counters.{lang}.pdf")
        assert len(reader.pages) % 2 == 0, "every sheet of fronts has its sheet of backs"
        assert name in reader.pages[0].extract_text()
