"""What ``pnp check`` finds in the words an expanded component would print.

After a component is expanded in one language, :class:`TextCheck` looks at every distinct face
its items print and reports, located at the item (the field at fault where one can be named):

- an inline icon (``:name:``) that no icon of the shared set or the game's ``icons/`` has;
- a colour tag ``[#...]`` that is not ``#rgb`` or ``#rrggbb`` (it would print as written);
- a ``**`` that opens bold and is never closed, or a lone ``*`` that opens italic (write ``\\*``
  for a star);
- a per-language text without a language the component prints (nor one it can be derived
  from), so the other language's words would print, by the rule in :mod:`.language`;
- words shrunk below the legible size to fit their box, or not fitting at all (the renderer's
  own layout pass, see :mod:`generator.render.legibility`);
- as a warning, a character that no font of the box's family has (an emoji, a rare CJK
  Extension B character, a control character), which would print as an empty box.

Each problem is reported once per item, however many languages and copies show it; a problem
that comes from a layout's own text rather than an item's data is reported once, at the layout.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

from ..content import tabular
from ..content.game import Component, Game, Item
from ..content.icons import ICONS
from ..content.markup import TOKEN, plain_text
from ..content.schema import CircleBox, LayoutSpec, TextBox
from ..content.validate import key_path
from ..errors import IssueCollector, Location
from ..faces.draws import BoxDraw, Copy, FaceDraw, estimate_mark, trim_size
from ..layout.units import MM
from ..locale import _
from ..render.fonts import (
    chain_names,
    missing_glyphs,
    use_game_fonts,  # type: ignore[attr-defined]
)
from ..render.legibility import ink, problem
from ..text.language import local_texts, missing_languages, source_language, written_languages
from ..text.localtext import is_local_text
from .markup import _describe, markup_problems

MAX_SAMPLE = 40
TRIM_SLACK = 0.05 * MM  # rounding in a layout's numbers is not a crossing


def _strings(value: Any, path: tuple[Any, ...], lang: str) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every string an item's data prints in ``lang``, with its key path (the language written)."""
    if is_local_text(value):
        source, _rest = source_language(written_languages(value), lang)
        if isinstance(value[source], str):
            yield (*path, source), value[source]
    elif isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, (*path, k), lang)
    elif isinstance(value, list):
        for k, v in enumerate(value[:1000]):
            yield from _strings(v, (*path, k), lang)


class TextCheck:
    """Reports what a game's expanded components would print wrongly, each problem once."""

    def __init__(self, game: Game, issues: IssueCollector) -> None:
        self.game = game
        self.issues = issues
        self._done: set[tuple[Any, ...]] = set()
        self._fonts = False  # the game's own fonts registered for laying out its words

    def check(self, component: Component, lang: str, langs: list[str], copies: list[Copy]) -> None:
        """Check ``component``'s ``copies`` in ``lang`` (one of the ``langs`` it prints in)."""

        if not self._fonts:
            use_game_fonts(self.game.root, dict(self.game.spec.fonts))
            self._fonts = True
        icons = ICONS  # read on the first `:name:` a text holds
        # a face shared by many items (a back, equal counters) is the same object: its boxes
        # are looked at once, and what they hold is reported for each item that prints them
        markup: dict[int, list[tuple[str, str]]] = {}
        legible: dict[int, str | None] = {}
        glyphs: dict[int, list[str]] = {}
        for item, faces in _faces_by_item(copies):
            self._languages(component, item, lang, langs)
            for face in faces:
                if face.estimate and face.corner_mark:
                    self._mark_over_text(component, face)
                self._past_trim(component, item, face)
            illegible: tuple[FaceDraw, int, BoxDraw, str] | None = None
            for face in faces:
                for n, box in enumerate(face.boxes):
                    if not box.text or not isinstance(box.spec, (TextBox, CircleBox)):
                        continue
                    problems = markup.get(id(box))
                    if problems is None:
                        problems = markup[id(box)] = list(markup_problems(box.text, icons))
                    for kind, what in problems:
                        self._markup(component, item, lang, face, box, kind, what, icons)
                    lost = glyphs.get(id(box))
                    if lost is None:
                        lost = glyphs[id(box)] = _no_glyph(box)
                    for ch in lost:
                        self._glyph(component, item, lang, face, box, ch)
                    if illegible is None:
                        if id(box) in legible:
                            found = legible[id(box)]
                        else:
                            found = legible[id(box)] = _legibility(box)
                        if found is not None:
                            illegible = (face, n, box, found)
            if illegible is not None:
                self._illegible(component, item, lang, *illegible)

    def _mark_over_text(self, component: Component, face: FaceDraw) -> None:
        """Report a face whose words fill every corner, leaving the estimate mark no room."""
        texts = [r for r in map(ink, face.boxes) if r is not None]
        if estimate_mark(*trim_size(component), texts) is not None:
            return
        if not self._once(component.id, face.layout_id, "mark"):
            return
        layout = _layout(component, face.layout_id)
        marks = self.game.layout_marks.get(face.layout_id)
        where = marks.locate(("boxes",)) if layout is not None and marks is not None else None
        self.issues.add(
            where or Location(str(self.game.root / "game.yaml")),
            f"components.{component.id}.layout",
            _(
                "layout {layout} has words in all four corners, and the estimate mark would "
                "print over them; keep one corner free of words"
            ).format(layout=face.layout_id),
        )

    def _past_trim(self, component: Component, item: Item, face: FaceDraw) -> None:
        """Refuse words that cross the trim: the cut would take part of them off."""
        tw, th, _shape = trim_size(component)
        for box in face.boxes:
            found = ink(box) if isinstance(box.spec, (TextBox, CircleBox)) else None
            if found is None:
                continue
            x, y, w, h = found
            past = max(-x, -y, x + w - tw, y + h - th)
            if past <= TRIM_SLACK or past >= max(w, h):
                continue  # inside, or wholly off the card (refused as such where it is)
            where = self._layout_place(component, face, box)
            if not self._once("trim", face.layout_id, where or item.id, id(box.spec)):
                continue
            layout = _layout(component, face.layout_id)
            boxes = layout.boxes if layout is not None else ()
            n = next((i for i, b in enumerate(boxes) if b is box.spec), 0)
            text = plain_text(box.text or "")
            sample = text if len(text) <= MAX_SAMPLE else text[:MAX_SAMPLE] + "..."
            message = _(
                "the text {sample!r} (layout {layout}) reaches {past} mm past the trim, so the "
                "cut would take part of it off; keep words inside the trim (and its safe zone)"
            ).format(sample=sample, layout=face.layout_id, past=f"{past / MM:.1f}")
            if where is None:
                self._add(component, item, (), message)
            else:
                self.issues.add(where, key_path(("boxes", n, "text")), message)

    # ------------------------------------------------------------------ reports
    def _once(self, *key: Any) -> bool:
        if key in self._done:
            return False
        self._done.add(key)
        return True

    def _add(
        self,
        component: Component,
        item: Item,
        path: tuple[Any, ...],
        message: str,
        severity: str = "error",
    ) -> None:
        """Report at ``path`` in the item (its own place when the path is empty)."""
        full = ("items", item.index, *path)
        if item.marks is None or item.index < 0:
            where, key = item.location, f"{component.id}.{item.id}"
        else:
            where = item.marks.locate(full) if path else item.location
            key = key_path(full)
            if tabular.is_table(Path(component.items_file)):
                key = tabular.cell_key(key) or "id"
        said = _("item {item!r}: {message}").format(item=item.id, message=message)
        self.issues.add(where, key, said, severity)

    def _languages(self, component: Component, item: Item, lang: str, langs: list[str]) -> None:
        """One report per item for its texts that ``lang`` would print in another language."""
        found = [
            (path, text, missing)
            for path, text in local_texts(dict(item.data))
            if lang in (missing := missing_languages(text, langs))
        ]
        if not found or not self._once(component.id, item.id, "lang"):
            return
        path, text, missing = found[0]
        also = [key_path(p) for p, _, _ in found[1:]]
        self._add(
            component,
            item,
            (*path, missing[0]),
            _(
                "no {lang} text (written in {written} only{also}), so the {missing} {kind} would "
                "print the {source} text; add a {lang} translation"
            ).format(
                lang=missing[0],
                written=", ".join(written_languages(text)),
                also=_("; also {keys}").format(keys=", ".join(also)) if also else "",
                missing=_(" and ").join(missing),
                kind=component.kind,
                source=source_language(written_languages(text), lang)[0],
            ),
        )

    def _markup(
        self,
        component: Component,
        item: Item,
        lang: str,
        face: FaceDraw,
        box: BoxDraw,
        kind: str,
        what: str,
        icons: Collection[str],
    ) -> None:
        message = _describe(kind, what, icons)
        for path, value in _strings(dict(item.data), (), lang):
            if (kind, what) in markup_problems(value, icons):
                if self._once(component.id, item.id, kind, what):
                    self._add(component, item, path, message)
                return
        where = self._layout_place(component, face, box)
        if where is None:  # made by a repeat or a grid: the item is the place to look
            if self._once(component.id, item.id, kind, what):
                self._add(component, item, (), message)
        elif self._once(face.layout_id, where, kind, what):
            self.issues.add(where, f"layout {face.layout_id}", message)

    def _glyph(
        self, component: Component, item: Item, lang: str, face: FaceDraw, box: BoxDraw, ch: str
    ) -> None:
        """Warn once per item and character that no font draws it, at the field holding it."""
        message = _(
            "character {code} {char} is in none of the fonts of this text, "
            "so the {lang} {kind} would print an empty box in its place"
        ).format(code=f"U+{ord(ch):04X}", char=repr(ch), lang=lang, kind=component.kind)
        for path, value in _strings(dict(item.data), (), lang):
            if ch in value:
                if self._once(component.id, item.id, "glyph", ch):
                    self._add(component, item, path, message, "warning")
                return
        where = self._layout_place(component, face, box)
        if where is None:
            if self._once(component.id, item.id, "glyph", ch):
                self._add(component, item, (), message, "warning")
        elif self._once(face.layout_id, where, "glyph", ch):
            self.issues.add(where, f"layout {face.layout_id}", message, "warning")

    def _layout_place(self, component: Component, face: FaceDraw, box: BoxDraw) -> Location | None:
        layout = _layout(component, face.layout_id)
        marks = self.game.layout_marks.get(face.layout_id)
        if layout is None or marks is None:
            return None
        for n, spec in enumerate(layout.boxes):
            if spec is box.spec:
                return marks.locate(("boxes", n, "text"))
        return None

    def _illegible(
        self,
        component: Component,
        item: Item,
        lang: str,
        face: FaceDraw,
        n: int,
        box: BoxDraw,
        problem: str,
    ) -> None:
        if not self._once(component.id, item.id, "legible"):
            return
        assert box.text is not None
        path: tuple[Any, ...] = ()
        best = ""
        for at, value in _strings(dict(item.data), (), lang):
            if len(value) > len(best) and value in box.text:
                best, path = value, at
        sample = box.text if len(box.text) <= MAX_SAMPLE else box.text[:MAX_SAMPLE] + "..."
        self._add(
            component,
            item,
            path,
            _(
                "the {lang} text {sample!r} (layout {layout}, box {box}): {problem}; "
                "shorten it, or give the box more room or a smaller min_size"
            ).format(lang=lang, sample=sample, layout=face.layout_id, box=n, problem=problem),
        )


def _faces_by_item(copies: list[Copy]) -> Iterator[tuple[Item, list[FaceDraw]]]:
    """Each item with its distinct faces (copies share face objects unless a face shows `copy`)."""
    by_item: dict[int, tuple[Item, dict[int, FaceDraw]]] = {}
    for cp in copies:
        entry = by_item.setdefault(id(cp.item), (cp.item, {}))
        for face in (cp.front, cp.back):
            if face is not None:
                entry[1].setdefault(id(face), face)
    for item, faces in by_item.values():
        yield item, list(faces.values())


def _layout(component: Component, layout_id: str) -> LayoutSpec | None:
    for lay in (
        component.front,
        component.back,
        *component.front_layouts.values(),
        *component.back_layouts.values(),
    ):
        if lay is not None and lay.id == layout_id:
            return lay
    return None


def _no_glyph(box: BoxDraw) -> list[str]:
    """The characters of a box's text that no face of its font family can draw, in order."""

    text = box.text or ""
    if text.isascii() and text.isprintable():
        return []  # every font chain ends in the shipped faces, which draw all of ASCII
    text = TOKEN.sub(" ", text)  # markup and icons are drawn, not printed as text
    family = getattr(box.spec, "font", None) or "sans"
    try:
        key = (chain_names(family), text)
    except KeyError:  # an unknown family: reported as such
        return []
    found = _GLYPHS.get(key)
    if found is None:
        lost = missing_glyphs(text, family)
        # a control character prints nothing useful even where a font maps it (to glyph 0)
        lost |= {ch for ch in set(text) if unicodedata.category(ch) in ("Cc", "Cs")}
        found = sorted(ch for ch in lost if ch not in "\n\t" and (not ch.isspace() or ch < " "))
        if len(_GLYPHS) < 100_000:
            _GLYPHS[key] = found
    return found


# (font faces tried, text) -> the characters none of them draws: texts repeat across items
_GLYPHS: dict[tuple[tuple[str, ...], str], list[str]] = {}


def _legibility(box: BoxDraw) -> str | None:

    return problem(box)
