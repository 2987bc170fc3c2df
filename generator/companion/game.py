"""A game's table data as the companion uses it: dice faces, cards by deck, named rolls.

:class:`TableGame` loads ``table.yaml`` (through :mod:`generator.content.table`) and the cards of
every deck: cards written in the table file, an item file, or a printed component's item file
(``cards_from``), so the deck and the printed cards name the same cards. A game's named rolls
are :mod:`.named_rolls`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..content.files import display_path, read_guarded
from ..content.folders import content_dir, find_games, game_dir
from ..errors import suggest
from ..locale import _
from ..text.localtext import LANGS
from .dice_result import DieFaces
from .errtext import TableError
from .i18n import pick

if TYPE_CHECKING:  # the models, for the type checker only (a saved game never imports them)
    from ..content.table.models import TableSpec
    from .loading import GameContent


def find_game(name: str) -> Path:
    """The folder of game ``name`` (a folder under the content folder, or a path)."""
    folder = content_dir()
    if not (Path(name) / "game.yaml").is_file() and not (folder / name / "game.yaml").is_file():
        names = [p.name for p in find_games(folder)]
        raise TableError(
            _("no game {name!r} in {where}{hint} (games: {games})"),
            name=name,
            where=display_path(folder),
            hint=suggest(name, names),
            games=", ".join(names) or "none",
        )
    return game_dir(folder, name).resolve()


# the shape of the recorded table.yaml; a log recorded in an older shape plays with the game's
# content as it is now (2: scores as formulas, a turn as a list of phases)
RECORD_FORMAT = 2


def migrate_record(record: dict[str, Any]) -> dict[str, Any] | None:
    """A session's record of its game in the current shape, or None for one of format 1 (written
    before scores were formulas and a turn a list of phases: it plays with the game's content as
    it is now, and is told the content has changed)."""
    if "format" not in record and isinstance(record.get("spec"), dict) and "hash" in record:
        return None
    return record


def recorded_spec(data: object) -> TableSpec:
    """The table spec a session recorded (``to_builtins`` of a :class:`TableSpec`), read as that
    model: its fields as attributes, every dict inside read the same way.

    It is not converted again (``msgspec.convert``) because a saved game's commands stay clear of
    the schema and YAML stack that importing the models brings (some 80 ms a command); the record
    was written from a checked model, and ``tests/test_companion_record.py`` converts every
    shipped game's record back to the model to prove the two read alike.
    """
    return cast("TableSpec", Rec.wrap(data))


class Rec(dict):  # type: ignore[type-arg]
    """A recorded table (plain JSON data) read like the validated models: ``spec.bags[b].tiles``."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    @classmethod
    def wrap(cls, data: object) -> object:
        """Data with every dict inside wrapped so its keys read as attributes."""
        if isinstance(data, dict):
            return cls({k: cls.wrap(v) for k, v in data.items()})
        if isinstance(data, list):
            return [cls.wrap(v) for v in data]
        return data


def hash_files(root: Path, files: list[str]) -> str:
    """The hash of a game's table file and card files (named relative to the game's folder)."""
    digest = sha256()
    for name in files:
        digest.update(name.encode() + b"\0")
        try:
            digest.update(read_guarded(root / name, root))
        except ValueError:  # missing, outside the game folder, not a regular file, too big
            digest.update(b"(missing)")
    return digest.hexdigest()


def round_order(players: Sequence[str], first: int = 0) -> list[str]:
    """The players in the order they take their turns in a round: as named, from ``first``."""
    first = first % len(players) if players else 0
    return [*players[first:], *players[:first]]


def turn_begun(now: Mapping[str, Any]) -> bool:
    """Whether play has moved past the first phase of the first turn: the first player is
    chosen before that (seed 004 section 3), and the order then holds for the whole game."""
    return int(now.get("n", 1)) > 1 or int(now.get("phase", 0)) > 0 or int(now.get("seat", 0)) > 0


class TableGame:
    """A game's table data, loaded once per command."""

    def __init__(
        self,
        id: str,
        root: Path,
        spec: TableSpec,
        cards: dict[str, dict[str, dict[str, object]]],  # deck id -> card id -> data
        changed: bool = False,  # a recorded game whose files have changed since
        title: str
        | dict[str, str]
        | None = None,  # the game's title from game.yaml ({en, zh-Hant, zh-Hans})
    ) -> None:
        self.title = title
        self.id = id
        self.root = root
        self.spec = spec
        self.cards = cards
        self.changed = changed
        self.content: GameContent | None = None  # what :meth:`load` read of the game's folder

    @classmethod
    def load(cls, root: Path) -> TableGame:
        """Load and validate a game's table content and its cards from its folder."""
        # deferred: reading content loads YAML and the schema (msgspec), some 80 ms that a
        # saved game's commands never pay (they read the game recorded in the log)
        from .loading import read_game

        content = read_game(root)
        game = cls(root.name, root, content.spec, content.cards, title=content.title)
        game.content = content
        return game

    def pieces(self) -> dict[str, Any]:
        """The pieces a session starts with: tiles per bag and cards per deck (to spot edits)."""
        return {
            "bags": {
                bid: sorted(f"{t.id}={t.value}x{t.qty}" for t in b.tiles)
                for bid, b in self.spec.bags.items()
            },
            "decks": {did: sorted(c) for did, c in self.cards.items()},
            "tracks": {tid: [t.start, t.end] for tid, t in self.spec.tracks.items()},
        }

    def record(self) -> dict[str, Any]:
        """Everything a session needs of this game, as JSON: kept in the log's header (only a
        game loaded from its content has one; a recorded game is not recorded again)."""
        if self.content is None:
            raise ValueError(f"{self.id}: a recorded game has no record of its own")
        files = self.content.files()
        return {
            "format": RECORD_FORMAT,
            "spec": self.content.spec_data(),
            "cards": self.cards,
            "files": files,
            "hash": hash_files(self.root, files),
            "title": self.title,
        }

    @classmethod
    def from_record(cls, game_id: str, root: Path, record: dict[str, Any]) -> TableGame:
        """The game as recorded in a session (no YAML read, no validation: it was checked then)."""
        title = record.get("title")
        return cls(game_id, root, recorded_spec(record["spec"]), record["cards"], title=title)

    def name(self, lang: str) -> str:
        """The game as the players read it: its id in English, else its title in ``lang``."""
        return (pick(self.title, lang) if lang != "en" else None) or self.id

    def names(self) -> dict[str, str]:
        """:meth:`name` in every language, for an error worded later."""
        return {lang: self.name(lang) for lang in LANGS}

    def in_rounds(self) -> bool:
        """Each player takes the whole turn in order, and the turn counter counts rounds."""
        return getattr(self.spec, "turn_counts", "turns") == "rounds"  # older records lack it

    def whose_turn(self, now: Mapping[str, Any], players: Sequence[str]) -> str | None:
        """Whose turn it is in a game played in rounds, else None: the player in the turn
        state's ``seat``, the seats starting at the player numbered ``first`` (the winner of a
        first-player roll)."""
        seat = int(now.get("seat", 0))
        if not self.in_rounds() or seat >= len(players):
            return None
        return round_order(players, int(now.get("first", 0)))[seat]

    def faces(self, name: str) -> DieFaces | None:
        """The faces of a die named ``die`` or ``game:die``; None for another game's or an unknown die."""
        game, _colon, die = name.rpartition(":")
        if game and game != self.id:
            return None
        spec = self.spec.dice.get(die)
        if spec is None:
            return None
        if spec.faces:
            values: list[int] = []
            labels: list[str] = []
            for face in spec.faces:
                values += [face.value] * face.count
                labels += [face.id] * face.count
            return DieFaces(tuple(values), tuple(labels))
        if spec.sides is None:  # a damaged record: the checked table gives sides or faces
            raise TypeError(f"die {die!r} has neither sides nor faces")
        numbers = range(spec.first, spec.first + spec.sides)
        values = [spec.zero_is if (n == 0 and spec.zero_is) else n for n in numbers]
        shown = tuple(
            str(n) if str(n) != str(v) else None for n, v in zip(numbers, values, strict=True)
        )
        return DieFaces(tuple(values), shown if any(shown) else None)
