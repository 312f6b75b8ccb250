"""Moved to judgekit.decks.legality (decklists are not state transitions); kept so old imports work."""
from judgekit.decks.legality import (COLORS, LEGENDS_IN_DECK, MAIN_DECK_MAX, MAIN_DECK_MIN, MAX_COPIES,  # noqa: F401
                                     DeckEntry, DeckFinding, check_deck, ram_limits)
