"""The print pipeline as a library: check, plan, cache, staging, build, watch, starters.

Owns everything between a game folder and its files in ``output/``: validating a game and
imposing its components without drawing (:mod:`.check`), the input hashes that let an
unchanged game be skipped (:mod:`.cache`), staging every file until the whole build has
succeeded (:mod:`.stage`), building cards, boards and rule sheets (:mod:`.game`,
:mod:`.rules`, with the rule checks that need the fonts in :mod:`.rules_check`), rebuilding on
save (:mod:`.watch`), new games from starters (:mod:`.starters`), the JSON Schema export
(:mod:`.schemas`) and the collector pause a build runs under (:mod:`.gcpause`).

The package itself imports nothing, so that loading one step (the cache check of an unchanged
build) does not load the others: import from the module that owns a function.

May import: ``render``, ``translate`` (the texts not yet reviewed), ``rules``, ``faces``, ``content``, ``text``, ``dice``, ``layout`` and the
base modules (``errors``, ``atomic``, ``locale``). Never ``cli``, ``web``, ``export`` or
``companion``.
"""
