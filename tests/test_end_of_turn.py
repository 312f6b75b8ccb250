"""End of Turn (8.16.1): "at the end of this turn" on either player's turn, and "if that Unit steals or fights"."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of, scenario

WATCH = """
scenario: t
cards:
  - name: Test Frenzy
    type: Program
    cost: 0
    effects:
      - when: resolve
        targets: [{{kind: Unit, side: friendly}}]
        do: [{{next_time: {{when: end-of-this-turn, card: target, if_it_did: {did}, do: [{{defeat: it}}]}}}}]
players:
  alice:
    hand: [Test Frenzy]
    field: [{{card: Psycho Squad, label: squad}}]
  bob:
    field: [{{card: Emergency Atlus, label: atlus, spent: true}}]
    gigs: [d6=3]
    deck: 2
actions:
{actions}
"""
PLAY = "  - {play: Test Frenzy, targets: [squad]}\n"
FIGHT = "  - {attack: squad, target: atlus, react: []}\n"
STEAL = "  - {attack: squad, target: gig-area, react: []}\n"
PASS = "  - {pass_turn: true}\n"


def run(actions: str, did: str = "[steals, fights]"):
    return rule_of(WATCH.format(did=did, actions=actions))


def squad_area(result) -> str:
    return result.final.locate("squad")[1]


@pytest.mark.parametrize("actions", [PLAY + FIGHT + PASS, PLAY + STEAL + PASS])
def test_8_16_1_a_unit_that_fights_or_steals_after_the_effect_is_defeated_as_the_turn_ends(actions):
    _, result, _ = run(actions)
    assert squad_area(result) == "trash"
    assert "end-of-turn.resolve-end-effects" in cited_ids(result)


def test_10_16_1_a_fight_before_the_effect_was_set_up_does_not_count():
    _, result, data = run(FIGHT + PLAY + PASS)
    assert squad_area(result) == "field"
    assert any("it did not" in s["text"] for s in data["steps"])


def test_it_asks_only_about_the_deeds_it_names():
    _, result, _ = run(PLAY + STEAL + PASS, did="[fights]")
    assert squad_area(result) == "field"


def test_a_unit_that_did_nothing_is_left_alone_and_the_effect_ends_with_the_turn():
    _, result, _ = run(PLAY + PASS)
    assert squad_area(result) == "field" and result.final.delayed == []


def test_5_3_2_2_a_unit_that_left_the_field_takes_the_delayed_effect_with_it():
    """The delayed effect was set up for the Unit in play: it ends as the Unit leaves (engine.leaving_play)."""
    _, result, data = run(PLAY + STEAL + "  - {move: squad, to: hand, by: bob}\n" + PASS)
    assert result.outcomes[-1].allowed and squad_area(result) == "hand"
    assert "hidden-areas.reset-on-entry" in cited_ids(result) and result.final.delayed == []
    assert not any(s["text"].startswith("Pending: ") and "delayed effect" in s["text"] for s in data["steps"])


def test_a_fight_is_remembered_only_while_an_effect_asks_about_it():
    _, watched, _ = run(PLAY + FIGHT)
    _, unwatched, _ = run(FIGHT)
    assert ("fought", "alice", "squad") in watched.final.this_turn
    assert not [e for e in unwatched.final.this_turn if e[0] == "fought"]


REACTION = """
scenario: t
cards:
  - name: Test Watcher
    type: Unit
    cost: 0
    power: 1
    effects:
      - activate: {{spend: true}}
        quick: true
        do: [{{next_time: {{when: {when}, do: [{{draw: 1}}]}}}}]
turn: bob
players:
  bob:
    field: [Psycho Squad]
    deck: 2
  alice:
    field: [Test Watcher]
    gigs: [d6=3]
    deck: 3
actions:
  - {{attack: Psycho Squad, target: gig-area, react: [{{quick: Test Watcher}}]}}
  - {{pass_turn: true}}
"""


def test_8_16_1_end_of_this_turn_is_the_rivals_turn_when_set_up_on_it():
    _, result, data = rule_of(REACTION.format(when="end-of-this-turn"))
    texts = [s["text"] for s in data["steps"]]
    delayed = next(i for i, t in enumerate(texts) if t.startswith("Resolve: Test Watcher, its delayed effect"))
    assert delayed < texts.index("alice's turn begins.")
    assert len(result.final.players["alice"].hand) == 2  # at the end of Bob's turn, then her own draw


def test_if_it_did_without_the_card_it_asks_about_is_an_input_error():
    without_card = WATCH.format(did="[fights]", actions=PASS).replace("card: target, ", "")
    with pytest.raises(InputError) as error:
        scenario(without_card)
    assert "if_it_did" in error.value.problems[0].render()
