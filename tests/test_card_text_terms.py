"""`o:TERM` finds exactly the cards whose printed text (the published card list, read at test time) uses a game
term a judge types: judgekit's paraphrases say the game's words (free, reveal, trash, discard only for a discard)."""
from __future__ import annotations

import re

import pytest

from judgekit.cards.query import search
from judgekit.scenario.pool import real_cards
from tests.test_card_query import full, printed  # noqa: F401  (the fixture reading ../shared/reference)

TERMS = ["free", "for free", "reveal", "trash", "discard", "draw", "search", "defeat", "call", "sell"]


@pytest.mark.parametrize("term", TERMS)
def test_the_cards_printing_a_game_term_are_the_ones_its_text_search_finds(printed, term):  # noqa: F811
    wanted = {full(c) for c in printed if c.get("text") and re.search(rf"(?<!\w){term}", c["text"], re.I)}
    assert wanted, term
    found = {c.full_name for c in search(f'o:"{term}"', real_cards())}
    assert found == wanted, (sorted(wanted - found), sorted(found - wanted))
