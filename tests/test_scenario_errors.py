"""Validation errors read as a judge would write them: file, line, field, the kind of value expected."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import scenario

BOARD = """\
scenario: x
players:
  alice:
    hand: [Maelstrom Goons]
  bob: {}
"""


def problems(extra: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        scenario(BOARD + extra, "bad.yaml")
    return [p.render() for p in caught.value.problems]


@pytest.mark.parametrize("extra, line", [
    ("actions:\n  - play: Maelstrom Goons\n    x: many\n", "bad.yaml:8: actions.0.x: expected a whole number, got 'many'"),
    ("turn: [alice]\n", "bad.yaml:6: turn: expected a text, got ['alice']"),
    ("expect:\n  tie: sure\n", "bad.yaml:7: expect.tie: expected true or false, got 'sure'"),
    ("expect:\n  cards:\n    Maelstrom Goons: {equipped_to: [x]}\n",
     "bad.yaml:8: expect.cards.Maelstrom Goons.equipped_to: expected a text, got ['x']"),
    ("actions:\n  - adjust: 5\n", "bad.yaml:7: actions.0.adjust: expected a mapping of keys, got 5"),
])
def test_a_wrong_value_in_an_optional_field_names_the_type_it_takes(extra, line):
    found = problems(extra)
    assert line in found
    assert not any("null" in p or "none" in p.lower() or "Input should" in p for p in found)


def test_a_value_out_of_range_says_the_range():
    assert problems("actions:\n  - play: Maelstrom Goons\n    x: -1\n") == \
        ["bad.yaml:8: actions.0.x: expected 0 or more, got -1"]
    assert problems("seed: -3\n") == ["bad.yaml:6: seed: expected 0 or more, got -3"]


def test_a_fraction_where_a_whole_number_belongs():
    assert problems("cards:\n  - {name: Foo, type: Unit, power: 2.5}\n") == \
        ["bad.yaml:7: cards.0.power: expected a whole number, got 2.5"]
    assert problems("cards:\n  - {name: Foo, type: Unit, cost: 1.5}\n") == \
        ["bad.yaml:7: cards.0.cost: expected a whole number, or '-', got 1.5"]


def test_a_field_taking_values_from_two_lists_names_both():
    found = problems("expect:\n  cards:\n    Maelstrom Goons: {area: nowhere}\n")
    assert found == ["bad.yaml:8: expect.cards.Maelstrom Goons.area: 'nowhere' is not allowed here; expected "
                     "'hand', 'deck', 'field', 'legends', 'eddies', 'trash', 'removed', 'equipped' or 'resolving'"]


def test_values_are_shown_as_yaml_writes_them_and_cut_short():
    assert problems("actions:\n  - concede: false\n") == \
        ["bad.yaml:7: actions.0.concede: false is not allowed here; expected true"]
    long = "x" * 5000
    found = problems(f"actions:\n  - play: Maelstrom Goons\n    x: {long}\n")
    assert len(found) == 1 and found[0].startswith("bad.yaml:8: actions.0.x: expected a whole number, got 'xxx")
    assert len(found[0]) < 200


def test_pay_on_an_attack_points_to_payments_for_an_effects_cost():
    """11.8.1: `pay:` is the action's own cost; €$ an effect asks for (El Sombrerón's) is written `payments:`."""
    found = problems("actions:\n  - attack: Maelstrom Goons\n    target: gig-area\n    pay: [alice-eddie-1]\n")
    assert any("`pay` goes with `play`, `call` or `activate`" in p and "`payments:`" in p for p in found), found
