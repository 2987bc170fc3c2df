"""Exports of a validated game to other tools' formats and to print shops.

``pnp export tts`` (Tabletop Simulator), ``pnp export print`` (print-on-demand shops) and
``pnp preflight`` (what a shop would reject).
"""
