"""Hostile game folders: every file a game names is read inside the folder, as a regular file,
within its size; what would print wrongly without a word is reported.

Each case writes a small game, breaks one file in one way, and runs ``pnp check`` (or ``pnp
build``) in a separate process with a time limit, so that a hang fails the test instead of
stopping the suite. A refusal must name the file, exit non-zero, print no traceback and no
"internal error", and never quote the outside file's contents.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.files import read_guarded, read_regular

SECRET = "outside-secret-words"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{}</svg>'


def _game(root: Path, name: str = "g") -> Path:
    game = root / "content" / name
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        f"id: {name}\ntitle: T\nlanguages: [en]\ncomponents:\n"
        "  - {id: c, kind: cards, title: C, items: cards.yaml, layout: front, size: poker}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text("items: [{id: a, name: A}]\n", encoding="utf-8")
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: '{{ name }}'}\n",
        encoding="utf-8",
    )
    return game


def _pnp(root: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PNP_DATA_DIR": str(root / "data"), "PYTHONIOENCODING": "utf-8"}
    env.pop("PNP_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "generator.cli", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _refused(result: subprocess.CompletedProcess[str], file: str, words: str) -> None:
    said = result.stdout + result.stderr
    assert result.returncode != 0, said
    assert "Traceback" not in said and "internal error" not in said, said
    assert SECRET not in said, said
    assert file in said and words in said, said


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside every game folder, whose words must never be read or quoted."""
    path = tmp_path / "elsewhere" / "secret.yaml"
    path.parent.mkdir()
    path.write_text(f"id: x\ntitle: {SECRET}\nterms: {{{SECRET}: 1}}\n", encoding="utf-8")
    return path


# (file in the game replaced by a link to the outside file, words of the refusal)
LINKED = {
    "game.yaml": "outside the game folder",
    "cards.yaml": "outside the game folder",
    "layouts/front.yaml": "outside the game folder",
    "presets.yaml": "outside the game folder",
    "table.yaml": "outside the game folder",
}


@pytest.mark.parametrize("name", sorted(LINKED))
def test_a_file_linked_from_outside_the_game_is_refused_where_it_is_named(
    tmp_path: Path, outside: Path, name: str
) -> None:
    game = _game(tmp_path)
    target = game / name
    target.unlink(missing_ok=True)
    target.symlink_to(outside)
    _refused(_pnp(tmp_path, "check", "g"), name, LINKED[name])


@pytest.mark.parametrize("name", ["rules/en.yaml", "rules/glossary.yaml"])
def test_a_linked_rule_source_or_glossary_is_refused_by_rules_check(
    tmp_path: Path, outside: Path, name: str
) -> None:
    game = _game(tmp_path)
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8") + "rules: rules\n", encoding="utf-8"
    )
    (game / "rules").mkdir()
    (game / name).symlink_to(outside)
    _refused(_pnp(tmp_path, "rules", "check", "g"), name, "outside the game folder")


@pytest.mark.parametrize("name", ["cards.yaml", "table.yaml", "rules/glossary.yaml"])
def test_a_named_pipe_in_place_of_a_file_is_refused_without_waiting(
    tmp_path: Path, name: str
) -> None:
    game = _game(tmp_path)
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8") + "rules: rules\n", encoding="utf-8"
    )
    (game / "rules").mkdir()
    (game / "rules" / "en.yaml").write_text("title: R\nsections: []\n", encoding="utf-8")
    (game / name).unlink(missing_ok=True)
    os.mkfifo(game / name)
    command = ("rules", "check", "g") if name.startswith("rules/") else ("check", "g")
    _refused(_pnp(tmp_path, *command, timeout=30), name, "not a regular file")


def test_a_linked_svg_icon_is_refused_and_never_drawn(tmp_path: Path) -> None:
    game = _game(tmp_path)
    elsewhere = tmp_path / "icon.svg"
    elsewhere.write_text(SVG.format('<rect width="5" height="5"/>'), encoding="utf-8")
    (game / "icons").mkdir()
    (game / "icons" / "star2.svg").symlink_to(elsewhere)
    _refused(_pnp(tmp_path, "check", "g"), "star2.svg", "outside the game folder")


@pytest.mark.parametrize(
    "href",
    ["/dev/zero", "pipe", "../elsewhere/secret.yaml", "file:///etc/hostname", "http://x/y.png"],
)
def test_an_svg_icon_referring_to_another_file_is_refused(tmp_path: Path, href: str) -> None:
    game = _game(tmp_path)
    (game / "icons").mkdir()
    os.mkfifo(game / "icons" / "pipe")
    image = f'<image xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="{href}" width="5" height="5"/>'
    (game / "icons" / "bad.svg").write_text(SVG.format(image), encoding="utf-8")
    _refused(_pnp(tmp_path, "check", "g", timeout=30), "bad.svg", "may only use its own parts")


def test_an_svg_icon_with_its_own_parts_and_a_data_image_is_accepted(tmp_path: Path) -> None:
    game = _game(tmp_path)
    (game / "icons").mkdir()
    own = '<defs><rect id="r" width="5" height="5"/></defs><use href="#r"/>'
    (game / "icons" / "good.svg").write_text(SVG.format(own), encoding="utf-8")
    result = _pnp(tmp_path, "check", "g")
    assert result.returncode == 0, result.stderr


def test_the_guarded_reader_refuses_devices_folders_links_out_and_big_files(
    tmp_path: Path,
) -> None:
    root = tmp_path / "game"
    root.mkdir()
    (root / "ok.txt").write_bytes(b"fine")
    (root / "zero").symlink_to("/dev/zero")
    (root / "dir").mkdir()
    (root / "big").write_bytes(b"x" * 2000)
    (root / "loop").symlink_to(root / "loop")
    assert read_guarded(root / "ok.txt", root) == b"fine"
    for name, words in (
        ("zero", "outside the game folder"),
        ("dir", "not a regular file"),
        ("missing", "does not exist"),
        ("loop", "loop"),
    ):
        with pytest.raises(ValueError, match=words):
            read_guarded(root / name, root)
    with pytest.raises(ValueError, match="limit"):
        read_guarded(root / "big", root, limit=1000)
    with pytest.raises(ValueError, match="not a regular file"):
        read_regular("/dev/zero")


def test_session_verify_reads_no_device_its_header_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shared log names the files whose hash it recorded; `/dev/zero` is never read."""
    import json

    from generator.companion.engine import new_session

    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "data"))
    game = Path(__file__).parent / "fixtures" / "table_game"
    log = tmp_path / "s.jsonl"
    new_session(str(game), log, [], seed=3)
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["content"] = "/"
    header["record"]["files"] = ["dev/zero", "../../dev/zero", "/dev/zero"]
    log.write_text(json.dumps(header) + "\n", encoding="utf-8")
    result = _pnp(tmp_path, "session", "verify", str(log), timeout=30)
    said = result.stdout + result.stderr
    assert "Traceback" not in said and "internal error" not in said, said


def test_an_item_file_in_a_hidden_folder_counts_for_up_to_date(tmp_path: Path) -> None:
    game = _game(tmp_path)
    (game / ".data").mkdir()
    (game / ".data" / "cards.yaml").write_text("items: [{id: a, name: A}]\n", encoding="utf-8")
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8").replace("cards.yaml", ".data/cards.yaml"),
        encoding="utf-8",
    )
    first = _pnp(tmp_path, "build", "g")
    assert first.returncode == 0, first.stderr
    (game / ".data" / "cards.yaml").write_text(
        "items: [{id: a, name: Changed}]\n", encoding="utf-8"
    )
    second = _pnp(tmp_path, "build", "g")
    assert second.returncode == 0, second.stderr
    assert "up to date" not in second.stdout, second.stdout


def test_check_reports_a_table_file_that_game_yaml_names_but_is_missing(tmp_path: Path) -> None:
    game = _game(tmp_path)
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8") + "table: table.yaml\n", encoding="utf-8"
    )
    _refused(_pnp(tmp_path, "check", "g"), "game.yaml", "'table.yaml' does not exist")


def test_a_truncated_png_is_a_located_problem_not_an_internal_error(tmp_path: Path) -> None:
    from PIL import Image

    game = _game(tmp_path)
    image = Image.effect_noise((200, 200), 80).convert("RGB")
    image.save(game / "full.png")
    data = (game / "full.png").read_bytes()
    (game / "cut.png").write_bytes(data[: len(data) // 2])
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: image, x: 0, y: 0, w: 10mm, h: 10mm, src: cut.png}\n",
        encoding="utf-8",
    )
    _refused(_pnp(tmp_path, "check", "g"), "front.yaml", "cannot be read")


@pytest.mark.parametrize(
    "cut", [lambda d: d[:300_000], lambda d: d[:2000], lambda d: b"true" + b"\0" * 200]
)
def test_a_truncated_or_garbage_font_is_named_as_damaged(tmp_path: Path, cut: object) -> None:
    game = _game(tmp_path)
    font = Path(__file__).parent.parent / "generator/render/fonts/DejaVuSansCondensed.ttf"
    (game / "fonts").mkdir()
    (game / "fonts" / "t.ttf").write_bytes(cut(font.read_bytes()))  # type: ignore[operator]
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8")
        + "fonts: {title: {regular: fonts/t.ttf}}\n",
        encoding="utf-8",
    )
    _refused(_pnp(tmp_path, "check", "g"), "game.yaml", "damaged TrueType font")


def test_a_character_no_font_has_is_a_located_warning(tmp_path: Path) -> None:
    game = _game(tmp_path)
    # U+2000B, a CJK Extension B character, and U+1F409, an emoji no shipped font draws
    (game / "cards.yaml").write_text(
        "items: [{id: a, name: 'A \U0002000b'}, {id: b, name: 'B \U0001f409'}]\n",
        encoding="utf-8",
    )
    result = _pnp(tmp_path, "check", "g")
    assert result.returncode == 0, result.stderr
    assert "cards.yaml:1:" in result.stderr and "U+2000B" in result.stderr, result.stderr
    assert "U+1F409" in result.stderr and "empty box" in result.stderr, result.stderr
    built = _pnp(tmp_path, "build", "g")
    assert built.returncode == 0, built.stderr
    assert "warning:" in built.stderr and "U+2000B" in built.stderr, built.stderr


def test_a_bad_colour_tag_in_inline_markup_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    (game / "cards.yaml").write_text("items: [{id: a, name: '[#12g]red[/]'}]\n", encoding="utf-8")
    _refused(_pnp(tmp_path, "check", "g"), "cards.yaml:1:", "is not a colour tag")


def test_a_control_character_in_printed_text_is_a_warning(tmp_path: Path) -> None:
    game = _game(tmp_path)
    (game / "cards.yaml").write_text('items: [{id: a, name: "A\\0B\\x1bC"}]\n', encoding="utf-8")
    result = _pnp(tmp_path, "check", "g")
    assert result.returncode == 0, result.stderr
    assert "U+0000" in result.stderr and "U+001B" in result.stderr, result.stderr
    assert "\x1b" not in result.stderr


def test_a_box_wholly_off_the_card_is_refused_once(tmp_path: Path) -> None:
    game = _game(tmp_path)
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n"
        "  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: '{{ name }}'}\n"
        "  - {kind: text, x: 500mm, y: 5mm, w: 50mm, h: 20mm, text: '{{ name }}'}\n",
        encoding="utf-8",
    )
    result = _pnp(tmp_path, "check", "g")
    assert result.returncode == 1, result.stderr
    (said,) = [line for line in result.stderr.splitlines() if "front.yaml" in line]
    assert "front.yaml:4:" in said and "wholly off the 63.5 x 88.9 mm card" in said


@pytest.mark.parametrize(
    ("body", "size", "words"),
    [
        ('<rect width="1" height="1"/>' * 6000, 'width="10" height="10"', "at most 5000"),
        ('<rect width="5" height="5"/>', 'width="1e300" height="1e300"', "between 0 and"),
        ('<rect width="5" height="5"/>', 'width="-3" height="10"', "between 0 and"),
    ],
)
def test_an_svg_icon_too_big_to_draw_is_refused(
    tmp_path: Path, body: str, size: str, words: str
) -> None:
    game = _game(tmp_path)
    (game / "icons").mkdir()
    (game / "icons" / "big.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" {size}>{body}</svg>', encoding="utf-8"
    )
    (game / "cards.yaml").write_text("items: [{id: a, name: 'A :big:'}]\n", encoding="utf-8")
    _refused(_pnp(tmp_path, "check", "g"), "big.svg", words)
    built = _pnp(tmp_path, "build", "g")
    assert built.returncode == 1 and "Traceback" not in built.stderr, built.stderr


def test_a_game_with_too_many_components_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    extra = "".join(
        f"  - {{id: c{n}, kind: cards, title: C, items: cards.yaml, layout: front, size: poker}}\n"
        for n in range(201)
    )
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8") + extra, encoding="utf-8"
    )
    _refused(_pnp(tmp_path, "check", "g"), "game.yaml", "at most 200 entries")


def test_a_game_printing_too_many_copies_in_all_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    many = ", ".join(f"{{id: i{n}, name: N, qty: 1000}}" for n in range(20))
    (game / "cards.yaml").write_text(f"items: [{many}]\n", encoding="utf-8")
    extra = "".join(
        f"  - {{id: c{n}, kind: cards, title: C, items: cards.yaml, layout: front, size: poker}}\n"
        for n in range(3)
    )
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8") + extra, encoding="utf-8"
    )
    _refused(_pnp(tmp_path, "check", "g"), "game.yaml", "a game may print at most 60000")
