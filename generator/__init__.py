"""pnp: print-and-play PDFs, translated rule sheets and a table companion, from YAML.

The package is in layers; each imports only those below it (``tests/test_layers.py`` reads
every import and holds them to this order):

- ``cli``: click commands (the ``pnp`` console script);
- ``web``: the table as a local web page;
- ``export``: other tools' formats;
- ``pipeline`` (the print pipeline: check, plan, cache, staging, watch, starters) and
  ``translate`` (game texts in gettext catalogues);
- ``companion`` (the table engine) and ``render`` (drawing), which never import each other;
- ``rules`` (rule-sheet sources, glossary, translation coverage) and ``faces`` (components
  expanded into drawable faces);
- ``content``: a game folder's files -> validated models, ``table.yaml`` in its own room;
- ``dice`` (the dice grammar), ``text`` (the language rule, Chinese conversion) and ``layout``
  (units, presets, imposition);
- ``errors`` and ``atomic``: the exception family and atomic file writes;
- ``locale``: the program's own words in each language (gettext catalogues).

This module imports nothing, so that ``pnp roll`` starts fast.
"""

__version__ = "0.1.0"
