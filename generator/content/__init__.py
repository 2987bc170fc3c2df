"""Game content: a game folder's files -> validated, immutable models.

Owns reading a game folder (:mod:`.loader`, with line marks kept by :mod:`.yamlload` so every
problem is reported as ``file:line:col: key.path: message``), the guarded file reads
(:mod:`.files`) and where games are (:mod:`.folders`, :mod:`.paths`), the schema
(:mod:`.schema`, :mod:`.boxes`, :mod:`.types`) and its validation (:mod:`.validate`), item
files in YAML, JSON, CSV and XLSX (:mod:`.tabular`, :mod:`.workbook`), a game's own fonts and
icons (:mod:`.assets`, the icon set as data in :mod:`.icons`), text markup (:mod:`.markup`)
and, in its own room, the table companion's data, ``table.yaml`` (:mod:`.table`).

Neighbouring rooms: the dice grammar is :mod:`generator.dice`; the language rule and Chinese
conversion are :mod:`generator.text`; expanding components into drawable faces is
:mod:`generator.faces`.

May import: :mod:`generator.dice`, :mod:`generator.text`, :mod:`generator.layout` and the base
modules (``errors``, ``atomic``, ``locale``). Never ``render``, ``faces``, ``rules``,
``companion``, ``pipeline``, ``export`` or ``cli``.
"""
