"""A game's table data as the companion uses it: dice faces, cards by deck, named rolls.

:class:`TableGame` loads ``table.yaml`` (through :mod:`generator.content.table`) and the cards of
every deck: cards written in the table file, an item file, or a printed component's item file
(``cards_from``), so the deck and the printed cards name the same cards. :func:`named_roll` fills
a named roll's parameters from the command line.
"""

from __future__ import annotations

from hashlib import sha256
from pathlib import Path
from typing import Any

from ..content.files import display_path, read_guarded
from ..content.folders import content_dir, find_games, game_dir
from ..dice.parse import fill_params
from ..errors import UsageError, suggest
from ..locale import _
from ..text.localtext import LANGS
from . import bag as bags
from . import decks, tracks
from .dice_result import DieFaces
from .errtext import TableError
from .i18n import pick
from .names import find, listing, terms_for


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


class Rec(dict):  # type: ignore[type-arg]
    """A recorded table (plain JSON data) read like the validated models: ``spec.bags[b].tiles``."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    @classmethod
    def wrap(cls, data: Any) -> Any:
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


class TableGame:
    """A game's table data, loaded once per command."""

    def __init__(
        self,
        id: str,
        root: Path,
        spec: Any,
        cards: dict[str, dict[str, dict[str, Any]]],  # deck id -> card id -> data
        changed: bool = False,  # a recorded game whose files have changed since
        title: Any = None,  # the game's title from game.yaml ({en, zh-Hant, zh-Hans})
    ) -> None:
        self.title = title
        self.id = id
        self.root = root
        self.spec = spec
        self.cards = cards
        self.changed = changed
        self.recorded: dict[str, Any] | None = None  # set by :meth:`load`

    @classmethod
    def load(cls, root: Path) -> TableGame:
        """Load and validate a game's table content and its cards from its folder."""
        # deferred: reading content loads YAML and the schema (msgspec), some 80 ms that a
        # saved game's commands never pay (they read the game recorded in the log)
        from .loading import read_game

        content = read_game(root)
        game = cls(root.name, root, content.spec, content.cards, title=content.title)
        game.recorded = {
            "format": RECORD_FORMAT,
            "spec": content.spec_data,
            "cards": content.cards,
            "files": content.files,
            "hash": hash_files(root, content.files),
            "title": content.title,
        }
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
        if self.recorded is None:
            raise ValueError(f"{self.id}: a recorded game has no record of its own")
        return self.recorded

    @classmethod
    def from_record(cls, game_id: str, root: Path, record: dict[str, Any]) -> TableGame:
        """The game as recorded in a session (no YAML read, no validation: it was checked then)."""
        title = record.get("title")
        spec = Rec.wrap(record["spec"])
        return cls(game_id, root, spec, record["cards"], title=title)

    def name(self, lang: str) -> str:
        """The game as the players read it: its id in English, else its title in ``lang``."""
        return (pick(self.title, lang) if lang != "en" else None) or self.id

    def names(self) -> dict[str, str]:
        """:meth:`name` in every language, for an error worded later."""
        return {lang: self.name(lang) for lang in LANGS}

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
        numbers = range(spec.first, spec.first + spec.sides)
        values = [spec.zero_is if (n == 0 and spec.zero_is) else n for n in numbers]
        shown = tuple(
            str(n) if str(n) != str(v) else None for n, v in zip(numbers, values, strict=True)
        )
        return DieFaces(tuple(values), shown if any(shown) else None)

    def initial_state(self) -> dict[str, Any]:
        """The state of a new session: every bag, track and deck as the game starts."""
        spec = self.spec
        return {
            "bags": {bid: bags.initial(b) for bid, b in spec.bags.items()},
            "tracks": {tid: tracks.initial(t) for tid, t in spec.tracks.items()},
            "decks": {
                did: decks.initial(d, list(self.cards[did].values()))
                for did, d in spec.decks.items()
            },
            "pad": {"rows": []},
        }


def roll_of(game: TableGame, name: str) -> str:
    """The id of the game's roll ``name`` names: its id, or its name in any language."""
    if name in game.spec.rolls:
        return name
    terms = terms_for(game)
    things = {r: (None, roll.name) for r, roll in game.spec.rolls.items()}
    found = find(terms, name, things)
    if found is None:
        raise TableError(
            _("{game} has no roll {name!r}{hint} (rolls: {known}; dice: {dice})"),
            game=game.names(),
            name=name,
            hint=suggest(name, game.spec.rolls),
            known=listing(terms, things),
            dice=", ".join(game.spec.dice) or "-",
        )
    return found


def named_roll(game: TableGame, name: str, params: dict[str, str]) -> tuple[str, list[str]]:
    """The expression of a named roll (by id or by name) with its parameters filled in, and
    notes on clamping."""
    name = roll_of(game, name)
    spec = game.spec.rolls[name]
    unknown = [p for p in params if p not in spec.params]
    if unknown:
        said = (
            _("{game}:{name} takes no --{param}{hint} (it takes {options})")
            if spec.params
            else _("{game}:{name} takes no --{param}{hint}")
        )
        raise UsageError(
            said.format(
                game=game.id,
                name=name,
                param=unknown[0],
                hint=suggest(unknown[0], spec.params),
                options=", ".join("--" + p for p in spec.params),
            )
        )
    values: dict[str, Any] = {}
    notes: list[str] = []
    for pname, p in spec.params.items():
        raw = params.get(pname)
        if raw is None and p.default is None:
            raise TableError(
                _("{game}:{name} needs --{param}{help}"),
                game=game.names(),
                name=name,
                param=pname,
                help=p.help,
            )
        if p.kind == "icons":
            value = str(raw if raw is not None else p.default)
            if not value.isdigit() or len(value) > 20:
                raise UsageError(_("--{param} must be digits such as 33445").format(param=pname))
            values[pname] = value
            continue
        try:
            value_i = int(raw) if raw is not None else int(p.default)  # type: ignore[arg-type]
        except ValueError:
            raise TableError(
                _("--{param} must be a whole number, not {value!r}"), param=pname, value=raw
            ) from None
        if value_i > p.max and p.clamp:
            notes.append(f"{pname}={p.max}")
            value_i = p.max
        if not p.min <= value_i <= p.max:
            raise TableError(
                _("--{param} must be {low}..{high}"), param=pname, low=p.min, high=p.max
            )
        values[pname] = value_i
    for limit in getattr(spec, "limits", None) or []:
        total = sum(int(values.get(p, 0)) for p in limit.params)
        if total > limit.max:
            raise TableError(
                _("{params} together may be at most {max}, not {total}{help}"),
                params=" + ".join("--" + p for p in limit.params),
                max=limit.max,
                total=total,
                help=spec.note or "",
            )
    try:
        return fill_params(spec.expr, values), notes
    except ValueError as exc:
        raise UsageError(f"{game.id}:{name}: {exc}") from None
