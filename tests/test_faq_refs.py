"""An FAQ reference is read in one normal form (`Card#N`) wherever a scenario's `source.ref` is matched: the card as
the pool or the FAQ heading names it, any case, with or without a space before `#`."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.faq import load_index

runner = CliRunner()


def test_a_ref_written_as_the_faq_heading_names_the_same_answer():
    index = load_index()
    assert index.ref_for("APPETITE FOR DESTRUCTION #1") == "Appetite for Destruction#1"
    assert index.ref_for("DYING NIGHT: V'S PISTOL #2") == "Dying Night: V's Pistol#2"
    assert index.ref_for("MT0D12 FLATHEAD#2") == "MTOD12 Flathead#2"
    assert index.ref_for("Safety Override#1") == "Safety Override#1"
    assert index.ref_for("Safety Override#9") is None and index.ref_for("no such card#1") is None


def test_an_faq_ruling_rests_on_the_rules_of_the_contested_scenario_naming_it_in_capitals():
    """scenarios/contested/appetite-for-destruction-chooses-its-unit-when-played names "APPETITE FOR DESTRUCTION #1";
    its recorded ruling goes through the Fight Step (9.17 in the user's numbering)."""
    done = runner.invoke(app, ["rule", "9.17", "--used-by", "-f", "json"])
    assert done.exit_code == 0, done.output
    assert "Appetite for Destruction#1" in {r["ref"] for r in json.loads(done.output)["rulings"]}
