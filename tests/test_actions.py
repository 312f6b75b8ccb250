"""Actions as all-or-nothing transitions: refusals leave the state exactly as it was; output is deterministic."""
from __future__ import annotations

import json

from judgekit.ruling import ruling, run_scenario
from judgekit.rules.book import load_rulebook
from tests.conftest import SCENARIOS, scenario
from judgekit.scenario.build import build_file


def test_a_refused_action_leaves_the_state_untouched_and_later_actions_still_run():
    built = scenario("""
    scenario: t
    players:
      alice: {hand: [6th Street Recruits, Corpo Security], eddies: 2}
      bob: {}
    actions:
      - play: 6th Street Recruits
      - play: Corpo Security
    """)
    before = built.state.copy()
    result = run_scenario(built)
    assert [o.allowed for o in result.outcomes] == [False, True]
    assert built.state == before
    assert result.outcomes[0].steps[0].kind == "refuse"
    assert "play.undo-invalid" in result.outcomes[0].steps[0].cites


def test_same_file_and_seed_give_byte_identical_json():
    book = load_rulebook()
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        outputs = set()
        for _ in range(2):
            built = build_file(path, book)
            outputs.add(json.dumps(ruling(built, run_scenario(built), book), ensure_ascii=False))
        assert len(outputs) == 1, path


def test_the_engine_never_mutates_the_initial_state():
    built = build_file(SCENARIOS / "card-types" / "4.1-play-each-card-type.yaml")
    before = built.state.copy()
    result = run_scenario(built)
    assert result.initial == before and result.final != before
