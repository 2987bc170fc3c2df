"""`pnp check` refuses what the cards would print wrongly, once per item, at the item.

Unknown inline icons, unclosed ``**``, lone ``*``, texts missing a printed language and words
shrunk below the legible size; an item's back given as one per-language text; the one rule that
says which language's words print when one is missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.errors import ContentError, Issue
from generator.pipeline.check import check_game
from generator.pipeline.options import BuildOptions
from generator.pipeline.run import build_game
from generator.text.language import localize, missing_languages, source_language

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "bad"

FRONT = """id: front
boxes:
  - {kind: text, x: 3mm, y: 3mm, w: 50mm, h: 8mm, text: "%s", size: 10pt}
  - {kind: text, x: 3mm, y: 14mm, w: 55mm, h: 30mm, text: "{{ body }}", size: 9pt}
"""


def _game(
    root: Path,
    items: str,
    *,
    front: str = FRONT % "{{ name }}",
    extra: str = "",
    layouts: dict[str, str] | None = None,
) -> Path:
    game = root / "g"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: g\ntitle: G\nlanguages: [en, zh-Hant, zh-Hans]\ncomponents:\n"
        "  - id: cards\n    kind: cards\n    title: C\n    items: cards.yaml\n"
        f"    size: poker\n    layout: front\n{extra}",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text("items:\n" + items, encoding="utf-8")
    (game / "layouts" / "front.yaml").write_text(front, encoding="utf-8")
    for name, text in (layouts or {}).items():
        (game / "layouts" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return game


def _errors(game: Path) -> list[Issue]:
    with pytest.raises(ContentError) as caught:
        check_game(game)
    return [i for i in caught.value.issues if i.severity == "error"]


@pytest.mark.parametrize(
    "name,words",
    [
        ("bad_inline_icon", "unknown inline icon ':dye:'"),
        ("bad_unclosed_bold", "'**' opens bold that is never closed"),
        ("bad_lone_star", "a lone '*'"),
        ("bad_missing_language", "no zh-Hant text"),
        ("bad_illegible_text", "below the legible 6.00 pt"),
        ("bad_missing_language_csv", "no zh-Hant text"),
    ],
)
def test_problem_in_every_language_and_copy_is_reported_once_at_the_item(
    name: str, words: str
) -> None:
    # the faulty item prints 3 copies in 3 languages; its line in the item file is the place
    errors = _errors(FIXTURES / name)
    assert len(errors) == 1, errors
    issue = errors[0]
    assert words in issue.message and "item 'raider'" in issue.message
    item_file = "cards.csv" if name.endswith("csv") else "cards.yaml"
    lines = (FIXTURES / name / item_file).read_text(encoding="utf-8").splitlines()
    assert issue.location.file.endswith(f"{name}/{item_file}")
    starts = next(n for n, line in enumerate(lines, 1) if "raider" in line)
    assert starts <= issue.location.line <= len(lines)  # within the item: its line or a field's
    assert issue.key.startswith("items[1].body" if item_file == "cards.yaml" else "body.")


def test_markup_a_layout_breaks_is_reported_once_at_the_layout(tmp_path: Path) -> None:
    items = "".join(
        f"  - {{id: c{n}, qty: 2, name: {{en: N{n}, zh-Hant: 名{n}}}, "
        f"body: {{en: B, zh-Hant: 乙}}}}\n"
        for n in range(4)
    )
    game = _game(tmp_path, items, front=FRONT % "**{{ name }}")
    errors = _errors(game)
    assert len(errors) == 1, errors
    assert errors[0].location.file.endswith("layouts/front.yaml")
    assert errors[0].location.line == 3
    assert "never closed" in errors[0].message


def test_escaped_stars_balanced_markup_known_icons_and_derived_chinese_pass(
    tmp_path: Path,
) -> None:
    body = (
        r'{en: "**Roll** :die: and add *fury*; 2\\*3 is six.", zh-Hant: "擲 :die: 加上**狂怒**。"}'
    )
    game = _game(
        tmp_path,
        f"  - {{id: a, qty: 3, name: {{en: A, zh-Hant: 甲}}, body: {body}}}\n"
        "  - {id: b, name: {en: B, zh-Hans: 乙}, body: {en: B, zh-Hans: 乙}}\n"
        "  - {id: c, name: 3, body: '7'}\n",
        front=FRONT.replace("size: 10pt", "size: 5pt") % "{{ name }}",  # small by choice
    )
    checked = check_game(game)
    assert set(checked.copies) == {("cards", "en"), ("cards", "zh-Hant"), ("cards", "zh-Hans")}


def test_words_that_shrink_in_one_language_only_are_reported_in_that_language(
    tmp_path: Path,
) -> None:
    long_zh = "你的每個單位朝最近的敵人移動一格，然後擲骰。" * 30
    game = _game(tmp_path, f"  - {{id: a, name: A, body: {{en: Short., zh-Hant: {long_zh}}}}}\n")
    errors = _errors(game)
    assert len(errors) == 1, errors
    assert errors[0].key == "items[0].body.zh-Hant"
    assert "the zh-Hant text" in errors[0].message


def test_item_back_as_one_per_language_text_is_a_located_error(tmp_path: Path) -> None:
    back = "id: back\nboxes:\n  - {kind: text, x: 3mm, y: 3mm, w: 50mm, h: 8mm, text: \"{{ label | default('') }}\"}\n"
    game = _game(
        tmp_path,
        "  - {id: a, name: A, body: B}\n  - id: b\n    name: B\n    body: B\n"
        "    back: {en: Elite, zh-Hant: 精銳}\n",
        extra="    back: {layout: back}\n",
        layouts={"back": back},
    )
    errors = _errors(game)
    assert len(errors) == 1, errors
    assert (errors[0].location.line, errors[0].key) == (6, "items[1].back")
    assert "per-language text" in errors[0].message


def test_component_data_as_one_per_language_text_is_a_located_error(tmp_path: Path) -> None:
    game = _game(
        tmp_path,
        "  - {id: a, name: A, body: B}\n",
        extra="    data: {en: Cards, zh-Hant: 牌}\n",
    )
    errors = _errors(game)
    assert [e.key for e in errors] == ["components[0].data"]
    assert errors[0].location.file.endswith("game.yaml")


def test_item_back_with_its_own_layout_prints_that_layout(tmp_path: Path) -> None:
    def back(name: str) -> str:
        return (
            f"id: {name}\nboxes:\n  - {{kind: text, x: 3mm, y: 3mm, w: 50mm, h: 8mm, "
            f'text: "{name.upper()} {{{{ label }}}}"}}\n'
        )

    game = _game(
        tmp_path,
        "  - {id: a, name: A, body: B}\n"
        "  - {id: b, name: B, body: B, back: {layout: elite, data: {label: {en: Guard, zh-Hant: 衛}}}}\n",
        extra="    back: {layout: plain, data: {label: Deck}}\n",
        layouts={"plain": back("plain"), "elite": back("elite")},
    )
    checked = check_game(game)
    backs = {cp.item.id: cp.back for cp in checked.copies[("cards", "zh-Hant")]}
    assert backs["a"] is not None and backs["b"] is not None
    assert (backs["a"].layout_id, backs["b"].layout_id) == ("plain", "elite")
    assert backs["b"].boxes[0].text == "ELITE 衛"
    results = build_game(game, BuildOptions(out_dir=tmp_path / "out", langs=("en",), duplex="long"))
    text = "".join(p.extract_text() for p in PdfReader(results[0].path).pages)
    assert "ELITE Guard" in text and "PLAIN Deck" in text


def test_one_rule_names_the_language_that_prints() -> None:
    assert source_language(["en", "zh-Hant"], "zh-Hant") == ("zh-Hant", "given")
    assert source_language(["en", "zh-Hant"], "zh-Hans") == ("zh-Hant", "derived")
    assert source_language(["en", "zh-Hans"], "zh-Hant") == ("zh-Hans", "derived")
    assert source_language(["zh-Hant", "en"], "en") == ("en", "given")
    assert source_language(["en"], "zh-Hans") == ("en", "fallback")
    assert source_language(["zh-Hant"], "en") == ("zh-Hant", "fallback")
    assert missing_languages({"en": "x"}, ["en", "zh-Hant", "zh-Hans"]) == ["zh-Hant", "zh-Hans"]
    assert missing_languages({"en": "x", "zh-Hans": "乙"}, ["en", "zh-Hant", "zh-Hans"]) == []
    assert localize({"en": "Guard", "zh-Hant": "衛兵"}, "zh-Hans") == "卫兵"
    assert localize([{"en": "A"}, {"k": {"en": "B", "zh-Hant": "乙"}}], "zh-Hant") == [
        "A",
        {"k": "乙"},
    ]


def test_printed_pieces_and_the_companion_fall_back_by_the_same_rule() -> None:
    from itertools import combinations

    from generator.text.language import written_languages
    from generator.text.localtext import LANGS, choose

    letters = {"en": "E", "zh-Hant": "T", "zh-Hans": "S"}  # the same in every script
    for n in range(1, 4):
        for given in combinations(LANGS, n):
            for empty in (None, *given):
                text = {k: ("" if k == empty else letters[k]) for k in given}
                if not any(text.values()):
                    continue
                for lang in LANGS:
                    source, _ = source_language(written_languages(text), lang)
                    assert choose(text, lang) == letters[source], (text, lang)


def test_two_games_naming_different_fonts_alike_each_print_their_own(tmp_path: Path) -> None:
    import shutil

    from generator.render.fonts import FONT_DIR
    from tests import pdfcheck

    layout = (
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, "
        "text: '{{ name }}', font: display}\n"
    )
    for name, face in (("g1", "Oblique"), ("g2", "Bold")):
        game = tmp_path / "content" / name
        (game / "layouts").mkdir(parents=True)
        (game / "fonts").mkdir()
        shutil.copy(FONT_DIR / f"DejaVuSansCondensed-{face}.ttf", game / "fonts" / f"{name}.ttf")
        (game / "game.yaml").write_text(
            f"id: {name}\ntitle: G\nfonts:\n  display: {{regular: fonts/{name}.ttf}}\n"
            "components:\n  - {id: cards, kind: cards, title: C, items: cards.yaml, "
            "size: poker, layout: front}\n",
            encoding="utf-8",
        )
        (game / "cards.yaml").write_text("items: [{id: a, name: Alpha}]\n", encoding="utf-8")
        (game / "layouts" / "front.yaml").write_text(layout, encoding="utf-8")
    out = tmp_path / "out"
    for name in ("g1", "g2"):  # one process: the words are laid out once per font, not per name
        build_game(tmp_path / "content" / name, BuildOptions(out_dir=out))
    first = {n for n, _ in pdfcheck.fonts(out / "g1" / "cards.pdf")}
    second = {n for n, _ in pdfcheck.fonts(out / "g2" / "cards.pdf")}
    assert any("Oblique" in n for n in first) and not any("Bold" in n for n in first)
    assert any("Bold" in n for n in second) and not any("Oblique" in n for n in second)
