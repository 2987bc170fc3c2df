"""Every table command against every deck, bag and track of every game: never an internal error.

Hypothesis plays each shipped game and the skirmish starter at random, through the command line
in this process: every deck verb (draw, number, deal, return, discard, reset, add, turn,
activate, reserve, play, remove) on every deck, every fate verb on every bag, track moves,
score pad entries, turns, rolls, undo, status and log, with names that exist and names that do
not, players that own a deck and players that do not, in English and both Chinese scripts.
Whatever is typed, the command ends with 0, 1 or 2, never with an internal error (exit 70) or
a traceback (issue "The table as one model": 18 of 600 random commands failed inside).
Each view for one player is checked too: it names no card in another player's hand, reserve,
secret order or face-down draw.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from generator.companion.game import TableGame, find_game
from generator.companion.table import Action, Table
from generator.companion.views import leaks, secret_owner

from .helpers import ROOT, TABLE_GAME

GAMES = [
    "barons-of-fyn",
    "five-armies",
    "manoeuvre",
    "maquis",
    "pocket-battles",
    "ragnarok",
    str(ROOT / "templates" / "starters" / "skirmish"),
]
LANGS = ["en", "zh-Hant", "zh-Hans"]
PLAY = settings(
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _names(game: TableGame) -> dict[str, list[str]]:
    """What a player might type for this game: decks, cards, units, players, bags, tracks."""
    spec = game.spec
    cards: list[str] = ["nothing-such", "City", "Forced March"]
    units: list[str] = ["ghost"]
    players = ["Ann", "Bo", "nobody"]
    for deck_cards in game.cards.values():
        for cid, card in list(deck_cards.items())[:12]:
            cards.append(cid)
            name = card.get("name")
            if isinstance(name, dict):
                cards += [str(v) for v in name.values() if v][:2]
            if card.get("owner"):
                players.append(str(card["owner"]))
                units.append(cid)
    for deck in spec.decks.values():
        if deck.owner:
            players.append(deck.owner)
    players += list(spec.sides)
    return {
        "deck": [*spec.decks, "no-deck"],
        "card": cards,
        "unit": units,
        "player": sorted(set(players)),
        "bag": [*spec.bags, "no-bag"],
        "tile": [t.id for b in spec.bags.values() for t in b.tiles] + ["no-tile"],
        "track": [*spec.tracks, "no-track"],
        "mode": [m for d in spec.decks.values() for m in d.modes] + ["no-mode"],
        "roll": [*spec.rolls, "no-roll"],
    }


def _command(draw: Any, game: TableGame, names: dict[str, list[str]]) -> list[str]:
    """One random table command line (without ``pnp``)."""

    def pick(kind: str) -> str:
        return str(draw(st.sampled_from(names[kind])))

    number = draw(st.integers(-3, 12))
    verb = draw(
        st.sampled_from(
            [
                "draw", "number", "deal", "return", "discard", "reset", "add", "turn", "activate",
                "reserve", "play", "remove", "fate draw", "fate stop", "fate add", "fate odds",
                "track", "score add", "turn next", "roll", "undo", "status", "log",
            ]
        )
    )  # fmt: skip
    deck, player = pick("deck"), pick("player")
    table = {
        "draw": ["deck", "draw", deck, "--player", player, "--count", str(max(1, number % 3))],
        "number": ["deck", "number", deck, "--position", str(number)],
        "deal": ["deck", "deal", deck, "--player", player],
        "return": ["deck", "return", deck, pick("card"), "--player", player],
        "discard": ["deck", "discard", deck, pick("card")],
        "reset": ["deck", "reset", deck],
        "add": ["deck", "add", deck, pick("unit"), "--player", player],
        "turn": ["deck", "turn", deck, "--mode", pick("mode")],
        "activate": ["deck", "activate", deck, "--player", player],
        "reserve": ["deck", "reserve", deck, "--player", player],
        "play": ["deck", "play", deck, pick("card"), "--player", player],
        "remove": ["deck", "remove", deck, pick("unit")],
        "fate draw": ["fate", "draw", "--bag", pick("bag"), "--draws", str(max(0, number))],
        "fate stop": ["fate", "stop", "--bag", pick("bag")],
        "fate add": ["fate", "add", pick("tile"), "--bag", pick("bag")],
        "fate odds": ["fate", "odds", "--bag", pick("bag")],
        "track": ["score", "track", pick("track"), "--by", str(number)],
        "score add": ["score", "add", player, str(number)],
        "turn next": ["turn", "next"],
        "roll": ["roll", f"{game.id}:{pick('roll')}", "--n", str(number)],
        "undo": ["undo", "--force"],
        "status": ["status", "--json", "--player", player],
        "log": ["log", "--player", player],
    }
    line = table[verb]
    if verb == "draw" and draw(st.booleans()):
        line = ["deck", "draw", deck]  # a draw for no one: shown and discarded
    if verb == "play" and draw(st.booleans()):
        line = ["deck", "play", deck, "--player", player]  # no card named: a reserve
    return [*line, "--lang", draw(st.sampled_from(LANGS))]


def _run(args: list[str]) -> tuple[int, str]:
    """``pnp ARGS`` in this process: its exit code and what it printed."""
    from click.testing import CliRunner

    from .helpers import _Entry

    result = CliRunner().invoke(_Entry(), args, prog_name="pnp")  # type: ignore[arg-type]
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout + result.stderr


@pytest.mark.parametrize("name", GAMES, ids=lambda g: Path(g).name)
@PLAY
@given(data=st.data())
def test_random_table_commands_never_fail_inside_and_views_keep_secrets(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory, monkeypatch: Any
) -> None:
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    game = TableGame.load(find_game(name))
    names = _names(game)
    table = Table.new(name, ["Ann", "Bo"], seed=data.draw(st.integers(0, 99)))
    for _step in range(data.draw(st.integers(4, 14))):
        line = _command(data.draw, game, names)
        code, said = _run(line)
        assert code in (0, 1, 2), (line, code, said)
        assert "internal error" not in said and "Traceback" not in said, (line, said)
    state = table.session.snapshot_state()
    for viewer in ("table", *names["player"]):
        shown = table.view(viewer)
        assert leaks(table.game, state, shown, viewer) == [], viewer
        json.dumps(shown)  # every view is JSON
        # the log as this viewer reads it: an event whose cards were another player's secret
        # when it happened names none of them
        for raw, told in zip(table.session.history(), table.history(viewer), strict=True):
            owner = secret_owner(_as_logged(raw, told))
            if owner is not None and owner != viewer:
                assert "out" not in told and not {"card", "cards"} & set(told["fx"]), told


def _as_logged(event: dict[str, Any], told: dict[str, Any]) -> dict[str, Any]:
    """A logged event as the log tells it: a card drawn face down and then played, not
    reserved, is public once played."""
    if event["type"] == "act.draw" and told["fx"].get("private") is False:
        return {**event, "fx": {**event["fx"], "private": False}}
    return event


def test_a_view_is_a_copy_the_viewer_may_change(data_dir: Path) -> None:
    """A view shares no list or dict with the table: changing one leaves the next view whole."""
    table = Table.new(TABLE_GAME, ["Ann", "Bo"], seed=3)
    table.act(Action("deck.draw", {"deck": "cycle", "count": 2}))
    first = table.view("Ann")
    before = json.dumps(first, sort_keys=True)
    first["state"]["decks"]["cycle"]["discard"].append("forged")
    first["state"]["decks"].clear()
    assert json.dumps(table.view("Ann"), sort_keys=True) == before
