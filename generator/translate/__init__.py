"""Game texts in gettext catalogues: export to PO, import back into the YAML, status, glossary.

A game's translatable texts are its per-language fields (``{en, zh-Hant, zh-Hans}`` mappings in
item, layout, table and game files), its rule-sheet sections and its glossary terms. Each is
one catalogue entry keyed by a stable context (``file#path``); staleness is the rule sheets'
source hash, stored inline for rule sections and in ``stamps.yaml`` for every other text.
Each step of the work (export, import, status, glossary, stamp) is one call that returns what
``pnp translate`` prints (:mod:`.workflow`, :mod:`.importer`).

May import: ``rules``, ``content``, ``text`` and the base modules (``errors``, ``atomic``,
``locale``). Never ``cli``, ``pipeline``, ``export``, ``render`` or ``companion``.
"""
