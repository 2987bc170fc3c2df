"""`pnp serve` in a real browser: the table page and two players' phones, moves made from each.

Headless Chromium (Debian's ``chromium``, installed by ``.ci/run``) is driven by Playwright for
Python; each page is its own browser profile, as each phone is its own device. Ann's phone
speaks English, Bo's Traditional Chinese (from the browser's language) and then Simplified
Chinese (from the page's switch). Every page, after every move, is read for the names of the
other player's cards: none may appear. The screenshot of Ann's page is the README's (written to
``docs/`` when ``PNP_SCREENSHOT`` names the file).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.locale import translation
from generator.web.words import WORDS

from .web_helpers import events, leaks, new_session, secret_words, table_cmd

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PNP = str(Path(sys.executable).with_name("pnp"))  # the console script beside this Python
# ms a move may take to show on another page here: it takes well under a second
# (`python bench/web_latency.py`), but the whole suite shares two cores with the browsers
LIVE = 3000

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="no /usr/bin/chromium (`.ci/run` installs it)",
)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Barons of Fyn with both opening hands dealt, served by `pnp serve` on loopback."""
    path = new_session(tmp_path, "barons-of-fyn")
    table_cmd(path, "deck", "deal", "fyn", "--player", "Ann")
    table_cmd(path, "deck", "deal", "fyn", "--player", "Bo")
    proc = subprocess.Popen(
        [PNP, "serve", "--port", "0", "--json", "--session", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        links = json.loads(proc.stdout.readline())
        yield path, links
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _phone(play: Any, tmp_path: Path, name: str, locale: str) -> Any:
    """A fresh browser profile the size of a phone, speaking ``locale``."""
    context = play.chromium.launch_persistent_context(
        str(tmp_path / f"profile-{name}"),
        executable_path=str(CHROMIUM),
        args=ARGS,
        headless=True,
        locale=locale,
        viewport={"width": 360, "height": 900},
    )
    return context, context.pages[0] if context.pages else context.new_page()


def _clean(page: Any, hidden: set[str]) -> None:
    """The page shows none of ``hidden`` (another player's cards), in its HTML or its text."""
    leaked = leaks(page.content(), hidden)
    assert not leaked, f"another player's cards on this page: {leaked}"


def test_each_page_shows_its_player_what_they_may_see_and_nothing_more(
    server: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    from playwright.sync_api import expect, sync_playwright

    path, links = server
    hant, hans = translation("zh-Hant"), translation("zh-Hans")
    with sync_playwright() as play:
        table_ctx, table = _phone(play, tmp_path, "table", "en-GB")
        ann_ctx, ann = _phone(play, tmp_path, "ann", "en-GB")
        bo_ctx, bo = _phone(play, tmp_path, "bo", "zh-TW")
        try:
            table.goto(links["table"])
            ann.goto(links["players"]["Ann"])
            bo.goto(links["players"]["Bo"])
            expect(bo.locator("#hand-h")).to_have_text(hant.gettext(WORDS["hand"]))
            expect(table.locator(".state")).to_contain_text("10 in hands")
            for page, other in ((ann, "Bo"), (bo, "Ann"), (table, "Ann"), (table, "Bo")):
                _clean(page, secret_words(path, other))

            # a full hand draws no more (seed 002 D.1: up to the hand limit, 5 to begin with):
            # the draw is not offered until Ann lays a card on the table from her phone
            draw = ann.get_by_role("button", name="Draw a card into my hand")
            expect(draw).to_have_count(0)
            laid = ann.locator(".hand .cards li").first.inner_text()
            ann.get_by_role("button", name=f"Play {laid}", exact=True).click()
            expect(ann.locator(".hand .cards li")).to_have_count(4)
            expect(table.locator(".state")).to_contain_text("9 in hands", timeout=LIVE)

            # Ann draws a card on her phone: her hand grows, everyone else sees a count
            draw.click()
            expect(ann.locator(".hand .cards li")).to_have_count(5)
            expect(table.locator(".state")).to_contain_text("10 in hands", timeout=LIVE)
            expect(bo.locator(".log li").first).to_contain_text("Ann", timeout=LIVE)
            for page, other in ((ann, "Bo"), (bo, "Ann"), (table, "Ann"), (table, "Bo")):
                _clean(page, secret_words(path, other))

            # Bo discards his first card from his phone, in Chinese: it is public now
            first = bo.locator(".hand .cards li").first.inner_text()
            discard = hant.gettext("Discard {card}").format(card=first)
            bo.get_by_role("button", name=discard, exact=True).click()
            expect(bo.locator(".hand .cards li")).to_have_count(4)
            expect(table.locator(".state")).to_contain_text("1 discarded", timeout=LIVE)
            for page, other in ((ann, "Bo"), (bo, "Ann"), (table, "Ann"), (table, "Bo")):
                _clean(page, secret_words(path, other))

            # the odds of a roll are one tap away; the roll itself is a move
            roll = ann.locator("form.move", has=ann.locator('input[value="dice"]'))
            roll.locator("summary").click()
            expect(roll.locator(".odds-text")).to_contain_text("2d6")
            roll.get_by_role("button", name="Roll dice").click()
            expect(table.locator(".log li").first).to_contain_text("2d6", timeout=LIVE)

            # Bo switches his page to Simplified Chinese
            bo.get_by_role("link", name="简体中文").click()
            expect(bo.locator("#hand-h")).to_have_text(hans.gettext(WORDS["hand"]))
            expect(bo.locator("html")).to_have_attribute("lang", "zh-Hans")
            _clean(bo, secret_words(path, "Ann"))

            # a move made at the command line shows on the pages too
            table_cmd(path, "roll", "5d6")
            expect(table.locator(".log li").first).to_contain_text("5d6", timeout=LIVE + 500)

            # a phone 360 px wide shows the page without scrolling sideways, odds open
            assert ann.evaluate("document.documentElement.scrollWidth") <= 360
            shot = ann.screenshot(full_page=True)
            assert shot[:8] == b"\x89PNG\r\n\x1a\n"
            wanted = os.environ.get("PNP_SCREENSHOT")
            if wanted:
                Path(wanted).write_bytes(shot)
        finally:
            for ctx in (table_ctx, ann_ctx, bo_ctx):
                ctx.close()
    kinds = [e["type"] for e in events(path)]
    assert kinds == [
        "deck.deal",
        "deck.deal",
        "act.play",
        "deck.draw",
        "deck.discard",
        "roll",
        "roll",
    ]
