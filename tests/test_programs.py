"""Programs (4.13-4.14.2): paid, outside every area while resolving, then into the trash."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

PROGRAM = """
scenario: t
cards:
  - name: Peek
    type: Program
    cost: 1
    effects:
      - when: resolve
        do: [{draw: 1}]
      - when: enters trash
        text: when this enters the trash, draw a card
        do: [{draw: 1}]
players:
  alice:
    hand: [Peek]
    deck: [Delamain, Corpo Security]
    eddies: 1
  bob: {}
actions:
  - play: Peek
"""


def test_4_14_program_resolves_then_enters_trash_and_its_trash_trigger_follows():
    _, result, data = rule_of(PROGRAM)
    alice = result.final.players["alice"]
    assert alice.trash == ["Peek"]
    assert alice.hand == ["Delamain", "Corpo Security"]
    assert result.final.resolving == []
    assert {"programs.outside-areas-while-resolving", "programs.one-time", "programs.play"} <= cited_ids(result)
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.index("resolve") < kinds.index("trigger")


def test_program_that_cannot_be_paid_stays_in_hand():
    _, result, _ = rule_of(PROGRAM.replace("eddies: 1", "eddies: 0"))
    assert not result.outcomes[0].allowed
    assert result.final.players["alice"].hand == ["Peek"]
