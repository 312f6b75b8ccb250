"""`judgekit ask` (review K): a card named as the target of an effect with one choice of cards, which it can't take,
is refused for that choice with its reason, not asked about as though a later choice might take it. Floor It: "a
rival Unit gets -1 power this turn; draw 1" (one choice). Expectations from the printed text, written before
judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


@pytest.mark.parametrize("typed", ["can alice play floor it on psycho?", "play floor it on psycho"])
def test_floor_it_on_a_friendly_unit_is_refused_with_its_reason(typed):
    """Psycho Squad is Alice's own: not a rival Unit (10.31). With two rival Units to choose from, it was answered
    "which? Psycho Squad is no answer to the choice that comes first ... After none of its answers may Psycho Squad
    be chosen", as if Floor It had a later choice."""
    session = Session("2026-08")
    for line in ("alice field psycho squad", "alice hand floor it", "alice eddies 2",
                 "bob field rockn spent, maelstrom goons spent"):
        session.handle(line)
    said = session.handle(typed)
    assert "which?" not in said and "refused" in said and "not a rival card" in said, said
    assert not typed.endswith("?") or not session.doc["actions"], said


def test_overwatch_with_no_discard_that_reaches_the_unit_still_says_so():
    """Overwatch discards first, then defeats a spent rival Unit costing no more than the discard. Rockn' Rockerboy
    (cost 5) is out of reach of a 1-cost discard: still not read as the discard (it is not in the hand)."""
    session = Session("2026-08")
    for line in ("alice field psycho squad", "alice hand overwatch, floor it, detonate", "alice eddies 9",
                 "bob field rockn spent, maelstrom goons spent", "play overwatch on psycho"):
        assert not session.handle(line).startswith("error"), line
    said = session.handle("can alice use overwatch on rockn?")
    assert "not in the hand" not in said, said
