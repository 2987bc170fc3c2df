"""The words of a build's report: the table of files written, those kept, a closing count.

:func:`summary_lines` is what ``pnp build`` prints after :func:`generator.pipeline.run.build_games`,
aligned by screen columns (a Chinese heading takes two per character) and in the current
language.
"""

from __future__ import annotations

from ..locale import NC_, _, ngettext, pgettext
from ..text.columns import width
from .options import ComponentResult

# the summary table's column headings (said with the "build summary" context)
SUMMARY_COLUMNS = (
    NC_("build summary", "game"),
    NC_("build summary", "component"),
    NC_("build summary", "lang"),
    NC_("build summary", "items"),
    NC_("build summary", "copies"),
    NC_("build summary", "pages"),
    NC_("build summary", "bytes"),
    NC_("build summary", "time"),
    NC_("build summary", "packing"),
)


def summary_lines(results: list[ComponentResult], seconds: float) -> list[str]:
    """What ``pnp build`` prints after a build: a table of the files written, one line per
    file left unchanged, and a closing count, in the current language.

    Plain aligned text: quick to print, and the same on a terminal, in a pipe or in a log.
    """
    said: list[str] = []
    written = [r for r in results if not r.skipped]
    if written:
        rows = [tuple(pgettext("build summary", c) for c in SUMMARY_COLUMNS)]
        for r in written:
            rows.append(
                (
                    r.game,
                    r.component,
                    r.lang,
                    str(r.items),
                    str(r.copies),
                    str(r.pages),
                    f"{r.bytes:,}",
                    f"{r.seconds:.2f}s",
                    r.packing,
                )
            )
        widths = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = []
        for n, row in enumerate(rows):
            cells = [
                _pad(cell, w, right=3 <= i <= 7 and n > 0)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells).rstrip())
            if n == 0:
                lines.append("  ".join("-" * w for w in widths))
        said.extend(lines)
    kept = [r for r in results if r.skipped]
    unchanged = _("unchanged  {file}  {bytes} bytes")
    for r in kept:
        said.append(unchanged.format(file=f"{r.game}/{r.path.name}", bytes=f"{r.bytes:,}"))
    time_ = f"{seconds:.2f}"
    if kept and not written:
        said.append(
            ngettext(
                "up to date: nothing to rebuild, {kept} file kept ({seconds} s)",
                "up to date: nothing to rebuild, {kept} files kept ({seconds} s)",
                len(kept),
            ).format(kept=len(kept), seconds=time_)
        )
    elif results:
        said.append(
            ngettext(
                "{written} file written, {kept} kept as they were ({seconds} s)",
                "{written} files written, {kept} kept as they were ({seconds} s)",
                len(written),
            ).format(written=len(written), kept=len(kept), seconds=time_)
        )
    return said


def _pad(cell: str, columns: int, *, right: bool) -> str:
    """``cell`` padded with spaces to ``columns`` screen columns (a Chinese character takes two)."""
    gap = " " * (columns - width(cell))
    return gap + cell if right else cell + gap
