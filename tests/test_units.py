"""Units (4.6-4.8): revealed, paid, placed ready with Lag."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of


def test_4_6_and_4_7_unit_enters_ready_with_lag_after_reveal_and_payment():
    _, result, data = rule_of("""
    scenario: t
    players:
      alice: {hand: [Corpo Security], eddies: 2}
      bob: {}
    actions: [{play: Corpo Security}]
    """)
    card = result.final.cards["Corpo Security"]
    assert result.final.locate("Corpo Security") == ("alice", "field")
    assert not card.spent and card.lag
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.index("reveal") < kinds.index("pay") < kinds.index("move")
    assert {"units.play", "units.enter-with-lag", "play.steps"} <= cited_ids(result)


def test_a_card_in_the_trash_cannot_be_played():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {trash: [Corpo Security], eddies: 2}
      bob: {}
    actions: [{play: Corpo Security}]
    """)
    assert not result.outcomes[0].allowed and "play.from-hand" in result.outcomes[0].refusal.cites
