"""Last known information (engine/last_known.py; 10.10.1): a card read as it last was in play once it has left."""
from __future__ import annotations

import pytest

from judgekit.engine import last_known
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of, scenario
from tests.test_expect import TWO_ATTACK_EFFECTS


def test_10_10_1_a_count_of_gear_uses_the_unit_as_it_last_was():
    _, result, _ = rule_of(TWO_ATTACK_EFFECTS.replace("ORDER", '"b#1", "b#2"').replace("EXPECT", "{}"))
    assert len(result.final.players["alice"].hand) == 1
    assert "effects.last-known-information" in cited_ids(result)


def test_the_snapshot_keeps_power_gear_keywords_and_controller_and_a_card_in_play_reads_live():
    _, result, _ = rule_of(TWO_ATTACK_EFFECTS.replace("ORDER", '"b#1", "b#2"').replace("EXPECT", "{}"))
    seen = last_known.of(result.final, "b")
    assert seen.last_known and seen.area == "field" and seen.controller == "alice"
    assert seen.gear == ("blades",) and seen.power == 4 + result.final.cards["blades"].definition.power
    assert last_known.of(result.final, "blades").equipped_to == "b"
    live = last_known.of(scenario(TWO_ATTACK_EFFECTS.replace("ORDER", "b").replace("EXPECT", "{}")).state, "b")
    assert not live.last_known and live.gear == ("blades",)


OWNED_BY_BOB = """
scenario: t
cards:
  - {name: Test Informant, type: Unit, cost: 2, power: 2, effects: [{when: defeated, do: [{draw: 1}]}]}
players:
  alice:
    AREA: [{card: Test Informant, label: informant, owner: bob}]
    deck: 3
  bob:
    deck: 3
actions:
  - {defeat: informant, by: bob}
"""


def test_a_card_controlled_by_one_player_and_owned_by_the_other_goes_to_its_owner_and_its_effect_is_the_controllers():
    _, result, ruling = rule_of(OWNED_BY_BOB.replace("AREA", "field"))
    assert result.final.locate("informant") == ("bob", "trash")
    assert len(result.final.players["alice"].hand) == 1 and not result.final.players["bob"].hand


def test_the_board_shows_the_owner_of_a_card_another_player_controls():
    data = rule_of(OWNED_BY_BOB.replace("AREA", "field").replace("  - {defeat: informant, by: bob}\n", "  []\n")
                   .replace("actions:\n  []", "actions: []"))[2]
    [card] = data["board"]["players"]["alice"]["field"]
    assert card["owner"] == "bob"


def test_owner_is_refused_where_a_card_is_always_its_owners():
    with pytest.raises(InputError, match="owner"):
        scenario(OWNED_BY_BOB.replace("AREA", "hand"))
