"""At a waiting target choice (10.31), the listing names the cards a player might name but may not, each refused by
the engine's own requirement check with its rules (10.7), beside the legal targets. Expectations come from the card
text and the CR (and the FAQ where it speaks), never from judgekit's own output."""
from __future__ import annotations

import textwrap

import pytest

from judgekit.engine.actions import waits
from judgekit.options import list_options
from judgekit.options.written import written
from judgekit.rules.book import load_rulebook
from judgekit.ruling import run_scenario
from judgekit.scenario.build import build
from judgekit.yaml_data import load
from tests.conftest import scenario, write_yaml

# Corporate Surveillance: "Spend a rival Unit with cost 4 or less." A spent one may be chosen (FAQ).
SURVEILLANCE = """
scenario: Corporate Surveillance waits for its rival Unit
edition: 2026-08
players:
  alice:
    hand: [Corporate Surveillance]
    field: [{card: Maelstrom Goons, label: agoons}]
    eddies: 2
    deck: 10
  bob:
    field: [{card: Corpo Security, spent: true}, Offduty Malfini, Chrome Fang]
    deck: 10
actions:
  - play: Corporate Surveillance
"""

# Goro Takemura: Vengeful Bodyguard in the React Step: one of bob's Units costing 4 or less gains BLOCKER.
VENGEFUL = """
scenario: Goro Takemura, Vengeful Bodyguard waits for a friendly Unit costing 4 or less
edition: 2026-08
players:
  alice:
    field: [{card: Maelstrom Goons, label: agoons}]
    deck: 10
  bob:
    field: [Offduty Malfini, Chrome Fang, {card: Maelstrom Goons, label: bgoons}]
    legends: [{card: "Goro Takemura: Vengeful Bodyguard", label: goro, face_up: true}, {card: "V: Streetkid", label: v}]
    eddies: 1
    gigs: ["d8=5"]
    deck: 10
    called_legend_this_turn: true
actions:
  - attack: agoons
    target: gig-area
    react: [{quick: goro}, {more: true}]
"""

# Wild in the Streets: "Defeat a spent Unit." Either side's (a friendly one too, FAQ).
WILD = """
scenario: Wild in the Streets waits for a spent Unit
edition: 2026-08
players:
  alice:
    hand: [Wild in the Streets]
    field: [{card: Maelstrom Goons, label: mine, spent: true}]
    eddies: 5
    deck: 10
  bob:
    field: [{card: Corpo Security, label: tired, spent: true}, {card: Ruthless Lowlife, label: fresh, gear: [Mantis Blades]}]
    legends: [{card: "V: Streetkid", label: v}]
    deck: 10
actions:
  - play: Wild in the Streets
"""

# Viktor Vektor: You Might Feel a Little Pinch: "PLAY: Play a CYBERWARE Gear with cost 2 or less from your trash".
VIKTOR = """
scenario: Viktor Vektor waits for a CYBERWARE Gear from the trash
edition: 2026-08
players:
  alice:
    hand: [{card: "Viktor Vektor: You Might Feel a Little Pinch", label: viktor}, {card: Zetatech Faceplate, label: held}]
    eddies: 3
    field: [{card: Psycho Squad, label: squad, gear: [{card: Kiroshi Optics, label: optics}]}]
    trash: [{card: Tetratronic Rippler, label: rippler}, {card: Mantis Blades, label: blades}, {card: Gorilla Arms, label: arms}]
    deck: 10
  bob:
    hand: [{card: Adrenaline Converter, label: theirs}]
    trash: [{card: Mandibular Upgrade, label: upgrade}]
    deck: 10
actions:
  - play: viktor
"""


# Evelyn Parker: Beautiful Enigma: when a friendly GANGER Unit steals, an Eddie of alice's readies; two named ones
# are spent. bob's four Eddies are unnamed and alike.
EVELYN = """
scenario: Evelyn Parker, Beautiful Enigma waits for an Eddie
edition: 2026-08
players:
  alice:
    legends: [{card: "Evelyn Parker: Beautiful Enigma", face_up: true}]
    field: [{card: Maelstrom Goons, label: goons}]
    eddies: [{card: Floor It, label: e1, spent: true}, {card: Detonate, label: e2, spent: true}]
    deck: 10
  bob:
    eddies: 4
    gigs: ["d6=3"]
    deck: 10
actions:
  - {attack: goons, target: gig-area, react: []}
"""


def _listing(text: str) -> dict:
    return list_options(scenario(text)).as_dict(load_rulebook())


def _targets(data: dict) -> tuple[set[str], dict[str, dict]]:
    """The cards named as the last target: those allowed, and those refused with their entries."""
    named = [(o["action"]["targets"][-1], o) for o in data["options"] if "targets" in o["action"]]
    return {label for label, o in named if o["allowed"]}, {label: o for label, o in named if not o["allowed"]}


def _numbers(option: dict) -> set[str]:
    return {c["number"] for c in option["cites"]}


def test_a_cost_above_the_limit_and_a_friendly_unit_are_refused_for_corporate_surveillance():
    allowed, refused = _targets(_listing(SURVEILLANCE))
    assert allowed == {"Corpo Security", "Offduty Malfini"}  # a spent one may be chosen (FAQ)
    assert set(refused) == {"agoons", "Chrome Fang"}
    assert "cost (5)" in refused["Chrome Fang"]["why"] and "4 or less" in refused["Chrome Fang"]["why"]
    assert "not a rival card" in refused["agoons"]["why"]
    assert all({"10.31", "10.7"} <= _numbers(o) for o in refused.values())
    assert "1.7.2.2" in _numbers(refused["agoons"])  # what a rival card is


def test_a_rival_unit_a_costly_unit_and_legends_in_their_area_are_refused_for_goro_vengeful():
    allowed, refused = _targets(_listing(VENGEFUL))
    assert allowed == {"Offduty Malfini", "bgoons"}
    assert set(refused) == {"agoons", "Chrome Fang", "goro", "v"}
    assert "not a friendly card" in refused["agoons"]["why"]
    assert "cost (5)" in refused["Chrome Fang"]["why"]
    assert all("not a Unit" in refused[label]["why"] for label in ("goro", "v"))  # 4.2.1: a Unit only in the field
    assert all(o["why"].startswith("The reaction") for o in refused.values())  # the React Step's answer, 9.7


def test_a_ready_unit_a_gear_and_a_face_down_legend_are_refused_for_wild_in_the_streets():
    allowed, refused = _targets(_listing(WILD))
    assert allowed == {"mine", "tired"}  # a friendly spent Unit too (FAQ)
    assert set(refused) == {"fresh", "Mantis Blades", "v"}
    assert "it is ready" in refused["fresh"]["why"]
    assert "not a Unit" in refused["Mantis Blades"]["why"] and "not a Unit" in refused["v"]["why"]


def test_the_trash_is_reached_on_both_sides_and_play_but_no_hand_for_viktor():
    allowed, refused = _targets(_listing(VIKTOR))
    assert allowed == {"rippler", "blades"}
    assert set(refused) == {"squad", "optics", "viktor", "arms", "upgrade"}  # no card in a hand (see README)
    assert "not in the trash" in refused["optics"]["why"]
    assert "cost (4)" in refused["arms"]["why"]
    assert "not a friendly card" in refused["upgrade"]["why"]


def test_unnamed_cards_alike_are_tried_once():
    """bob's four unknown Eddies lie alike: one stands for them all (the Eddies area is reached, the options lie there)."""
    _, refused = _targets(_listing(EVELYN))
    assert [label for label in refused if label.startswith("bob-eddie")] == ["bob-eddie-1"]


def test_a_refused_target_has_the_keys_of_any_refused_option():
    data = _listing(SURVEILLANCE)
    assert set(data) == {"format", "to_act", "after", "replaces", "awaiting", "game_over", "options"}
    _, refused = _targets(data)
    for option in refused.values():
        assert set(option) == {"action", "allowed", "cites", "why"}
        assert option["action"] == {"play": "Corporate Surveillance", "targets": [option["action"]["targets"][0]]}
        assert all({"id", "number"} <= set(cite) for cite in option["cites"])


def _refused_targets_run_as_listed(data: dict, name: str, built=None) -> int:
    """Each refused target of the listing written into `actions:` in place of the waiting action and run through the
    file format: refused with the listed text and rules. How many were checked (0: no target choice waits)."""
    built = built or build(write_yaml(data), name)
    listing = list_options(built)
    point = listing.point
    if point.waiting is None or (point.waiting.choice or ("",))[0] != "targets":
        return 0
    kept = [written(a) for a in built.actions[:point.index]]
    refused = [o for o in listing.options if not o.allowed and o.action.targets]
    board = {k: v for k, v in data.items() if k not in ("expect", "contested", "disputed", "known_failure")}
    for option in refused:
        outcome = run_scenario(build(write_yaml({**board, "actions": kept + [written(option.action)]}),
                                     name)).outcomes[-1]
        new = outcome.refused_reactions[point.refused_before:]  # a reaction refused before the wait decides none
        refusal = outcome.refusal or (new[0][1] if new else None)
        assert refusal is not None, (name, written(option.action))
        assert (refusal.text, refusal.cites) == (option.refusal.text, option.refusal.cites), name
    return len(refused)


@pytest.mark.parametrize("text", [SURVEILLANCE, VENGEFUL, WILD, VIKTOR, EVELYN],
                         ids=["surveillance", "vengeful", "wild", "viktor", "evelyn"])
def test_each_refused_target_is_refused_by_run_with_the_same_text_and_rules(text):
    assert _refused_targets_run_as_listed(load(textwrap.dedent(text)), "board.yaml") >= 2


def test_each_refused_target_in_the_shipped_corpus_is_refused_by_run_as_listed(shipped_runs):
    # the file's data as its build read it; only the files whose run stops at a choice are listed: the options point
    # of any other file waits for nothing (the listing plays the same actions the run played)
    checked = sum(_refused_targets_run_as_listed(built.doc.data, str(path), built)
                  for path, built, result in shipped_runs
                  if built.actions and any(waits(outcome) for outcome in result.outcomes))
    assert checked >= 10  # 15 shipped boards wait for a target choice; 7 of them with 14 cards they may not take
