"""Score calculators driven by a game's ``scoring:`` data, and the generic score pad.

Each calculator kind is one function in a dispatch table: ``control`` (points for held places,
a threshold at the end of a turn, an instant-win place and the other side's instant wins),
``sum`` (add named counts; hand limits; hit numbers with a draw read through a lookup table),
``army`` (victory at a share of the enemy's army points; order costs; a tie-break list) and
``territory`` (combat result from a ratio table; the end-of-game tie-break list). Inputs are the
options given on the command line as a plain dict of strings; every bad input is a UsageError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..locale import _
from .errtext import TableError
from .i18n import pick


def _int(opts: dict[str, str], key: str, default: int | None = None) -> int:
    raw = opts.get(key)
    if raw is None:
        if default is None:
            raise TableError(_("--{param} N is needed"), param=key)
        return default
    try:
        return int(raw)
    except ValueError:
        raise TableError(
            _("--{param} must be a whole number, not {value!r}"), param=key, value=raw
        ) from None


def _list(opts: dict[str, str], key: str) -> list[str]:
    raw = opts.get(key) or ""
    return [p.strip().lower() for p in raw.split(",") if p.strip()]


def control(spec: Any, opts: dict[str, str]) -> dict[str, Any]:
    """Points for held places; ``wins`` at ``win_at`` (end of turn), ``wins_now`` with the instant place."""
    points = {p.id: p.points for p in spec.places}
    held = _list(opts, "hold")
    unknown = [h for h in held if h not in points]
    if unknown:
        raise TableError(
            _("no place {name!r}; places: {known}"), name=unknown[0], known=", ".join(points)
        )
    total = sum(points[h] for h in set(held))
    instant = bool(spec.instant_place and spec.instant_place in held and total >= spec.win_at)
    return {
        "points": total,
        "held": sorted(set(held)),
        "win_at": spec.win_at,
        "wins": total >= spec.win_at,
        "wins_now": instant,
        "other_side_instant_wins": [
            w.text for w in spec.instant_wins if w.points_below is None or total < w.points_below
        ],
    }


def total_sum(spec: Any, opts: dict[str, str]) -> dict[str, Any]:
    """Add the named parts; optionally the hand limit and a combat hit number."""
    out: dict[str, Any] = {}
    if any(part in opts for part in spec.parts):
        parts = {part: _int(opts, part, 0) for part in spec.parts}
        out["parts"] = parts
        out["score"] = sum(parts.values())
    if "holdings" in opts:
        limits = spec.hand_limit
        holdings = _list(opts, "holdings")
        unknown = [h for h in holdings if h not in limits]
        if unknown:
            raise TableError(
                _("no holding {name!r}; holdings: {known}"),
                name=unknown[0],
                known=", ".join(limits),
            )
        out["hand_limit"] = sum(limits[h] for h in holdings)
    if "mine" in opts or "theirs" in opts:
        if spec.hit_base is None:
            raise TableError(_("this game has no hit number"))
        hit = spec.hit_base + _int(opts, "mine") - _int(opts, "theirs")
        low = spec.always_hit if spec.always_hit is not None else spec.draw_min
        high = spec.always_miss - 1 if spec.always_miss is not None else spec.draw_max
        out["hit_number"] = max(low, min(high, hit))
        if "draw" in opts:
            shown = _int(opts, "draw")
            draw = spec.draw_reads.get(shown, spec.draw_reads.get(str(shown), shown))
            if not spec.draw_min <= draw <= spec.draw_max:
                raise TableError(
                    _("--draw must be {low}..{high}{help}"),
                    low=spec.draw_min,
                    high=spec.draw_max,
                    help={
                        lang: (", " if lang == "en" else "，").join(
                            f"{k} {word} {v}" for k, v in spec.draw_reads.items()
                        )
                        for lang, word in (
                            ("en", "reads"),
                            ("zh-Hant", "當作"),
                            ("zh-Hans", "当作"),
                        )
                    },
                )
            out["draw"] = draw
            if spec.always_hit is not None and draw <= spec.always_hit:
                out["hit"] = True
            elif spec.always_miss is not None and draw >= spec.always_miss:
                out["hit"] = False
            else:
                out["hit"] = draw <= hit
    if not out:
        raise TableError(
            _("give {usage}"),
            usage=f"--{' N --'.join(spec.parts)} N | --holdings A,B,... | --mine N --theirs N [--draw N]",
        )
    return out


def tie_break(steps: list[Any], opts: dict[str, str]) -> tuple[str | None, str | None]:
    """Walk a tie-break list: ("me" | "them" | a named winner, the step's name) or (None, None)."""
    for step in steps:
        if step.winner is not None:
            return step.winner, step.name
        if step.order is not None:
            names = _list(opts, step.option)
            known = ", ".join(pick((step.names or {}).get(n)) or n for n in step.order)
            if len(names) != 2:
                raise TableError(
                    _("a full tie: give --{option} MINE,THEIRS from {known}"),
                    option=step.option,
                    known=known,
                )
            for name in names:
                if name not in step.order:
                    import difflib

                    close = difflib.get_close_matches(name, step.order, n=1, cutoff=0.6)
                    said = {"option": step.option, "name": name, "known": known}
                    if close:
                        raise TableError(
                            _("--{option}: {name} is not one of {known}; did you mean {close}?"),
                            close=close[0],
                            **said,
                        )
                    raise TableError(_("--{option}: {name} is not one of {known}"), **said)
            if names[0] == names[1]:
                raise TableError(_("--{option}: the two must differ"), option=step.option)
            first = step.order.index(names[0]) < step.order.index(names[1])
            return ("me" if first else "them"), step.name
        mine, theirs = _int(opts, step.mine, step.default), _int(opts, step.theirs, step.default)
        if mine != theirs:
            better = mine > theirs if step.better == "higher" else mine < theirs
            return ("me" if better else "them"), step.name
    return None, None


def army(spec: Any, opts: dict[str, str]) -> dict[str, Any]:
    """Victory at a share of the enemy's army; when both reach it, the tie-break list."""
    out: dict[str, Any] = {}
    if "on-unit" in opts:
        out["order_cost"] = _int(opts, "on-unit") + spec.order_base
    if "limit" in opts:
        limit = _int(opts, "limit")
        if limit <= 0 or limit % spec.points_step:
            raise TableError(
                _("--limit must be a positive multiple of {step}"), step=spec.points_step
            )
        out["command_points"] = limit // spec.points_step
    if "destroyed" in opts or "lost" in opts:
        # the share is of the armies as built, which may fall short of the agreed limit
        enemy_army = _int(opts, "enemy-army")
        my_army = _int(opts, "my-army")
        destroyed, lost = _int(opts, "destroyed", 0), _int(opts, "lost", 0)
        i_win = destroyed >= spec.share * enemy_army
        they_win = lost >= spec.share * my_army
        how = None
        if i_win and they_win:
            winner, how = tie_break(spec.tie_break, opts)
            out["tie"] = spec.tie
        else:
            winner = "me" if i_win else "them" if they_win else None
        out.update(
            {
                "destroyed": destroyed,
                "lost": lost,
                "needed": spec.share * enemy_army,
                "winner": winner,
                "decided_by": how,
            }
        )
    if not out:
        raise TableError(
            _("give {usage}"),
            usage="--on-unit N | --limit N | --destroyed N --lost N --my-army N --enemy-army N",
        )
    return out


def territory(spec: Any, opts: dict[str, str]) -> dict[str, Any]:
    """Combat result from the ratio table (--attack --defence) or the end-of-game comparison."""
    out: dict[str, Any] = {}
    if "attack" in opts or "defence" in opts:
        attack, defence = _int(opts, "attack"), _int(opts, "defence")
        if defence <= 0 or attack < 0:
            raise TableError(_("--defence must be at least 1 and --attack at least 0"))
        table = spec
        if spec.combats:
            kind = (opts.get("combat") or "").strip().lower()
            if kind not in spec.combats:
                raise TableError(
                    _("give --combat KIND, one of {known}"), known=", ".join(spec.combats)
                )
            table = spec.combats[kind]
            out["combat"] = table.name or kind
        result = table.lower if attack < defence else table.equal if attack == defence else None
        row = 0
        if result is None:
            for n, r in enumerate(table.ratios):
                if attack > r.above * defence:
                    result, row = r.result, n + 1
        out.update({"attack": attack, "defence": defence, "result": result, "row": row})
    first = spec.tie_break[0] if spec.tie_break else None
    if first is not None and first.mine is not None and first.mine in opts:
        winner, how = tie_break(spec.tie_break, opts)
        out.update({"winner": winner, "decided_by": how})
    if not out:
        raise TableError(
            _("give {usage}"),
            usage=f"--attack N --defence N{' --combat KIND' if spec.combats else ''} | "
            + " ".join(f"--{s.mine} N --{s.theirs} N" for s in spec.tie_break if s.mine),
        )
    return out


def usage(spec: Any) -> str:
    """The options a calculator takes, from its data."""
    if spec.kind == "control":
        return f"--hold {','.join(p.id for p in spec.places)}"
    if spec.kind == "sum":
        text = " ".join(f"--{p} N" for p in spec.parts)
        if spec.hand_limit:
            text += f" | --holdings {','.join(spec.hand_limit)}"
        if spec.hit_base is not None:
            text += " | --mine N --theirs N [--draw N]"
        return text
    steps = " ".join(
        f"--{s.mine} N --{s.theirs} N" if s.mine else f"--{s.option} A,B"
        for s in spec.tie_break
        if s.mine or s.option
    )
    if spec.kind == "army":
        return (
            f"--on-unit N | --limit N | --destroyed N --lost N --my-army N --enemy-army N {steps}"
        )
    combat = f" --combat {'|'.join(spec.combats)}" if spec.combats else ""
    return f"--attack N --defence N{combat} | {steps}"


CALCULATORS: dict[str, Callable[[Any, dict[str, str]], dict[str, Any]]] = {
    "control": control,
    "sum": total_sum,
    "army": army,
    "territory": territory,
}


def _named_lists(spec: Any, opts: dict[str, str], terms: Any) -> dict[str, str]:
    """``opts`` with each listed place, holding or nation turned from a name into its id."""
    from .names import find, listing

    lists: list[tuple[str, Any, str, bool]] = []
    if spec.kind == "control":
        things = {p.id: (p.id, p.name) for p in spec.places}
        lists.append(("hold", things, _("no place {name!r}; places: {known}"), False))
    if spec.kind == "sum" and spec.hand_limit:
        things = {h: (h, None) for h in spec.hand_limit}
        lists.append(("holdings", things, _("no holding {name!r}; holdings: {known}"), False))
    for step in getattr(spec, "tie_break", None) or ():
        if step.order is not None and step.option:
            things = {n: (n, (step.names or {}).get(n)) for n in step.order}
            lists.append(
                (step.option, things, _("no {name!r} to rank; give two of: {known}"), True)
            )
    said = dict(opts)
    for key, things, unknown, ranked in lists:
        if key not in said:
            continue
        ids = []
        for typed in (p for p in said[key].split(",") if p.strip()):
            found = find(terms, typed, things)
            if found is None:
                values = {"option": key, "name": typed.strip(), "known": listing(terms, things)}
                if ranked:
                    import difflib

                    close = difflib.get_close_matches(typed.strip(), list(things), n=1, cutoff=0.6)
                    if close:
                        raise TableError(
                            _("--{option}: {name} is not one of {known}; did you mean {close}?"),
                            close=close[0],
                            **values,
                        )
                raise TableError(unknown, **values)
            ids.append(found)
        said[key] = ",".join(ids)
    return said


def calculate(spec: Any, opts: dict[str, str], terms: Any = None) -> dict[str, Any]:
    """Score a game's calculator with the player's options; return its kind and result.

    With ``terms`` (the game's glossary), places, holdings and nations may be given by name in
    any language as well as by id.
    """
    if terms is not None:
        opts = _named_lists(spec, opts, terms)
    return {"kind": spec.kind, **CALCULATORS[spec.kind](spec, opts)}


def pad_add(
    state: dict[str, Any], player: str, points: int, round_no: int | None
) -> dict[str, Any]:
    """Record points on the score pad; a new round starts when a player scores twice in one."""
    pad = state.setdefault("pad", {"rows": []})
    if round_no is None:
        rows = pad["rows"]
        current = max((r[0] for r in rows), default=1)
        round_no = current + 1 if any(r[0] == current and r[1] == player for r in rows) else current
    pad["rows"].append([round_no, player, points])
    return {
        "player": player,
        "points": points,
        "round": round_no,
        "total": pad_totals(state).get(player, 0),
    }


def pad_totals(state: dict[str, Any]) -> dict[str, int]:
    """Each player's total on the score pad."""
    totals: dict[str, int] = {}
    for _round, player, points in state.get("pad", {}).get("rows", []):
        totals[player] = totals.get(player, 0) + points
    return totals


def pad_table(state: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The score pad as a grid: players, rounds, points per player and round, and totals."""
    rows = state.get("pad", {}).get("rows", [])
    names = list(players) + sorted({r[1] for r in rows} - set(players))
    rounds = sorted({r[0] for r in rows})
    grid = {p: {str(r): 0 for r in rounds} for p in names}
    for round_no, player, points in rows:
        grid[player][str(round_no)] += points
    return {
        "players": names,
        "rounds": rounds,
        "grid": grid,
        "totals": {p: sum(grid[p].values()) for p in names},
    }
