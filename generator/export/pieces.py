"""What a print shop gets of a game: the kinds of component it prints, and each distinct face.

Shared by the files an export writes (:mod:`.printshop`) and the checks made on them
(:mod:`.preflight`), so both look at the same faces in the same order.
"""

from __future__ import annotations

from ..faces.expand import Copy, FaceDraw

KINDS = ("cards", "tokens", "tiles")


def distinct_faces(copies: list[Copy]) -> list[tuple[Copy, str, FaceDraw]]:
    """Each distinct face once: (first copy showing it, side, face), in deck order."""
    seen: set[int] = set()
    out = []
    for cp in copies:
        for side, face in (("front", cp.front), ("back", cp.back)):
            if face is not None and id(face) not in seen:
                seen.add(id(face))
                out.append((cp, side, face))
    return out


def print_order(copies: list[Copy], faces: list[tuple[Copy, str, FaceDraw]]) -> list[int]:
    """The face (an index into ``faces``) of each printed side: every copy's front, its back."""
    index = {id(f): n for n, (_, _, f) in enumerate(faces)}
    pages = []
    for cp in copies:
        pages.append(index[id(cp.front)])
        if cp.back is not None:
            pages.append(index[id(cp.back)])
    return pages
