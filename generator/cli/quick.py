"""The fast path of ``pnp roll``: a plain dice expression rolled without loading click.

Only the common forms are handled here: ``pnp roll EXPR`` with ``--seed N``, ``--json`` and
``--no-session``, for an expression that names no game and is not recorded in a session.
Anything else (help, ``--lang``, a game's dice ``d[game:die]``, a current session to record in) returns
``None`` and the full click command takes over, so both paths print the same thing.
"""

from __future__ import annotations

import sys

_FLAGS = {"--json": "json", "--no-session": "no_session"}


def _parse(args: list[str]) -> dict[str, object] | None:
    """Options of a plain roll, or None when the full command is needed."""
    out: dict[str, object] = {"expr": None, "seed": None, "json": False, "no_session": False}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _FLAGS:
            out[_FLAGS[arg]] = True
        elif arg == "--seed" or arg.startswith("--seed="):
            if arg == "--seed":
                i += 1
                if i == len(args):
                    return None
                value = args[i]
            else:
                value = arg[len("--seed=") :]
            try:
                out["seed"] = int(value)
            except ValueError:
                return None  # click words the error
        elif arg == "--" or arg.startswith("-") and not arg[1:2].isdigit():
            return None
        elif out["expr"] is None:
            out["expr"] = arg
        else:
            return None
        i += 1
    expr = out["expr"]
    if not isinstance(expr, str) or content_die(expr) is not None or ":" in expr:
        return None
    return out


def content_die(expr: str) -> str | None:
    """The name inside the first ``d[...]`` (a game's die), or None; ``9[fire]`` is a note."""
    at = expr.find("[")
    while at >= 0:
        before = expr[:at].rstrip()
        if before[-1:] in ("d", "D"):
            return expr[at + 1 :].split("]", 1)[0].strip()
        at = expr.find("[", at + 1)
    return None


def roll(args: list[str]) -> int | None:
    """Roll and print; the exit code, or None to hand over to the full command."""
    opts = _parse(args)
    if opts is None:
        return None
    if opts["seed"] is None and not opts["no_session"]:
        from ..companion.paths import has_current_session

        if has_current_session():
            return None
    from ..companion.dice_roll import roll as do_roll
    from ..errors import PnpError, report

    if opts["seed"] is None:
        from ..companion.rng import SystemSource

        source: object = SystemSource()
    else:
        from ..companion.rng import seeded

        source = seeded(opts["seed"])  # type: ignore[arg-type]
    try:
        data = do_roll(opts["expr"], source).to_json()  # type: ignore[arg-type]
    except PnpError as exc:
        sys.stderr.write("\n".join(report(exc)) + "\n")
        return exc.exit_code
    if opts["json"]:
        import json

        sys.stdout.write(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
    else:
        sys.stdout.write(f"{data['text']}\n")
    return 0
