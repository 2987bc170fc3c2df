"""pnp: print-and-play PDFs, translated rule sheets and a table companion, from YAML.

The package is in layers; each imports only those below it (``tests/test_layers.py`` reads
every import and holds them to this order):

- ``cli``: click commands (the ``pnp`` console script);
- ``export``: other tools' formats;
- ``build``: the print pipeline (check, plan, cache, staging, watch, starters);
- ``companion`` (the table engine) and ``render`` (drawing), which never import each other;
- ``rules``: rule-sheet sources, glossary, translation coverage;
- ``content``: YAML -> validated models, the language rule, the dice grammar;
- ``layout``: units, presets, imposition;
- ``errors`` and ``atomic``: the exception family and atomic file writes;
- ``locale``: the program's own words in each language (gettext catalogues).

This module imports nothing, so that ``pnp roll`` starts fast.
"""

__version__ = "0.1.0"
