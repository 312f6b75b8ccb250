"""Moved to judgekit.decks.parsing (decklists have a package of their own); kept so old imports work."""
from judgekit.decks.parsing import MAX_BYTES, MAX_COUNT, MAX_LINES, MAX_PROBLEMS, read_decklist  # noqa: F401
