"""What a rules team meets writing scenarios by hand: a ruling stopping at an unscripted choice, a misspelt
`scenario:` key, misspelt triggers and area keys, and the schema written into a folder not made yet."""
from __future__ import annotations

import json

from tests.conftest import SCENARIOS
from tests.entry_point import invoke

PAID = SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml"


AWAITS = """scenario: an attack on the Gig area with the defender's reactions not scripted
players:
  bob:
    field: [Maelstrom Goons]
    deck: 10
  alice:
    field: [Corpo Security]
    gigs: ["d6=4"]
    deck: 10
turn: bob
actions:
  - attack: Maelstrom Goons
    target: gig-area
expect:
  allowed: true
"""


def test_a_ruling_stopping_at_an_unscripted_choice_passes_with_a_warning_unless_expect_says_awaiting(tmp_path):
    """9.7: the defending player's React Step follows an attack; the file scripts no `react:`, so the ruling stops
    there, and `expect` (not saying `awaiting`) is checked before the attack is played out."""
    path = tmp_path / "a.yaml"
    path.write_text(AWAITS, encoding="utf-8")
    done = invoke("check", path, "-f", "json")
    assert done.exit_code == 0
    [result] = json.loads(done.output)["results"]
    assert result["status"] == "passed" and "does not script" in result["warnings"][0]
    assert "warning" in invoke("check", path).output
    ran = invoke("run", path)
    assert ran.exit_code == 0 and "warning:" in ran.stderr and "awaiting: true" in ran.stderr
    path.write_text(AWAITS + "  awaiting: true\n", encoding="utf-8")
    [result] = json.loads(invoke("check", path, "-f", "json").output)["results"]
    assert result["warnings"] == []


def test_a_misspelt_scenario_key_is_named_with_the_key_it_should_be(tmp_path, pytester):
    text = PAID.read_text(encoding="utf-8").replace("scenario:", "secnario:", 1)
    (tmp_path / "typo.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "config.yaml").write_text("name: not a scenario\n", encoding="utf-8")
    done = invoke("check", tmp_path)
    assert done.exit_code == 5 and "typo.yaml was skipped: its top-level key is `secnario:`" in done.output
    assert "did you mean `scenario:`?" in done.output and "config.yaml" not in done.output
    done = invoke("validate", tmp_path)
    assert "typo.yaml" in done.output and "did you mean `scenario:`?" in done.output
    pytester.makefile(".yaml", typo=text)
    result = pytester.runpytest()
    result.stdout.fnmatch_lines(["*typo.yaml was skipped*did you mean `scenario:`?*"])


def test_a_misspelt_trigger_gets_a_did_you_mean(tmp_path):
    text = ("cards:\n  - name: Test Drone\n    type: Unit\n    cost: 1\n    power: 1\n    color: Yellow\n    ram: 1\n"
            "    effects:\n      - when: plya\n        text: draw one card\n        do: [{draw: 1}]\n"
            + PAID.read_text(encoding="utf-8"))
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    done = invoke("validate", path)
    assert done.exit_code == 2 and "'plya' is not allowed here; did you mean 'play'?" in done.output


def test_an_unknown_key_of_an_area_expectation_lists_the_keys_it_may_have(tmp_path):
    text = PAID.read_text(encoding="utf-8") + "  areas:\n    alice:\n      eddies: {ready: 2}\n"
    path = tmp_path / "e.yaml"
    path.write_text(text, encoding="utf-8")
    done = invoke("validate", path)
    assert done.exit_code == 2 and "unknown key 'ready'; the keys here are" in done.output
    assert "count" in done.output and "contains" in done.output


def test_schema_output_creates_its_folder(tmp_path):
    target = tmp_path / ".judgekit" / "scenario.schema.json"
    done = invoke("schema", "--output", target)
    assert done.exit_code == 0 and json.loads(target.read_text(encoding="utf-8"))
