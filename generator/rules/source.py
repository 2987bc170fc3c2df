"""Load a game's ``rules/`` folder: glossary, English source, translations, and source hashes.

:func:`load_rulebook` reads ``game.yaml`` for the folder name, then every rule file with the
marked YAML loader, validates each against :mod:`generator.rules.models`, and returns a
:class:`RuleBook` plus every problem found (located ``file:line:col``). The source hash of an
English section is the first 12 hex digits of the SHA-256 of the canonical JSON of its title
and blocks; a translation stores it as ``source_hash`` to say which version it translates.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from ..content.loader import resolve_inside
from ..content.schema import GameSpec
from ..content.validate import key_path, suggest, validate
from ..content.yamlload import Loaded, display_path, load_yaml
from ..errors import ContentError, Issue, IssueCollector, Location, UsageError
from ..locale import _
from ..text.localtext import LANGS
from .models import GlossaryFile, GlossaryTerm, SourceFile, SourceSection, TranslationFile

TRANSLATED: tuple[str, ...] = tuple(lang for lang in LANGS if lang != "en")
GLOSSARY_FILE = "glossary.yaml"


def _digest(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def source_hash(section: SourceSection) -> str:
    """Hash of an English section's title and blocks (what a translation is stamped with)."""
    return _digest({"title": section.title, "blocks": [b.canonical() for b in section.blocks]})


def text_hash(text: str) -> str:
    """Hash of one English text (an item field, a table name, a glossary term), made the same way."""
    return _digest(text)


@dataclass
class RuleFile:
    """One validated rule file and its marks (for locating problems and stamping)."""

    path: Path
    loaded: Loaded
    model: SourceFile | TranslationFile

    @property
    def name(self) -> str:
        """The rule file's name, for messages."""
        return self.loaded.marks.file

    def index(self) -> dict[str, int]:
        """Section id -> position in the file."""
        return {s.id: n for n, s in enumerate(self.model.sections)}

    def locate(self, *path: str | int, key: bool = False) -> Location:
        """The location in the file of a value (or of its key) by its path."""
        return self.loaded.marks.locate(tuple(path), key=key)


@dataclass
class RuleBook:
    """A game's rule sources after validation."""

    game: str
    game_title: dict[str, str]
    folder: Path
    glossary: dict[str, GlossaryTerm]
    glossary_file: RuleFile | None
    source: RuleFile
    translations: dict[str, RuleFile] = field(default_factory=dict)
    term_ids: set[str] = field(default_factory=set)  # ids in the glossary file, valid or not
    failed: set[str] = field(default_factory=set)  # translations whose file did not validate
    root: Path = Path(".")  # the game's folder (what `pnp rules ... GAME` takes)

    @property
    def sections(self) -> list[SourceSection]:
        """The sections of the English source."""
        return list(self.source.model.sections)  # type: ignore[arg-type]

    def hashes(self) -> dict[str, str]:
        """Section id -> current source hash."""
        return {s.id: source_hash(s) for s in self.sections}


def _game_spec(game_dir: Path, issues: IssueCollector) -> GameSpec | None:
    path = game_dir / "game.yaml"
    if not path.is_file():
        raise UsageError(
            _("{display_path} has no game.yaml").format(display_path=display_path(game_dir))
        )
    try:
        loaded = load_yaml(path, root=game_dir)
    except ContentError as exc:
        issues.issues.extend(exc.issues)
        return None
    if isinstance(loaded.data, dict) and "id" not in loaded.data:
        loaded.data["id"] = game_dir.resolve().name
    return validate(GameSpec, loaded, issues)


def names_rules(game_dir: Path) -> bool:
    """Whether the game's ``game.yaml`` names a rules folder (sound or not)."""
    try:
        data = load_yaml(Path(game_dir) / "game.yaml", root=Path(game_dir)).data
    except ContentError:
        return False  # the game check reports game.yaml
    return isinstance(data, dict) and data.get("rules") is not None


def rules_folder(game_dir: Path, issues: IssueCollector) -> tuple[GameSpec | None, Path | None]:
    """The game's spec and its rules folder (None when game.yaml has no ``rules:`` key)."""
    spec = _game_spec(game_dir, issues)
    if spec is None or spec.rules is None:
        return spec, None
    try:
        return spec, resolve_inside(game_dir, spec.rules)
    except ValueError as exc:
        issues.add(Location(display_path(game_dir / "game.yaml")), "rules", str(exc))
        return spec, None


# keys allowed at each level of the rule files, by their spelling in YAML (for "did you mean")
_KEYS: dict[str, tuple[str, ...]] = {
    "glossary": ("source", "estimate", "terms"),
    "term": (*LANGS, "note", "avoid"),
    "file": ("title", "source", "origin", "sections"),
    "section": ("id", "title", "aid", "origin", "blocks", "source_hash"),
    "block": ("p", "steps", "list", "table", "callout"),
    "table": ("header", "rows"),
}


def _level(model: type, path: tuple[str | int, ...]) -> str | None:
    """The level of the rule files whose keys ``path`` (a key's full path) is one of, if any."""
    if model is GlossaryFile:
        if len(path) == 1:
            return "glossary"
        return "term" if len(path) == 3 and path[0] == "terms" else None
    shapes = {1: ("file", None), 3: ("section", "sections"), 5: ("block", "blocks")}
    shapes[6] = ("table", "table")
    level, parent = shapes.get(len(path), (None, None))
    at = {3: 0, 5: 2, 6: 4}.get(len(path))
    if level is None or (at is not None and path[at] != parent):
        return None
    return level


def _hint(model: type, loaded: Loaded, issue: Issue) -> Issue:
    """Better messages for unknown keys: suggestions spelled as in YAML, and aid in translations.

    An issue is about an unknown key when its key path ends in a key its level does not allow;
    that is read from the path, never from the (already translated) message.
    """
    path = _path_of(loaded, issue.key)
    level = _level(model, path) if path is not None else None
    if path is None or level is None or not isinstance(path[-1], str):
        return issue
    name = path[-1]
    known = [k for k in _KEYS[level] if model is SourceFile or k != "aid"]
    if model is SourceFile:
        known = [k for k in known if k not in ("source_hash", "origin")]
    if name in known:
        return issue
    if model is TranslationFile and name == "aid" and len(path) == 3:
        message = _(
            "unknown key: `aid` is set in en.yaml only (the English decides the player aids)"
        )
    else:
        close = next((k for k in known if k.lower() == name.lower().replace("_", "-")), None)
        message = (
            _("unknown key; did you mean '{key}'?").format(key=close)
            if close
            else _("unknown key") + suggest(name, known)
        )
    return Issue(issue.location, issue.key, message, issue.severity)


def _path_of(loaded: Loaded, key: str) -> tuple[str | int, ...] | None:
    for path in loaded.marks.keys:
        if key_path(path) == key:
            return path
    return None


def _load(path: Path, model: type, issues: IssueCollector) -> RuleFile | None:
    try:
        loaded = load_yaml(path)
    except ContentError as exc:
        issues.issues.extend(exc.issues)
        return None
    if "sections" in getattr(model, "__struct_fields__", ()):
        _unique_ids(loaded, issues)
    found = IssueCollector()
    instance = validate(model, loaded, found)
    issues.issues.extend(_hint(model, loaded, i) for i in found.issues)
    if instance is None:
        return None
    return RuleFile(path, loaded, instance)


def _unique_ids(loaded: Loaded, issues: IssueCollector) -> None:
    """Report a section id used twice (on the raw data, so it is found even if other keys are bad)."""
    sections = loaded.data.get("sections") if isinstance(loaded.data, dict) else None
    if not isinstance(sections, list):
        return
    first: dict[str, int] = {}
    for n, section in enumerate(sections):
        sid = section.get("id") if isinstance(section, dict) else None
        if not isinstance(sid, str):
            continue
        if sid in first:
            where = loaded.marks.locate(("sections", n, "id"))
            issues.add(
                where,
                key_path(("sections", n, "id")),
                _("section id {sid!r} is used twice (first at sections[{first}])").format(
                    sid=sid, first=first[sid]
                ),
            )
        else:
            first[sid] = n


def load_rulebook(game_dir: Path, issues: IssueCollector) -> RuleBook | None:
    """Load ``game_dir``'s rules; problems go to ``issues``. None when nothing usable was found.

    Raises UsageError when the game has no ``rules:`` folder at all.
    """
    game_dir = Path(game_dir)
    spec, folder = rules_folder(game_dir, issues)
    if spec is None:
        return None
    if folder is None and spec.rules is not None:
        return None  # the folder it names is refused: the problem is in ``issues``
    if folder is None:
        raise UsageError(
            _("{id} has no rule sheets (game.yaml has no `rules:` key)").format(id=spec.id)
        )
    where = Location(display_path(folder))
    if not folder.is_dir():
        issues.add(where, "", _("rules folder does not exist"))
        return None
    glossary: dict[str, GlossaryTerm] = {}
    gfile = None
    term_ids: set[str] = set()
    if os.path.lexists(folder / GLOSSARY_FILE):  # any kind of entry: loading says what is wrong
        gfile = _load(folder / GLOSSARY_FILE, GlossaryFile, issues)
        if gfile is not None:
            glossary = dict(cast(GlossaryFile, gfile.model).terms)
        term_ids = _raw_term_ids(folder / GLOSSARY_FILE, gfile.loaded if gfile else None)
    else:
        issues.add(
            where,
            "",
            _("no {glossary_file}: every game's rules need a glossary").format(
                glossary_file=GLOSSARY_FILE
            ),
        )
    source = None
    if os.path.lexists(folder / "en.yaml"):
        source = _load(folder / "en.yaml", SourceFile, issues)
    else:
        issues.add(where, "", _("no en.yaml: the English source of the rule sheet is missing"))
    translations: dict[str, RuleFile] = {}
    failed: set[str] = set()
    for lang in TRANSLATED:
        path = folder / f"{lang}.yaml"
        if os.path.lexists(path):
            loaded = _load(path, TranslationFile, issues)
            if loaded is None:
                failed.add(lang)
            else:
                translations[lang] = loaded
    if source is None:
        return None
    title: dict[str, str] = (
        {str(k): v for k, v in spec.title.items()}
        if isinstance(spec.title, dict)
        else {"en": spec.title}
    )
    return RuleBook(
        spec.id,
        dict(title),
        folder,
        glossary,
        gfile,
        source,
        translations,
        term_ids,
        failed,
        game_dir,
    )


def _raw_term_ids(path: Path, loaded: Loaded | None = None) -> set[str]:
    """Term ids as written, even when the glossary does not validate (``loaded``: the file
    as already read, when it was)."""
    try:
        data = (loaded or load_yaml(path)).data
    except ContentError:
        return set()
    terms = data.get("terms") if isinstance(data, dict) else None
    return {str(k) for k in terms} if isinstance(terms, dict) else set()
