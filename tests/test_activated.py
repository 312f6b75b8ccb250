"""Activated effects (10.18-10.20), the Spend icon (11.15), X €$ (11.16) and [QUICK] (11.26)."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

FIXER = """
scenario: t
cards:
  - name: Test Fixer
    type: Unit
    cost: 2
    power: 2
    effects:
      - activate: {pay: {pay}, spend: true}
        do: [{draw: 1}]
        text: draw 1
players:
  alice:
    field: [{field}]
    eddies: 3
    deck: 3
  bob: {}
turn: {turn}
actions:
  - {action}
"""


def run(pay="1", field="Test Fixer", turn="alice", action="activate: Test Fixer"):
    return rule_of(FIXER.replace("{pay}", pay).replace("{field}", field).replace("{turn}", turn)
                   .replace("{action}", action))


def test_10_20_activation_pays_then_spends_then_resolves():
    _, result, data = run()
    state = result.final
    assert state.cards["Test Fixer"].spent
    assert len(state.players["alice"].hand) == 1
    assert sum(state.cards[e].spent for e in state.players["alice"].eddies) == 1
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.index("pay") < kinds.index("spend") < kinds.index("move")
    assert {"activated-effects.steps.pay", "keyword.spend-icon.resolve-immediately"} <= cited_ids(result)


def test_11_15_a_spent_card_cannot_pay_its_spend_icon():
    _, result, _ = run(field="{card: Test Fixer, spent: true}")
    assert not result.outcomes[0].allowed
    assert "keyword.spend-icon.definition" in result.outcomes[0].refusal.cites


def test_10_19_3_a_legend_spent_for_its_own_eddie_cost_cannot_then_pay_its_spend_icon():
    """10.19.2-10.19.3: the €$ is paid first, then the Spend icon; a face-up Legend named in its own €$ payment is
    spent by then, so the activation is refused and nothing is spent (it was allowed, spending the Legend twice)."""
    _, result, _ = rule_of("""
scenario: t
cards:
  - name: Test Broker
    type: Legend
    cost: null
    power: 0
    sell_tag: true
    effects:
      - activate: {pay: 2, spend: true}
        do: [{draw: 1}]
        text: draw 1
players:
  alice:
    legends: [{card: Test Broker, face_up: true}]
    eddies: 1
    deck: 2
  bob: {}
actions:
  - {activate: Test Broker, pay: [alice-eddie-1, Test Broker]}
  - {activate: Test Broker}
""")
    first, second = result.outcomes
    assert not first.allowed and not second.allowed
    assert {"activated-effects.cost-order", "keyword.spend-icon.definition"} <= set(first.refusal.cites)
    assert "cost.paid-in-full" in second.refusal.cites
    assert not result.final.cards["Test Broker"].spent and not result.final.players["alice"].hand


def test_11_3_1_2_a_lagging_unit_cannot_use_its_spend_icon():
    _, result, _ = run(field="{card: Test Fixer, lag: true}")
    assert not result.outcomes[0].allowed
    assert "lag.no-spend-effects" in result.outcomes[0].refusal.cites
    assert result.final is result.initial


def test_10_18_activating_is_a_main_phase_action_of_the_turn_player():
    _, result, _ = run(turn="bob", action="{activate: Test Fixer, by: alice}")
    assert not result.outcomes[0].allowed
    assert "activated-effects" in result.outcomes[0].refusal.cites


def test_11_16_x_is_chosen_and_paid():
    _, result, _ = run(pay="X", action="{activate: Test Fixer, x: 3}")
    assert result.outcomes[0].allowed
    assert all(result.final.cards[e].spent for e in result.final.players["alice"].eddies)
    assert "x-eddies.activation-cost" in cited_ids(result)


def test_11_16_x_not_scripted_is_awaited():
    _, _, data = run(pay="X")
    assert "value of X" in data["verdict"]["awaiting"]


def test_11_26_an_effect_without_quick_cannot_be_used_in_the_react_step():
    text = FIXER.replace("{pay}", "0").replace("{field}", "Emergency Atlus").replace("{turn}", "bob")
    text = text.replace("  bob: {}", "  bob:\n    field: [Test Fixer]\n    gigs: [d6=1]").replace(
        "  - {action}", "  - {attack: Emergency Atlus, target: gig-area, react: [{quick: Test Fixer}], by: alice}")
    text = text.replace("turn: bob", "turn: alice")
    _, result, _ = rule_of(text)
    assert result.outcomes[0].allowed, "the attack stands; only the reaction is refused"
    assert "react-step.quick" in result.outcomes[0].refused_reactions[0][1].cites


def test_a_conditional_draw_inside_a_spend_icon_effect_is_not_a_requirement_to_activate():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: ["Kerry Eurodyne: The Last Rockerboy"], deck: 2, gigs: [d6=3]}
      bob: {}
    actions: [{activate: "Kerry Eurodyne: The Last Rockerboy"}]
    """)
    assert result.outcomes[0].allowed
    assert result.final.cards["Kerry Eurodyne: The Last Rockerboy"].spent
    assert result.final.players["alice"].hand == []


def test_10_31_an_effect_that_chooses_as_it_resolves_can_be_activated_with_nothing_to_choose():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice:
        legends: [{card: "River Ward: Detective on the Hunt", label: river, face_up: true}]
        hand: [Corpo Security]
      bob: {}
    actions: [{activate: river}]
    """)
    assert result.outcomes[0].allowed and result.final.cards["river"].spent
    assert "effect-choices.no-legal-choice" in cited_ids(result)


JOHNNY_AT_ZERO = """
    scenario: Johnny Silverhand, Rocking Renegade, activated with two friendly Gigs of 8 or more
    players:
      alice:
        legends: [{card: "Johnny Silverhand: Rocking Renegade", label: johnny, face_up: true}]
        field: [Psycho Squad]
        gigs: [d12=9, d10=8]
      bob: {}
    actions: [{activate: johnny, targets: [Psycho Squad]}]
    """


def test_11_8_3_a_card_whose_data_allows_it_may_discount_its_own_activation_to_zero():
    _, result, _ = rule_of(JOHNNY_AT_ZERO)
    assert result.outcomes[0].allowed and result.final.cards["johnny"].spent


def test_11_8_3_an_activation_discount_stops_at_1_by_default():
    _, result, _ = rule_of("""
    scenario: t
    cards:
      - {name: Test Rigger, type: Unit, cost: 1, power: 1,
         effects: [{activate: {pay: 2, less_per: friendly-gigs-8-plus}, do: [{draw: 1}], text: draw 1}]}
    players:
      alice: {field: [Test Rigger], gigs: [d12=9, d10=8], deck: 1}
      bob: {}
    actions: [{activate: Test Rigger}]
    """)
    assert not result.outcomes[0].allowed


def test_a_gears_bottom_textbox_effect_is_activated_through_its_host():
    """4.11.3: a Gear's bottom textbox is its host's; naming the Gear says to activate the host instead."""
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice:
        field: [{card: Psycho Squad, label: squad, gear: [Overwatch]}]
        eddies: 2
        hand: [Floor It]
      bob: {field: [Corpo Security]}
    actions:
      - activate: Overwatch
    """)
    refusal = result.outcomes[0].refusal
    assert "activated as Psycho Squad [squad]'s (`activate: squad`)" in refusal.text
    assert "gear.bottom-textbox" in refusal.cites
