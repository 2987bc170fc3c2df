"""Broken games of every family we know of: each is refused with one located error, fast.

The games are written here, into a temporary folder: nesting, sizes, counts, images,
templates that try to do too much work, colours, languages and links out of the game folder.
Each must end in `file:line:col: key: message` and exit 1, never a traceback or a hang.
"""

from __future__ import annotations

import os
import re
import struct
from pathlib import Path

import pytest

from tests.helpers import pnp

TEXT = "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: %s}\n"


def _game(
    root: Path,
    name: str,
    *,
    items: str = "items: [{id: a, name: A}]\n",
    layout: str = "",
    component: str = "size: poker",
    languages: str = "[en]",
) -> Path:
    game = root / name
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        f"id: {name}\ntitle: T\nlanguages: {languages}\ncomponents:\n"
        f"  - {{id: c, kind: cards, title: C, items: cards.yaml, layout: front, {component}}}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text(items, encoding="utf-8")
    (game / "layouts" / "front.yaml").write_text(layout or TEXT % "'{{ name }}'", encoding="utf-8")
    return game


def _template(expr: str) -> str:
    return TEXT % ('"' + expr.replace('"', '\\"') + '"')


CASES: dict[str, tuple[dict[str, str], str, str]] = {
    # name: (game parts, file the error is in, words the message must have)
    "deep-yaml": (
        {"items": "items: " + "[" * 5000 + "]" * 5000 + "\n"},
        "cards.yaml",
        "nesting deeper",
    ),
    "deep-json": (
        {"items": '{"items": ' + "[" * 5000 + "]" * 5000 + "}\n"},
        "cards.yaml",
        "nesting deeper",
    ),
    "zero-size": (
        {"component": "size: {width: 0, height: 88mm}"},
        "game.yaml",
        "between 1mm and 3000mm",
    ),
    "nan-size": ({"component": "size: {width: .nan, height: 88mm}"}, "game.yaml", "finite length"),
    "negative-box": (
        {"layout": "id: front\nboxes:\n  - {kind: frame, x: 0, y: 0, w: -5mm, h: 5mm}\n"},
        "front.yaml",
        "negative",
    ),
    "negative-line": (
        {
            "layout": "id: front\nboxes:\n  - {kind: frame, x: 0, y: 0, w: 5mm, h: 5mm, stroke: red, stroke_width: -1mm}\n"
        },
        "front.yaml",
        "line width",
    ),
    "all-zero": (
        {"items": "items: [{id: a, name: A, qty: 0}, {id: b, name: B, qty: 0}]\n"},
        "cards.yaml",
        "nothing would print",
    ),
    "millions": (
        {
            "items": "items:\n"
            + "".join(f"  - {{id: i{n}, name: x, qty: 1000}}\n" for n in range(2000))
        },
        "cards.yaml",
        "at most 20000",
    ),
    "recursion": (
        {"layout": _template("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(1) }}")},
        "front.yaml",
        "calls itself",
    ),
    "doubling": (
        {
            "layout": _template(
                "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}"
            )
        },
        "front.yaml",
        "too long",
    ),
    "doubling-plus": (
        {
            "layout": _template(
                "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s + ns.s %}{% endfor %}{{ ns.s|length }}"
            )
        },
        "front.yaml",
        "too long",
    ),
    "nested-loops": (
        {
            "layout": _template(
                "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}x"
            )
        },
        "front.yaml",
        "loop steps",
    ),
    "format-width": (
        {"layout": _template("{{ '%999999999d' % 1 }}")},
        "front.yaml",
        "format width",
    ),
    "format-method": (
        {"layout": _template("{{ '{:>999999999}'.format(1) }}")},
        "front.yaml",
        "format width",
    ),
    "padding": (
        {"layout": _template("{{ 'x'.center(999999999) }}")},
        "front.yaml",
        "width too large",
    ),
    "not-a-colour": (
        {"layout": "id: front\nbackground: blue-ish\nboxes: []\n"},
        "front.yaml",
        "not a colour",
    ),
    "template-colour": (
        {
            "items": "items: [{id: a, c: blue-ish}]\n",
            "layout": "id: front\nbackground: '{{ c }}'\nboxes: []\n",
        },
        "cards.yaml",  # the item's own value, at its line
        "not a colour",
    ),
    "language-not-in-game": (
        {"items": "items: [{id: a, name: {en: A, zh-Hant: 甲}}]\n"},
        "cards.yaml",
        "not one of this game's languages",
    ),
    "language-unknown": (
        {"items": "items: [{id: a, name: {en: A, fr: B}}]\n"},
        "cards.yaml",
        "not a language",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_game_is_refused_with_a_located_error(name: str, tmp_path: Path) -> None:
    parts, file, words = CASES[name]
    _game(tmp_path, name, **parts)
    result = pnp("check", "--content", str(tmp_path), name)
    assert result.returncode == 1, result.stdout
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    first = result.stderr.splitlines()[0].removeprefix("Error: ")
    # the place, then the key (when the problem has one) and what is wrong
    assert re.match(rf".*{re.escape(file)}:\d+:\d+: ", first), first
    assert words in result.stderr


def test_corrupt_image_is_refused(tmp_path: Path) -> None:
    game = _game(
        tmp_path,
        "image",
        layout="id: front\nboxes:\n  - {kind: image, x: 0, y: 0, w: 9mm, h: 9mm, src: pic.png}\n",
    )
    header = struct.pack(">IIBBBBB", 100, 100, 8, 2, 0, 0, 0)
    (game / "pic.png").write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + header)
    result = pnp("check", "--content", str(tmp_path), "image")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"front\.yaml:\d+:\d+: boxes\[0\]\.src: image 'pic.png' "
        r"(cannot be read|is not a PNG or JPEG file \(or it is damaged\))",
        result.stderr,
    )


def test_layouts_folder_linked_out_of_the_game_is_not_read(tmp_path: Path) -> None:
    game = _game(tmp_path / "content", "linked")
    outside = tmp_path / "outside"
    (game / "layouts").rename(outside)
    os.symlink(outside, game / "layouts")
    result = pnp("check", "--content", str(tmp_path / "content"), "linked")
    assert result.returncode == 1
    assert re.search(
        r"game\.yaml:\d+:\d+: components\[0\]\.layout: .*outside the game folder", result.stderr
    )
