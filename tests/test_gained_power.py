"""Power gained or lost "equal to" a value (engine.gained_power): read once, as the effect gives it."""
from __future__ import annotations

import pytest

from tests.conftest import rule_of

DRAIN = """
scenario: t
cards:
  - name: Test Leech
    type: Unit
    cost: 0
    power: 4
    effects:
      - activate: {{spend: true}}
        targets: [{{kind: Unit, side: rival}}]
        do: [{{give: {{card: target, power_equal_to: this-power, loses: true}}}}]
players:
  alice:
    field: [{{card: Test Leech, label: leech}}]
    hand: [{{card: Mantis Blades, label: blades}}]
    eddies: 1
  bob:
    field: [{{card: Animals Wrecker, label: wrecker}}]
lasting:
{lasting}
actions:
  - {{activate: leech, targets: [wrecker]}}
  - {{play: blades, equip_to: leech}}
"""


def run(lasting: str = "  []"):
    _, result, data = rule_of(DRAIN.format(lasting=lasting))
    from judgekit.engine.persistent import power_of
    return power_of(result.final, "wrecker"), data


def test_3_17_loses_power_equal_to_its_own_power_read_as_it_resolves():
    power, data = run()
    assert power == 6  # 10 - 4: Mantis Blades raises the Leech to 6 afterwards, the loss stays 4
    assert any("fixed now" in s["text"] for s in data["steps"])


@pytest.mark.parametrize("lasting", ["  - {card: leech, by: bob, source: Test Curse, power: -6}"])
def test_2_10_1_a_negative_power_counts_as_0_so_nothing_is_lost(lasting):
    power, data = run(lasting)
    assert power == 10
    assert any(c["id"] == "golden.negative-counts-as-zero" for s in data["steps"] for c in s["cites"])
