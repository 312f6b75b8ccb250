"""The rules a scenario file cites (judgekit.cites.scenario_references): every field naming a rule is read, by
`rule --used-by`, `rules diff --impact` and `rules check` alike, on a corpus outside the checkout."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app

runner = CliRunner()
HEAD = "scenario: {}\nplayers: {{alice: {{}}, bob: {{}}}}\n"
# 11.14 is Call a Legend in the user's edition (11.11 in 2026-08, where 11.14 is Reveal), on line 4 of each file.
FILES = {
    "cannot": "expect:\n  cannot: [{action: {call: v}, refused_by: ['11.14']}]\n",
    "order-plain": "expect:\n  order: ['11.14']\n",
    "order-item": "expect:\n  order: [{cites: '11.14', step: check}]\n",
    "disputed": "disputed:\n  when: [{cites: ['11.14']}]\n",
    "contested": "contested:\n  - {held_by: someone, expect: {refused_by: ['11.14']}}\n",
}


def corpus(tmp_path):
    for name, body in FILES.items():
        (tmp_path / f"{name}.yaml").write_text(HEAD.format(name) + body, encoding="utf-8")
    return {str(tmp_path / f"{name}.yaml") for name in FILES}


def test_used_by_reads_every_field_that_cites_a_rule(tmp_path):
    files = corpus(tmp_path)
    done = runner.invoke(app, ["rule", "11.14", "--used-by", str(tmp_path), "-f", "json"])
    assert done.exit_code == 0, done.output
    assert {s["file"] for s in json.loads(done.output)["scenarios"]} == files


def test_impact_reads_every_field_that_cites_a_rule(tmp_path):
    files = corpus(tmp_path)
    done = runner.invoke(app, ["rules", "diff", "user", "2026-08", "--impact", str(tmp_path), "-f", "json"])
    assert done.exit_code == 0, done.output
    impact = json.loads(done.output)["impact"]
    assert {item["file"] for item in impact} == files
    assert all(item["rules"][0]["old"] == "11.14" for item in impact)


def test_rules_check_reads_the_same_fields_with_their_lines(tmp_path):
    corpus(tmp_path)
    for name in FILES:
        done = runner.invoke(app, ["rules", "check", str(tmp_path / f"{name}.yaml")])
        assert f"{name}.yaml:4: 11.14 ok" in done.output, (name, done.output)
        assert "in 2026-08, 11.14 is Reveal" in done.output


def test_an_order_item_naming_a_card_and_a_not_cites_are_not_rules_resting():
    from judgekit.cites import scenario_references
    refs = scenario_references({"expect": {"order": ["goro", "10.10.1"], "not_cites": ["5.13"]}})
    assert [(r.ref, r.rests) for r in refs] == [("5.13", False), ("10.10.1", True)]
