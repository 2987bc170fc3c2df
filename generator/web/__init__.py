"""The table as a local web page: one view per player, over the same table as the CLI.

Owns ``pnp serve`` apart from its command line: the application and its routes (:mod:`.app`),
the one door into the table (:mod:`.bridge`: views per viewer, moves, odds), the moves a page
offers (:mod:`.moves`), tokens, CSRF and request limits (:mod:`.security`), the pages' own words
(:mod:`.words`), and the server with its links and QR codes (:mod:`.serve`). The pages' script,
style and templates ship inside this package: nothing is fetched from elsewhere at run time.

May import: :mod:`generator.companion` (through :mod:`.bridge` and :mod:`.moves` only),
:mod:`generator.dice` (the dice grammar, for the odds), and the base modules
(``errors``, ``locale``). Never ``cli``, ``pipeline``, ``render`` or ``export``.
"""
