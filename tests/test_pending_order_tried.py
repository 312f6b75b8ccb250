"""Alike pending effects of different cards, each about its own card: their order is asked for only where it can
change something (10.12). judgekit resolves each order on a copy of the game (pending_order.`_order_changes_nothing`);
an order needing a choice on the way, drawing anything random or setting off new pending effects counts as one that
can change something. review/1870-1877 are the boards in the corpus."""
from __future__ import annotations

import json

import pytest

from judgekit.scenario.running import run_scenario
from tests.conftest import scenario

BOARD = """
scenario: t
cards:
  - {name: Left Drone, type: Unit, cost: 1, power: 1, tags: [DRONE], effects: [EFFECT]}
  - {name: Right Bike, type: Unit, cost: 3, power: 5, tags: [VEHICLE], effects: [EFFECT]}
players:
  alice:
    field: [{card: Left Drone, label: drone}, {card: Right Bike, label: bike}]
    hand: HAND
    deck: 4
  bob: {deck: 4, fixer: [d4]}
actions:
  - pass_turn: true
    roll_in: d4
    roll: 3
"""


def _waits(effect: dict, hand: int = 0) -> bool:
    board = BOARD.replace("EFFECT", json.dumps({"when": "end-of-turn", "text": "t", **effect}))
    result = run_scenario(scenario(board.replace("HAND", json.dumps(["Mantis Blades", "Gorilla Arms"][:hand]))))
    return any(step.kind == "await" for step in result.outcomes[-1].steps)


@pytest.mark.parametrize("effect", [
    {"if": [{"source_spent": False}], "do": [{"draw": 1}]},  # a draw readies or spends nothing
    {"if": [{"source_spent": False}], "do": [{"draw": 1}, {"spend": "this"}]},  # each spends only itself
    {"if": [{"source_power_at_least": 1}],  # spending changes no power
     "do": [{"for_each": {"filter": {"kind": "Unit", "side": "friendly", "area": "field", "other": True},
                          "do": [{"spend": "target"}]}}]},
])
def test_where_no_order_can_change_anything_none_is_asked(effect):
    assert not _waits(effect)


@pytest.mark.parametrize("effect, hand", [
    ({"do": [{"move": {"card": "this", "to": "deck-top"}}]}, 0),  # the last resolved is on top
    ({"if": [{"source_spent": False}],  # the first spends the other, whose condition then fails
      "do": [{"for_each": {"filter": {"kind": "Unit", "side": "friendly", "area": "field", "other": True},
                           "do": [{"spend": "target"}]}}]}, 0),
    ({"optional": True, "if": [{"source_spent": False}], "do": [{"draw": 1}]}, 0),  # "you may": a choice on the way
    ({"if": [{"source_spent": False}], "do": [{"bottom_deck_all": {"side": "friendly", "area": "hand"}}]},
     2),  # the first bottom-decks the hand in a random order, the second finds it empty
])
def test_where_an_order_can_change_something_or_needs_a_choice_the_player_orders(effect, hand):
    assert _waits(effect, hand)
