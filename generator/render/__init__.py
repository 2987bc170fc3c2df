"""Drawing: the only place that imports reportlab and puts marks on a page.

Owns the fonts (shipped and a game's own, embedded and subset: :mod:`.fonts`,
:mod:`.fontsubsets`), text layout with the Chinese line-breaking rules (:mod:`.text` and its
``text_*`` modules), faces, icons, boards and sheets (:mod:`.face`, :mod:`.icons`,
:mod:`.board`, :mod:`.sheet`), rule sheets and player aids (:mod:`.rulesheet`,
:mod:`.rules_flow`, :mod:`.rules_table`, :mod:`.rules_aids`), PNG previews (:mod:`.preview`)
and the checks that need the renderer's own measurements (:mod:`.legibility`,
:mod:`.outlines`).

May import: ``rules`` (the sheet to draw), ``faces`` (the faces to draw), ``content``,
``text``, ``dice``, ``layout`` and the base modules (``errors``, ``atomic``, ``locale``). Never
``companion``, ``pipeline``, ``export`` or ``cli``.
"""
