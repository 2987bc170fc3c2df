"""Tuck boxes in a build (``pnp build --tuck-box``): one box per deck of cards and language.

A deck's box is sized from its card size, the number of cards it prints (every copy) and the
thickness of one card of the chosen stock (``--stock``, from ``templates/presets.yaml``), and
printed on the component's paper (or ``--paper``) in whichever orientation holds it, in the
language of the deck's sheets: ``output/<game>/<deck>.tuckbox.pdf`` when every language prints
the same, else ``<deck>.tuckbox.<lang>.pdf``. Cards that form several decks (the component's
``decks: {by: field}``, e.g. a deck per nation) get a box each, one page per deck in that file.
A box too big for the paper is a located error naming the papers that hold it.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..content.loader import Component
from ..content.schema import CardsComponent
from ..errors import ContentError, UsageError
from ..faces.expand import localize, trim_size
from ..layout.impose import DoesNotFit
from ..layout.presets import stocks
from ..layout.tuckbox import place_box, tuck_box
from ..locale import _
from ..render.tuckbox import BoxWords, write_tuck_box
from .check import Checked
from .check import _component_issue as component_issue
from .options import BuildOptions, ComponentResult
from .stage import Staging

SUFFIX = ".tuckbox"


def stock_thickness(name: str) -> float:
    """One card's thickness for the stock ``name``; a usage error naming the known stocks."""
    known = stocks()
    if name not in known:
        raise UsageError(
            _("no card stock {stock}; known: {known}").format(
                stock=repr(name), known=", ".join(known)
            )
        )
    return known[name]


def boxed(component: Component) -> bool:
    """Whether ``--tuck-box`` makes a box for the component: cards that do not refuse one."""
    spec = component.spec
    return isinstance(spec, CardsComponent) and spec.tuck_box


def box_targets(component: Component, out: Path, langs: list[str], single: bool) -> dict[str, Path]:
    """The tuck box file of each language (its words print in that language); no language in
    the name when ``single`` (the deck is printed in one language only)."""
    if single:
        return {langs[0]: out / f"{component.id}{SUFFIX}.pdf"}
    return {lang: out / f"{component.id}{SUFFIX}.{lang}.pdf" for lang in langs}


def _decks(checked: Checked, component: Component, lang: str) -> list[tuple[str, int]]:
    """The decks the component's cards form, in the order their first card comes: (the deck's
    printed name, or "" for a component that is one deck; its number of cards). A card without
    the field that names its deck is a located error."""
    copies = checked.copies[(component.id, lang)]
    spec = component.spec.decks if isinstance(component.spec, CardsComponent) else None
    if spec is None:
        return [("", len(copies))]
    counts: dict[object, int] = {}
    names: dict[object, str] = {}
    for copy in copies:
        data = copy.item.data
        if spec.by not in data:
            raise ContentError(
                [
                    component_issue(
                        checked.game,
                        component,
                        "decks",
                        _("card {item} has no field {field}, which names its deck").format(
                            item=copy.item.id, field=spec.by
                        ),
                    )
                ]
            )
        key = data[spec.by]
        key = key if isinstance(key, str | int) else repr(key)
        counts[key] = counts.get(key, 0) + 1
        shown = data.get(spec.title or spec.by, key)
        names.setdefault(key, str(localize(shown, lang)))
    return [(names[k], n) for k, n in counts.items()]


def build_tuck_boxes(
    checked: Checked,
    component: Component,
    langs: list[str],
    single: bool,
    options: BuildOptions,
    stage: Staging,
    out: Path,
) -> list[ComponentResult]:
    """Write the tuck boxes of one component, staged: a page for each deck its cards form; one
    row for each language."""
    game = checked.game
    sheet = options.sheet(component.spec.sheet)
    tw, th, _shape = trim_size(component)
    thickness = stock_thickness(options.stock)
    count = len(checked.copies[(component.id, langs[0])])
    sizes = [n for _name, n in _decks(checked, component, langs[0])]
    boxes = [tuck_box(tw, th, n, thickness) for n in sizes]
    try:
        places = [place_box(box, sheet.paper, sheet.orientation, sheet.margin) for box in boxes]
    except DoesNotFit as exc:
        raise ContentError([component_issue(game, component, "sheet", str(exc))]) from None
    rows = []
    for lang, target in box_targets(component, out, langs, single).items():
        started = time.perf_counter()
        pages = [
            (
                box,
                place,
                BoxWords(
                    str(localize(game.spec.title, lang)),
                    str(localize(component.spec.title, lang)),
                    n,
                    options.stock,
                    lang,
                    name,
                ),
            )
            for box, place, (name, n) in zip(
                boxes, places, _decks(checked, component, lang), strict=True
            )
        ]
        size = write_tuck_box(stage.target(target), pages)
        rows.append(
            ComponentResult(
                game.id,
                f"{component.id}{SUFFIX}",
                lang,
                target,
                len(component.items),
                count,
                len(pages),
                size,
                time.perf_counter() - started,
                packing=places[0].orientation,
            )
        )
    return rows
