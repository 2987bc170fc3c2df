"""pnp: print-and-play PDFs, translated rule sheets and a table companion, from YAML.

This module stays import-free so that ``pnp roll`` starts fast; the library entry points
live in ``generator.build.game`` (print), ``generator.rules`` and ``generator.companion``.
"""

__version__ = "0.1.0"
