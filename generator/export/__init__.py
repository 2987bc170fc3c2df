"""Exports of a checked game to other tools' formats (``pnp export``): Tabletop Simulator.

Owns turning a game that :mod:`generator.build.check` accepts into another tool's files: deck
sheets and the saved-object JSON of Tabletop Simulator (:mod:`.tts`), with the face images
drawn by the renderer (:mod:`.images`).

May import: ``build``, ``render``, ``rules``, ``content``, ``layout`` and the base modules
(``errors``, ``atomic``, ``locale``). Never ``cli`` or ``companion``.
"""
