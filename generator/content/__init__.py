"""Game content: YAML and item files -> validated, immutable models, and what they print.

Owns reading a game folder (:mod:`.loader`, with line marks kept by :mod:`.yamlload` so every
problem is reported as ``file:line:col: key.path: message``), the schema (:mod:`.schema`,
:mod:`.boxes`, :mod:`.types`) and its validation (:mod:`.validate`), item files in YAML, JSON
and CSV (:mod:`.tabular`), the one language rule for per-language texts and the
Traditional/Simplified conversion it uses (:mod:`.localtext`, :mod:`.language`,
:mod:`.chinese`, :mod:`.regional`), text markup (:mod:`.markup`), the icon set as data
(:mod:`.icons`), expanding a component into the plain faces the renderer draws
(:mod:`.expand`, :mod:`.shapes`, :mod:`.faces`, sandboxed templates in :mod:`.sandbox`), and
the table companion's data: ``table.yaml`` (:mod:`.table`, :mod:`.table_models`) and the dice
grammar its expressions are written in (:mod:`.dice_parse`, :mod:`.dice_ast`,
:mod:`.dice_mods`).

May import: :mod:`generator.layout` and the base modules (``errors``, ``atomic``, ``locale``).
Never ``render`` (no drawing, no reportlab), ``rules``, ``companion``, ``build``, ``export`` or
``cli``.
"""
