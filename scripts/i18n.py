"""Keep the program's message catalogues (``generator/locale/*.po``) in step with the code.

    python scripts/i18n.py check    # every marked message translated in both languages
    python scripts/i18n.py update   # add the marked messages a catalogue lacks, untranslated
    python scripts/i18n.py extract FILE   # write the messages as a PO template (for msgmerge)

Messages are extracted by Babel (``babel.messages.extract``), the extractor of Babel-based
projects: its ``python`` method over ``generator/`` and jinja2's over the web pages' templates
(``generator/web/templates``), with the keywords ``_``, ``N_``, ``gettext``, ``ngettext``
(singular, plural), ``pgettext`` and ``NC_`` (context, message); a comment starting
``Translators:`` just above a message becomes its extracted comment (``#.``). Every command's
help (its docstring) and every option's ``help=`` counts as marked too, since click shows them
through the catalogue. ``check`` exits 1 and lists, as ``file:line: problem``, each marked
message missing or empty in a catalogue, each translation whose ``{placeholders}`` differ from
the English, each translation of our own that no message asks for any more, each source
reference (``#: file:line``) naming a file that does not exist or a line past its end, and each
PO file polib cannot read. ``update`` also rewrites every entry's references to the places that
ask for it now and its extracted comments, keeping the translators' own comments (``#``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polib
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"
CATALOGUES = {
    "zh-Hant": PACKAGE / "locale" / "zh_Hant.po",
    "zh-Hans": PACKAGE / "locale" / "zh_Hans.po",
}
# Babel's keywords (_, gettext, ngettext, pgettext, N_ ...) and ours: NC_(context, message)
KEYWORDS: dict[str, Any] = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}
# what extracts which files, by pattern under the package (Babel's method map)
METHODS = [
    ("**.py", "python"),
    ("web/templates/**.html", "jinja2.ext:babel_extract"),
]
OPTIONS = {"web/templates/**.html": {"trimmed": "true"}}
COMMENT_TAGS = ("Translators:",)
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")
Found = tuple[str | None, str, str | None, Path, int]


def marked(root: Path = PACKAGE) -> Iterator[Found]:
    """(context, message, plural, file, line) for every marked message under ``root``."""
    for context, msgid, plural, where, line, _comments in extracted(root):
        yield context, msgid, plural, where, line


def extracted(
    root: Path = PACKAGE,
) -> Iterator[tuple[str | None, str, str | None, Path, int, list[str]]]:
    """Every marked message under ``root``, as Babel extracts it, with its comments."""
    for filename, line, message, comments, context in extract_from_dir(
        str(root), METHODS, OPTIONS, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True
    ):
        msgid, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        if msgid:
            yield context, msgid, plural, root / filename, line, list(comments)


def help_texts() -> Iterator[tuple[str | None, str, str | None, Path, int]]:
    """(None, text, None, file, line) for every command's help and every option's help of
    ``pnp``: click shows them through the catalogue (see ``generator/cli/clicklang.py``)."""
    import importlib
    import inspect

    sys.path.insert(0, str(ROOT))
    from generator.cli.app import COMMANDS, cli

    def walk(cmd: Any) -> Iterator[Any]:
        yield cmd
        for sub in getattr(cmd, "commands", {}).values():
            yield from walk(sub)

    commands = [cli]
    for module, attr, _help in COMMANDS.values():
        commands += walk(getattr(importlib.import_module(module), attr))
    for cmd in commands:
        source = inspect.unwrap(cmd.callback) if cmd.callback else None
        where = Path(inspect.getsourcefile(source) or "") if source else PACKAGE
        line = inspect.getsourcelines(source)[1] if source else 0
        texts = [cmd.help, cmd.short_help, *(getattr(p, "help", None) for p in cmd.params)]
        for text in texts:
            if text:
                text = inspect.cleandoc(text)
                yield None, text, None, *_written_at(text, where, line)


def _written_at(text: str, where: Path, line: int) -> tuple[Path, int]:
    """Where a help text is written: its first words after ``line`` in ``where`` (the
    command's own source), else the first place in the package that spells them (an option
    shared by several commands); ``where``, ``line`` when no file does."""
    start = re.split(r"[\\\"'{}%]", text.strip().splitlines()[0])[0][:16].strip()
    if not start:
        return where, line
    for k, path in enumerate([where, *sorted(PACKAGE.rglob("*.py"))]):
        if not path.is_file():
            continue
        lines = _lines(path)
        for n in range(max(line if k == 0 else 1, 1), len(lines) + 1):
            if start in lines[n - 1]:
                return path, n
    return where, line


_LINES: dict[Path, list[str]] = {}


def _lines(path: Path) -> list[str]:
    """The lines of a source file (read once)."""
    if path not in _LINES:
        _LINES[path] = path.read_text(encoding="utf-8").splitlines()
    return _LINES[path]


def _shown(path: Path) -> str:
    """``path`` from the repository's root when it is inside, else as it is."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def messages() -> dict[tuple[str | None, str], dict[str, Any]]:
    """Every message the program asks for: its plural, places (``file``, ``line``) and the
    extracted comments, keyed by (context, message)."""
    out: dict[tuple[str | None, str], dict[str, Any]] = {}
    found = [*extracted(), *((*h, []) for h in help_texts())]
    for context, msgid, plural, where, line, comments in found:
        entry = out.setdefault(
            (context, msgid), {"plural": plural, "places": set(), "comments": []}
        )
        entry["plural"] = entry["plural"] or plural
        entry["places"].add((_shown(where), line or ""))
        entry["comments"] += [c for c in comments if c not in entry["comments"]]
    return out


def template() -> Catalog:
    """The messages as a Babel catalogue (a PO template for msgmerge), in the order of their
    first place in the code, with places and comments; also the messages of libraries that
    the catalogues translate (their references name no file of ours, e.g. ``click``)."""
    catalog = Catalog(project="pnp-generator", fuzzy=False)
    asked = messages()
    for (context, msgid), entry in sorted(asked.items(), key=lambda kv: _places(kv[1])[0]):
        catalog.add(
            (msgid, entry["plural"]) if entry["plural"] else msgid,
            locations=[(f, int(n) if n else None) for f, n in _places(entry)],
            auto_comments=entry["comments"],
            context=context,
        )
    theirs = polib.pofile(str(CATALOGUES["zh-Hant"]))
    for e in theirs:
        if (
            e.occurrences
            and not any(f.startswith(("generator/", "scripts/")) for f, _ in e.occurrences)
            and (e.msgctxt, e.msgid) not in asked
        ):
            catalog.add(
                (e.msgid, e.msgid_plural) if e.msgid_plural else e.msgid,
                locations=[(f, int(n) if n else None) for f, n in e.occurrences],
                context=e.msgctxt,
            )
    return catalog


def extract(path: Path) -> int:
    """Write the PO template to ``path`` (msgmerge reads it); the number of messages."""
    catalog = template()
    with path.open("wb") as out:
        write_po(out, catalog, width=0, omit_header=False, include_previous=True)
    return len(catalog)


def _reference_problem(where: str, line: str) -> str | None:
    """What is wrong with the source reference ``where:line``, or None. Only our own files are
    checked (``click`` names the library whose own messages the catalogue translates)."""
    if not where.startswith(("generator/", "scripts/")):
        return None
    path = ROOT / where
    if not path.is_file():
        return "names no file"
    if line and (not line.isdigit() or int(line) > len(path.read_text("utf-8").splitlines())):
        return f"names line {line}, past the end of the file"
    return None


def check(package: Path = PACKAGE, catalogues: dict[str, Path] | None = None) -> list[str]:
    """Every problem with the catalogues, as ``file:line: problem``."""
    problems: list[str] = []
    found = [f[:5] for f in extracted(package)]
    if package == PACKAGE:
        found += help_texts()
    for lang, path in (catalogues or CATALOGUES).items():
        try:
            po = polib.pofile(str(path))
        except (OSError, ValueError) as exc:
            problems.append(f"{_shown(path)}: not a readable PO file: {exc}")
            continue
        entries = {(e.msgctxt, e.msgid): e for e in po if not e.obsolete}
        for context, msgid, _plural, where, line in found:
            entry = entries.get((context, msgid))
            rel = _shown(where)
            if entry is None:
                problems.append(f"{rel}:{line}: not in {path.name}: {msgid!r}")
                continue
            texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
            if not all(texts) or "fuzzy" in entry.flags:
                problems.append(f"{rel}:{line}: untranslated in {path.name}: {msgid!r}")
                continue
            # a translation names the placeholders of the singular or of the plural (a language
            # with one form says every count with it, so it takes the plural's)
            forms = [set(PLACEHOLDER.findall(m)) for m in (msgid, entry.msgid_plural) if m]
            for text in texts:
                if set(PLACEHOLDER.findall(text)) not in forms:
                    problems.append(
                        f"{_shown(path)}:{entry.linenum}: placeholders differ from "
                        f"the English ({lang}): {msgid!r}"
                    )
        if package == PACKAGE:
            asked = {(context, msgid) for context, msgid, _p, _w, _l in found}
            for key, entry in entries.items():
                for where, line in entry.occurrences if key in asked else ():
                    if wrong := _reference_problem(where, line):
                        problems.append(
                            f"{_shown(path)}:{entry.linenum}: the source reference "
                            f"{where}{':' + line if line else ''} {wrong} "
                            f"(run scripts/i18n.py update): {entry.msgid!r}"
                        )
            for key, entry in entries.items():
                ours = not entry.occurrences or any(
                    where.startswith("generator/") for where, _n in entry.occurrences
                )
                if entry.msgid and ours and key not in asked:
                    problems.append(
                        f"{_shown(path)}:{entry.linenum}: no message asks for it any more: "
                        f"{entry.msgid!r}"
                    )
    return problems


def _places(found: dict[str, Any]) -> list[tuple[str, str]]:
    """A message's places as PO references, in file and line order."""
    return [(f, str(n)) for f, n in sorted(found["places"], key=lambda p: (p[0], int(p[1] or 0)))]


def update() -> int:
    """Add every marked message a catalogue lacks, with an empty translation; the count added.

    Every entry the program asks for gets its references (``file:line``) and extracted comments
    from the code as it is now; the translators' comments and translations stay as they are.
    """
    added = 0
    asked = messages()
    for path in CATALOGUES.values():
        po = polib.pofile(str(path), wrapwidth=0)
        for entry in po:
            found = asked.get((entry.msgctxt, entry.msgid))
            if found is not None:
                entry.occurrences = _places(found)
                entry.comment = "\n".join(found["comments"])
            else:  # not ours, or no longer asked for: drop only the references that are wrong
                entry.occurrences = [
                    o for o in entry.occurrences if _reference_problem(o[0], o[1]) is None
                ]
        have = {(e.msgctxt, e.msgid) for e in po}
        for (context, msgid), found in asked.items():
            if (context, msgid) in have:
                continue
            entry = polib.POEntry(
                msgctxt=context,
                msgid=msgid,
                msgstr="",
                occurrences=_places(found),
                comment="\n".join(found["comments"]),
            )
            if found["plural"] is not None:
                entry.msgid_plural = found["plural"]
                entry.msgstr_plural = {0: ""}
            po.append(entry)
            added += 1
        po.save(str(path))
    return added


def main(argv: list[str]) -> int:
    """Run ``check``, ``update`` or ``extract FILE``."""
    if argv[1:] == ["check"]:
        problems = check()
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    if argv[1:] == ["update"]:
        print(f"{update()} messages added")
        return 0
    if len(argv) == 3 and argv[1] == "extract":
        print(f"{extract(Path(argv[2]))} messages written to {argv[2]}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
