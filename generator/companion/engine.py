"""The table engine: sessions of one game, every command an event, and the fair-mode check.

:class:`Table` is the library entry the CLI calls. Each command is one entry in :data:`OPS`: a
pure *draw* step that asks the random source for outcomes (the only place randomness enters)
and an *apply* step that changes the state from those outcomes alone. The event written to the
log holds the arguments, the outcomes and, for seeded and fair sessions, the range of the HMAC
counter used, so :func:`verify` can re-run every draw from the revealed seed and compare. Undo
appends a compensating event and rebuilds the state from the events still in force.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import UsageError
from . import bag as bags
from . import decks, scores, session
from .dice_parse import DiceError
from .dice_roll import DieFaces, roll
from .rng import FairSource, Source, SystemSource, commitment, new_secret, seed_key

SNAPSHOT_EVERY = 25
HIDDEN = {"fate.draw", "deck.draw", "act.draw"}


def content_dir() -> Path:
    """Where games live: ``$PNP_CONTENT_DIR``, else ./content, else the project's content/."""
    import os

    env = os.environ.get("PNP_CONTENT_DIR")
    if env:
        return Path(env)
    here = Path.cwd() / "content"
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "content"


def find_game(name: str) -> Path:
    from ..content.loader import game_dir

    return game_dir(content_dir(), name).resolve()


@dataclass
class Game:
    """A game's table data, loaded once per command."""

    id: str
    root: Path
    spec: Any
    cards: dict[str, dict[str, dict[str, Any]]]  # deck id -> card id -> data

    @classmethod
    def load(cls, root: Path) -> Game:
        from ..content.table import load_items, load_table

        spec = load_table(root)
        cards: dict[str, dict[str, dict[str, Any]]] = {}
        for did, deck in spec.decks.items():
            if isinstance(deck.cards, str):
                items = load_items(root / deck.cards).items
                cards[did] = {
                    str(i.id): {"id": str(i.id), "qty": i.qty, **(i.model_extra or {})}
                    for i in items
                }
            else:
                cards[did] = {c.id: c.model_dump() for c in deck.cards}
        return cls(root.name, root, spec, cards)

    def faces(self, name: str) -> DieFaces | None:
        game, _, die = name.rpartition(":")
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
        from . import tracks

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


def named_roll(game: Game, name: str, params: dict[str, str]) -> tuple[str, list[str]]:
    """The expression of a named roll with its parameters filled in, and notes on clamping."""
    from ..content.validate import suggest

    spec = game.spec.rolls.get(name)
    if spec is None:
        raise UsageError(
            f"{game.id} has no roll {name!r}{suggest(name, game.spec.rolls)} (rolls: {', '.join(game.spec.rolls) or 'none'}; dice: {', '.join(game.spec.dice) or 'none'})"
        )
    unknown = [p for p in params if p not in spec.params]
    if unknown:
        raise UsageError(
            f"{game.id}:{name} takes no --{unknown[0]}{suggest(unknown[0], spec.params)}"
            + (f" (it takes {', '.join('--' + p for p in spec.params)})" if spec.params else "")
        )
    values: dict[str, Any] = {}
    notes: list[str] = []
    for pname, p in spec.params.items():
        raw = params.get(pname)
        if p.kind == "icons":
            value = str(raw if raw is not None else p.default)
            if not value.isdigit() or len(value) > 20:
                raise UsageError(f"--{pname} must be digits such as 33445")
            values[pname] = value
            continue
        try:
            value_i = int(raw) if raw is not None else int(p.default)
        except ValueError:
            raise UsageError(f"--{pname} must be a whole number, not {raw!r}") from None
        if value_i > p.max and p.clamp:
            notes.append(f"{pname}={p.max}")
            value_i = p.max
        if not p.min <= value_i <= p.max:
            raise UsageError(f"--{pname} must be {p.min}..{p.max}")
        values[pname] = value_i
    return spec.expr.format(**values), notes


# ---------------------------------------------------------------- operations


def _bag(t: Table, args: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    name = args["bag"]
    if name not in t.game.spec.bags:
        raise UsageError(
            f"{t.game.id} has no bag {name!r} (bags: {', '.join(t.game.spec.bags) or 'none'})"
        )
    return t.game.spec.bags[name], t.state["bags"][name]


def _deck(t: Table, args: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    name = args["deck"]
    if name not in t.game.spec.decks:
        raise UsageError(
            f"{t.game.id} has no deck {name!r} (decks: {', '.join(t.game.spec.decks) or 'none'})"
        )
    return t.game.spec.decks[name], t.state["decks"][name]


def op_roll(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    result = roll(args["expr"], source, t.game.faces if t.game else None)
    data = result.to_json()
    return {k: data[k] for k in ("total", "dice", "rolls", "labels", "text")}


def op_fate_draw(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    spec, state = _bag(t, args)
    return bags.draw(spec, state, source, args.get("generals"))


def apply_fate_draw(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    spec, state = _bag(t, args)
    bags.apply_draw(spec, t.game.spec.tracks, state, out, t.state)
    return {"resolved": state.pop("last", None)} if out["resolve"] else {}


def op_fate_stop(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    return bags.stop(_bag(t, args)[1])


def apply_fate_stop(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    spec, state = _bag(t, args)
    return {"resolved": bags.resolve(spec, t.game.spec.tracks, state, t.state)}


def op_fate_add(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    spec, state = _bag(t, args)
    return bags.add_special(spec, state, args["tile"])


def apply_fate_add(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    bags.apply_add(_bag(t, args)[1], out)
    return {}


def op_deck_draw(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    spec, state = _deck(t, args)
    if spec.kind == "activation":
        raise UsageError("activation decks are drawn with `pnp deck activate`")
    if args.get("position") is not None:
        decks.check_position(spec, args["position"])
    return decks.draw(spec, state, source)


def apply_deck_draw(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    spec, state = _deck(t, args)
    cards = t.game.cards[args["deck"]]
    to = "out" if spec.kind == "number" and args.get("position") is None else "discard"
    fx = decks.apply_draw(spec, state, out, cards, to)
    if args.get("position") is not None:
        decks.number(spec, fx, cards, args["position"])
    return fx


def op_plain(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    return {}


def apply_deck_discard(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    state = _deck(t, args)[1]
    for card in args["cards"]:
        decks.discard(state, card)
    return {}


def apply_deck_reset(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    decks.reset(_deck(t, args)[1])
    return {}


def apply_act_add(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    decks.act_add(_deck(t, args)[1], args["player"], args["units"])
    return {}


def apply_act_turn(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    spec, state = _deck(t, args)
    if args["mode"] not in spec.modes:
        raise UsageError(f"mode must be one of {', '.join(spec.modes)}")
    decks.act_turn(state, args["mode"], args.get("order") or {})
    return {}


def op_act_draw(t: Table, args: dict[str, Any], source: Source) -> dict[str, Any]:
    state = _deck(t, args)[1]
    mode = state["mode"]
    if mode is None:
        raise UsageError(
            "start a turn first: `pnp deck turn activation --mode marauder|sequence|barbarian`"
        )
    if mode == "marauder":
        if not state["pile"]:
            raise UsageError("the deck is empty: play the reserved cards (`pnp deck play`)")
        return {"index": source.below(len(state["pile"]))}
    if mode == "sequence":
        if not state["queues"].get(args.get("player") or ""):
            raise UsageError("say whose sequence with --player; it must still hold cards")
        return {}
    raise UsageError(
        "in barbarian mode the player chooses: `pnp deck play activation --player P CARD`"
    )


def apply_act_draw(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    state = _deck(t, args)[1]
    if state["mode"] == "marauder":
        card = state["pile"].pop(out["index"])
    else:
        card = state["queues"][args["player"]].pop(0)
    state["last"] = card
    state["discard"].append(card)
    return {"card": card, "owner": state["owners"].get(card), "removed": card in state["removed"]}


def apply_act_reserve(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    state = _deck(t, args)[1]
    card = decks.act_reserve(state, args["player"])
    if state["mode"] == "marauder":
        state["discard"].remove(card)
    else:
        state["queues"][args["player"]].pop(0)
    state["reserve"][args["player"]] = card
    state["reserved_this_turn"].append(args["player"])
    state["last"] = None
    return {"owner": args["player"]}


def apply_act_play(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    state = _deck(t, args)[1]
    player, card = args["player"], args.get("card")
    if state["mode"] == "barbarian" and card:
        hand = state["queues"].get(player) or []
        if card not in hand:
            raise UsageError(f"{player} has no card {card!r} left this turn")
        hand.remove(card)
    else:
        card = state["reserve"].pop(player, None)
        if card is None:
            raise UsageError(f"{player} has no card in reserve")
    state["discard"].append(card)
    return {"card": card, "owner": player}


def apply_act_remove(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    state = _deck(t, args)[1]
    if args["unit"] not in state["owners"]:
        raise UsageError(f"no unit {args['unit']!r} in the activation deck")
    state["removed"].append(args["unit"])
    if args["unit"] in state["pile"]:
        state["pile"].remove(args["unit"])
    return {}


def apply_track(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    from .tracks import move_track

    tid = args["track"]
    if tid not in t.game.spec.tracks:
        raise UsageError(
            f"{t.game.id} has no track {tid!r} (tracks: {', '.join(t.game.spec.tracks) or 'none'})"
        )
    return move_track(
        t.game.spec.tracks[tid], t.state["tracks"], tid, args.get("by"), args.get("to")
    )


def apply_pad(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    return scores.pad_add(t.state, args["player"], args["points"], args.get("round"))


def apply_roll(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    return {}


def apply_reveal(t: Table, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    return {}


Op = Callable[["Table", dict[str, Any], Source], dict[str, Any]]
Apply = Callable[["Table", dict[str, Any], dict[str, Any]], dict[str, Any]]

# event type -> (draw step, apply step, uses randomness)
OPS: dict[str, tuple[Op, Apply, bool]] = {
    "roll": (op_roll, apply_roll, True),
    "fate.draw": (op_fate_draw, apply_fate_draw, True),
    "fate.stop": (op_fate_stop, apply_fate_stop, False),
    "fate.add": (op_fate_add, apply_fate_add, False),
    "deck.draw": (op_deck_draw, apply_deck_draw, True),
    "deck.discard": (op_plain, apply_deck_discard, False),
    "deck.reset": (op_plain, apply_deck_reset, False),
    "act.add": (op_plain, apply_act_add, False),
    "act.turn": (op_plain, apply_act_turn, False),
    "act.draw": (op_act_draw, apply_act_draw, True),
    "act.reserve": (op_plain, apply_act_reserve, False),
    "act.play": (op_plain, apply_act_play, False),
    "act.remove": (op_plain, apply_act_remove, False),
    "track.move": (op_plain, apply_track, False),
    "pad.add": (op_plain, apply_pad, False),
    "reveal": (op_plain, apply_reveal, False),
}


# ---------------------------------------------------------------- sessions


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
    game = Game.load(root)
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = session.data_dir() / "sessions" / f"{game.id}-{stamp}.jsonl"
    header: dict[str, Any] = {
        "game": game.id,
        "content": str(root),
        "players": players,
        "created": time.time(),
        "initial": game.initial_state(),
    }
    secret = None
    if fair and seed is not None:
        raise UsageError("--fair draws its own secret seed; leave out --seed")
    if fair:
        secret = new_secret()
        header.update({"rng": "fair", "commit": commitment(secret)})
    elif seed is not None:
        header.update({"rng": "seeded", "seed": seed})
    else:
        header["rng"] = "system"
    session.create(path, header)
    if secret is not None:
        secret_path = path.with_name(path.name + ".secret")
        session.atomic_write(secret_path, secret.hex() + "\n")
        secret_path.chmod(0o600)
    session.set_current(path)
    return {
        "path": str(path),
        "game": game.id,
        "rng": header["rng"],
        "commit": header.get("commit"),
    }


def resolve_session(path: str | Path | None) -> Path:
    """``--session PATH``, else the current session; UsageError when there is none."""
    if path:
        return Path(path)
    current = session.current_session()
    if current is None:
        raise UsageError("no session: start one with `pnp session new GAME` or pass --session PATH")
    return current


class Table:
    """One session opened for one command: its game, its state, and the way to add events."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.log: session.Log | None = None
        self.game: Game | None = None
        self.state: dict[str, Any] = {}
        self.effective: list[int] = []

    # loading -------------------------------------------------------------
    def load(self, *, repair: bool = True) -> None:
        self.log = session.read(self.path, repair=repair)
        header = self.log.header
        if self.game is None or self.game.id != header["game"]:
            root = Path(header["content"])
            self.game = Game.load(
                root if (root / "game.yaml").is_file() else find_game(header["game"])
            )
        snap = session.read_snapshot(self.path, self.log)
        if snap is not None and "undo" not in {e["type"] for e in self.log.events[snap["seq"] :]}:
            self.state, self.effective = snap["state"], list(snap["effective"])
            rest = self.log.events[snap["seq"] :]
        else:
            self.state, self.effective = copy.deepcopy(header["initial"]), []
            rest = self.log.events
        self.replay(rest)

    def replay(
        self, events: list[dict[str, Any]], check: Callable[[dict[str, Any]], None] | None = None
    ) -> None:
        for event in events:
            if check is not None:
                check(event)
            self.apply_event(event)

    def apply_event(self, event: dict[str, Any]) -> dict[str, Any]:
        if event["type"] == "undo":
            self.effective.pop()
            self.rebuild()
            return {}
        fx = OPS[event["type"]][1](self, event.get("args", {}), event.get("out", {}))
        if event["type"] != "reveal":
            self.effective.append(event["seq"])
        return fx

    def history(self) -> list[dict[str, Any]]:
        """The logged events, each with the effects (``fx``) it had when it happened.

        Effects are not stored in the log; they come from replaying it from the start.
        """
        self.preload()  # the game's content; the log is read and replayed once, below
        self.log = session.read(self.path, repair=False)
        by_seq = {e["seq"]: e for e in self.log.events}
        self.state, self.effective = copy.deepcopy(self.log.header["initial"]), []
        told: list[dict[str, Any]] = []
        for event in self.log.events:
            fx = self.apply_event(event)
            if event["type"] == "undo":
                target = event.get("args", {}).get("target")
                fx = {"undone": by_seq.get(target, {"seq": target, "type": "?"})}
            told.append({**event, "fx": fx})
        return told

    def rebuild(self) -> None:
        assert self.log is not None
        by_seq = {e["seq"]: e for e in self.log.events}
        self.state = copy.deepcopy(self.log.header["initial"])
        keep, self.effective = self.effective, []
        for seq in keep:
            self.apply_event(by_seq[seq])

    # randomness ------------------------------------------------------------
    def counter(self) -> int:
        assert self.log is not None
        for event in reversed(self.log.events):
            if "ctr" in event:
                return int(event["ctr"][1])
        return 0

    def source(self) -> Source:
        assert self.log is not None
        header = self.log.header
        if header["rng"] == "fair":
            secret = self.path.with_name(self.path.name + ".secret")
            try:
                key = bytes.fromhex(secret.read_text().strip())
            except (OSError, ValueError):
                raise session.SessionError(
                    f"the fair session's secret ({secret.name}) is missing; the seed was revealed or lost"
                ) from None
            return FairSource(key, self.counter())
        if header["rng"] == "seeded":
            return FairSource(seed_key(header["seed"]), self.counter())
        return SystemSource()

    # commands --------------------------------------------------------------
    def preload(self) -> None:
        """Load the game's content before taking the lock (the header never changes)."""
        if self.game is None:
            header = session.read_header(self.path)
            root = Path(header["content"])
            self.game = Game.load(
                root if (root / "game.yaml").is_file() else find_game(header["game"])
            )

    def run(self, kind: str, args: dict[str, Any]) -> dict[str, Any]:
        """Load under the lock, draw, log (fsynced), apply; returns the event with its effects."""
        self.preload()
        with session.locked(self.path):
            self.load()
            assert self.log is not None
            op, _, random_ = OPS[kind]
            source = self.source()
            start = getattr(source, "counter", None)
            out = op(self, args, source)
            event: dict[str, Any] = {
                "seq": len(self.log.events) + 1,
                "type": kind,
                "args": args,
                "out": out,
                "t": round(time.time(), 3),
            }
            if random_ and start is not None:
                event["ctr"] = [start, source.counter]  # type: ignore[attr-defined]
            fx = self.apply_event(event)
            session.append(self.path, event)
            self.log.events.append(event)
            if event["seq"] % SNAPSHOT_EVERY == 0:
                session.write_snapshot(
                    self.path, event["seq"], self.state, self.effective, session.dump_line(event)
                )
            return {**event, "fx": fx, "repaired": self.log.repaired}

    def undo(self, force: bool = False) -> dict[str, Any]:
        with session.locked(self.path):
            self.load()
            assert self.log is not None
            if not self.effective:
                raise UsageError("nothing to undo")
            target = next(e for e in self.log.events if e["seq"] == self.effective[-1])
            if target["type"] in HIDDEN and not force:
                raise UsageError(
                    f"event {target['seq']} ({target['type']}) revealed hidden information; undo it with --force"
                )
            event = {
                "seq": len(self.log.events) + 1,
                "type": "undo",
                "args": {"target": target["seq"]},
                "out": {},
                "t": round(time.time(), 3),
            }
            self.apply_event(event)
            session.append(self.path, event)
            self.log.events.append(event)
            session.write_snapshot(
                self.path, event["seq"], self.state, self.effective, session.dump_line(event)
            )
            return {**event, "fx": {"undone": target}}

    def reveal(self) -> dict[str, Any]:
        with session.locked(self.path):
            self.load()
            assert self.log is not None
            if self.log.header["rng"] != "fair":
                raise UsageError("only a --fair session has a secret seed to reveal")
            secret_path = self.path.with_name(self.path.name + ".secret")
            try:
                secret = secret_path.read_text().strip()
            except OSError:
                revealed = [e for e in self.log.events if e["type"] == "reveal"]
                if revealed:
                    return revealed[-1]
                raise session.SessionError("the secret seed is missing") from None
        event = self.run("reveal", {"secret": secret})
        return event

    def snapshot_state(self) -> dict[str, Any]:
        with session.locked(self.path):
            self.load()
        return self.state


def verify(path: Path, secret_hex: str | None = None) -> dict[str, Any]:
    """Replay a seeded or fair log; report the first outcome the seed does not give."""
    table = Table(path)
    table.log = session.read(path, repair=False)
    header = table.log.header
    if header["rng"] == "system":
        raise UsageError(
            "this session used operating-system entropy; only --seed and --fair sessions can be verified"
        )
    if header["rng"] == "seeded":
        key = seed_key(header["seed"])
    else:
        revealed = [e["args"]["secret"] for e in table.log.events if e["type"] == "reveal"]
        hex_ = secret_hex or (revealed[-1] if revealed else None)
        if hex_ is None:
            raise UsageError(
                "the seed has not been revealed; run `pnp session reveal` or pass --secret HEX"
            )
        try:
            key = bytes.fromhex(hex_)
        except ValueError:
            raise UsageError("--secret must be hexadecimal") from None
        if commitment(key) != header["commit"]:
            return {
                "ok": False,
                "seq": 0,
                "type": "session",
                "problem": "the revealed seed does not match the commitment",
            }
    root = Path(header["content"])
    table.game = Game.load(root if (root / "game.yaml").is_file() else find_game(header["game"]))
    table.state, table.effective = copy.deepcopy(header["initial"]), []
    expected_ctr = 0
    checked = 0
    for event in table.log.events:
        kind = event["type"]
        if kind in OPS and OPS[kind][2]:
            ctr = event.get("ctr")
            if not ctr or ctr[0] != expected_ctr:
                return {
                    "ok": False,
                    "seq": event["seq"],
                    "type": kind,
                    "problem": f"counter {ctr} does not continue from {expected_ctr}",
                }
            source = FairSource(key, ctr[0])
            try:
                again = OPS[kind][0](table, event.get("args", {}), source)
            except (UsageError, DiceError) as exc:
                return {"ok": False, "seq": event["seq"], "type": kind, "problem": str(exc)}
            if again != event.get("out") or source.counter != ctr[1]:
                return {
                    "ok": False,
                    "seq": event["seq"],
                    "type": kind,
                    "logged": event.get("out"),
                    "expected": again,
                }
            expected_ctr = ctr[1]
            checked += 1
        table.apply_event(event)
    return {"ok": True, "checked": checked}
