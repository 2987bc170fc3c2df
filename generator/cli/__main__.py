"""``python -m generator.cli`` runs the ``pnp`` command."""

from . import entry

entry()
