"""`pnp translate`: game texts exported to gettext catalogues, imported back, counted, and the
glossary as TBX / CSV, run through the command line on copies of the shipped games."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import polib
import pytest
from pypdf import PdfReader

from tests.helpers import ROOT, pnp

GAMES = ("barons-of-fyn", "five-armies", "manoeuvre", "maquis", "pocket-battles", "ragnarok")
TBX = "{urn:iso:std:iso:30042:ed-2}"


@pytest.fixture(scope="module")
def stamped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped content with every translation stamped as current, so each test starts
    from "nothing fuzzy" whatever edits the shipped games get."""
    from generator.rules import stamp_rules
    from generator.translate.catalogue import stamp_texts

    target = tmp_path_factory.mktemp("stamped") / "content"
    shutil.copytree(ROOT / "content", target)
    for game in GAMES:
        stamp_rules(target / game)
        stamp_texts(target / game)
    return target


@pytest.fixture
def content(tmp_path: Path, stamped: Path) -> Path:
    """A private copy of the (stamped) shipped content folder."""
    target = tmp_path / "content"
    shutil.copytree(stamped, target)
    return target


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def export(content: Path, game: str, lang: str, out: Path) -> polib.POFile:
    done = pnp(
        "translate", "export", game, "--lang", lang, "--out", str(out), "--content", str(content)
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return polib.pofile(str(out))


def import_(content: Path, po: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return pnp("translate", "import", str(po), "--content", str(content), *extra)


def entry(po: polib.POFile, ctx: str) -> polib.POEntry:
    found = [e for e in po if e.msgctxt == ctx]
    assert len(found) == 1, ctx
    return found[0]


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.mark.parametrize("game", GAMES)
def test_importing_an_unchanged_export_changes_no_file_byte_for_byte(
    content: Path, tmp_path: Path, game: str
) -> None:
    before = snapshot(content)
    for lang in ("zh-Hant", "zh-Hans"):
        po = tmp_path / f"{game}.{lang}.po"
        export(content, game, lang, po)
        done = import_(content, po)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "0 translations written" in done.stdout
    assert snapshot(content) == before


def test_barons_catalogue_from_outside_has_contexts_references_cards_and_rules(
    content: Path, tmp_path: Path
) -> None:
    """From outside: a separate `pnp` process, in a folder of its own, on a copy of content/."""
    done = subprocess.run(
        [sys.executable, "-m", "generator.cli", "translate", "export", "barons-of-fyn",
         "--lang", "zh-Hant", "--content", str(content)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    po = polib.pofile(str(tmp_path / "barons-of-fyn.zh-Hant.po"))
    entries = [e for e in po if e.msgid]
    assert len(entries) >= 50
    assert all(e.msgctxt and e.occurrences for e in entries)
    # every reference names a real line of a file in the game's folder
    for e in entries:
        file, line = e.occurrences[0]
        lines = (content / "barons-of-fyn" / file).read_text(encoding="utf-8").splitlines()
        assert 1 <= int(line) <= len(lines)
    card = entry(po, "cards.yaml#items.peasants-01.text")
    assert card.msgid.startswith("Farmhands with pitchforks")
    assert card.msgstr == "手持農具上陣的莊稼漢，是菲恩最弱的兵力。"
    # a rule section (seed 002: the card-based random number) with its glossary references
    section = [e for e in entries if e.msgctxt.startswith("rules/en.yaml#random-numbers.")]
    assert section and any("[[random-number]]" in e.msgid for e in section)
    assert all(not e.fuzzy for e in entries)
    assert po.metadata["Language"] == "zh_Hant"
    assert po.metadata["Plural-Forms"] == "nplurals=1; plural=0;"
    assert po.metadata["Project-Id-Version"] == "barons-of-fyn"


def test_an_edited_card_translation_is_imported_and_printed_in_the_built_pdf(
    content: Path, tmp_path: Path
) -> None:
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hant", path)
    cards = content / "barons-of-fyn" / "cards.yaml"
    before = cards.read_text(encoding="utf-8")
    entry(po, "cards.yaml#items.peasants-01.text").msgstr = "扛著草叉的農夫，從沒受過操練。"
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    after = cards.read_text(encoding="utf-8")
    # one value replaced where it stood: every other line (comments, anchors, quoting) unchanged
    changed = [
        (a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b
    ]
    assert len(changed) == 1
    assert '"扛著草叉的農夫，從沒受過操練。"' in changed[0][1]
    assert "手持農具上陣的莊稼漢" in changed[0][0]
    out = tmp_path / "out"
    built = pnp(
        "build", "barons-of-fyn", "--lang", "zh-Hant", "--no-rules",
        "--content", str(content), "--out", str(out),
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    assert "扛著草叉的農夫" in pdf_text(out / "barons-of-fyn" / "deck.zh-Hant.pdf")


def test_a_changed_english_source_exports_as_fuzzy_for_cards_and_rule_sections(
    content: Path, tmp_path: Path
) -> None:
    cards = content / "barons-of-fyn" / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("no drill:", "no training:"), encoding="utf-8"
    )
    rules = content / "barons-of-fyn" / "rules" / "en.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("has gone off to war", "has left for war"),
        encoding="utf-8",
    )
    po = export(content, "barons-of-fyn", "zh-Hant", tmp_path / "fyn.po")
    assert entry(po, "cards.yaml#items.peasants-01.text").fuzzy
    assert not entry(po, "cards.yaml#items.peasants-01.name").fuzzy
    # the rule sheets' staleness is per text: the changed one, not the rest of its section
    assert entry(po, "rules/en.yaml#overview.blocks.0.p").fuzzy
    assert not entry(po, "rules/en.yaml#overview.title").fuzzy
    assert not entry(po, "rules/en.yaml#card-kinds.title").fuzzy
    # `pnp rules stamp` (the mechanism the rule sheets use) clears both
    done = pnp("rules", "stamp", "barons-of-fyn", "--content", str(content))
    assert done.returncode == 0, done.stdout + done.stderr
    po = export(content, "barons-of-fyn", "zh-Hant", tmp_path / "again.po")
    assert not any(e.fuzzy for e in po)


def test_fuzzy_entries_are_refused_unless_accepted_and_reviewed_ones_are_stamped(
    content: Path, tmp_path: Path
) -> None:
    cards = content / "barons-of-fyn" / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("no drill:", "no training:"), encoding="utf-8"
    )
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hant", path)
    fuzzy = entry(po, "cards.yaml#items.peasants-01.text")
    fuzzy.msgstr = "沒受過訓練、扛著農具的莊稼漢。"
    po.save(str(path))
    before = snapshot(content)
    done = import_(content, path)
    assert done.returncode != 0
    line = fuzzy.linenum
    assert f"{path}:{line}: cards.yaml#items.peasants-01.text: fuzzy" in done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(content) == before
    done = import_(content, path, "--accept-fuzzy")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "沒受過訓練、扛著農具的莊稼漢。" in cards.read_text(encoding="utf-8")
    again = export(content, "barons-of-fyn", "zh-Hant", tmp_path / "again.po")
    assert not entry(again, "cards.yaml#items.peasants-01.text").fuzzy


def test_a_reviewed_fuzzy_rule_section_is_stamped_without_rewriting_its_text(
    content: Path, tmp_path: Path
) -> None:
    rules = content / "barons-of-fyn" / "rules"
    en = rules / "en.yaml"
    en.write_text(
        en.read_text(encoding="utf-8").replace("has gone off to war", "has left for war"),
        encoding="utf-8",
    )
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hant", path)
    for e in po:
        if e.msgctxt.startswith("rules/en.yaml#overview.") and e.fuzzy:
            e.flags.remove("fuzzy")
    po.save(str(path))
    hant = (rules / "zh-Hant.yaml").read_text(encoding="utf-8")
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    after = (rules / "zh-Hant.yaml").read_text(encoding="utf-8")
    changed = [a for a, b in zip(hant.splitlines(), after.splitlines(), strict=True) if a != b]
    assert len(changed) == 1 and "source_hash:" in changed[0]
    check = pnp("rules", "check", "barons-of-fyn", "--content", str(content))
    assert check.returncode == 0, check.stdout + check.stderr


def test_broken_markup_dropped_terms_and_unknown_keys_are_refused_at_their_line(
    content: Path, tmp_path: Path
) -> None:
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hant", path)
    icon = next(e for e in po if ":die:" in e.msgid and e.msgctxt.startswith("rules/"))
    icon.msgstr = icon.msgstr.replace(":die:", "")
    term = next(
        e
        for e in po
        if "[[capital]]" in e.msgid and e.msgctxt.startswith("rules/") and e is not icon
    )
    term.msgstr = term.msgstr.replace("[[capital]]", "首都")
    bold = entry(po, "cards.yaml#items.armies-01.text")
    bold.msgstr = "**領餉的職業士兵"
    long = entry(po, "cards.yaml#items.peasants-01.text")
    long.msgstr = "長" * 5000
    po.append(polib.POEntry(msgctxt="cards.yaml#items.nobody.name", msgid="Nobody", msgstr="無人"))
    po.save(str(path))
    before = snapshot(content)
    done = import_(content, path)
    assert done.returncode != 0
    po = polib.pofile(str(path))
    lines = done.stderr.splitlines()
    nobody = entry(po, "cards.yaml#items.nobody.name")
    assert f"{path}:{nobody.linenum}: cards.yaml#items.nobody.name: unknown key" in done.stderr
    assert any(icon.msgctxt in x and "icons" in x for x in lines)
    assert any(term.msgctxt in x and "[[capital]]" in x for x in lines)
    assert any(bold.msgctxt in x and "'**'" in x for x in lines)
    assert any(long.msgctxt in x and "5000 characters" in x for x in lines)
    assert snapshot(content) == before


def test_a_section_without_a_hand_written_translation_is_added_whole_and_validates(
    content: Path, tmp_path: Path
) -> None:
    # pocket-battles has no zh-Hans.yaml: its Simplified sheet is derived from zh-Hant
    game = content / "pocket-battles"
    assert not (game / "rules" / "zh-Hans.yaml").exists()
    path = tmp_path / "pb.po"
    po = export(content, "pocket-battles", "zh-Hans", path)
    title = entry(po, "rules/en.yaml#overview.title")
    assert title.msgstr and "Converted from the other Chinese script" in title.comment
    title.msgstr = "游戏一览"
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    written = (game / "rules" / "zh-Hans.yaml").read_text(encoding="utf-8")
    assert "id: overview" in written and '"游戏一览"' in written
    check = pnp("rules", "check", "pocket-battles", "--content", str(content))
    assert check.returncode == 0, check.stdout + check.stderr
    status = pnp(
        "translate", "status", "pocket-battles", "--lang", "zh-Hans", "--content", str(content)
    )
    row = status.stdout.splitlines()[1].split()
    assert row[:4] == ["pocket-battles", "zh-Hans", row[2], "0"]  # nothing fuzzy after the import


def test_catalogue_passes_msgfmt_check_and_opens_in_polib_without_warnings(
    content: Path, tmp_path: Path
) -> None:
    path = tmp_path / "fa.po"
    export(content, "five-armies", "zh-Hans", path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        po = polib.pofile(str(path), check_for_duplicates=True)
    assert po.metadata["Language"] == "zh_Hans"
    assert len({(e.msgctxt, e.msgid) for e in po}) == len(po)
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (Debian: apt install gettext)")
    done = subprocess.run(
        [msgfmt, "--check", "-o", str(tmp_path / "fa.mo"), str(path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr


def test_status_counts_every_game_and_strict_fails_on_blank_slots(content: Path) -> None:
    done = pnp("translate", "status", "--content", str(content))
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {tuple(r.split()[:2]): r.split()[2:] for r in done.stdout.splitlines()[1:]}
    assert {g for g, _ in rows} == set(GAMES)
    assert rows[("barons-of-fyn", "zh-Hant")][1:3] == ["0", "0"]
    # the boxed games' overlay slots are what they still need
    for game in ("five-armies", "manoeuvre", "pocket-battles", "ragnarok"):
        translated, fuzzy, missing, blank = rows[(game, "zh-Hant")][:4]
        assert int(missing) == int(blank)
        # Manoeuvre's overlays are printed from its card list: nothing is left blank
        assert (int(blank) > 0) == (game != "manoeuvre")
    strict = pnp("translate", "status", "pocket-battles", "--strict", "--content", str(content))
    assert strict.returncode != 0
    assert "Traceback" not in strict.stderr
    calm = pnp("translate", "status", "barons-of-fyn", "--strict", "--content", str(content))
    assert calm.returncode == 0, calm.stdout + calm.stderr


def test_three_overlay_slots_filled_through_import_print_on_the_overlay_sheet(
    content: Path, tmp_path: Path
) -> None:
    """Seed 003: troop cards; the overlay with the card's id goes in front of each one."""
    path = tmp_path / "pb.po"
    po = export(content, "pocket-battles", "zh-Hant", path)
    fill = {
        "overlays.yaml#items.orcs-01.title": "獸人步兵",
        "overlays.yaml#items.orcs-01.text": "衝鋒時多擲一顆骰",
        "overlays.yaml#items.elves-03.title": "精靈弓手",
    }
    for ctx, text in fill.items():
        slot = entry(po, ctx)
        assert slot.msgstr == "" and "Blank on the original piece" in slot.comment
        slot.msgstr = text
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 translations written" in done.stdout
    out = tmp_path / "out"
    built = pnp(
        "build", "pocket-battles", "--lang", "zh-Hant", "--no-rules",
        "--content", str(content), "--out", str(out),
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    text = pdf_text(out / "pocket-battles" / "overlays.zh-Hant.pdf")
    for words in fill.values():
        assert words in text
    # each overlay's corner names its troop in the sheet's language, never by its id
    assert "獸人 01" in text and "精靈 03" in text and "orcs-01" not in text
    # zh-Hans is converted from the Traditional a group wrote
    pnp(
        "build", "pocket-battles", "--lang", "zh-Hans", "--no-rules",
        "--content", str(content), "--out", str(out),
    )  # fmt: skip
    assert "兽人步兵" in pdf_text(out / "pocket-battles" / "overlays.zh-Hans.pdf")


@pytest.mark.parametrize("game", ("five-armies", "manoeuvre", "pocket-battles", "ragnarok"))
def test_boxed_games_overlay_kits_check_clean_with_sizes_marked_estimates(game: str) -> None:
    done = pnp("check", game)
    assert done.returncode == 0, done.stdout + done.stderr
    import yaml

    items = yaml.safe_load((ROOT / "content" / game / "overlays.yaml").read_text("utf-8"))
    assert items["estimate_note"] and items["items"]
    for item in items["items"]:
        texts = {k: v for k, v in item.items() if isinstance(v, dict)}
        assert texts
        if all(set(v.values()) == {""} for v in texts.values()):
            assert item["estimate"] is True  # a blank slot: nothing known, the size estimated
        else:
            # filled only from a source the file names, in English and Chinese alike
            assert items["source"], item["id"]
            filled = [v for v in texts.values() if v.get("en")]
            assert filled and all(v.get("zh-Hant") for v in filled), item["id"]


def test_glossary_exports_as_tbx_and_csv(content: Path, tmp_path: Path) -> None:
    tbx = tmp_path / "fyn.tbx"
    done = pnp(
        "translate", "glossary", "barons-of-fyn", "--out", str(tbx), "--content", str(content)
    )
    assert done.returncode == 0, done.stdout + done.stderr
    root = ET.parse(tbx).getroot()
    assert root.tag == f"{TBX}tbx" and root.get("type") == "TBX-Basic"
    concepts = root.findall(f".//{TBX}conceptEntry")
    import yaml

    glossary = yaml.safe_load(
        (content / "barons-of-fyn" / "rules" / "glossary.yaml").read_text("utf-8")
    )["terms"]
    assert len(concepts) == len(glossary)
    improvement = next(c for c in concepts if c.get("id") == "improvement")
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    hant = next(s for s in improvement.findall(f"{TBX}langSec") if s.get(lang) == "zh-Hant")
    terms = [t.text for t in hant.iter(f"{TBX}term")]
    assert terms[0] == "改質卡" and "改良" in terms  # the synonym to avoid, marked deprecated
    assert any(n.text == "deprecatedTerm-admn-sts" for n in hant.iter(f"{TBX}termNote"))
    out = tmp_path / "fyn.csv"
    done = pnp(
        "translate", "glossary", "barons-of-fyn", "--format", "csv", "--out", str(out),
        "--content", str(content),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert {"id": "capital", "en": "Capital", "zh-Hant": "首都", "zh-Hans": "首都"}.items() <= next(
        r for r in rows if r["id"] == "capital"
    ).items()


def test_bad_catalogues_are_clear_errors_without_tracebacks(content: Path, tmp_path: Path) -> None:
    missing = import_(content, tmp_path / "none.po")
    assert missing.returncode != 0 and "no such catalogue" in missing.stderr
    odd = tmp_path / "odd.po"
    odd.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Project-Id-Version: maquis\\n"\n')
    done = import_(content, odd)
    assert done.returncode != 0 and "Language header is 'fr'" in done.stderr
    bad_lang = pnp("translate", "export", "maquis", "--lang", "de", "--content", str(content))
    assert bad_lang.returncode != 0
    for run in (missing, done, bad_lang):
        assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    ("lang", "refused", "no_file"),
    [("zh-Hant", "未知的鍵", "沒有這個翻譯檔"), ("zh-Hans", "未知的键", "没有这个翻译文件")],
)
def test_refusals_and_errors_speak_the_programs_language(
    content: Path, tmp_path: Path, lang: str, refused: str, no_file: str
) -> None:
    from generator.errors import UsageError
    from generator.locale import current_language, use_language
    from generator.translate.importer import import_catalogue

    path = tmp_path / "maquis.po"
    po = export(content, "maquis", "zh-Hant", path)
    po.append(polib.POEntry(msgctxt="board.yaml#nowhere", msgid="Nowhere", msgstr="無處"))
    po.save(str(path))
    before = current_language()
    use_language(lang)
    try:
        result = import_catalogue(path, content)
        assert [r.message.split("：")[0] for r in result.refused] == [refused]
        with pytest.raises(UsageError, match=no_file):
            import_catalogue(tmp_path / "none.po", content)
    finally:
        use_language(before)


def test_a_new_language_key_goes_into_block_and_flow_mappings_keeping_comments() -> None:
    from generator.translate.yamlnodes import add_key, apply, compose_text, get

    text = (
        "# a comment\n"
        "flow: {en: Camp, zh-Hant: 營地}  # kept\n"
        "block:\n"
        "  en: >-\n"
        "    A long\n"
        "    text\n"
        "  zh-Hant: 長文  # kept too\n"
        "after: 1\n"
    )
    root = compose_text(text, "t.yaml")
    flow, block = get(root, "flow"), get(root, "block")
    edits = [add_key(text, flow, "zh-Hans", "营地"), add_key(text, block, "zh-Hans", "长文")]
    out = apply(text, edits)
    assert out == (
        "# a comment\n"
        'flow: {en: Camp, zh-Hant: 營地, zh-Hans: "营地"}  # kept\n'
        "block:\n"
        "  en: >-\n"
        "    A long\n"
        "    text\n"
        "  zh-Hant: 長文  # kept too\n"
        '  zh-Hans: "长文"\n'
        "after: 1\n"
    )
    import yaml

    assert yaml.safe_load(out)["block"] == {
        "en": "A long text",
        "zh-Hant": "長文",
        "zh-Hans": "长文",
    }


def test_a_zh_hans_edit_of_a_converted_card_text_adds_the_key_and_prints(
    content: Path, tmp_path: Path
) -> None:
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hans", path)
    card = entry(po, "cards.yaml#items.peasants-01.text")
    assert "Converted from the other Chinese script" in card.comment
    card.msgstr = "拿着草叉上阵的庄稼汉。"
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(
        x
        for x in (content / "barons-of-fyn" / "cards.yaml").read_text("utf-8").splitlines()
        if "拿着草叉" in x
    )
    assert 'zh-Hans: "拿着草叉上阵的庄稼汉。"}' in line and "zh-Hant: 手持農具" in line
    again = export(content, "barons-of-fyn", "zh-Hans", tmp_path / "again.po")
    card = entry(again, "cards.yaml#items.peasants-01.text")
    assert card.msgstr == "拿着草叉上阵的庄稼汉。" and not card.fuzzy


def test_a_layout_label_written_inside_a_template_is_an_entry_and_prints_when_edited(
    content: Path, tmp_path: Path
) -> None:
    front = content / "barons-of-fyn" / "layouts" / "barons-front.yaml"
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hant", path)
    siege = next(
        e for e in po if e.msgctxt.startswith("layouts/barons-front.yaml#") and e.msgid == "siege"
    )
    assert siege.msgstr == "攻陷值" and siege.msgctxt.endswith("@0")
    siege.msgstr = "圍城值"
    po.save(str(path))
    before = front.read_text(encoding="utf-8")
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    after = front.read_text(encoding="utf-8")
    changed = [
        (a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b
    ]
    assert changed == [
        (changed[0][0], changed[0][0].replace("'zh-Hant': '攻陷值'", "'zh-Hant': '圍城值'"))
    ]
    out = tmp_path / "out"
    built = pnp(
        "build", "barons-of-fyn", "--lang", "zh-Hant", "--no-rules",
        "--content", str(content), "--out", str(out),
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    assert "圍城值" in pdf_text(out / "barons-of-fyn" / "deck.zh-Hant.pdf")


def test_inline_literals_are_read_and_rewritten_with_jinja_escapes() -> None:
    from generator.translate.inline import literals, rewrite

    template = "{{ {'a': {'en': 'It\\'s', 'zh-Hant': '是'}, 'b': {'en': 'x', 'zh-Hant': '乙', 'zh-Hans': '乙'}}[k][lang] }}"
    found = literals(template)
    assert [{k: v[0] for k, v in p.items()} for p in found] == [
        {"en": "It's", "zh-Hant": "是"},
        {"en": "x", "zh-Hant": "乙", "zh-Hans": "乙"},
    ]
    out = rewrite(template, [(0, "zh-Hans", "它'是"), (1, "zh-Hant", "丙")])
    assert out == (
        "{{ {'a': {'en': 'It\\'s', 'zh-Hant': '是', 'zh-Hans': '它\\'是'}, "
        "'b': {'en': 'x', 'zh-Hant': '丙', 'zh-Hans': '乙'}}[k][lang] }}"
    )


def test_a_glossary_rendering_is_imported_and_the_rules_still_check(
    content: Path, tmp_path: Path
) -> None:
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hant", path)
    capital = entry(po, "rules/glossary.yaml#terms.capital")
    assert (capital.msgid, capital.msgstr) == ("Capital", "首都")
    capital.msgstr = "王都"
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    glossary = (content / "barons-of-fyn" / "rules" / "glossary.yaml").read_text("utf-8")
    assert 'capital: {en: Capital, zh-Hant: "王都", zh-Hans: 首都}' in glossary
    check = pnp("rules", "check", "barons-of-fyn", "--content", str(content))
    assert check.returncode == 0, check.stdout + check.stderr
    # the rule texts that use [[capital]] now carry the new rendering in their glossary hint
    again = export(content, "barons-of-fyn", "zh-Hant", tmp_path / "again.po")
    hinted = [e for e in again if "[[capital]]" in e.msgid]
    assert hinted and all("Capital = 王都 ([[capital]])" in e.comment for e in hinted)


def test_a_file_with_windows_line_ends_keeps_them_through_an_import(
    content: Path, tmp_path: Path
) -> None:
    missions = content / "maquis" / "missions.yaml"
    missions.write_bytes(missions.read_bytes().replace(b"\n", b"\r\n"))
    path = tmp_path / "maquis.po"
    po = export(content, "maquis", "zh-Hans", path)
    first = next(e for e in po if e.msgctxt.startswith("missions.yaml#") and e.msgstr)
    first.msgstr += "！"
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    data = missions.read_bytes()
    assert data.count(b"\n") == data.count(b"\r\n")
    assert first.msgstr.encode("utf-8") in data
    assert pnp("check", "maquis", "--content", str(content)).returncode == 0


def test_reviewing_a_never_stamped_section_adds_its_hash_after_its_id(
    content: Path, tmp_path: Path
) -> None:
    hant = content / "barons-of-fyn" / "rules" / "zh-Hant.yaml"
    original = hant.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    at = next(n for n, x in enumerate(lines) if x.strip() == "- id: overview")
    assert lines[at + 1].strip().startswith("source_hash:")
    hant.write_text("".join(lines[: at + 1] + lines[at + 2 :]), encoding="utf-8")
    path = tmp_path / "fyn.po"
    po = export(content, "barons-of-fyn", "zh-Hant", path)
    overview = [e for e in po if e.msgctxt.startswith("rules/en.yaml#overview.")]
    assert overview and all(e.fuzzy for e in overview)
    for e in overview:
        e.flags.remove("fuzzy")
    po.save(str(path))
    done = import_(content, path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert hant.read_text(encoding="utf-8") == original  # the hash back where stamp puts it
