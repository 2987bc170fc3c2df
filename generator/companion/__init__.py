"""The table companion: random sources, dice, bags, decks, tracks, scores and saved sessions.

Importing this package is free: nothing here pulls in the PDF side, the schema (msgspec) or YAML. The
modules that need game content load it only when a command asks for a game.
"""
