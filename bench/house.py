"""The shape of the package in figures: lines per room, deferred imports, long modules, ``Any``.

Run: python bench/house.py. Prints, for ``generator/``: the lines of each package, the
function-level imports of the library (everything but ``cli/``, where deferring a command's
modules is the point) with their places, every module over 400 lines, and how often ``Any``
is written in ``companion/``. Asserts nothing; the layer test guards the imports' directions.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
LONG = 400


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _deferred(path: Path) -> list[int]:
    """Lines of the imports made inside functions (``if TYPE_CHECKING`` blocks are not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    out.append(node.lineno)
    return sorted(set(out))


def _any_count(path: Path) -> int:
    """``Any`` written as a name in code (not in strings or comments)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return sum(1 for t in tokens if t.type == tokenize.NAME and t.string == "Any")


def main() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    rooms: Counter[str] = Counter()
    for path in modules:
        rel = path.relative_to(PACKAGE)
        rooms[rel.parts[0] if len(rel.parts) > 1 else "(loose)"] += _lines(path)
    print("lines per room")
    for room, n in sorted(rooms.items(), key=lambda kv: -kv[1]):
        print(f"  {room:<12} {n:>6}")
    print(f"  {'all':<12} {sum(rooms.values()):>6}")

    deferred = {
        p.relative_to(PACKAGE): _deferred(p)
        for p in modules
        if p.relative_to(PACKAGE).parts[0] != "cli"
    }
    total = sum(len(v) for v in deferred.values())
    print(f"\nfunction-level imports in the library (outside cli/): {total}")
    for rel, lines in sorted(deferred.items()):
        if lines:
            print(f"  {rel}: lines {', '.join(map(str, lines))}")

    long = [(p.relative_to(PACKAGE), _lines(p)) for p in modules if _lines(p) > LONG]
    print(f"\nmodules over {LONG} lines: {len(long)}")
    for rel, n in sorted(long, key=lambda kv: -kv[1]):
        print(f"  {n:>5}  {rel}")

    companion = [p for p in modules if p.relative_to(PACKAGE).parts[0] == "companion"]
    print(f"\n`Any` in companion/: {sum(_any_count(p) for p in companion)}")


if __name__ == "__main__":
    main()
