"""`pnp serve` at the HTTP level: every shipped game served, each page in three languages, moves
made from the pages, and every request a page may not make refused with nothing changed.

The pages' secrecy is checked against the session itself: names of the cards in another
player's hand (in every language, and their ids) never appear in a page, a live fragment or a
move's answer. The browser test (``test_web_browser.py``) does the same in a real browser.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from generator.locale import translation
from generator.web.app import create_app
from generator.web.bridge import Bridge
from generator.web.security import Keys, RateLimit
from generator.web.words import WORDS, negotiate

from .web_helpers import CSRF, MOVE, events, leaks, new_session, secret_words, table_cmd

JSON = {"Accept": "application/json"}
TAKES_NOTHING = {"deal", "draw", "show", "activate", "play", "bag"}
# each game with the players its session is started with and a command that sets up a turn
GAMES = {
    "barons-of-fyn": ("Ann,Bo", ["deck", "deal", "fyn", "--player", "Ann"]),
    "five-armies": ("free-peoples,shadow", ["deck", "draw", "events", "--player", "shadow"]),
    "manoeuvre": ("Ann,Bo", ["deck", "draw", "france", "--player", "Ann"]),
    "maquis": ("Ann", ["roll", "1d6"]),
    "pocket-battles": ("Ann,Bo", ["roll", "pocket-battles:melee", "--icons", "33445"]),
    "ragnarok": ("", ["deck", "turn", "activation", "--mode", "barbarian"]),
}


def served(path: Path, rate: RateLimit | None = None) -> tuple[TestClient, Keys, Bridge]:
    bridge = Bridge(path)
    keys = Keys(bridge.players)
    return TestClient(create_app(bridge, keys, rate)), keys, bridge


def csrf_of(html: str) -> str:
    found = CSRF.search(html)
    assert found, "the page has no form"
    return found.group(1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_serve_works_for_every_shipped_game(tmp_path: Path, game: str) -> None:
    players, setup = GAMES[game]
    path = new_session(tmp_path, game, players) if players else _plain(tmp_path, game)
    table_cmd(path, *setup)
    client, keys, bridge = served(path)
    with client:
        for token in [keys.table, keys.host, *keys.players.values()]:
            for lang in ("en", "zh-Hant", "zh-Hans"):
                page = client.get(f"/v/{token}?lang={lang}")
                assert page.status_code == 200, page.text
                assert f'<html lang="{lang}">' in page.text
        before = len(events(path))
        for player, token in keys.players.items():
            page = client.get(f"/v/{token}").text
            moves = MOVE.findall(page)
            assert moves, f"{game}: no move offered to {player}"
            # a move of the game's own pieces where there is one, else the dice
            move = next((m for m in moves if m.split(":")[0] in TAKES_NOTHING), "dice")
            said = client.post(f"/v/{token}/act", data={"csrf": csrf_of(page), "move": move},
                               headers=JSON)  # fmt: skip
            assert said.status_code == 200, said.text
            assert said.json()["ok"], said.json()
        assert len(events(path)) == before + len(keys.players)


def _plain(tmp_path: Path, game: str) -> Path:
    path = tmp_path / f"{game}.jsonl"
    table_cmd(path, "session", "new", game)
    return path


@pytest.fixture
def barons(tmp_path: Path) -> Path:
    """Barons of Fyn with Ann's and Bo's opening hands dealt."""
    path = new_session(tmp_path, "barons-of-fyn")
    table_cmd(path, "deck", "deal", "fyn", "--player", "Ann")
    table_cmd(path, "deck", "deal", "fyn", "--player", "Bo")
    return path


def test_a_page_never_shows_another_players_cards(barons: Path) -> None:
    client, keys, bridge = served(barons)
    with client:
        ann, bo = keys.players["Ann"], keys.players["Bo"]
        for lang in ("en", "zh-Hant", "zh-Hans"):
            page = client.get(f"/v/{ann}?lang={lang}").text
            said = client.post(f"/v/{ann}/act", data={"csrf": csrf_of(page), "move": "draw:fyn"},
                               headers=JSON).text  # fmt: skip
            hidden = secret_words(barons, "Bo")
            assert hidden, "Bo holds no card only Bo holds: the test would prove nothing"
            seen = [
                page,
                said,
                client.get(f"/v/{ann}/live").text,
                client.get(f"/v/{keys.table}").text,
                client.get(f"/v/{keys.host}").text,
            ]
            for html in seen:
                leaked = leaks(html, hidden)
                assert not leaked, f"Bo's cards on a page that is not Bo's: {leaked}"
            mine = secret_words(barons, "Ann")
            assert any(w in client.get(f"/v/{ann}").text for w in mine)
            assert not leaks(client.get(f"/v/{bo}").text, mine)


def test_wrong_missing_or_another_players_token_is_refused_and_changes_nothing(
    barons: Path,
) -> None:
    client, keys, bridge = served(barons)
    with client:
        ann, bo = keys.players["Ann"], keys.players["Bo"]
        page = client.get(f"/v/{ann}").text
        csrf = csrf_of(page)
        bos_card = next(m for m in MOVE.findall(client.get(f"/v/{bo}").text) if "discard" in m)
        before = barons.read_bytes()
        tries = [
            (f"/v/{'x' * 32}/act", {"csrf": csrf, "move": "draw:fyn"}, 404),  # a guessed token
            ("/v//act", {"csrf": csrf, "move": "draw:fyn"}, 404),  # no token
            (f"/v/{ann}/act", {"move": "draw:fyn"}, 403),  # no CSRF token
            (f"/v/{bo}/act", {"csrf": csrf, "move": "draw:fyn"}, 403),  # Ann's CSRF on Bo's
            (f"/v/{ann}/act", {"csrf": csrf, "move": bos_card}, 409),  # Bo's card from Ann's
            (f"/v/{ann}/act", {"csrf": csrf, "move": "undo"}, 409),  # a host move, not Ann's
            (f"/v/{keys.table}/act", {"csrf": keys.csrf(keys.table), "move": "undo"}, 409),
        ]
        for url, form, status in tries:
            answer = client.post(url, data=form, headers=JSON)
            assert answer.status_code == status, (url, form, answer.text)
        cross = client.post(f"/v/{ann}/act", data={"csrf": csrf, "move": "draw:fyn"},
                            headers={**JSON, "Origin": "http://evil.example"})  # fmt: skip
        assert cross.status_code == 403
        assert barons.read_bytes() == before
        done = client.post(f"/v/{keys.host}/act",
                           data={"csrf": keys.csrf(keys.host), "move": "undo"}, headers=JSON)  # fmt: skip
        assert done.status_code == 200 and barons.read_bytes() != before


def test_request_size_and_rate_are_limited(barons: Path) -> None:
    client, keys, bridge = served(barons, RateLimit(rate=0.01, burst=5))
    with client:
        ann = keys.players["Ann"]
        before = barons.read_bytes()
        big = client.post(f"/v/{ann}/act", content=b"csrf=" + b"a" * 20_000, headers=JSON)
        assert big.status_code == 413
        answers = [client.get(f"/v/{ann}").status_code for _ in range(6)]
        assert answers[-1] == 429 and 200 in answers
        assert client.get(f"/v/{keys.players['Bo']}").status_code == 200  # Bo is not slowed
        assert barons.read_bytes() == before


def test_no_url_reaches_the_file_system(barons: Path) -> None:
    client, keys, bridge = served(barons)
    with client:
        assert client.get("/static/app.js").status_code == 200
        for url in ("/static/..%2F..%2Fpyproject.toml", "/static/bridge.py", "/static/%2e%2e",
                    "/static/templates", f"/v/{keys.host}/../../pyproject.toml"):  # fmt: skip
            answer = client.get(url)
            assert answer.status_code == 404, url
            assert "[project]" not in answer.text


def test_every_answer_carries_the_security_headers(barons: Path) -> None:
    client, keys, bridge = served(barons)
    with client:
        answer = client.get(f"/v/{keys.players['Ann']}")
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert "default-src 'self'" in answer.headers["content-security-policy"]
        assert answer.headers["cache-control"] == "no-store"
        assert "http" not in answer.text.replace("http-equiv", "").split("<body")[0]


def test_the_language_follows_the_browser_then_the_switch(barons: Path) -> None:
    assert negotiate("zh-TW,zh;q=0.9,en;q=0.5") == "zh-Hant"
    assert negotiate("zh-CN") == "zh-Hans"
    assert negotiate("fr-FR, en;q=0.3") == "en"
    assert negotiate("fr") == "en"
    client, keys, bridge = served(barons)
    with client:
        ann = keys.players["Ann"]
        hant = client.get(f"/v/{ann}", headers={"Accept-Language": "zh-HK"}).text
        assert translation("zh-Hant").gettext(WORDS["hand"]) in hant
        client.get(f"/v/{ann}?lang=zh-Hans")
        hans = client.get(f"/v/{ann}", headers={"Accept-Language": "zh-HK"}).text
        assert translation("zh-Hans").gettext(WORDS["hand"]) in hans


def test_every_page_word_is_in_both_chinese_catalogues() -> None:
    for lang in ("zh-Hant", "zh-Hans"):
        said = translation(lang)
        missing = [k for k, text in WORDS.items() if said.gettext(text) == text]
        assert not missing, f"{lang}: {missing}"


def test_a_move_from_the_cli_reaches_the_page(barons: Path) -> None:
    client, keys, bridge = served(barons)
    with client:
        ann = keys.players["Ann"]
        first = client.get(f"/v/{ann}/live").text
        table_cmd(barons, "roll", "3d6")
        bridge.refresh()
        later = client.get(f"/v/{ann}/live").text
        assert later != first
        assert 'data-version="' in later


def test_the_page_shows_the_round_and_whose_turn_it_is(barons: Path) -> None:
    # seed 002 D: each baron takes the five steps in turn; a round is every baron's turn
    for _ in range(5):
        table_cmd(barons, "turn", "next")
    client, keys, bridge = served(barons)
    with client:
        page = client.get(f"/v/{keys.table}?lang=en").text
        assert (
            "Round 1, Bo&#39;s turn, phase 1 of 5" in page
            or "Round 1, Bo's turn, phase 1 of 5" in page
        )
        page = client.get(f"/v/{keys.players['Ann']}?lang=zh-Hans").text
        assert "第 1 轮，Bo的回合，第 1／5 阶段" in page


def test_guessed_tokens_are_slowed_down_by_address(barons: Path) -> None:
    client, keys, bridge = served(barons, RateLimit(rate=0.01, burst=5))
    with client:
        answers = [client.get(f"/v/guess{k:03d}{'x' * 24}").status_code for k in range(8)]
        assert answers[:5] == [404] * 5 and answers[-1] == 429
        assert client.get(f"/v/{keys.players['Ann']}").status_code == 200


def test_a_chinese_page_holds_no_english_of_its_own(barons: Path) -> None:
    client, keys, bridge = served(barons)
    with client:
        for lang in ("zh-Hant", "zh-Hans"):
            for token in (keys.players["Ann"], keys.table, keys.host):
                html = client.get(f"/v/{token}?lang={lang}").text
                text = re.sub(r"<[^>]+>", " ", html.split("<body", 1)[1].split(">", 1)[1])
                text = re.sub(r"`[^`]*`", " ", text)  # commands, quoted as typed
                text = re.sub(
                    r"(?<![A-Za-z])(Ann|Bo|English|JavaScript|\d*d\d+)(?![A-Za-z])", " ", text
                )
                assert not re.findall(r"[A-Za-z]{3,}", text), (
                    lang,
                    re.findall(r"[A-Za-z]{3,}", text),
                )


def test_pnp_serve_prints_the_links_and_qr_codes_in_the_players_language(
    barons: Path,
) -> None:
    import subprocess
    import sys

    pnp = str(Path(sys.executable).with_name("pnp"))
    proc = subprocess.Popen([pnp, "serve", "--port", "0", "--lang", "zh-Hant", "--session",
                             str(barons)], stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        said = []
        for line in proc.stdout:
            said.append(line)
            if "Ctrl-C" in line:
                break
    finally:
        proc.terminate()
        proc.wait(10)
    text = "".join(said)
    assert "只在本機開放（127.0.0.1）" in text
    links = re.findall(r"http://127\.0\.0\.1:\d+/v/([\w-]+)", text)
    assert len(links) == 4 and len(set(links)) == 4  # table, host, Ann, Bo: all different
    assert all(len(t) >= 32 for t in links)  # 192 random bits
    assert text.count("Ann的頁面，只給Ann看") == 1
    assert "█" in text or "▀" in text  # the QR codes


def test_the_leak_check_sees_a_card_in_a_list_and_an_id_anywhere() -> None:
    hidden = {"Army", "平地", "armies-07"}
    assert leaks("<li>Bo's hand: Village, Army.</li>", hidden) == ["Army"]
    assert leaks("<li>Bo的手牌：村落、平地。</li>", hidden) == ["平地"]
    assert leaks('<input value="discard:fyn:armies-07">', hidden) == ["armies-07"]
    assert leaks("<li>Peasant Army</li><li>平地軍</li>", hidden) == []


def test_a_marauder_card_drawn_face_down_is_its_drawers_alone(tmp_path: Path) -> None:
    # seed 001: in Marauder mode a card drawn from the mixed pile goes to its army's player,
    # face down, who activates it or reserves it
    path = tmp_path / "ragnarok.jsonl"
    table_cmd(path, "session", "new", "ragnarok", "--seed", "1")  # Griffins draw their own
    table_cmd(path, "deck", "turn", "activation", "--mode", "marauder")
    client, keys, bridge = served(path)
    with client:
        griffins = keys.players["griffins"]
        page = client.get(f"/v/{griffins}").text
        drew = client.post(f"/v/{griffins}/act", headers=JSON,
                           data={"csrf": csrf_of(page), "move": "activate:activation"})  # fmt: skip
        assert drew.status_code == 200, drew.text
        pages = {p: client.get(f"/v/{t}").text for p, t in keys.players.items()}
        held = {p: re.findall(r'<ul class="cards"><li>([^<]+)</li>', html)
                for p, html in pages.items()}  # fmt: skip
        owners = [p for p, cards in held.items() if cards]
        assert owners == ["griffins"], held  # the drawer's own card: theirs, and no one else's
        card = held[owners[0]][0]
        assert f"Play {card}" in pages[owners[0]]
        others = [t for p, t in keys.players.items() if p != owners[0]]
        for other in [*others, keys.table, keys.host]:
            for lang in ("en", "zh-Hant"):
                assert not leaks(client.get(f"/v/{other}?lang={lang}").text, {card})
