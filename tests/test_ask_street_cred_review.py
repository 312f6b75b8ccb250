"""`judgekit ask` asked for Street Cred at the table (a review of 2026-12-07, the game's economy): a player's Street
Cred is the sum of their Gig values (11.2.1); with no Gig it is Null, not 0 (11.2.3), and below any number
(5.11.4.2); dice in a fixer area add nothing (5.10.3). Each expectation comes from those rules (2026-08 numbering),
written before judgekit was run. The question was an error ("a question ask can't answer")."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


def answer_after(*lines: str) -> str:
    session = Session("2026-08")
    said = [session.handle(line) for line in lines]
    return said[-1]


@pytest.mark.parametrize("typed", ["alice street cred?", "alice street cred", "what is alice's street cred?",
                                   "whats alices street cred", "who has more street cred?"])
def test_street_cred_is_the_sum_of_the_gigs_and_the_fixer_adds_nothing(typed):
    """Alice's d6=3 and d8=4 make 7 (11.2.1); her d20 in the fixer area is no Gig (5.10.3); Bob's d4=2 and d10=6 make
    8, so Bob has more."""
    said = answer_after("alice gigs d6=3 d8=4", "alice fixer d20", "bob gigs d4=2 d10=6", typed)
    assert "alice's Street Cred is 7" in said and "Street Cred is 8" in said, said
    assert "bob has more than alice" in said and "5.10.3" in said, said


def test_no_gig_is_null_below_any_number():
    """Bob has no Gig: his Street Cred is Null, not 0 (11.2.3), below Alice's 1 (5.11.4.2)."""
    said = answer_after("alice gigs d4=1", "bob street cred?")
    assert said.startswith("bob's Street Cred is Null"), said
    assert "alice has more than bob" in said and "5.11.4.2" in said, said


def test_equal_street_cred_is_neither_more_nor_less():
    """7 and 7: neither has more, so a card's "less Street Cred than a Rival" does not hold for either."""
    said = answer_after("alice gigs d6=3 d8=4", "bob gigs d4=1 d10=6", "who has less street cred?")
    assert "neither has more nor less" in said, said


def test_street_cred_asked_changes_nothing():
    session = Session("2026-08")
    for line in ("alice gigs d6=3", "alice street cred"):
        session.handle(line)
    assert session.doc["players"]["alice"].get("gigs") == ["d6=3"], session.doc["players"]["alice"]
