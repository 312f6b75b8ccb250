"""`judgekit ask` (review K): a target named with a pronoun's possessive (`on her psycho`) when both players have a
card of that name: whose is asked, not answered "no card labelled 'her psycho'" (the cards are on the board).
Expectation written before judgekit was run."""
from __future__ import annotations

from judgekit.ask.session import Session


def test_her_psycho_with_two_psycho_squads_asks_whose():
    session = Session("2026-08")
    for line in ("alice field psycho squad", "alice hand synapse burnout", "alice eddies 2",
                 "bob field psycho squad spent as bpsycho"):
        assert not session.handle(line).startswith("error"), line
    said = session.handle("can alice play synapse on her psycho?")
    assert "no card labelled" not in said and "which?" in said and "bpsycho" in said, said
