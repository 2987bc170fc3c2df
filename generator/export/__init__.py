"""Exports of a validated game to other tools' formats (``pnp export``): Tabletop Simulator."""
