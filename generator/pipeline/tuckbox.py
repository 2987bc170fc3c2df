"""Tuck boxes in a build (``pnp build --tuck-box``): one box per deck of cards and language.

A deck's box is sized from its card size, the number of cards it prints (every copy) and the
thickness of one card of the chosen stock (``--stock``, from ``templates/presets.yaml``), and
printed on the component's paper (or ``--paper``) in whichever orientation holds it, in the
language of the deck's sheets: ``output/<game>/<deck>.tuckbox.pdf`` when every language prints
the same, else ``<deck>.tuckbox.<lang>.pdf``. A box too big for the paper is a located error.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..content.loader import Component
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


def box_targets(component: Component, out: Path, langs: list[str], single: bool) -> dict[str, Path]:
    """The tuck box file of each language (its words print in that language); no language in
    the name when ``single`` (the deck is printed in one language only)."""
    if single:
        return {langs[0]: out / f"{component.id}{SUFFIX}.pdf"}
    return {lang: out / f"{component.id}{SUFFIX}.{lang}.pdf" for lang in langs}


def build_tuck_boxes(
    checked: Checked,
    component: Component,
    langs: list[str],
    single: bool,
    options: BuildOptions,
    stage: Staging,
    out: Path,
) -> list[ComponentResult]:
    """Write the tuck boxes of one deck, staged; one row each."""
    game = checked.game
    sheet = options.sheet(component.spec.sheet)
    tw, th, _shape = trim_size(component)
    count = len(checked.copies[(component.id, langs[0])])
    box = tuck_box(tw, th, count, stock_thickness(options.stock))
    try:
        place = place_box(box, sheet.paper, sheet.orientation, sheet.margin)
    except DoesNotFit as exc:
        raise ContentError([component_issue(game, component, "sheet", str(exc))]) from None
    rows = []
    for lang, target in box_targets(component, out, langs, single).items():
        started = time.perf_counter()
        words = BoxWords(
            str(localize(game.spec.title, lang)),
            str(localize(component.spec.title, lang)),
            count,
            options.stock,
            lang,
        )
        size = write_tuck_box(stage.target(target), box, place, words)
        rows.append(
            ComponentResult(
                game.id,
                f"{component.id}{SUFFIX}",
                lang,
                target,
                len(component.items),
                count,
                1,
                size,
                time.perf_counter() - started,
                packing=place.orientation,
            )
        )
    return rows
