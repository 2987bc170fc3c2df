"""The table companion: random sources, dice rolling, bags, decks, tracks, scores, saved sessions.

Owns everything ``pnp roll``, ``fate``, ``deck``, ``score``, ``session`` and ``play`` do apart
from parsing their command lines: the random sources (:mod:`.rng`; randomness is an object
passed in), rolling a parsed dice expression (:mod:`.dice_roll`, :mod:`.dice_ops`,
:mod:`.dice_result`), a game's table (:mod:`.game`; read from its content by :mod:`.loading`,
or from a session's record), the shapes of the table's state (:mod:`.state`), the event
operations by subject (:mod:`.ops` and ``ops_*``) and the table that logs and replays them
(:mod:`.engine`, :mod:`.opening`, :mod:`.session` with ``session_*``, :mod:`.verify`), and the
words and lines the commands print in each language (:mod:`.render` with ``render_*``). The
command line comes in by :mod:`.table` (moves, views) and the ``ask_*`` modules (a roll, a
session's questions, odds, a game's scores and help), each of which answers in one call with an
:class:`.answer.Answer`.

Importing this package is free: nothing here pulls in the PDF side, the schema (msgspec) or
YAML. Imports are at the top of each module; the few deferred ones say why (reading a game's
content in :mod:`.loading`, a glossary's YAML, helpers used only off Linux).

May import: :mod:`generator.content` (a game's table.yaml and items), :mod:`generator.dice`
(the grammar), :mod:`generator.text` (the language rule), ``rules`` and ``layout`` below it, and
the base modules (``errors``, ``atomic``, ``locale``). Never ``render``, ``faces``,
``pipeline``, ``export``, ``web`` or ``cli``.
"""
