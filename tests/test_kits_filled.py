"""The boxed games' overlays and stickers print what the sources give, and a fuzzy translation is
never printed unannounced.

Five Armies: seed 000 chapters 3 and 11 name every place on the board (the glossary's terms),
chapter 8 the nine characters and chapter 9 the unit kinds; those names print on the stickers and
overlays in all three languages, measured in the text of the built PDFs.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from .helpers import ROOT, ShippedBuild, pnp
from .pdfcheck import text

FA = ROOT / "content" / "five-armies"
PLACES = (
    "east-hill",
    "front-gate",
    "ravenhill",
    "dale-ruins",
    "camp",
    "low-slope",
    "broken-bridge",
    "eagles-eyrie",
    "goblin-mustering-point",
    "mountain-pass",
    "fate-track",
)
CHARACTERS = (
    "bilbo",
    "thorin",
    "lord-of-the-eagles",
    "beorn",
    "bard",
    "dain",
    "gandalf",
    "thranduil",
    "bolg",
)
UNITS = (
    "dwarf-veteran",
    "dwarf-regular",
    "lake-man",
    "elf-spearman",
    "elf-archer",
    "goblin",
    "orc",
    "great-orc",
    "wolf-rider",
)


def _glossary() -> dict[str, dict[str, str]]:
    data = yaml.safe_load((FA / "rules" / "glossary.yaml").read_text(encoding="utf-8"))
    terms = data.get("terms", data)
    return {k: v for k, v in terms.items() if isinstance(v, dict)}


def _flat(s: str) -> str:
    return "".join(s.split())


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_every_board_sticker_prints_the_place_the_seed_names(
    shipped: ShippedBuild, lang: str
) -> None:
    pdf = shipped.built("five-armies") / "five-armies" / f"overlay-labels.{lang}.pdf"
    printed = _flat(text(pdf))
    terms = _glossary()
    missing = [p for p in PLACES if _flat(terms[p][lang]) not in printed]
    assert not missing, f"{lang} stickers without their place name: {missing}"
    # the place name says where each sticker goes; the ids (English) stay off the sheet
    assert not [p for p in PLACES if f"label-{p}" in printed]


def test_zh_hant_overlays_name_every_character_and_unit(shipped: ShippedBuild) -> None:
    pdf = shipped.built("five-armies") / "five-armies" / "overlays.zh-Hant.pdf"
    printed = _flat(text(pdf))
    terms = _glossary()
    for term in (*CHARACTERS, *UNITS, "eagle", "great-bat"):
        assert _flat(terms[term]["zh-Hant"]) in printed, term
    # what the seed says of the characters prints with them: Beorn's 8 fury tokens, Bolg's
    # bodyguard (1, or 3 with the Ruins of Dale), the Eagles' 3 dice hitting on 4
    assert "8枚憤怒標記" in printed and "3枚" in printed and "4以上命中" in printed
    # the story cards the seed names, with the special fate tile each brings in
    assert "索恩的阿肯寶鑽" in printed and "死靈法師的陰影" in printed


def test_blank_overlay_slots_are_only_those_no_source_fills(tmp_path: Path) -> None:
    done = pnp("translate", "status", "five-armies", "--lang", "zh-Hant")
    assert done.returncode == 0, done.stderr
    row = done.stdout.splitlines()[1].split()
    translated, fuzzy, missing, blank = (int(x) for x in row[2:6])
    assert fuzzy == 0, "every Five Armies translation is reviewed"
    # 263 blank slots before; the seed fills the 11 stickers, the characters, the unit names
    # and four story cards; what stays blank is what the sheet's "Overlays" section lists
    assert missing == blank and blank <= 263 - 11 - 18 - 11 - 4
    sheet = (FA / "rules" / "en.yaml").read_text(encoding="utf-8")
    assert "id: overlays" in sheet and "Blank:" in sheet


def test_a_fuzzy_translation_is_named_by_check_and_build(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(FA, content / "five-armies")
    calm = pnp("check", "five-armies", "--content", str(content))
    assert calm.returncode == 0, calm.stderr
    assert "fuzzy" not in calm.stderr
    table = content / "five-armies" / "table.yaml"
    source = table.read_text(encoding="utf-8")
    changed = source.replace(
        '"wins at once: it holds the Front Gate with 10 points"',
        '"wins at once: it holds the Front Gate and 10 points"',
    )
    assert changed != source
    table.write_text(changed, encoding="utf-8")
    line = 1 + changed[: changed.index("it holds the Front Gate and")].count("\n")
    for args in (
        ("check", "five-armies"),
        ("build", "five-armies", "--no-rules", "--lang", "zh-Hant", "--out", str(tmp_path / "o")),
    ):
        done = pnp(*args, "--content", str(content))
        assert done.returncode == 0, done.stderr
        warned = [w for w in done.stderr.splitlines() if "fuzzy" in w]
        assert any(
            f"table.yaml:{line}:" in w and "scoring.victory.tables.shadow.2" in w for w in warned
        ), done.stderr


# ---------------------------------------------------------------- The Barons of Fyn (seed 002)

FYN = ROOT / "content" / "barons-of-fyn"


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_barons_sheet_lists_the_deck_as_cards_yaml_makes_it_and_sends_no_one_to_a_book(
    shipped: ShippedBuild, lang: str
) -> None:
    cards = yaml.safe_load((FYN / "cards.yaml").read_text(encoding="utf-8"))["items"]
    by_kind: dict[str, int] = {}
    by_type: dict[str, int] = {}
    for card in cards:
        by_kind[card["kind"]] = by_kind.get(card["kind"], 0) + card.get("qty", 1)
        kind = card.get("type") or card["id"].rstrip("-0123456789")
        by_type[kind] = by_type.get(kind, 0) + card.get("qty", 1)
    printed = _flat(text(shipped.built("barons-of-fyn") / "barons-of-fyn" / f"rules.{lang}.pdf"))
    total = sum(by_kind.values())
    assert total == 157
    if lang == "en":
        # the deck list (seed 002 C: six capitals and King Timothy Returns kept out) adds up
        assert f"Inall:{total}cards,{total - 7}ofthemin" in printed
        for kind, word in (
            ("army", "armycards"),
            ("land", "landcards"),
            ("population", "populationcenters"),
        ):
            assert f"{by_kind[kind]}{word}" in printed.lower(), kind
        assert "Village12" in printed and "Town8" in printed and "City6" in printed
        assert "rulebook" not in printed.lower()
        assert "suggestedhouserule" in printed.lower()
    else:
        assert f"{total}" in printed and f"{total - 7}" in printed
        assert "規則書" not in printed and "规则书" not in printed
        # a house rule in each region's word: 自訂 in Taiwan, 自定 on the mainland
        assert {"zh-Hant": "自訂規則", "zh-Hans": "自定规则"}[lang] in printed


def test_barons_kit_draws_no_die_in_a_game_played_with_cards() -> None:
    # seed 002 B.4: the deck is the random-number generator; a die is only the G.1 variant
    sheets = [p for p in (FYN / "rules").glob("*.yaml") if not p.name.endswith(".stamped.yaml")]
    for path in [*sheets, FYN / "cards.yaml", FYN / "counters.yaml"]:
        source = path.read_text(encoding="utf-8")
        assert "icon: die" not in source, path.name
        for line in source.splitlines():
            if ":die:" in line:  # the ten-sided die variant (G.1), and nothing else
                assert "d10" in line or "十面骰" in line, (path.name, line)


# ---------------------------------------------------------------- Maquis (seed 004), measured


def _face_shapes(pdf: Path) -> list[tuple[float, float, float, float, bool]]:
    """(x0, y0, x1, y1 in mm, has curves) of every path drawn in the sheet's face form."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    from .pdfcheck import MM

    doc = PdfReader(str(pdf))
    xobjects = doc.pages[0]["/Resources"].get_object()["/XObject"]
    name = next(n for n in xobjects if str(n).startswith("/FormXob.face"))
    paths: list[tuple[list[tuple[float, float]], list[bool]]] = []
    for args, op in ContentStream(xobjects[name].get_object(), doc).operations:
        if op == b"m":
            paths.append(([(float(args[0]), float(args[1]))], [False]))
        elif op == b"l" and paths:
            paths[-1][0].append((float(args[0]), float(args[1])))
        elif op == b"c" and paths:
            paths[-1][0].extend(
                [(float(args[2]), float(args[3])), (float(args[4]), float(args[5]))]
            )
            paths[-1][1][0] = True
    out = []
    for pts, curved in paths:
        xs, ys = [x / MM for x, _ in pts], [y / MM for _, y in pts]
        out.append((min(xs), min(ys), max(xs), max(ys), curved[0]))
    return out


def _cut_circles(pdf: Path) -> list[float]:
    """Diameters (mm) of the grey cut circles on the first page of a round-token sheet."""
    from .pdfcheck import MM, operations

    ops = operations(pdf, 0)
    out, grey = [], False
    for n, (args, op) in enumerate(ops):
        if op == b"RG":
            grey = tuple(round(float(v), 2) for v in args) == (0.35, 0.35, 0.35)
        if grey and op == b"m":
            xs = [float(a[4]) for a, o in ops[n : n + 6] if o == b"c"]
            xs.append(float(args[0]))
            out.append((max(xs) - min(xs)) / MM)
            grey = False
    return out


def test_maquis_every_box_lies_inside_the_board_border(shipped: ShippedBuild) -> None:
    shapes = _face_shapes(shipped.built("maquis") / "maquis" / "board.en.pdf")
    border = max(shapes, key=lambda s: (s[2] - s[0]) * (s[3] - s[1]))
    assert abs(border[2] - border[0] - 414) < 0.1 and abs(border[3] - border[1] - 291) < 0.1
    inner = 0.4  # half the border's 0.8 mm line
    boxes = [s for s in shapes if s is not border and s[4] and (s[2] - s[0]) >= 20]
    fields = [s for s in boxes if abs(s[2] - s[0] - 38) < 0.1 and abs(s[3] - s[1] - 24) < 0.1]
    assert len(fields) >= 14  # the location boxes, the two Fields among them
    outside = [
        tuple(round(v, 1) for v in s[:4])
        for s in boxes
        if s[0] < border[0] + inner
        or s[1] < border[1] + inner
        or s[2] > border[2] - inner
        or s[3] > border[3] - inner
    ]
    assert not outside, f"boxes over the board's border (mm): {outside}"


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_maquis_track_markers_fit_the_track_squares(shipped: ShippedBuild, lang: str) -> None:
    out = shipped.built("maquis") / "maquis"
    squares = [
        s
        for s in _face_shapes(out / f"board.{lang}.pdf")
        if abs(s[2] - s[0] - s[3] + s[1]) < 0.05 and 10 < s[2] - s[0] < 13
    ]
    assert len(squares) >= 14  # the morale (0..7) and soldier (0..5) tracks
    side = min(s[2] - s[0] for s in squares)
    assert abs(side - 11.4) < 0.05
    markers = _cut_circles(out / f"markers.{lang}.pdf")
    assert markers, "no cut circle found on the marker sheet"
    # a marker sits inside its square with at least 0.5 mm all round, to be picked up again
    assert all(d <= side - 1.0 for d in markers), (markers, side)


# ---------------------------------------------------------------- Manoeuvre (seed 004)

MAN = ROOT / "content" / "manoeuvre"


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_manoeuvre_aid_lists_each_nations_command_cards_as_its_deck_holds_them(
    shipped: ShippedBuild, lang: str
) -> None:
    # seed 004 1.4: 20 command cards a nation, of 12 kinds, no nation has all; their counts per
    # nation are on the player aid; the printed counts are those of the printed decks
    import re

    cards = yaml.safe_load((MAN / "cards.yaml").read_text(encoding="utf-8"))["items"]
    per: dict[str, int] = {}
    for card in cards:
        if card.get("deck") == "command":
            per[card["deck_nation"]] = per.get(card["deck_nation"], 0) + card.get("qty", 1)
    assert len(per) == 8 and set(per.values()) == {20}
    pdf = shipped.built("manoeuvre") / "manoeuvre" / f"nations-aid.{lang}.pdf"
    printed = text(pdf)
    numbers = [int(n) for n in re.findall(r"(?<![\d.])(\d{1,2})(?![\d.])", _flat(printed))]
    # each nation's counts add up to its 20 command cards: 8 x 20 on one face
    assert sum(numbers) >= 8 * 20
    names = {
        "en": ("France", "Ottoman Empire", "Regroup 7"),
        "zh-Hant": ("法國", "鄂圖曼帝國", "重組7"),
    }
    for word in names[lang]:
        assert word in _flat(printed) or word in printed
    # the back: pursuit and rally, each with the roll that decides it
    if lang == "en":
        assert "Pursuit" in printed and "Rally" in printed and "rallyvalue" in _flat(printed)
    else:
        assert "追擊" in printed and "重整值" in printed


def test_manoeuvre_terrain_values_are_marked_as_estimates(shipped: ShippedBuild) -> None:
    # seed 004 6.3: the terrain effects are on the player aid, but the seed gives no values
    printed = text(shipped.built("manoeuvre") / "manoeuvre" / "aid.zh-Hant.pdf")
    assert "≈" in printed and "規則摘要沒有地形數值" in _flat(printed)


@pytest.mark.parametrize("component", ["overlays", "tiles"])
def test_manoeuvre_chinese_overlays_and_tiles_print_no_english(
    shipped: ShippedBuild, component: str
) -> None:
    # every word printed on a sheet is in that sheet's language: the corner of an overlay says
    # which card it goes with in Chinese (nation, unit and card number), never an English id
    import re

    pdf = shipped.built("manoeuvre") / "manoeuvre" / f"{component}.zh-Hant.pdf"
    printed = text(pdf)
    english = sorted(set(re.findall(r"[A-Za-z]{3,}", printed)))
    assert not english, english[:20]
    if component == "overlays":
        # the card names of the seed's nations print on them (seed 004 1.4: 60 cards a nation)
        assert "第1胸甲騎兵團" in printed and "法國 3/1" in printed


# ---------------------------------------------------------------- Rag'narok (seed 001), measured


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_ragnarok_template_caption_lies_inside_its_disc(shipped: ShippedBuild, lang: str) -> None:
    # seed 001: the area template is cut along its rim (10 cm); every letter of its caption is
    # measured on the PDF and must lie inside the disc, clear of the rim
    import math

    import pypdfium2 as pdfium

    from .pdfcheck import MM, boxes

    pdf = shipped.built("ragnarok") / "ragnarok" / f"template.{lang}.pdf"
    trim = boxes(pdf, 0)["trimbox"]
    cx, cy = trim[0] + 100 * MM, trim[1] + 100 * MM
    assert abs((trim[2] - trim[0]) / MM - 200) < 0.1  # the template is 200 mm across
    page = pdfium.PdfDocument(str(pdf))[0]
    chars = page.get_textpage()
    corners = []
    for i in range(chars.count_chars()):
        if not chars.get_text_range(i, 1).isalpha():
            continue
        left, bottom, right, top = chars.get_charbox(i)
        if bottom < trim[1] or top > trim[3]:
            continue  # the sheet's own label, outside the piece
        corners += [(left, bottom), (left, top), (right, bottom), (right, top)]
    assert len(corners) >= 4 * 20, "the caption's letters were not found"
    farthest = max(math.hypot(x - cx, y - cy) for x, y in corners) / MM
    assert farthest <= 100 - 3, f"caption reaches {farthest:.1f} mm from the centre"
