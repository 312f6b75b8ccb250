"""Moved to judgekit.decks.formats (tournament formats are not state transitions); kept so old imports work."""
from judgekit.decks.formats import FORMATS, SEALED_MAIN_MIN, SIDEBOARD_SIZE, DeckFormat, check_in_format  # noqa: F401
