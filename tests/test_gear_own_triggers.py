"""A scenario's own Gear whose own effects (card-level `effects`, `top_textbox`) wait for a trigger only a Unit or a
Legend meets: such an effect is the Gear's (4.11.1, 4.11.2), so it never fires for the host; the author is warned
(file, line, field, "did you mean `bottom_textbox`?") by `run`, `check`, `validate` and the pytest plugin, and the
file still runs as written."""
from __future__ import annotations

import json

from tests.entry_point import invoke

OWN = """scenario: a Gear whose own effect waits for its host's attack
cards:
  - name: Test Spur
    type: Gear
    cost: 1
    power: 1
    color: Red
    effects:
      - when: attack
        text: draw a card
        do: [{draw: 1}]
players:
  alice:
    field: [{card: Maelstrom Goons, gear: [Test Spur]}]
    deck: 10
  bob:
    field: [Corpo Security]
    gigs: ["d6=4"]
    deck: 10
turn: alice
actions:
  - attack: Maelstrom Goons
    target: gig-area
expect:
  allowed: true
  awaiting: true
  areas:
    alice:
      # the Gear's own [ATTACK] is "when this Unit attacks" for the Gear itself (11.21.1, 4.11.2): no card drawn
      hand: {count: 0}
"""

BOTTOM = OWN.replace("""    effects:
      - when: attack
        text: draw a card
        do: [{draw: 1}]
""", """    bottom_textbox:
      effects:
        - when: attack
          text: draw a card
          do: [{draw: 1}]
""").replace("hand: {count: 0}", "hand: {count: 1}")  # read as printed on the host (4.11.3): it draws


def test_a_gears_own_attack_trigger_is_warned_of_with_its_line_and_a_hint(tmp_path):
    path = tmp_path / "own.yaml"
    path.write_text(OWN, encoding="utf-8")
    ran = invoke("run", path)
    assert ran.exit_code == 0  # a warning, not an error: the file runs, and the effect does not fire
    assert f"warning: {path}:9: cards.0.effects.0.when:" in ran.stderr
    assert "[ATTACK]" in ran.stderr and "did you mean `bottom_textbox`?" in ran.stderr
    done = invoke("check", path, "-f", "json")
    assert done.exit_code == 0
    [result] = json.loads(done.output)["results"]
    assert result["status"] == "passed" and len(result["warnings"]) == 1
    assert "did you mean `bottom_textbox`?" in result["warnings"][0]
    assert f"warning {path}:9:" in invoke("check", path).output
    checked = invoke("validate", path)
    assert checked.exit_code == 0 and "did you mean `bottom_textbox`?" in checked.stderr


def test_a_top_textbox_call_trigger_is_warned_of_too_and_play_and_defeated_are_not(tmp_path):
    """[CALL] is "when you flip this Legend face up" (11.18.1): never a Gear. [PLAY] is the Gear's own when it is
    played (11.20.1), and a Gear can itself be defeated (11.6.1.2; scenarios/review/293): no warning for those."""
    top = OWN.replace("    effects:\n      - when: attack\n        text: draw a card\n        do: [{draw: 1}]\n",
                      "    top_textbox:\n      effects:\n        - when: call\n          do: [{draw: 1}]\n"
                      "        - when: play\n          do: [{draw: 1}]\n        - when: defeated\n"
                      "          do: [{draw: 1}]\n")
    path = tmp_path / "top.yaml"
    path.write_text(top, encoding="utf-8")  # the Gear starts equipped, not played: neither effect draws
    [result] = json.loads(invoke("check", path, "-f", "json").output)["results"]
    assert result["status"] == "passed"
    [warning] = result["warnings"]
    assert ":10: cards.0.top_textbox.effects.0.when:" in warning and "[CALL]" in warning


def test_the_effect_in_the_bottom_textbox_fires_for_the_host_without_a_warning(tmp_path):
    path = tmp_path / "bottom.yaml"
    path.write_text(BOTTOM, encoding="utf-8")
    done = invoke("check", path, "-f", "json")
    assert done.exit_code == 0
    [result] = json.loads(done.output)["results"]
    assert result["status"] == "passed" and result["warnings"] == []
    ran = invoke("run", path)
    assert ran.exit_code == 0 and "warning" not in ran.stderr


def test_the_pytest_plugin_warns_of_it(pytester):
    pytester.makefile(".yaml", own=OWN)
    result = pytester.runpytest("-p", "no:xdist", "-W", "default")
    result.assert_outcomes(passed=1, warnings=1)
    result.stdout.fnmatch_lines(["*ScenarioWarning*did you mean `bottom_textbox`?*"])
