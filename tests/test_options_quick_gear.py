"""`judgekit options` in a React Step: a Gear [QUICK] lets be played as a reaction (11.26.1.1) is offered on each
host, and one whose [QUICK] is its host's (4.11.3.1) is tried once, for its refusal."""
from __future__ import annotations

import json

from judgekit.options import list_options
from judgekit.options.written import written
from tests.conftest import scenario

BOARD = """
scenario: options for a [QUICK] Gear
edition: 2026-08
cards:
  - {name: Test Implant, type: Gear, cost: 1, power: 3, %s: {keywords: [QUICK]}}
players:
  alice: {field: [{card: Emergency Atlus, label: atlus}]}
  bob:
    hand: [{card: Test Implant, label: implant}]
    eddies: 1
    gigs: [d6=3]
    field: [{card: Secondhand Bombus, label: bombus}]
actions:
  - {attack: atlus, target: gig-area}
"""


def _reactions(textbox: str) -> dict[str, object]:
    listing = list_options(scenario(BOARD % textbox))
    return {json.dumps(written(o.action).get("react")): o for o in listing.options}


def test_a_top_textbox_quick_gear_is_offered_on_each_host_4_11_2():
    options = _reactions("top_textbox")
    mine = options[json.dumps([{"quick": "implant", "equip_to": "bombus"}, {"more": True}])]
    rival = options[json.dumps([{"quick": "implant", "equip_to": "atlus"}, {"more": True}])]
    assert mine.allowed and not rival.allowed


def test_a_bottom_textbox_quick_gear_is_tried_once_and_refused_4_11_3_1():
    options = _reactions("bottom_textbox")
    tried = options[json.dumps([{"quick": "implant"}, {"more": True}])]
    assert not tried.allowed and "gear.bottom-textbox-host-only" in tried.cites
    assert not any("equip_to" in key for key in options)
