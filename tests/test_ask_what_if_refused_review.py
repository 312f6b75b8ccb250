"""`judgekit ask` at the table (review H): a question about a result whose reaction is refused (`what happens if
psycho attacks gigs and zealots blocks?`, Maelstrom Zealots having no [BLOCKER]) says the reaction is refused; it
was played out as if no one had reacted, an answer to another question. Expectations from the printed card text
and the rules (2026-08 numbering), written before judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


@pytest.mark.parametrize("asked", ["what happens if psycho attacks gigs and zealots blocks?",
                                   "what happens if psycho attacks gigs and bob blocks with zealots?"])
def test_a_refused_block_in_a_what_if_is_told(asked):
    """Maelstrom Zealots prints no BLOCKER, so it can't block (9.9, 11.27): no steal is reported as the answer."""
    session = Session("2026-08")
    for line in ("alice field psycho", "bob field zealots", "bob gigs d4=2"):
        session.handle(line)
    said = session.handle(asked)
    assert "does not have [BLOCKER]" in said and "Result:" not in said, said
    assert not session.doc["actions"]


def test_an_allowed_block_in_a_what_if_is_still_played_out():
    """Corpo Security has BLOCKER: it blocks Psycho Squad (6 power against 2) and is defeated (9.17, 9.19)."""
    session = Session("2026-08")
    for line in ("alice field psycho", "bob field corpo", "bob gigs d4=2"):
        session.handle(line)
    said = session.handle("what happens if psycho attacks gigs and corpo blocks?")
    assert said.split("\n")[1].startswith("Result: Corpo Security [corpo] defeated"), said
