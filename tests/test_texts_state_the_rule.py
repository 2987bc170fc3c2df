"""Texts found wrong in play say the rule now, in every language, and nothing is left fuzzy.

Pocket Battles' order cost (seed 003, section 7 "命令": an order costs the command points already
on the unit plus one) and the Maquis estimates section's line on the days that lower morale
(seed 004 says the morale track falls on some days, not which: the days are an estimate).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from .helpers import ROOT, pnp

CONTENT = ROOT / "content"


def _status(game: str) -> dict[str, dict[str, str]]:
    """``pnp translate status GAME`` as {language: {column: value}}."""
    done = pnp("translate", "status", game)
    assert done.returncode == 0, done.stdout + done.stderr
    head, *rows = (line.split() for line in done.stdout.splitlines() if line.strip())
    header = [h for h in " ".join(head).replace("blank slots", "blank-slots").split()]
    return {row[1]: dict(zip(header, row, strict=False)) for row in rows}


def _load(path: Path) -> dict:  # type: ignore[type-arg]
    return yaml.safe_load(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_pocket_battles_order_cost_input_asks_for_the_command_points_on_the_unit() -> None:
    table = _load(CONTENT / "pocket-battles" / "table.yaml")
    help_ = table["scoring"]["battle"]["inputs"]["on-unit"]["help"]
    glossary = _load(CONTENT / "pocket-battles" / "rules" / "glossary.yaml")["terms"]
    # the input counts what sits on the unit, not a cost printed on its card
    assert "already on the unit" in help_["en"] and "printed" not in help_["en"]
    for lang in ("zh-Hant", "zh-Hans"):
        text = help_[lang]
        # the glossary's words for command point and unit, and nothing "printed" (印)
        assert glossary["command-point"][lang] in text, (lang, text)
        assert glossary["unit"][lang] in text and "印" not in text, (lang, text)
    # section 7's example: one point on the unit, the order costs 1 + 1 = 2
    done = pnp("score", "calc", "pocket-battles:battle", "--on-unit", "1", "--lang", "en")
    assert done.returncode == 0 and "order cost: 2" in done.stdout
    for lang, row in _status("pocket-battles").items():
        assert row["fuzzy"] == "0", (lang, row)


def _morale_line(lang: str) -> str:
    """The Maquis estimates section's line about the days that lower morale, in ``lang``."""
    sheet = _load(CONTENT / "maquis" / "rules" / f"{lang}.yaml")
    section = next(s for s in sheet["sections"] if s["id"] == "estimates")
    lines = [item for block in section["blocks"] for item in block.get("list", [])]
    (line,) = [text for text in lines if "14" in text]
    return str(line)


def test_maquis_estimate_of_the_morale_days_names_the_uncertain_day_once_up_front() -> None:
    board = _load(CONTENT / "maquis" / "board.yaml")
    days = next(i["morale_days"] for i in board["items"] if "morale_days" in i)
    agreed, estimated = days[:-1], days[-1]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        line = _morale_line(lang)
        lead, rest = re.split("[:：]", line, maxsplit=1)
        # what is uncertain comes first, as one day, not "the day ... on day 14"
        assert re.findall(r"\d+", lead) == [str(estimated)], (lang, line)
        assert lead.lower().count("day") <= 1 and lead.count("天") <= 1, (lang, line)
        # then the days both sources agree on, which the board prints
        assert [int(n) for n in re.findall(r"\d+", rest)][: len(agreed)] == agreed, (lang, line)
    for lang, row in _status("maquis").items():
        assert row["fuzzy"] == "0", (lang, row)
    done = pnp("rules", "status")
    assert done.returncode == 0
    for row in (r.split() for r in done.stdout.splitlines() if r.startswith("maquis ")):
        assert row[6] == "0", row  # stale
