"""Geometry of printed sheets: units, paper and piece presets, imposition, board tiling.

Owns lengths and their units (:mod:`.units`), the shared presets in ``templates/`` (papers,
piece sizes, the templates folder itself: :mod:`.presets`), placing items on sheets with
bleed, gaps, crop marks and duplex backs in register (:mod:`.impose`, the one imposition
engine) and cutting a board larger than the paper into tiles (:mod:`.tiling`). Plain
functions over plain data; nothing here draws.

May import: the base modules (``errors``, ``atomic``, ``locale``) only. No reportlab.
"""
