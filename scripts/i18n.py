"""Keep the program's message catalogues (``generator/locale/*.po``) in step with the code.

    python scripts/i18n.py check    # every marked message translated in both languages
    python scripts/i18n.py update   # add the marked messages a catalogue lacks, untranslated

A message is marked where it is written: ``_("...")``, ``N_("...")``, ``ngettext("...", "...", n)``,
``pgettext("context", "...")``, ``NC_("context", "...")`` or ``translation(lang).gettext("...")``
with literal text; every command's help (its docstring) and every option's ``help=`` counts as
marked too, since click shows them through the catalogue. ``check`` exits 1 and lists, as
``file:line: problem``, each marked message missing or empty in a catalogue, each translation
whose ``{placeholders}`` differ from the English, each translation of our own that no message
asks for any more, each source reference (``#:``) naming a file that does not exist, and each
PO file polib cannot read. ``update`` also rewrites every entry's references to the files that
ask for it now.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polib

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"
CATALOGUES = {
    "zh-Hant": PACKAGE / "locale" / "zh_Hant.po",
    "zh-Hans": PACKAGE / "locale" / "zh_Hans.po",
}
MARKERS = {
    "_": (None, 0),
    "N_": (None, 0),
    "NC_": (0, 1),
    "gettext": (None, 0),  # translation(lang).gettext(...), where a sheet's language is known
    "ngettext": (None, 0),
    "pgettext": (0, 1),
}
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def marked(root: Path = PACKAGE) -> Iterator[tuple[str | None, str, str | None, Path, int]]:
    """(context, message, plural, file, line) for every marked message under ``root``."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in MARKERS:
                continue
            ctx_at, msg_at = MARKERS[name]
            args = node.args
            if len(args) <= msg_at or not _literal(args[msg_at]):
                continue
            context = args[ctx_at].value if ctx_at is not None and _literal(args[ctx_at]) else None
            plural = args[1].value if name == "ngettext" and _literal(args[1]) else None
            yield context, args[msg_at].value, plural, path, node.lineno  # type: ignore[attr-defined]


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
                yield None, inspect.cleandoc(text), None, where, line


def _literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def check(package: Path = PACKAGE, catalogues: dict[str, Path] | None = None) -> list[str]:
    """Every problem with the catalogues, as ``file:line: problem``."""
    problems: list[str] = []
    found = list(marked(package))
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
            want = set(PLACEHOLDER.findall(msgid))
            for text in texts:
                if set(PLACEHOLDER.findall(text)) != want:
                    problems.append(
                        f"{_shown(path)}:{entry.linenum}: placeholders differ from "
                        f"the English ({lang}): {msgid!r}"
                    )
        if package == PACKAGE:
            asked = {(context, msgid) for context, msgid, _p, _w, _l in found}
            for key, entry in entries.items():
                for where, _n in entry.occurrences if key in asked else ():
                    if _stale(where):
                        problems.append(
                            f"{_shown(path)}:{entry.linenum}: the source reference {where} "
                            f"names no file (run scripts/i18n.py update): {entry.msgid!r}"
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


def _stale(where: str) -> bool:
    """Whether a source reference names a file of ours that does not exist (``click`` names
    the library whose own messages the catalogue translates)."""
    return where.startswith(("generator/", "scripts/")) and not (ROOT / where).is_file()


def _shown(path: Path) -> str:
    """``path`` from the repository's root when it is inside, else as it is."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def update() -> int:
    """Add every marked message a catalogue lacks, with an empty translation; the count added."""
    added = 0
    found = [*marked(), *help_texts()]
    for path in CATALOGUES.values():
        po = polib.pofile(str(path), wrapwidth=0)
        refs: dict[tuple[str | None, str], set[str]] = {}
        for context, msgid, _plural, where, _line in found:
            refs.setdefault((context, msgid), set()).add(str(where.relative_to(ROOT)))
        for entry in po:  # each reference names a file that asks for the message now
            files = refs.get((entry.msgctxt, entry.msgid))
            if files is not None:
                entry.occurrences = [(f, "") for f in sorted(files)]
            else:
                entry.occurrences = [o for o in entry.occurrences if not _stale(o[0])]
        have = {(e.msgctxt, e.msgid) for e in po}
        for context, msgid, plural, where, _line in found:
            if (context, msgid) in have:
                continue
            entry = polib.POEntry(
                msgctxt=context,
                msgid=msgid,
                msgstr="" if plural is None else "",
                occurrences=[(str(where.relative_to(ROOT)), "")],
            )
            if plural is not None:
                entry.msgid_plural = plural
                entry.msgstr_plural = {0: ""}
            po.append(entry)
            have.add((context, msgid))
            added += 1
        po.save(str(path))
    return added


def main(argv: list[str]) -> int:
    """Run ``check`` or ``update``."""
    if argv[1:] == ["check"]:
        problems = check()
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    if argv[1:] == ["update"]:
        print(f"{update()} messages added")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
