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
from dataclasses import dataclass, field
from pathlib import Path

from ..content.loader import resolve_inside
from ..content.schema import GameSpec
from ..content.types import LANGS
from ..content.validate import key_path, validate
from ..content.yamlload import Loaded, display_path, load_yaml
from ..errors import ContentError, IssueCollector, Location, UsageError
from .models import GlossaryFile, GlossaryTerm, SourceFile, SourceSection, TranslationFile

TRANSLATED: tuple[str, ...] = tuple(lang for lang in LANGS if lang != "en")
GLOSSARY_FILE = "glossary.yaml"


def source_hash(section: SourceSection) -> str:
    """Hash of an English section's title and blocks (what a translation is stamped with)."""
    data = {"title": section.title, "blocks": [b.canonical() for b in section.blocks]}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@dataclass
class RuleFile:
    """One validated rule file and its marks (for locating problems and stamping)."""

    path: Path
    loaded: Loaded
    model: SourceFile | TranslationFile

    @property
    def name(self) -> str:
        return self.loaded.marks.file

    def index(self) -> dict[str, int]:
        """Section id -> position in the file."""
        return {s.id: n for n, s in enumerate(self.model.sections)}

    def locate(self, *path: str | int, key: bool = False) -> Location:
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

    @property
    def sections(self) -> list[SourceSection]:
        return list(self.source.model.sections)  # type: ignore[arg-type]

    def hashes(self) -> dict[str, str]:
        """Section id -> current source hash."""
        return {s.id: source_hash(s) for s in self.sections}


def _game_spec(game_dir: Path, issues: IssueCollector) -> GameSpec | None:
    path = game_dir / "game.yaml"
    if not path.is_file():
        raise UsageError(f"{display_path(game_dir)} has no game.yaml")
    try:
        loaded = load_yaml(path)
    except ContentError as exc:
        issues.issues.extend(exc.issues)
        return None
    if isinstance(loaded.data, dict) and "id" not in loaded.data:
        loaded.data["id"] = game_dir.resolve().name
    return validate(GameSpec, loaded, issues)


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


def _load(path: Path, model: type, issues: IssueCollector) -> RuleFile | None:
    try:
        loaded = load_yaml(path)
    except ContentError as exc:
        issues.issues.extend(exc.issues)
        return None
    instance = validate(model, loaded, issues)
    if instance is None:
        return None
    if hasattr(instance, "sections"):
        _unique_ids(instance, loaded, issues)
    return RuleFile(path, loaded, instance)


def _unique_ids(
    model: SourceFile | TranslationFile, loaded: Loaded, issues: IssueCollector
) -> None:
    first: dict[str, int] = {}
    for n, section in enumerate(model.sections):
        if section.id in first:
            where = loaded.marks.locate(("sections", n, "id"))
            issues.add(
                where,
                key_path(("sections", n, "id")),
                f"section id {section.id!r} is used twice (first at section {first[section.id] + 1})",
            )
        else:
            first[section.id] = n


def load_rulebook(game_dir: Path, issues: IssueCollector) -> RuleBook | None:
    """Load ``game_dir``'s rules; problems go to ``issues``. None when nothing usable was found.

    Raises UsageError when the game has no ``rules:`` folder at all.
    """
    game_dir = Path(game_dir)
    spec, folder = rules_folder(game_dir, issues)
    if spec is None:
        return None
    if folder is None:
        raise UsageError(f"{spec.id} has no rule sheets (game.yaml has no `rules:` key)")
    where = Location(display_path(folder))
    if not folder.is_dir():
        issues.add(where, "", "rules folder does not exist")
        return None
    glossary: dict[str, GlossaryTerm] = {}
    gfile = None
    if (folder / GLOSSARY_FILE).is_file():
        gfile = _load(folder / GLOSSARY_FILE, GlossaryFile, issues)
        if gfile is not None:
            glossary = dict(gfile.model.terms)  # type: ignore[attr-defined]
    else:
        issues.add(where, "", f"no {GLOSSARY_FILE}: every game's rules need a glossary")
    if not (folder / "en.yaml").is_file():
        issues.add(where, "", "no en.yaml: the English source of the rule sheet is missing")
        return None
    source = _load(folder / "en.yaml", SourceFile, issues)
    if source is None:
        return None
    title = spec.title if isinstance(spec.title, dict) else {"en": spec.title}
    book = RuleBook(spec.id, dict(title), folder, glossary, gfile, source)
    for lang in TRANSLATED:
        path = folder / f"{lang}.yaml"
        if path.is_file():
            loaded = _load(path, TranslationFile, issues)
            if loaded is not None:
                book.translations[lang] = loaded
    return book
