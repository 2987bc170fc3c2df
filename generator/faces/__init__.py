"""Expansion: a validated component -> the plain faces the renderer draws.

Owns turning a game's components and items into faces: quantities, languages and sandboxed
templates (:mod:`.expand`, the templates' jinja2 sandbox and its work budget in
:mod:`.sandbox`), composite and path boxes made plain (:mod:`.shapes`), the images a layout
names, checked inside the game folder (:mod:`.images`), and what the renderer is handed: faces,
boxes and copies (:mod:`.draws`). Nothing here draws.

May import: :mod:`generator.content` (the validated game), :mod:`generator.text` (the language
rule), ``layout`` and the base modules. Never ``render``, ``rules``, ``companion``,
``pipeline``, ``export`` or ``cli``.
"""
