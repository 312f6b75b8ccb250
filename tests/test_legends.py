"""Legends (CR 4.3-4.5, 5.7, Call a Legend): playing them, calling them, and where they may be."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

LEGENDS = """
scenario: t
players:
  alice:
    legends:
{legends}
    eddies: {eddies}
    deck: 3
  bob: {{}}
actions:
{actions}
"""


def run(legends: str, actions: str, eddies: int = 5):
    return rule_of(LEGENDS.format(legends=legends, actions=actions, eddies=eddies))


PLAIN_LEGEND = """
scenario: t
cards:
  - {name: Test Fixer, type: Legend, cost: 3, power: 4}
players:
  alice:
    legends:
      - {card: Test Fixer, label: j, face_up: true, spent: true}
    eddies: 3
  bob: {}
actions:
  - play: j
"""


def test_4_5_1_and_4_5_2_played_legend_keeps_orientation_and_has_lag():
    _, result, _ = rule_of(PLAIN_LEGEND)
    card = result.final.cards["j"]
    assert result.final.locate("j") == ("alice", "field")
    assert card.spent and card.lag and card.face_up
    assert {"legends.play-keeps-orientation", "legends.play-enters-with-lag", "lag"} <= cited_ids(result)


def test_11_25_1_go_solo_legend_enters_ready_though_it_was_spent():
    _, result, _ = run('      - {card: "Jackie Welles: Mama\'s Favorite", label: j, face_up: true, spent: true}',
                       "  - {play: j, go_solo: true}", eddies=6)
    card = result.final.cards["j"]
    assert not card.spent and card.lag
    assert {"keyword.go-solo.definition", "golden.card-beats-rules"} <= cited_ids(result)


def test_11_25_1_go_solo_legend_returned_to_hand_is_removed_from_the_game():
    _, result, _ = run('      - {card: "Jackie Welles: Mama\'s Favorite", label: j, face_up: true}',
                       "  - {play: j, go_solo: true}\n  - {move: j, to: hand}", eddies=6)
    assert result.final.locate("j") == ("alice", "removed")
    assert "keyword.go-solo.definition" in cited_ids(result)


def test_4_5_3_null_cost_legend_is_refused_and_nothing_is_spent():
    _, result, _ = run('      - {card: "Alt Cunningham: Soulkiller Architect", label: a, face_up: true}', "  - play: a")
    (outcome,) = result.outcomes
    assert not outcome.allowed
    assert "legends.null-cost-cannot-be-played" in outcome.refusal.cites
    assert result.final is result.initial


def test_face_down_legend_cannot_be_played_its_cost_is_ignored():
    _, result, _ = run('      - {card: "V: Streetkid", label: v}', "  - play: v")
    assert not result.outcomes[0].allowed
    assert "orientation.face-down-ignored" in result.outcomes[0].refusal.cites


def test_11_11_call_pays_one_and_flips_keeping_orientation():
    _, result, _ = run('      - {card: "V: Streetkid", label: v, spent: true}', "  - {call: v, pay: [alice-eddie-3]}")
    v = result.final.cards["v"]
    assert v.face_up and v.spent
    assert result.final.cards["alice-eddie-3"].spent
    assert not result.final.cards["alice-eddie-1"].spent
    assert result.final.players["alice"].called_legend_this_turn
    assert {"call-a-legend.definition", "call-a-legend.keeps-orientation"} <= cited_ids(result)


def test_4_3_1_second_call_in_a_turn_is_refused():
    _, result, _ = run('      - {card: "V: Streetkid", label: v}\n      - {card: "V: Corporate Exile", label: w}',
                       "  - call: v\n  - call: w")
    assert [o.allowed for o in result.outcomes] == [True, False]
    assert "legends.call-once-per-turn" in result.outcomes[1].refusal.cites
    assert not result.final.cards["w"].face_up


def test_call_may_spend_the_called_legend_itself_for_its_1_eddie():
    _, result, _ = run('      - {card: "V: Streetkid", label: v}', "  - call: v", eddies=0)
    assert result.outcomes[0].allowed
    v = result.final.cards["v"]
    assert v.face_up and v.spent
    assert {"legends-area.spend-for-eddie", "call-a-legend.keeps-orientation"} <= cited_ids(result)


def test_call_with_nothing_to_pay_is_refused():
    _, result, _ = run('      - {card: "V: Streetkid", label: v, spent: true}', "  - call: v", eddies=0)
    assert not result.outcomes[0].allowed
    assert "cost.paid-in-full" in result.outcomes[0].refusal.cites
    assert not result.final.cards["v"].face_up


def test_call_triggers_call_effects():
    text = """
    scenario: t
    cards:
      - name: Caller
        type: Legend
        cost: 3
        sell_tag: true
        effects: [{when: call, text: draw a card, do: [{draw: 1}]}]
    players:
      alice:
        legends: [Caller]
        eddies: 1
        deck: [Delamain]
      bob: {}
    actions:
      - call: Caller
    """
    _, result, _ = rule_of(text)
    assert result.final.players["alice"].hand == ["Delamain"]
    assert {"keyword.call", "call-a-legend.call-triggers", "pending"} <= cited_ids(result)


def test_4_3_setup_shuffles_legends_face_down_from_the_seed_and_first_player_spends_two():
    text = """
    scenario: t
    phase: setup
    seed: {seed}
    players:
      alice:
        legends: ["V: Streetkid", "Jackie Welles: Mama's Favorite", "Goro Takemura: Hands Unclean"]
      bob: {{}}
    actions:
      - setup: legends
    """
    orders = set()
    for seed in range(8):
        _, result, data = rule_of(text.format(seed=seed))
        legends = result.final.players["alice"].legends
        orders.add(tuple(legends))
        assert [result.final.cards[c].spent for c in legends] == [True, True, False]
        assert not any(result.final.cards[c].face_up for c in legends)
        assert data["random"] and "seed" in data["random"][0]["source"]
    assert len(orders) > 1


JACKIE = '      - {card: "Jackie Welles: Mama\'s Favorite", label: j, face_up: true, spent: %s}'


def test_11_25_1_go_solo_is_a_choice_the_ruling_awaits_when_unscripted():
    _, result, data = run(JACKIE % "false", "  - play: j", eddies=6)
    assert "go_solo" in data["verdict"]["awaiting"]
    assert "keyword.go-solo.definition" in result.outcomes[0].steps[-1].cites
    assert result.final.locate("j") == ("alice", "legends")
    assert all(not result.final.cards[e].spent for e in result.final.players["alice"].eddies)


def test_4_5_a_go_solo_legend_played_without_it_keeps_its_orientation_and_cannot_attack():
    _, result, _ = run(JACKIE % "true", "  - {play: j, go_solo: false}\n  - {attack: j, target: gig-area}", eddies=6)
    card = result.final.cards["j"]
    assert result.outcomes[0].allowed and card.spent and card.lag
    assert not result.outcomes[1].allowed


def test_4_5_a_ready_legend_played_without_go_solo_cannot_attack_while_lagging():
    _, result, _ = run(JACKIE % "false", "  - {play: j, go_solo: false}\n  - {attack: j, target: gig-area}", eddies=6)
    assert not result.final.cards["j"].spent
    assert "attack.declare.lagging-cannot-attack" in result.outcomes[1].refusal.cites


def test_11_25_1_a_legend_may_pay_for_its_own_go_solo_and_still_enters_ready():
    _, result, _ = run(JACKIE % "false", "  - {play: j, go_solo: true, pay: [j, alice-eddie-1, alice-eddie-2, "
                                         "alice-eddie-3, alice-eddie-4, alice-eddie-5]}", eddies=5)
    assert result.outcomes[0].allowed and not result.final.cards["j"].spent


def test_go_solo_true_on_a_legend_without_go_solo_is_refused():
    _, result, _ = rule_of(PLAIN_LEGEND.replace("- play: j", "- {play: j, go_solo: true}"))
    assert not result.outcomes[0].allowed and "keyword.go-solo.definition" in result.outcomes[0].refusal.cites


def test_4_2_1_a_legend_in_the_legends_area_is_no_unit_to_attack_or_block_with():
    """4.2.1: a Legend is a Unit only in the field; attacking one in the Legends area, or blocking with one, is
    refused citing it."""
    board = """
scenario: t
players:
  alice:
    field: [{card: Psycho Squad, label: psycho}]
  bob:
    legends: [{card: "Goro Takemura: Hands Unclean", label: goro, face_up: true}]
    gigs: [d6=3]
actions:
  - {attack: psycho, target: goro}
  - {attack: psycho, target: gig-area, react: [{block: goro}]}
"""
    _, result, _ = rule_of(board)
    attack, block = result.outcomes
    assert not attack.allowed and "A Legend is a Unit only in the field." in attack.steps[-1].text
    assert "card-types.legend-on-field-is-unit" in attack.steps[-1].cites
    assert block.allowed and "card-types.legend-on-field-is-unit" in block.refused_reactions[0][1].cites


def test_4_5_1_the_go_solo_choice_says_the_legend_enters_spent_when_its_named_payment_spends_it():
    """Waiting for the GO SOLO choice, the Legend-rules option names the orientation the named payment leaves it
    in (4.5.1): spent, as scripting `go_solo: false` then plays it (review/403)."""
    _, _, data = rule_of("""
scenario: t
players:
  alice:
    legends: [{card: "V: Streetkid", label: v, face_up: true}]
    eddies: 4
  bob: {}
actions:
  - {play: v, pay: [alice-eddie-1, alice-eddie-2, alice-eddie-3, alice-eddie-4, v]}
""")
    waiting = data["verdict"]["awaiting"]
    assert "enters spent" in waiting and "ready, as it is now" not in waiting
