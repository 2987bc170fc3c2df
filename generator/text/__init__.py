"""Languages of the printed and spoken words: the fallback rule and Chinese in each region's usage.

Owns the one language rule for per-language texts (``{en, zh-Hant, zh-Hans}``: the text written
in the language, else the other Chinese script converted, else English; :mod:`.localtext`, with
no imports so the companion starts quickly), applying it to item data (:mod:`.language`), the
Traditional <-> Simplified derivation with protected terms (:mod:`.chinese`) and the regional
lexicon and game vocabulary it uses, kept as data beside it (:mod:`.regional`,
``regional.yaml``, ``phrases.yaml``), and the regional words OpenCC's maintained Taiwan phrase
tables find (:mod:`.opencc_words`). Line breaking, which needs the fonts' measurements, is the
renderer's.

May import: the base modules (``errors``, ``locale``) only.
"""
