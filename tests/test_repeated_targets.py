"""A choice of several targets takes that many different cards (10.31.2): one card named twice is one target, so a
repeat is refused, never offered, and listed by `options` as refused. Two separate choices of one effect (two
`choose` instructions) are separate, so each may take the same card. Expectations come from the CR and the cards'
printed text, written before running judgekit."""
from __future__ import annotations

from judgekit.engine.conditions import power_now
from judgekit.options import list_options
from judgekit.rules.book import load_rulebook
from tests.conftest import rule_of, scenario

SEPARATE = """
scenario: two separate choices may take the same Unit
edition: 2026-08
cards:
  - name: Double Boost
    type: Program
    cost: 1
    effects:
      - when: resolve
        text: choose a friendly Unit, it gets +2 power this turn; then choose a friendly Unit, it gets +1 power this turn
        do:
          - {choose: {targets: [{kind: Unit, side: friendly}], do: [{give: {card: target, power: 2, until: end-of-turn}}]}}
          - {choose: {targets: [{kind: Unit, side: friendly}], do: [{give: {card: target, power: 1, until: end-of-turn}}]}}
players:
  alice:
    hand: [Double Boost]
    field: [{card: Psycho Squad, label: ps}, {card: Corpo Security, label: cs}]
    eddies: 2
  bob: {}
actions:
  - play: Double Boost
    targets: [ps, ps]
"""

SAUL = """
scenario: Saul Bright waits for its second Unit
edition: 2026-08
players:
  alice:
    field: ["Saul Bright: Stormrider", {card: Psycho Squad, spent: true, label: ps},
            {card: Emergency Atlus, spent: true, label: ea}, {card: Riding Nomad, spent: true, label: rn}]
  bob:
    fixer: [d6]
    deck: [Octant]
actions:
  - pass_turn: true
    targets: [ps]
    roll: 2
"""


def test_two_separate_choices_may_take_the_same_card():
    _, result, data = rule_of(SEPARATE)
    assert data["actions"][0]["allowed"] is True
    assert power_now(result.final, "ps") == 6 + 2 + 1  # each choice is its own (10.31, 10.32)


def test_options_list_the_first_pick_as_refused_for_the_second():
    data = list_options(scenario(SAUL)).as_dict(load_rulebook())
    named = [(o["action"]["targets"][-1], o) for o in data["options"] if len(o["action"].get("targets") or []) == 2]
    allowed = {label for label, o in named if o["allowed"]}
    refused = {label: o for label, o in named if not o["allowed"]}
    assert allowed == {"ea", "rn", "none"}  # "up to" (2.8)
    assert "ps" in refused and "10.31.2" in {c["number"] for c in refused["ps"]["cites"]}
    assert "already chosen" in refused["ps"]["why"]
