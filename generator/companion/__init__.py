"""The table companion: random sources, dice rolling, bags, decks, tracks, scores, saved sessions.

Owns everything ``pnp roll``, ``fate``, ``deck``, ``score``, ``session`` and ``play`` do apart
from parsing their command lines: the random sources (:mod:`.rng`; randomness is an object
passed in), rolling a parsed dice expression (:mod:`.dice_roll`, :mod:`.dice_ops`), a game's
table read from its content (:mod:`.game`), the event operations (:mod:`.ops`) and the table
that logs and replays them (:mod:`.engine`, :mod:`.session`, :mod:`.verify`), and the words
and lines the commands print in each language. The command line comes in by
:mod:`.table` (moves, views) and the ``ask_*`` modules (a roll, a session's questions, odds, a
game's scores and help), each of which answers in one call with an :class:`.answer.Answer`.

Importing this package is free: nothing here pulls in the PDF side, the schema (msgspec) or
YAML. The modules that need game content load it when a command asks for a game.

May import: :mod:`generator.content` (a game's table.yaml and items), :mod:`generator.dice`
(the grammar), :mod:`generator.text` (the language rule), ``rules`` and ``layout`` below it, and
the base modules (``errors``, ``atomic``, ``locale``). Never ``render``, ``faces``,
``pipeline``, ``export``, ``web`` or ``cli``.
"""
