"""Typesetting checks of a game's rule sheets, read from the lines the layout made.

Each sheet the game prints (every language, the rule sheet on A4 and the poker-size player
aids) is laid out as ``pnp rules build`` lays it out, without drawing, and each laid-out text
(:class:`generator.render.laid.Laid`) is checked: a run too wide for its column (a URL, a long
word: the sheet breaks it to fit, the check says where and by how much), a justified line
letter-spaced beyond 0.15 em, a paragraph ending in a line of one Chinese character, a
table cell broken inside a word. Each problem is a warning at the text's place in the file
that holds it (the translation, the zh-Hant text a zh-Hans section is derived from, or the
English that a missing translation falls back to). ``pnp rules check`` runs these after the
checks of :mod:`.rules_check` when those find no error.
"""

from __future__ import annotations

from pathlib import Path

from ..content.validate import key_path
from ..errors import Issue, IssueCollector, Location
from ..layout.units import MM
from ..locale import _
from ..render.laid import Laid, cell_word_breaks, letter_spaced, one_han_widow, overflows, spacing
from ..render.typeset import aid_texts_laid, sheet_texts_laid
from ..rules.coverage import Coverage
from ..rules.sheet import Sheet, make_sheet
from ..rules.source import RuleBook, load_rulebook
from ..text.localtext import LANGS
from .rules_check import block_paths, check_book


def check_sheets(game_dir: Path) -> list[Issue]:
    """The problems of :func:`.rules_check.check_rules`, and the typesetting warnings of every
    sheet when the sources have no error; sorted by place."""
    issues = IssueCollector()
    book = load_rulebook(Path(game_dir), issues)
    if book is not None:
        check_book(book, issues)
        if not issues.errors:
            check_typesetting(book, issues)
    return sorted(issues.issues, key=lambda i: (i.location, i.key, i.message))


def check_typesetting(
    book: RuleBook, issues: IssueCollector, paper: str = "A4", aid_size: str = "poker"
) -> None:
    """Warnings for what the laid-out sheets of ``book`` get wrong, at the texts' places."""
    coverage = Coverage(book)
    for lang in LANGS:
        sheet = make_sheet(book, lang, coverage)
        fallback = {s.id for s in sheet.sections if s.lang != lang}
        for where, texts in (
            ("rules", sheet_texts_laid(sheet, paper)),
            ("aids", aid_texts_laid(sheet, aid_size)),
        ):
            for laid in texts:
                if lang != "en" and laid.place[0] in fallback:
                    continue  # English text, set as the English sheet sets it: checked there
                found = problems(laid, where, lang)
                if found:
                    location, key = _locate(book, coverage, sheet, laid)
                    for said in found:
                        issues.add(location, key, said, "warning")


def problems(laid: Laid, where: str, lang: str) -> list[str]:
    """What is wrong with one laid-out text (``where``: rules or aids), each as a message."""
    if where == "aids":
        said = _("{lang} player aids, a column {width:.1f} mm wide")
    else:
        said = _("{lang} rule sheet, a column {width:.1f} mm wide")
    width = said.format(lang=lang, width=laid.measure / MM)
    out = [
        _(
            "'{text}' is too wide for its column by {over:.1f} mm ({column}): it is broken to fit"
        ).format(text=text, over=over / MM, column=width)
        for text, over in overflows(laid)
    ]
    out += [
        _("a justified line is letter-spaced by {em:.2f} em ({column}): '{line}'").format(
            em=spacing(laid, laid.lines[n]), column=width, line=laid.texts()[n]
        )
        for n in letter_spaced(laid)
    ]
    if one_han_widow(laid):
        out.append(
            _("the last line holds one character ({column}): '{line}'").format(
                column=width, line=laid.texts()[-1]
            )
        )
    out += [
        _("a table cell breaks inside a word ({column}): '{end}' / '{start}'").format(
            column=width, end=a, start=b
        )
        for a, b in cell_word_breaks(laid)
    ]
    return out


def _locate(book: RuleBook, coverage: Coverage, sheet: Sheet, laid: Laid) -> tuple[Location, str]:
    """Where the text of ``laid`` is written: its file, line and column, and its key path."""
    sid, block, index = laid.place
    source = next((s for s in book.sections if s.id == sid), None)
    if source is None:  # not a section's text (cannot happen for the sheets' sections)
        return book.source.locate(), ""
    resolved = coverage.resolve(sheet.lang, source)
    rf, n = resolved.entry.file, resolved.entry.path[1]
    printed = next(s for s in sheet.sections if s.id == sid)
    if printed.status == "stale":
        block -= 1  # the sheet opens a stale section with a note of its own
    path: tuple[str | int, ...] = ("sections", n, "title")
    if 0 <= block < len(resolved.section.blocks):
        paths = block_paths(int(n), block, resolved.section.blocks[block])
        path = paths[min(index, len(paths) - 1)][0]
    elif block != -1:
        path = resolved.entry.path
    return rf.locate(*path), key_path(path)
