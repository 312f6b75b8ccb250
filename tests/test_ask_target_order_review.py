"""`judgekit ask` at the table (review H): a card named as the target of an effect whose first choice is another
(Overwatch: Panam's Gift discards 1 before it defeats a spent rival Unit; Unlikely Bond bottom-decks a ready
friendly Unit before a spent rival one) is not put to that first choice and refused for it. Each expectation comes
from the printed card text and the rules (2026-08 numbering), written before judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session

OVERWATCH = ("bob field rita", "gear overwatch on rita", "bob hand over the edge, rockn", "bob eddies 1")


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


@pytest.mark.parametrize("asked", ["can bob use overwatch on psycho?", "activate overwatch on psycho"])
def test_a_target_named_for_overwatch_is_not_its_discard(asked):
    """Overwatch: "QUICK 1 €$, spend: Discard 1. Defeat a spent rival Unit with cost equal to or less than the
    discarded card's cost." Psycho Squad (cost 4, spent) may be defeated once Rockn' Rockerboy (cost 5) is discarded,
    not once Over the Edge (cost 3) is. It was put to the discard and refused as a card not in hand."""
    session, said = session_after("turn bob", "alice field psycho spent", *OVERWATCH, asked)
    assert "not in the hand" not in said[-1], said[-1]
    assert "which?" in said[-1] and "targets: [rockn, psycho]" in said[-1], said[-1]
    assert "Over the Edge [over]" in said[-1] and not session.doc["actions"]


def test_a_target_named_for_overwatch_in_the_react_step():
    """The same [QUICK] effect used as a reaction (9.10) on the attacking Unit, which is spent by its attack
    (9.3.3): the discard is asked for, not refused."""
    session, said = session_after("alice field psycho", "bob gigs d6=3", *OVERWATCH, "psycho atk gigs",
                                  "can bob use overwatch on psycho?")
    assert "not in the hand" not in said[-1] and "which?" in said[-1], said[-1]
    assert "targets: [rockn, psycho]" in said[-1], said[-1]


def test_overwatch_with_both_answers_named_defeats_the_attacker():
    """Rockn' Rockerboy discarded (cost 5): the spent Psycho Squad (cost 4) is defeated, and its attack ends as it
    leaves the field (9.26.1)."""
    session, said = session_after("alice field psycho", "bob gigs d6=3", *OVERWATCH, "psycho atk gigs",
                                  "quick: overwatch, targets: [rockn, psycho]")
    assert "Psycho Squad [psycho] is defeated" in said[-1], said[-1]


def test_unlikely_bond_played_on_the_rival_unit():
    """Unlikely Bond: "Bottom-deck a ready friendly Unit. If you do, bottom-deck a spent rival Unit." With one ready
    friendly Unit (Psycho Squad) that first choice has one answer, so `play bond on goons` names the rival one."""
    session, said = session_after("alice hand unlikely bond", "alice eddies 4", "alice field psycho",
                                  "bob field goons spent", "play unlikely on goons")
    assert "refused" not in said[-1].split("\n")[1], said[-1]
    assert "Maelstrom Goons [maelstrom] is bottom-decked" in said[-1] or "bottom" in said[-1], said[-1]
