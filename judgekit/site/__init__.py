"""`judgekit site`: a static, offline site of the rules, the glossary, every card with its official
rulings, the contested rulings, and a rules team's corpus, with an offline search box.

A room of its own above the engine: it shows judgekit's own rulings (judgekit.site.content) and
the rulebook; it decides nothing itself.
"""
