"""The rules reference: the rulebook in our own words, and rule editions.

Importing this package never imports the engine or the scenario machinery, so that rule
look-ups stay fast.
"""
