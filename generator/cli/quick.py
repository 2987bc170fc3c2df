"""The fast path of the table commands: common command lines run without loading click.

``pnp roll EXPR`` (plain, seeded, a game's roll, recorded in the current session), the event
commands of ``fate``, ``deck`` and ``score``, and ``status`` are read here by a small parser
that knows each command's arguments and options (the same as the click commands declare).
Anything it does not recognise with certainty (help, an unknown or repeated option, a value
click would refuse) returns ``None`` and the full click command takes over and words the
error; both paths call :mod:`generator.cli.table_actions`, so they print the same thing.
"""

from __future__ import annotations

import os
import sys

from ..terminal import printable, printable_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

COMMON = {"--session": "session", "--lang": "lang", "--data-dir": "data_dir"}
FLAGS = {"--json": "json", "--no-session": "no_session"}

# command -> (event type, positional names (a trailing * takes the rest), {option: (name, kind)})
# kinds: "s" text, "i" whole number, "i:LO:HI" a number in a range, "r" required text
EVENTS: dict[tuple[str, str], tuple[str, tuple[str, ...], dict[str, tuple[str, str]]]] = {
    ("fate", "draw"): ("fate.draw", (), {"--generals": ("generals", "i:0:20"), "--bag": ("bag", "s")}),
    ("fate", "stop"): ("fate.stop", (), {"--bag": ("bag", "s")}),
    ("fate", "add"): ("fate.add", ("tile",), {"--bag": ("bag", "s")}),
    ("deck", "draw"): ("deck.draw", ("deck",), {"--count": ("count", "i:1:100"), "--player": ("player", "s")}),
    ("deck", "number"): ("deck.draw", ("deck",), {"--position": ("position", "ri")}),
    ("deck", "discard"): ("deck.discard", ("deck", "cards*"), {"--player": ("player", "s")}),
    ("deck", "reset"): ("deck.reset", ("deck",), {}),
    ("deck", "add"): ("act.add", ("deck", "units*"), {"--player": ("player", "r")}),
    ("deck", "activate"): ("act.draw", ("deck",), {"--player": ("player", "s")}),
    ("deck", "reserve"): ("act.reserve", ("deck",), {"--player": ("player", "r")}),
    ("deck", "remove"): ("act.remove", ("deck", "unit"), {"--player": ("player", "s")}),
    ("score", "add"): ("pad.add", ("player", "points:i"), {"--round": ("round", "i:1:10000")}),
    ("score", "track"): ("track.move", ("track",), {"--by": ("by", "i"), "--to": ("to", "i")}),
}  # fmt: skip


def content_die(expr: str) -> str | None:
    """The name inside the first ``d[...]`` (a game's die), or None; ``9[fire]`` is a note."""
    at = expr.find("[")
    while at >= 0:
        before = expr[:at].rstrip()
        if before[-1:] in ("d", "D"):
            return expr[at + 1 :].split("]", 1)[0].strip()
        at = expr.find("[", at + 1)
    return None


def _int(text: str, kind: str) -> int | None:
    try:
        value = int(text)
    except ValueError:
        return None
    parts = kind.split(":")
    if len(parts) == 3 and not int(parts[1]) <= value <= int(parts[2]):
        return None
    return value


def _split(args: list[str], options: dict[str, tuple[str, str]], extra: bool) -> Any:
    """(positionals, {name: value}, {extra option: value}) or None when click must decide.

    ``extra`` (``pnp roll``) takes unknown ``--name VALUE`` options and arguments such as
    ``-1+2d6``, as the click command does; ``--no-session`` belongs to ``roll`` alone.
    """
    known = {**{k: (v, "s") for k, v in COMMON.items()}, **options}
    positional: list[str] = []
    values: dict[str, Any] = {}
    extras: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("--help", "-h"):
            return None
        if arg == "--json" or (extra and arg == "--no-session"):
            values[FLAGS[arg]] = True
        elif arg.startswith("--") and len(arg) > 2:
            name, eq, value = arg.partition("=")
            if not eq:
                if i + 1 == len(args) or args[i + 1].startswith("--"):
                    return None
                value = args[i + 1]
                i += 1
            if name in known:
                key, kind = known[name]
                if key in values:
                    return None
                if "i" in kind:
                    number = _int(value, kind)
                    if number is None:
                        return None
                    values[key] = number
                else:
                    values[key] = value
            elif extra:
                extras[name[2:]] = value
            else:
                return None
        elif arg.startswith("-") and not (extra and arg[1:2].isdigit()):
            return None
        else:
            positional.append(arg)
        i += 1
    for key, kind in options.values():
        if kind.startswith("r") and key not in values:
            return None
    return positional, values, extras


def _command(args: list[str]) -> Any:
    """(action name, arguments for it, common values) for a command line, or None."""
    if args[:1] == ["roll"]:
        split = _split(args[1:], {"--seed": ("seed", "i")}, extra=True)
        if split is None or len(split[0]) != 1:
            return None
        return "roll", (split[0][0], split[2], split[1]), split[1]
    if args[:1] == ["status"]:
        split = _split(args[1:], {}, extra=False)
        return None if split is None or split[0] else ("status", (), split[1])
    spec = EVENTS.get((args[0], args[1])) if len(args) >= 2 else None
    if spec is None:
        return None
    kind, names, options = spec
    split = _split(args[2:], options, extra=False)
    if split is None:
        return None
    positional, values, _ = split
    event: dict[str, Any] = {}
    for n, name in enumerate(names):
        if name.endswith("*"):
            if len(positional) <= n:
                return None
            event[name[:-1]] = positional[n:]
            positional = positional[: n + 1]
            break
        if n >= len(positional):
            return None
        if name.endswith(":i"):
            number = _int(positional[n], "i")
            if number is None:
                return None
            event[name[:-2]] = number
        else:
            event[name] = positional[n]
    if len(positional) != len(names):
        return None
    for key, _kind in options.values():
        if key != "count" and (key in values or key in ("bag", "round", "generals")):
            event[key] = values.get(key, "fate" if key == "bag" else None)
    if kind == "deck.draw" and event.get("player") is None:
        event.pop("player", None)
    if kind in ("deck.discard", "act.remove") and not event.get("player"):
        event.pop("player", None)
    if kind == "act.draw":
        event.setdefault("player", None)
    if kind == "track.move":
        if ("by" in event) == ("to" in event):
            return None  # click says to give exactly one
        event = {"track": event["track"], "by": event.get("by"), "to": event.get("to")}
    if kind == "pad.add":
        event = {"player": event["player"], "points": event["points"], "round": event.get("round")}
    return "event", (kind, event, values.get("count", 1)), values


def _write(as_json: bool, obj: dict[str, Any], lines: list[str]) -> None:
    if as_json:
        import json

        sys.stdout.write(printable_json(json.dumps(obj, ensure_ascii=False, sort_keys=True)) + "\n")
    else:
        sys.stdout.write("".join(printable(line) + "\n" for line in lines))


def _plain_roll(expr: str, seed: int | None) -> dict[str, Any]:
    """An unrecorded roll of a plain expression: only the dice modules are imported."""
    from ..companion.dice_roll import roll as do_roll

    if seed is None:
        from ..companion.rng import SystemSource

        return do_roll(expr, SystemSource()).to_json()
    from ..companion.rng import seeded

    return do_roll(expr, seeded(seed)).to_json()


def table(args: list[str]) -> int | None:
    """Run a table command line; the exit code, or None to hand over to the click command."""
    parsed = _command(args)
    if parsed is None:
        return None
    action, params, values = parsed
    if values.get("data_dir"):
        os.environ["PNP_DATA_DIR"] = values["data_dir"]
    from ..errors import PnpError

    lang = values.get("lang")
    session = values.get("session")
    try:
        if action == "roll":
            expr, extras, opts = params
            seed = opts.get("seed")
            plain = not extras and ":" not in expr and content_die(expr) is None
            if plain and (seed is not None or opts.get("no_session") or session is None):
                from ..companion.paths import has_current_session

                if seed is not None or opts.get("no_session") or not has_current_session():
                    data = _plain_roll(expr, seed)
                    _write(bool(values.get("json")), data, [data["text"]])
                    return 0
            from .table_actions import roll

            obj, lines, said = roll(expr, extras, seed, bool(opts.get("no_session")), session, lang)
            _write_all(values, obj, lines, said)
        elif action == "status":
            from .table_actions import status

            _write_all(values, *status(session, lang))
        else:
            from .table_actions import run_event

            kind, event, count = params
            for _ in range(count):
                _write_all(values, *run_event(session, kind, dict(event), lang))
    except PnpError as exc:
        sys.stdout.flush()
        from ..companion.errtext import localize
        from ..companion.i18n import detect

        sys.stderr.write("".join(printable(line) + "\n" for line in localize(exc, detect(lang))))
        return exc.exit_code
    return 0


def _write_all(
    values: dict[str, Any], obj: dict[str, Any], lines: list[str], said: list[str]
) -> None:
    if said:
        sys.stderr.write("".join(printable(line) + "\n" for line in said))
    _write(bool(values.get("json")), obj, lines)


def roll(args: list[str]) -> int | None:
    """``pnp roll ...`` (kept for callers of the first fast path)."""
    return table(["roll", *args])
