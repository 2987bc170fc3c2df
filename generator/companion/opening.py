"""Opening a session: a new session's log and header, the game a saved session plays (its recorded
table, checked against the game's files now), the current session, a fair session's key file,
and the pieces a migration would lose.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.files import read_regular
from ..errors import UsageError
from ..locale import _
from . import bag as bags
from . import decks, session, tracks
from .bag import tile_kind
from .cache import Cache
from .decks import card_id
from .errtext import TableError
from .game import TableGame, find_game, hash_files, migrate_record
from .rng import FairSource, commitment, new_secret

if TYPE_CHECKING:  # shapes for the type checker; not loaded at run time
    from .state import TableState

MAX_RECORDED_FILES = 1_000  # files a log's header may name as the content it was started on


def new_session(
    game_name: str,
    path: Path | None,
    players: list[str],
    *,
    fair: bool = False,
    seed: int | None = None,
) -> dict[str, Any]:
    """Create a session log for a game and make it the current one."""
    root = find_game(game_name)
    game = TableGame.load(root)
    header: dict[str, Any] = {
        "game": game.id,
        "content": str(root),
        "record": game.record(),
        "pieces": game.pieces(),
        "players": players,
        "created": time.time(),
        "initial": initial_state(game),
    }
    secret = None
    if fair and seed is not None:
        raise UsageError(_("--fair draws its own secret seed; leave out --seed"))
    if fair:
        secret = new_secret()
        header.update({"rng": "fair", "commit": commitment(secret), "stream": FairSource.stream})
    elif seed is not None:
        header.update({"rng": "seeded", "seed": seed, "stream": FairSource.stream})
    else:
        header["rng"] = "system"
    if path is None:
        path = session.create_new(session.data_dir() / "sessions", game.id, header)
    else:
        session.create(path, header)
    if secret is not None:
        secret_path = path.with_name(path.name + ".secret")
        session.atomic_write(secret_path, secret.hex() + "\n", mode=0o600)
    session.set_current(path)
    return {
        "path": str(path),
        "game": game.id,
        "rng": header["rng"],
        "commit": header.get("commit"),
        "title": game.title,
        "rounds": game.in_rounds(),
        # the contest whose winner plays first in every round, when the game has one
        "first_roll": next((f"{game.id}:{r}" for r, s in game.spec.rolls.items() if s.each), None),
    }


def game_of(
    header: dict[str, Any], path: Path | str = "session", cache: Cache | None = None
) -> TableGame:
    """The game a session started with: its recorded table, else (older logs) the content now.

    Whether the content changed since is told by hashing its files, or by ``cache`` while
    the files keep the size and time they had when last hashed.
    """

    root = Path(header["content"])
    if not (root / "game.yaml").is_file():
        root = find_game(header["game"])
    record = header.get("record")
    if not isinstance(record, dict):
        return TableGame.load(root)
    if migrate_record(record) is None:
        game = TableGame.load(root)  # recorded in an older shape: the rules as they are now
        game.changed = True
        return game
    try:
        game = TableGame.from_record(header["game"], root, record)
        files = [str(f) for f in record["files"]]
        if len(files) > MAX_RECORDED_FILES:
            raise TypeError("too many files")
        for name in files:  # the game's own files, named inside its folder: never /dev/zero
            if not name or "\x00" in name or Path(name).is_absolute() or ".." in Path(name).parts:
                said = _("{path}:1: header: record.files names {file!r}, not a file of the game")
                raise session.SessionError(said.format(path=path, file=name))
        where = [str(root / f) for f in files]
        digest = cache.get("content", where) if cache is not None else None
        if digest is None:
            digest = hash_files(root, files)
            if cache is not None:
                cache.put("content", where, digest)
        game.changed = digest != record["hash"]
    except (KeyError, TypeError, AttributeError):
        raise session.SessionError(
            _("{path}:1: header: the recorded game (record) is damaged").format(path=path)
        ) from None
    return game


def resolve_session(path: str | Path | None) -> Path:
    """``--session PATH``, else the current session; UsageError when there is none."""
    if path:
        return Path(path)
    current = session.current_session()
    if current is None:
        raise TableError(
            _("no session: start one with `pnp session new GAME` or pass --session PATH")
        )
    return current


def _read_secret(path: Path) -> str:
    """A fair session's key file, as text: a small regular file (ValueError otherwise)."""

    text = read_regular(path, 4096).decode("ascii").strip()
    if not text:
        raise ValueError("empty")
    return text


def missing_pieces(state: TableState, game: TableGame) -> list[str]:
    """Tiles, cards and tracks of ``state`` that ``game`` does not have."""

    missing: list[str] = []
    for bid, bag in state.get("bags", {}).items():
        spec = game.spec.bags.get(bid)
        kinds = {t.id for t in spec.tiles} if spec is not None else set()
        held = [*bag["pool"], *bag["aside"], *bag["held"], *bag["used"]]
        missing += sorted({f"{bid}: {tile_kind(t)}" for t in held if tile_kind(t) not in kinds})
    for did, deck in state.get("decks", {}).items():
        if did not in game.spec.decks:
            missing.append(f"deck {did}")
        elif "owners" not in deck:
            cards = game.cards.get(did, {})
            held = [*deck["pile"], *deck["discard"], *deck["out"], *deck["aside"]]
            missing += sorted({f"{did}: {card_id(c)}" for c in held if card_id(c) not in cards})
    missing += [f"track {t}" for t in state.get("tracks", {}) if t not in game.spec.tracks]
    return missing


def initial_state(game: TableGame) -> dict[str, Any]:
    """The state of a new session: every bag, track and deck as the game starts."""
    spec = game.spec
    return {
        "bags": {bid: bags.initial(b) for bid, b in spec.bags.items()},
        "tracks": {tid: tracks.initial(t) for tid, t in spec.tracks.items()},
        "decks": {
            did: decks.initial(d, list(game.cards[did].values())) for did, d in spec.decks.items()
        },
        "pad": {"rows": []},
    }
