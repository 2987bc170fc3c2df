"""The dice notation: text -> an immutable tree, with located errors; a leaf of the library.

Owns the grammar players type (``2d6+1``, ``4d6kh3``, ``3d[fate]``, ``6d6>=5r6``): the tree an
expression parses into, its limits and its error (:mod:`.tree`), the parser (:mod:`.parse`), the
operators after dice and sets, checked once at parse time (:mod:`.mods`), and the placeholders
of a score's formulas (:mod:`.formula`); and the exact odds of an expression (:mod:`.odds`), with
what operators do to one die (:mod:`.one_die`) and sums and kept ranks of many dice
(:mod:`.pools`), pure arithmetic the build may use as well as the companion. Rolling a tree is the companion's
(:mod:`generator.companion.dice_roll`); checking a game's rolls and scores is the content's
(:mod:`generator.content.table`). Both read the same tree, so ``pnp check``, ``pnp roll`` and
``pnp odds`` accept one grammar.

May import: the base modules (``errors``, ``locale``) only.
"""
