"""Exports of a checked game to other tools' formats and to print shops.

Owns turning a game that :mod:`generator.pipeline.check` accepts into another tool's files: deck
sheets and the saved-object JSON of Tabletop Simulator (:mod:`.tts`, its custom dice in
:mod:`.tts_dice`), with the face images drawn by the renderer (:mod:`.images`); print-shop
files (``pnp export print``: :mod:`.printshop`, profiles in :mod:`.vendors`, PDF/X-1a in
:mod:`.pdfx`) and the preflight report of what a shop would reject (:mod:`.preflight`). Every
export is staged and swapped in whole (:mod:`.folders`).

May import: ``pipeline``, ``render``, ``rules``, ``faces``, ``content``, ``text``, ``layout`` and
the base modules (``errors``, ``atomic``, ``locale``). Never ``cli``, ``web`` or ``companion``.
"""
