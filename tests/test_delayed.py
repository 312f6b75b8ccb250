"""Delayed triggers, "the next time ... this turn" (10.16): set up by a resolved effect, used once, gone at 8.16."""
from __future__ import annotations

from tests.conftest import rule_of

BOARD = """
scenario: t
cards:
  - name: Next Win
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{{next_time: {{when: wins-fight, side: {side}, margin_at_least: {margin}, do: [{{draw: 1}}]}}}}]
players:
  alice:
    hand: [Next Win]
    field: [Animals Wrecker, Psycho Squad]
    deck: [Mantis Blades, Mantis Blades]
    fixer: [d4]
  bob:
    field: [{{card: Emergency Atlus, spent: true}}, {{card: Maelstrom Goons, spent: true}}]
    fixer: [d10]
    deck: [Mantis Blades]
actions:
  - play: Next Win
{actions}
"""

TWO_FIGHTS = """  - {attack: Animals Wrecker, target: Emergency Atlus, react: []}
  - {attack: Psycho Squad, target: Maelstrom Goons, react: []}"""


def run(side="friendly", margin=0, actions=TWO_FIGHTS):
    return rule_of(BOARD.format(side=side, margin=margin, actions=actions))


def test_it_triggers_once_on_the_next_such_event_only():
    _, result, data = run()
    assert len(result.final.players["alice"].hand) == 1
    assert result.final.delayed == [] and data["board"]["delayed_effects"] == []


def test_a_margin_is_measured_in_power_between_the_fighters():
    _, result, _ = run(margin=7)  # the Wrecker (10) beats the Atlus (4) by 6; the Squad (6) the Goons (3) by 3
    assert result.final.players["alice"].hand == []
    assert len(result.final.delayed) == 1


def test_it_waits_only_for_the_side_it_names():
    _, result, _ = run(side="rival")
    assert result.final.players["alice"].hand == [] and len(result.final.delayed) == 1


def test_8_16_2_an_unused_delayed_effect_ends_with_the_turn():
    _, result, data = run(margin=9, actions="  - {pass_turn: true, roll: 2}")
    assert result.final.delayed == []
    assert any(s["kind"] == "expire" and "never triggered" in s["text"] for s in data["steps"])


def test_a_delayed_end_of_turn_effect_happens_after_its_source_left_play():
    _, result, _ = rule_of("""
    scenario: t
    cards:
      - name: Test Promise
        type: Program
        cost: 0
        effects:
          - {when: resolve, do: [{next_time: {when: end-of-turn, do: [{draw: 1}], text: draw 1}}], text: at the end of
             your turn draw 1}
    players:
      alice: {hand: [Test Promise], deck: 2}
      bob: {fixer: [d6], deck: 1}
    actions:
      - play: Test Promise
      - {pass_turn: true, roll: 3}
    """)
    assert len(result.final.players["alice"].hand) == 1
    assert result.final.delayed == []


def test_10_16_a_delayed_effect_whose_margin_is_not_met_says_so_and_still_waits():
    """Appetite for Destruction waits for a win by 3 or more power: a win by 2 (6 against 4) is said not to
    trigger it, and it still waits this turn, so no Gig is taken."""
    _, result, data = rule_of("""
        scenario: t
        players:
          alice:
            field: [{card: Psycho Squad, label: squad}]
            hand: [Appetite for Destruction]
            eddies: 4
          bob:
            field: [{card: Emergency Atlus, label: atlus, spent: true}]
            gigs: [d6=3]
        actions:
          - play: Appetite for Destruction
            targets: [squad]
          - attack: squad
            target: atlus
            react: []
        """)
    said = [s["text"] for s in data["steps"]]
    assert any("waits until Psycho Squad [squad] wins a fight by 3 or more power; this time the margin was 2, so it "
               "does not trigger and still waits this turn" in t for t in said)
    assert len(result.final.delayed) == 1 and result.final.players["bob"].gigs == [("d6", 3)]
