"""Playing a card by an effect (engine/play.py): `play_paying` plays it from the hand or the trash at its cost
(3.11.1.1, 11.4.3); one that can't be paid for is not played, and only that part of the effect does nothing."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

REPLAY = """
scenario: t
cards:
  - name: Replay
    type: Program
    cost: 0
    effects:
      - when: resolve
        targets: [{kind: Unit, side: friendly, area: trash}]
        do: [{play_paying: {card: target}}, {draw: 1}]
players:
  alice: {hand: [Replay], trash: [Psycho Squad], deck: [Octant], eddies: %d}
  bob: {}
actions:
  - {play: Replay, targets: [Psycho Squad]}
"""


def test_3_11_1_1_a_card_an_effect_plays_from_the_trash_still_costs_its_cost():
    _, result, _ = rule_of(REPLAY % 5)
    alice = result.final.players["alice"]
    assert alice.field == ["Psycho Squad"] and sum(result.final.cards[c].spent for c in alice.eddies) == 4
    assert {"cost-value.pay-from-any-area", "play.by-effect-normal-rules"} <= cited_ids(result)
    assert "pay.for-free" not in cited_ids(result)


def test_11_4_1_1_a_card_that_cannot_be_paid_for_is_not_played_and_the_rest_of_the_effect_resolves():
    _, result, data = rule_of(REPLAY % 3)
    alice = result.final.players["alice"]
    assert "Psycho Squad" in alice.trash and alice.field == [] and alice.hand == ["Octant"]
    assert not any(result.final.cards[c].spent for c in alice.eddies)
    assert {"play.invalid", "effects.invalid-part-ignored"} <= cited_ids(result)
    assert any("paying its cost, but it can't" in s["text"] for s in data["steps"])
