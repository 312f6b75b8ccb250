"""The tournament floor's decklists, above the rules engine: reading lists as pasted (parsing,
card_names), legality (CR 7.3 and 3.20, legality) and tournament formats (formats), comparing a
presented deck with its registration (compare), and the printable registration sheet (sheet).

Tournament-rules sections come from a secondary source (../shared/reference/tournament-rules-facts.md:
another project's notes quoting the official page); every finding resting on one says so.
"""
