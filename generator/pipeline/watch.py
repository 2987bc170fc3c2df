"""Rebuild a game as its files change: the library behind ``pnp watch``.

:class:`Rebuilder` maps changed files to the components they feed (``game.yaml``, images and
fonts: every component; an item file: the components printing it; a layout: the components
drawing with it; ``table.yaml``: dice labels), re-checks and rebuilds only those, and
rewrites their PNG previews (a contact sheet with fronts and backs). A change to
``table.yaml`` also re-checks the companion data, a change under ``rules/`` re-checks the rule
sources and rebuilds the rule sheets (unless rule sheets are left out). Problems are returned
as located lines, never raised: builds write atomically, so the last good PDF stays in place
while a file is broken, and the components that failed are retried on the next change.
:func:`watch_game` runs the rounds on file events from ``watchfiles``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from watchfiles import Change, DefaultFilter, watch

from ..content.loader import Game
from ..content.table import load_table
from ..errors import PnpError, UsageError
from ..faces.expand import trim_size
from ..render.preview import write_previews
from .check import Checked, build_languages, check_game, plan, selected
from .game import build_checked
from .options import BuildOptions, ComponentResult
from .rules_check import check_rules
from .run import build_rules_cached

WATCHED_SUFFIXES = {
    ".yaml",
    ".yml",
    ".json",
    ".csv",
    ".tsv",
    ".xlsx",
    ".png",
    ".jpg",
    ".jpeg",
    ".ttf",
    ".ttc",
}
EVERY_COMPONENT_SUFFIXES = {".png", ".jpg", ".jpeg", ".ttf", ".ttc"}  # images and fonts
ALL = "*"  # the pending marker for "every component"
TABLE_KINDS = {"dice-labels"}  # component kinds drawn from table.yaml
MAX_SNAPSHOT = 10_000  # files compared when the watcher starts


@dataclass
class Round:
    """What one pass did: the files that changed, what was rebuilt and written, what is wrong."""

    changed: list[Path] = field(default_factory=list)
    components: list[str] = field(default_factory=list)
    results: list[ComponentResult] = field(default_factory=list)
    previews: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)  # "table", "rules" when re-checked
    seconds: float = 0.0

    @property
    def idle(self) -> bool:
        """True when the change touched nothing this game builds or checks."""
        return not (self.components or self.results or self.errors or self.checked)


class Rebuilder:
    """Keeps what the last good load knew about a game and rebuilds what each change touches."""

    def __init__(
        self,
        path: Path,
        options: BuildOptions,
        *,
        preview_dpi: int = 100,
        rules: bool = True,
    ) -> None:
        self.path = Path(path)
        self.root = self.path.resolve()
        self.options = options
        self.preview_dpi = preview_dpi
        self.rules = rules
        self.uses: dict[Path, set[str]] | None = None  # file -> component ids, from the last load
        self.extra_dirs: set[Path] = set()  # folders outside the game holding files it uses
        self.pending: set[str] = {ALL}  # components still to build (ALL: every one)
        self.table_file = self.root / "table.yaml"

    # ------------------------------------------------------------------ mapping
    def _learn(self, game: Game) -> None:
        if isinstance(game.spec.table, str):
            self.table_file = (self.root / game.spec.table).resolve()
        uses: dict[Path, set[str]] = {}
        for comp in game.components:
            names = {comp.front.id, *comp.back_layouts, *comp.front_layouts}
            if comp.back is not None:
                names.add(comp.back.id)
            if comp.spec.items:
                items = (self.path / comp.spec.items).resolve()
                uses.setdefault(items, set()).add(comp.id)
            if comp.kind in TABLE_KINDS:  # drawn from table.yaml
                uses.setdefault(self.table_file, set()).add(comp.id)
            for f in game.files:
                if f.parent.name == "layouts" and f.stem in names:
                    uses.setdefault(f.resolve(), set()).add(comp.id)
        self.uses = uses
        self.extra_dirs = {
            f.resolve().parent for f in game.files if not f.resolve().is_relative_to(self.root)
        }

    def affected(self, changed: Iterable[Path]) -> tuple[set[str], bool, bool]:
        """(components to rebuild, table touched, rules touched) for these changed files."""
        comps: set[str] = set()
        table = rules = False
        for p in changed:
            p = Path(p).resolve()
            if p == self.root / "game.yaml" or p.suffix.lower() in EVERY_COMPONENT_SUFFIXES:
                comps.add(ALL)
                table = rules = True
            elif p == self.table_file:
                table = True
                comps |= self.uses.get(p, set()) if self.uses is not None else set()
            elif p.is_relative_to(self.root / "rules"):
                rules = True
            elif self.uses is None:
                comps.add(ALL)
            else:
                comps |= self.uses.get(p, set())
        return comps, table, rules

    # ------------------------------------------------------------------ rounds
    def rebuild(self, changed: Iterable[Path] | None = None) -> Round:
        """One pass: everything when ``changed`` is None, else what those files touch."""
        started = time.perf_counter()
        files = sorted({Path(p) for p in changed}) if changed is not None else []
        if changed is None:
            comps, table, rules = {ALL}, True, True
        else:
            comps, table, rules = self.affected(files)
        comps |= self.pending
        out = Round(changed=files)
        if comps:
            self._components(comps, out)
        if table:
            self._table(out)
        if rules:
            self._rules(out)
        out.seconds = time.perf_counter() - started
        return out

    def _components(self, comps: set[str], out: Round) -> None:
        wanted = None if ALL in comps else tuple(sorted(comps))
        try:
            try:
                options = replace(self.options, components=wanted)
                checked = check_game(self.path, options)
            except UsageError:  # a component named by an earlier round is gone: take them all
                options = replace(self.options, components=None)
                checked = check_game(self.path, options)
        except PnpError as exc:  # game.yaml, an item file or a layout is broken
            out.errors.extend(exc.lines())
            self.pending = comps
            return
        self._learn(checked.game)
        ids = [c.id for c in selected(checked.game, options)]
        out.components = ids
        out.warnings.extend(str(w) for w in checked.warnings)
        try:
            out.results = build_checked(checked, options)
            out.previews = self._previews(checked, ids)
        except PnpError as exc:
            out.errors.extend(exc.lines())
            self.pending = set(ids)
            return
        self.pending = set()
        for r in out.results:
            out.warnings.extend(f"{r.component}: {w}" for w in r.warnings)

    def _previews(self, checked: Checked, ids: list[str]) -> list[Path]:

        game = checked.game
        written: list[Path] = []
        for cid in ids:
            comp = game.component(cid)
            langs = build_languages(game, comp, self.options)
            if not langs:
                continue  # not printed in the languages asked for
            lang = langs[0]
            _, sheet = plan(game, comp, BuildOptions())
            target = self.options.out_dir / game.root.name / "preview" / cid / lang
            written += write_previews(
                target,
                checked.copies[(cid, lang)],
                trim_size(comp),
                sheet.bleed,
                dpi=self.preview_dpi,
                backs=True,
                lang=lang,
            )
        return written

    def _table(self, out: Round) -> None:

        if not self.table_file.is_file() and not (self.root / "table.yaml").is_file():
            return
        out.checked.append("table")
        try:
            load_table(self.path)
        except PnpError as exc:
            out.errors.extend(exc.lines())

    def _rules(self, out: Round) -> None:
        if not self.rules or not (self.root / "rules").is_dir():
            return

        out.checked.append("rules")
        problems = check_rules(self.path)
        errors = [str(i) for i in problems if i.severity == "error"]
        out.warnings.extend(str(i) for i in problems if i.severity == "warning")
        if errors:
            out.errors.extend(errors)
            return
        try:
            out.results.extend(build_rules_cached(self.path, self.options))
        except PnpError as exc:
            out.errors.extend(exc.lines())

    # ------------------------------------------------------------------ watching
    def watch_filter(self) -> Callable[[Any, str], bool]:
        """Which file events matter: game files by suffix, never the build output or hidden files."""

        default = DefaultFilter()
        out_dir = self.options.out_dir.resolve()

        def keep(change: Any, path: str) -> bool:
            p = Path(path)
            if p.suffix.lower() not in WATCHED_SUFFIXES or p.name.startswith("."):
                return False
            if p.resolve().is_relative_to(out_dir):
                return False
            return bool(default(change, path))

        return keep


def _snapshot(folders: list[Path], keep: Callable[[Any, str], bool]) -> dict[Path, tuple[int, int]]:
    """(mtime, size) of every watched file under ``folders`` (at most MAX_SNAPSHOT files)."""

    out: dict[Path, tuple[int, int]] = {}
    for folder in folders:
        for f in folder.rglob("*"):
            if len(out) >= MAX_SNAPSHOT:
                return out
            if f.is_file() and keep(Change.modified, str(f)):
                st = f.stat()
                out[f] = (st.st_mtime_ns, st.st_size)
    return out


def watch_game(
    path: Path,
    options: BuildOptions,
    report: Callable[[Round], None],
    *,
    stop: Any = None,
    ready: Callable[[list[Path]], None] | None = None,
    preview_dpi: int = 100,
    rules: bool = True,
) -> None:
    """Build ``path`` once, then rebuild what each change touches until ``stop`` is set.

    ``report`` receives every round that did something; ``ready`` the folders being watched,
    once the watcher is listening; ``stop`` is a threading.Event (or anything with ``is_set``).
    Files saved between the first build and the moment the watcher listens are caught by
    comparing their times and sizes before and after.
    """

    rebuilder = Rebuilder(path, options, preview_dpi=preview_dpi, rules=rules)
    keep = rebuilder.watch_filter()
    before = _snapshot([rebuilder.root], keep)
    report(rebuilder.rebuild())
    folders = sorted({rebuilder.root, *rebuilder.extra_dirs})
    listening = False
    for changes in watch(
        *folders,
        watch_filter=keep,
        stop_event=stop,
        debounce=400,
        step=30,
        rust_timeout=300,
        yield_on_timeout=True,  # an empty set first says the watcher is listening
        raise_interrupt=False,
    ):
        paths = {Path(p) for _, p in changes}
        if not listening:
            listening = True
            after = _snapshot([rebuilder.root], keep)
            paths |= {f for f in before.keys() | after.keys() if before.get(f) != after.get(f)}
            if ready is not None:
                ready(folders)
        if not paths:
            continue
        done = rebuilder.rebuild(paths)
        if not done.idle:
            report(done)


__all__ = ["Rebuilder", "Round", "watch_game"]
