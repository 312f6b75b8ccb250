"""The regression corpus: the card-types chapter is covered statement by statement (the pytest plugin runs each file)."""
from __future__ import annotations

import json

import pytest

from judgekit.scenario.model import json_schema
from tests.conftest import ROOT, SCENARIOS, read_yaml

FILES = sorted(SCENARIOS.rglob("*.yaml"))


def test_every_shipped_scenario_states_what_the_ruling_should_be(shipped_runs):
    """A shipped scenario is a regression case: without `expect` it would only check that it runs."""
    assert [str(path.relative_to(SCENARIOS)) for path, built, _ in shipped_runs if built.expect is None] == []


def test_every_statement_of_the_card_types_chapter_has_a_scenario(book, shipped_runs):
    asserted = set().union(*(set(built.expect.cites) | set(built.expect.refused_by)
                             for _, built, _ in shipped_runs if built.expect is not None))
    statements = [e.id for e in book.entries.values() if e.chapter == "4" and e.number != "4"]
    assert len(statements) == 34
    assert [book.get(i).number for i in statements if i not in asserted] == []


@pytest.mark.parametrize("rule", [
    "gear.default-hosts",                  # Gear on a face-down Legend, on a rival Unit
    "control.rival",                       # Gear on a rival Unit
    "legends.null-cost-cannot-be-played",  # a Null-cost Legend played
    "legends.call-once-per-turn",          # a second Call in a turn
    "cost.paid-in-full",                   # a cost that cannot be paid in full
    "legends-area.face-up-needs-sell-tag", # a face-up Legend without a Sell Tag used to pay
])
def test_each_illegal_case_has_a_refusal_scenario(rule, shipped_runs):
    refusing = [path for path, built, _ in shipped_runs if built.expect is not None and rule in built.expect.refused_by]
    assert refusing, rule


def test_examples_are_the_documentations_examples():
    doc = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    for path in sorted((SCENARIOS / "examples").glob("*.yaml")):
        assert f"examples/{path.name}" in doc, path.name
        assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")


def test_committed_schema_is_the_current_schema():
    committed = json.loads((ROOT / "docs" / "scenario.schema.json").read_text(encoding="utf-8"))
    assert committed == json_schema()


def test_corpus_files_are_plain_yaml():
    for path in FILES:
        assert isinstance(read_yaml(path), dict), path
