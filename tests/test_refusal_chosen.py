"""A refusal of a card named for a choice carries that card as data (`Refusal.chosen`): `judgekit ask` reads which
card was refused from it ("is psycho a valid target for floor it?"), never from the refusal's words."""
from __future__ import annotations

from judgekit.rules.book import load_rulebook
from judgekit.ruling import run_scenario
from judgekit.scenario.build import build

BOARD = """scenario: t
players:
  alice:
    hand: [Floor It]
    field: [{card: Psycho Squad, label: psycho}]
    eddies: 5
  bob:
    field: [{card: Corpo Security, label: corpo}]
actions:
  - play: Floor It
    targets: [%s]
"""


def _outcome(target: str):
    return run_scenario(build(BOARD % target, "t.yaml", load_rulebook())).outcomes[-1]


def test_a_target_refused_for_a_choice_is_named_by_the_refusal():
    refusal = _outcome("psycho").refusal
    assert refusal is not None and refusal.chosen == ("psycho",)
    assert "can't be chosen" in refusal.text


def test_an_allowed_target_leaves_no_refusal():
    assert _outcome("corpo").refusal is None
